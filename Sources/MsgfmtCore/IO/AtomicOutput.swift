import FoundationEssentials
import Glibc

/// An output written under a temporary name next to its final path and renamed into
/// place only when complete: a file (`--to ansi|text|json|markdown -o FILE`), a directory
/// (`--to html -o DIR`), or standard output.
public final class AtomicOutput {
    /// What is being written.
    public enum Kind: Sendable { case stdout, file, directory }

    /// The final path (nil for stdout).
    public let path: String?
    /// The temporary path being written (nil for stdout).
    public let temporaryPath: String?
    private let kind: Kind
    /// What errors name the output by: the path, a device's path (`/dev/full`), or
    /// `<stdout>`.
    private let shownName: String
    /// The sink for stream outputs (nil for directories).
    public private(set) var sink: OutputSink?
    private var fd: Int32 = -1
    /// Whether `commit()` replaced an existing directory by one atomic exchange
    /// (`renameat2(RENAME_EXCHANGE)`) rather than by two renames, between which the
    /// final path briefly did not exist.
    public private(set) var replacedByExchange = false

    /// Standard output.
    public init() {
        path = nil
        temporaryPath = nil
        kind = .stdout
        shownName = "<stdout>"
        sink = OutputSink()
    }

    /// Starts writing `path`, a file or a directory. An existing device, pipe or socket
    /// (`/dev/null`, a FIFO) is written in place: it cannot be replaced by renaming. A
    /// path that is one of `inputs` (the same file by any name), or a folder holding one,
    /// is refused: the output replaces it when complete.
    public init(path: String, kind: Kind, inputs: [String] = []) throws(AtomicOutputError) {
        if let input = Self.replacedInput(path, kind: kind, inputs: inputs) { throw .replacesInput(path: path, input: input) }
        var info = stat()
        if kind == .file, stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw .cannotCreate(path: path, reason: "Is a directory") }
            fd = open(path, O_WRONLY | O_CLOEXEC)
            if fd < 0 { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
            self.path = nil
            self.kind = .stdout
            shownName = path
            temporaryPath = nil
            sink = OutputSink(fd: fd)
            return
        }
        if kind == .directory, stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) != S_IFDIR { throw .cannotCreate(path: path, reason: "Not a directory") }
            if let foreign = Self.foreignEntry(in: path) { throw .notOurs(path: path, example: foreign) }
        }
        self.path = path
        self.kind = kind
        shownName = path
        let url = URL(fileURLWithPath: path)
        let temp = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())").path
        temporaryPath = temp
        TemporaryOutputs.register(temp)
        if kind == .directory {
            try? FileManager.default.removeItem(atPath: temp)
            if mkdir(temp, 0o755) != 0 {
                let reason = String(cString: strerror(errno))
                TemporaryOutputs.unregister(temp)
                throw .cannotCreate(path: temp, reason: reason)
            }
            _ = FileManager.default.createFile(atPath: temp + "/" + Self.marker, contents: Data(Self.markerText.utf8))
        } else {
            fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            if fd < 0 {
                TemporaryOutputs.unregister(temp)
                throw .cannotCreate(path: temp, reason: String(cString: strerror(errno)))
            }
            sink = OutputSink(fd: fd)
        }
    }

    /// The file msgfmt writes into every output folder, so that writing the folder again
    /// may replace it; a folder without it (or the manifest of `--update`) that holds
    /// anything is refused rather than deleted.
    public static let marker = ".msgfmt-output"
    static let markerText = "This folder was written by msgfmt, which replaces it as a whole when it writes it again.\n"

    /// A name in the existing folder `path` that shows msgfmt did not write it (nil: the
    /// folder is empty, or holds msgfmt's marker or archive manifest).
    static func foreignEntry(in path: String) -> String? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path), !entries.isEmpty else { return nil }
        if entries.contains(marker) || entries.contains("msgfmt-manifest.json") { return nil }
        return DisplaySafety.sanitize(entries.sorted()[0])
    }

    /// The first of `inputs` that writing `path` as `kind` would replace: the same file
    /// (by device and inode, whatever the names), or for a directory a file inside it (by
    /// their resolved paths); nil when there is none. Standard input (`-`) is none.
    static func replacedInput(_ path: String, kind: Kind, inputs: [String]) -> String? {
        var out = stat()
        guard !inputs.isEmpty, stat(path, &out) == 0 else { return nil }
        let folder = kind == .directory && (out.st_mode & S_IFMT) == S_IFDIR ? realpath(path, nil) : nil
        defer { free(folder) }
        let prefix = folder.map { String(cString: $0) + "/" }
        for input in inputs where input != "-" {
            var info = stat()
            guard stat(input, &info) == 0 else { continue }
            if (out.st_mode & S_IFMT) == S_IFREG, info.st_dev == out.st_dev, info.st_ino == out.st_ino { return input }
            guard let prefix, let resolved = realpath(input, nil) else { continue }
            defer { free(resolved) }
            if String(cString: resolved).hasPrefix(prefix) { return input }
        }
        return nil
    }

    /// Moves the finished output to its final name. An existing directory is swapped for
    /// the new one in one step where the file system can (see `replacedByExchange`).
    public func commit() throws(AtomicOutputError) {
        sink?.flush()
        if let sink, sink.failed {
            if sink.errorNumber == EPIPE { throw .readerGone }
            throw .writeFailed(path: shownName, reason: String(cString: strerror(sink.errorNumber)))
        }
        guard let path, let temp = temporaryPath else {
            closeFile()
            return
        }
        if fd >= 0, fsync(fd) != 0 && errno != EINVAL { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
        closeFile()
        if kind == .directory {
            var existing = stat()
            if lstat(path, &existing) == 0 {
                // One exchange keeps a site under `path` at every moment; the old one is
                // then under the temporary name, still registered for removal.
                if Self.exchange(temp, path) {
                    replacedByExchange = true
                    try? FileManager.default.removeItem(atPath: temp)
                    TemporaryOutputs.unregister(temp)
                    return
                }
                let old = temp + "-old"
                guard rename(path, old) == 0 else { throw .cannotRename(path: path, reason: String(cString: strerror(errno))) }
                TemporaryOutputs.register(old)
                guard rename(temp, path) == 0 else { throw .cannotRename(path: path, reason: String(cString: strerror(errno))) }
                try? FileManager.default.removeItem(atPath: old)
                TemporaryOutputs.unregister(old)
                TemporaryOutputs.unregister(temp)
                return
            }
        }
        guard rename(temp, path) == 0 else { throw .cannotRename(path: path, reason: String(cString: strerror(errno))) }
        TemporaryOutputs.unregister(temp)
    }

    /// Removes the temporary output (after a fatal error).
    public func abandon() {
        closeFile()
        if let temp = temporaryPath {
            try? FileManager.default.removeItem(atPath: temp)
            TemporaryOutputs.unregister(temp)
        }
    }

    /// Closes the output file, if open.
    private func closeFile() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
    }
}
