import Foundation
import Testing

@testable import MsgfmtCore

/// The one reader behind `InputReader` and `ExportByteSource`: paths, standard input and
/// pipes, directories refused, regular files read whole at their size, reads interrupted
/// by signals retried.
@Suite struct InputSourceTests {
    /// A file holding `bytes` for the length of `body`.
    func withFile<R>(_ bytes: [UInt8], _ body: (String) throws -> R) throws -> R {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-input-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    /// Every byte `source` gives, read by reads of at most `size`, and how many each gave.
    func drain(_ source: InputSource, upTo size: Int? = nil) throws -> (bytes: [UInt8], reads: [Int]) {
        var bytes: [UInt8] = []
        var reads: [Int] = []
        while true {
            let got = try source.read(into: &bytes, upTo: size)
            reads.append(got)
            if got == 0 { return (bytes, reads) }
        }
    }

    static let sample: [UInt8] = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

    @Test func aFileIsReadInChunksToItsEnd() throws {
        try withFile(Self.sample) { path in
            let source = try InputSource(path: path, chunkSize: 300)
            #expect(source.name == path)
            #expect(source.fileSize == 1000)
            let (bytes, reads) = try drain(source)
            #expect(bytes == Self.sample)
            #expect(reads == [300, 300, 300, 100, 0])
            var more: [UInt8] = [1, 2]
            #expect(try source.read(into: &more, upTo: 5) == 0)
            #expect(more == [1, 2])
        }
    }

    @Test func memoryIsHandedOutAsIfRead() throws {
        let source = InputSource(name: "t", bytes: Self.sample, chunkSize: 400)
        #expect(source.fileSize == nil)
        let (bytes, reads) = try drain(source)
        #expect(bytes == Self.sample)
        #expect(reads == [400, 400, 200, 0])
        #expect(try drain(InputSource(name: "t", bytes: [], chunkSize: 0)).reads == [0])
    }

    @Test func aDirectoryIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.path
        #expect(throws: InputError.unreadable(path: directory, reason: "Is a directory")) {
            try InputSource(path: directory, chunkSize: 10)
        }
        #expect(throws: InputError.unreadable(path: directory, reason: "Is a directory")) { try InputReader(path: directory) }
        #expect(throws: ExportReadError.unreadable(path: directory, reason: "Is a directory")) { try ExportByteSource(path: directory) }
        #expect(ExportReadError.unreadable(path: "/d", reason: "Is a directory").message == "cannot read /d: is a directory")
    }

    @Test func aMissingFileSaysWhy() {
        let path = "/nonexistent/msgfmt-input"
        let reason = "No such file or directory"
        #expect(throws: InputError.unreadable(path: path, reason: reason)) { try InputSource(path: path, chunkSize: 10) }
        #expect(throws: ExportReadError.unreadable(path: path, reason: reason)) { try ExportByteSource(path: path) }
        #expect(InputError.unreadable(path: path, reason: reason).message == "cannot read \(path): no such file or directory")
    }

    /// A failing read names the input, and an export says so in its own words.
    @Test func aFailingReadSaysWhy() throws {
        // The process's own memory at address 0 is unmapped: reading there fails.
        let path = "/proc/self/mem"
        let failure = InputError.unreadable(path: path, reason: "Input/output error")
        var bytes: [UInt8] = [7]
        #expect(throws: failure) { try InputSource(path: path, chunkSize: 10).read(into: &bytes) }
        #expect(bytes == [7])
        #expect(failure.message == "cannot read /proc/self/mem: input/output error")
        #expect(throws: ExportReadError.unreadable(path: path, reason: "Input/output error")) {
            try ExportByteSource(path: path).readChunk(into: &bytes)
        }
    }

    @Test func standardInputIsNamedAndLeftOpen() throws {
        do {
            let source = try InputSource(path: "-", chunkSize: 10)
            #expect(source.name == "<stdin>")
            #expect(try ExportByteSource(path: "-").totalBytes == nil)
        }
        #expect(fcntl(0, F_GETFD) != -1)
    }

    /// A pipe hands over what its writer wrote so far; the size of a regular file is not
    /// known for it.
    @Test func aPipeIsReadAsItsBytesArrive() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let source = try InputSource(path: "/proc/self/fd/\(fds[0])", chunkSize: 1 << 16)
        close(fds[0])
        #expect(source.fileSize == nil)
        var bytes: [UInt8] = []
        #expect(write(fds[1], "abc", 3) == 3)
        #expect(try source.read(into: &bytes) == 3)
        #expect(write(fds[1], "de", 2) == 2)
        close(fds[1])
        #expect(try source.read(into: &bytes) == 2)
        #expect(try source.read(into: &bytes) == 0)
        #expect(bytes == Array("abcde".utf8))
    }

    /// Read whole, a regular file takes one buffer of its size: the read that finds its end
    /// does not grow it (once it doubled the memory a large input took). The reader asks
    /// for the file's size and one byte more, to see the end; an array made here with that
    /// capacity gets what the allocator gives such a request, which the reader's buffer
    /// must not exceed. The size makes the request (with the array's 32-byte header) fill
    /// 3 MiB exactly, one of jemalloc's size classes, so a byte more would take the next.
    @Test func aRegularFileIsReadWholeAtItsSize() throws {
        let size = (3 << 20) - 33
        let requested = [UInt8](unsafeUninitializedCapacity: size + 1) { _, count in count = 0 }.capacity
        #expect(requested < size + size / 4)
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 % 251) }
        try withFile(bytes) { path in
            let whole = try InputReader(path: path).readAll()
            #expect(whole == bytes)
            #expect(whole.capacity <= requested, "capacity \(whole.capacity), one allocation of the size \(requested)")
            // Also after a first line has been looked at.
            let reader = try InputReader(path: path)
            _ = try reader.nextLine()
            let rest = try reader.readAll()
            #expect(rest == bytes)
            #expect(rest.capacity <= requested, "capacity \(rest.capacity), one allocation of the size \(requested)")
        }
    }

    @Test func exportsAreReadInFixedChunks() throws {
        try withFile(Self.sample) { path in
            let source = try ExportByteSource(path: path, chunkSize: 256)
            #expect(source.totalBytes == 1000)
            var buffer: [UInt8] = []
            var sizes: [Int] = []
            while try source.readChunk(into: &buffer) { sizes.append(buffer.count) }
            #expect(sizes == [256, 512, 768, 1000])
            #expect(buffer == Self.sample)
        }
        let memory = ExportByteSource(bytes: Self.sample, name: "m")
        var buffer: [UInt8] = []
        #expect(try memory.readChunk(into: &buffer))
        #expect(try !memory.readChunk(into: &buffer))
        #expect(buffer == Self.sample && memory.totalBytes == 1000 && memory.name == "m")
    }

    /// A signal that interrupts a read waiting on a pipe does not end the input: the read is
    /// made again.
    @Test func anInterruptedReadIsRetried() throws {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in InterruptCount.add() }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: read(2) fails with EINTR
        #expect(sigaction(SIGUSR2, &action, nil) == 0)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let source = try InputSource(path: "/proc/self/fd/\(fds[0])", chunkSize: 16)
        // Test threads block signals: this one lets SIGUSR2 through while it reads.
        var signals = sigset_t()
        var saved = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGUSR2)
        #expect(pthread_sigmask(SIG_UNBLOCK, &signals, &saved) == 0)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        let reader = pthread_self()
        let writer = fds[1]
        let before = InterruptCount.value
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            // Signals while the read waits, then the bytes it waits for.
            for _ in 0..<5 {
                usleep(20_000)
                pthread_kill(reader, SIGUSR2)
            }
            usleep(20_000)
            _ = write(writer, "late", 4)
            close(writer)
            finished.signal()
        }
        var bytes: [UInt8] = []
        let got = Result { () throws(InputError) in try source.read(into: &bytes) }
        // The pipe stays open, and signals welcome, until the writer is done.
        finished.wait()
        #expect(try got.get() == 4)
        #expect(bytes == Array("late".utf8))
        #expect(InterruptCount.value > before)
    }
}

/// Signals the interrupted-read test saw.
private enum InterruptCount {
    nonisolated(unsafe) static var count = 0
    static var value: Int { count }
    static func add() { count += 1 }
}
