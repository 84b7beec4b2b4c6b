import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

/// The layout cache's file (`LayoutCacheFile`): entries added in one run are found by key
/// in the next; a byte changed in an entry makes that entry a miss; a file that does not
/// hold together is started again and a link is not followed; a run that does not finish
/// leaves the file as it was; when the limit is reached the least recently used entries
/// go first; and a file mostly made of dropped bytes is compacted with its entries intact.
@Suite struct LayoutCacheFileTests {
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-layout-cache-\(UUID().uuidString)").path
    }

    /// `LayoutCacheFile.open`, waiting up to five seconds while the file's lock is held.
    /// Each test lets go of the file before it opens it again, but a process another test
    /// is starting at that moment (the suite runs tests in parallel) holds a copy of every
    /// descriptor, and so the lock, until it execs and the close-on-exec descriptor closes.
    static func open(_ path: String, residentLimit: Int = LayoutCacheIndex.residentLimit)
        -> (file: LayoutCacheFile?, restarted: String?, failure: String?)
    {
        var opened = LayoutCacheFile.open(path, residentLimit: residentLimit)
        for _ in 0..<500 where opened.failure == LayoutCacheFile.lockedReason {
            usleep(10_000)
            opened = LayoutCacheFile.open(path, residentLimit: residentLimit)
        }
        return opened
    }

    /// `count` entries of pseudo-random bytes with pseudo-random keys.
    static func entries(_ count: Int, size: Int = 300, seed: UInt64) -> [(key: ContentHash, bytes: [UInt8])] {
        var rng = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            let key = ContentHash(high: rng.next(), low: rng.next())
            let bytes = (0..<(1 + rng.below(size))).map { _ in UInt8(truncatingIfNeeded: rng.below(256)) }
            return (key, bytes)
        }
    }

    /// Appends `bytes` to `file` as the entry of `key` (after the key's low half, which
    /// lookups check), as a worker and the writing thread do.
    static func add(_ file: LayoutCacheFile, key: ContentHash, bytes: [UInt8], stamp: UInt32) {
        var stored = [UInt8](repeating: 0, count: LayoutCacheFile.checkSize) + Self.lowHalf(key) + bytes
        LayoutCacheFile.fillChecksum(&stored)
        guard let offset = file.append(stored) else { return }
        file.added.add(
            LayoutCacheRecord(key: key, offset: offset, length: UInt32(stored.count - LayoutCacheFile.checkSize), stamp: stamp))
    }

    /// The 8 bytes of `key.low` that begin its entry.
    static func lowHalf(_ key: ContentHash) -> [UInt8] {
        withUnsafeBytes(of: key.low.littleEndian) { Array($0) }
    }

    /// Opens `path`, adds `entries` as run `stamp`, marks `used` and finishes under `limit`.
    static func run(
        _ path: String, adding entries: [(key: ContentHash, bytes: [UInt8])], stamp: UInt32, used: (ContentHash) -> Bool = { _ in false },
        limit: UInt64 = 1 << 30
    ) throws -> Bool {
        let file = try #require(Self.open(path).file)
        for (key, bytes) in entries { Self.add(file, key: key, bytes: bytes, stamp: stamp) }
        var marks: [Bool] = []
        #expect(
            file.index.forEach(file.fd) { _, record in
                marks.append(used(record.key))
                return true
            })
        let ok = file.finish(used: PackedFlags(marks), stamp: stamp, limit: limit)
        file.keep()
        return ok
    }

    /// The keys the file at `path` holds, each checked against `expected`'s bytes, its index
    /// opened whole in memory up to `residentLimit` records (else by its fences).
    static func keys(
        _ path: String, expected: [ContentHash: [UInt8]], residentLimit: Int = LayoutCacheIndex.residentLimit
    ) throws -> Set<ContentHash> {
        let file = try #require(Self.open(path, residentLimit: residentLimit).file)
        var found: Set<ContentHash> = []
        var wrong: [Int] = []
        let complete = file.index.forEach(file.fd) { i, record in
            let read = file.entry(for: record.key)
            if read?.bytes != expected[record.key] || read?.position != i {
                wrong.append(i)
            }
            found.insert(record.key)
            return true
        }
        #expect(complete)
        #expect(wrong.isEmpty, "entries read wrong: \(wrong)")
        return found
    }

    @Test func entriesAreFoundInTheNextRun() throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        let first = Self.entries(200, seed: 1)
        #expect(try Self.run(path, adding: first, stamp: 1))
        // Keys that share their high half are told apart by the low half their entries begin with.
        let second =
            Self.entries(50, seed: 2) + (1...5).map { (ContentHash(high: 7, low: UInt64($0)), [UInt8](repeating: UInt8($0), count: $0)) }
        #expect(try Self.run(path, adding: second, stamp: 2, used: { _ in true }))
        let all = Dictionary(uniqueKeysWithValues: (first + second).map { ($0.key, $0.bytes) })
        #expect(try Self.keys(path, expected: all) == Set(all.keys))
        let file = try #require(Self.open(path).file)
        #expect(file.stamp == 2)
        #expect(file.entry(for: ContentHash(high: 1, low: 2)) == nil)
    }

    /// An index opened by its fences (more records than it keeps whole in memory) finds
    /// every key at the position the whole index has it, among keys sharing their high
    /// half across several fences and at both ends of the key space, and misses the rest.
    @Test func anIndexOpenedByItsFencesFindsWhatTheWholeIndexFinds() throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        let spacing = LayoutCacheIndex.fenceSpacing
        let shared = (1...(2 * spacing + 5)).map {
            (key: ContentHash(high: 7, low: UInt64($0) * 3), bytes: [UInt8](repeating: UInt8($0 & 0xFF), count: 3))
        }
        let ends = [
            (key: ContentHash(high: 0, low: 0), bytes: [UInt8]([1])),
            (key: ContentHash(high: .max, low: .max), bytes: [UInt8]([2])),
        ]
        let all = Self.entries(10 * spacing + 3, size: 40, seed: 31) + shared + ends
        #expect(try Self.run(path, adding: all, stamp: 1))
        let expected = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0.bytes) })
        #expect(try Self.keys(path, expected: expected) == Set(expected.keys))
        #expect(try Self.keys(path, expected: expected, residentLimit: 0) == Set(expected.keys))
        let fenced = try #require(Self.open(path, residentLimit: 0).file)
        #expect(!fenced.index.resident && fenced.index.highs.count == (expected.count + spacing - 1) / spacing)
        let misses = [
            ContentHash(high: 7, low: 1), ContentHash(high: 7, low: .max), ContentHash(high: 0, low: 1), ContentHash(high: .max, low: 0),
        ]
        for key in misses + Self.entries(50, seed: 32).map(\.key) {
            #expect(fenced.entry(for: key) == nil, "\(key)")
        }
    }

    /// Entries read through the mapping past `mappedReadWindow` (whose pages are then let
    /// go of while reads go on) come back whole, read twice over, in order and at random,
    /// with the index kept whole in memory and read from the file by its fences.
    @Test(arguments: [LayoutCacheIndex.residentLimit, 0])
    func entriesReadPastTheMappingWindowComeBackWhole(residentLimit: Int) throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        // Entries of 20 000 bytes, each its own pattern, three windows' worth.
        let big = Self.entries(3 * LayoutCacheFile.mappedReadWindow / 20_000, size: 1, seed: 21).enumerated().map { i, entry in
            (key: entry.key, bytes: (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ i) })
        }
        #expect(try Self.run(path, adding: big, stamp: 1))
        let expected = Dictionary(uniqueKeysWithValues: big.map { ($0.key, $0.bytes) })
        #expect(try Self.keys(path, expected: expected, residentLimit: residentLimit) == Set(expected.keys))
        let file = try #require(Self.open(path, residentLimit: residentLimit).file)
        var rng = SeededGenerator(seed: 22)
        var wrong = 0
        for _ in 0..<(2 * big.count) {
            let (key, bytes) = big[rng.below(big.count)]
            if file.entry(for: key)?.bytes == bytes { continue }
            wrong += 1
        }
        #expect(wrong == 0)
    }

    /// More entries than one sorted run holds (`LayoutCacheRuns.runLength`) are written
    /// out in runs and merged back: every one is found, a key added twice once.
    @Test func manyEntriesAreMergedFromSortedRuns() throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        let many = Self.entries(LayoutCacheRuns.runLength * 2 + 1000, size: 8, seed: 13)
        let again = [(key: many[5].key, bytes: many[5].bytes)]
        #expect(try Self.run(path, adding: many + again, stamp: 1))
        let all = Dictionary(many.map { ($0.key, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        #expect(try Self.keys(path, expected: all) == Set(all.keys))
        #expect(try #require(Self.open(path).file).index.count == all.count)
    }

    @Test func aChangedByteMakesItsEntryAMiss() throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        let entries = Self.entries(20, seed: 3)
        #expect(try Self.run(path, adding: entries, stamp: 1))
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // The first entry starts after the 16-byte header and its checksum.
        bytes[LayoutCacheFile.headerSize + LayoutCacheFile.checkSize] ^= 0x40
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let file = try #require(Self.open(path).file)
        var misses: [ContentHash] = []
        #expect(
            file.index.forEach(file.fd) { _, record in
                if file.entry(for: record.key) == nil { misses.append(record.key) }
                return true
            })
        #expect(misses == [entries[0].key])
    }

    @Test(arguments: ["cut", "garbage", "empty index", "version"])
    func aFileThatDoesNotHoldTogetherIsStartedAgain(damage: String) throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        #expect(try Self.run(path, adding: Self.entries(10, seed: 4), stamp: 1))
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        switch damage {
        case "cut": bytes.removeLast(3)
        case "garbage": bytes = Array("{\"not\": \"a cache\"}".utf8)
        case "empty index": bytes.replaceSubrange((bytes.count - 24)..<(bytes.count - 16), with: [UInt8](repeating: 0, count: 8))
        default: bytes[8] = 9
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let opened = Self.open(path)
        #expect(opened.restarted != nil, "\(damage)")
        #expect(opened.file?.index.count == 0)
    }

    /// Damaged files of every shape (bytes changed, cut, grown, index entries moved) never
    /// crash a run: each is either started again or read with every record inside it, and
    /// reading every entry gives its bytes or nothing.
    @Test func damagedFilesNeverCrash() throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        #expect(try Self.run(path, adding: Self.entries(40, size: 60, seed: 14), stamp: 1))
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var rng = SeededGenerator(seed: 15)
        var kept = 0
        for round in 0..<400 {
            var bytes = good
            switch round % 4 {
            case 0: for _ in 0..<(1 + rng.below(6)) { bytes[rng.below(bytes.count)] = UInt8(truncatingIfNeeded: rng.below(256)) }
            case 1: bytes.removeLast(1 + rng.below(bytes.count - 1))
            case 2: bytes += (0..<(1 + rng.below(64))).map { _ in UInt8(truncatingIfNeeded: rng.below(256)) }
            default:
                // An index record's offset or length changed (the footer stays valid).
                let record = bytes.count - LayoutCacheFile.footerSize - 32 * (1 + rng.below(40))
                bytes[record + 16 + rng.below(16)] = UInt8(truncatingIfNeeded: rng.below(256))
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let opened = Self.open(path)
            let file = try #require(opened.file, "round \(round)")
            if opened.restarted == nil { kept += 1 }
            let size = UInt64(bytes.count)
            var outside = false
            _ = file.index.forEach(file.fd) { _, record in
                if record.offset + record.size > size { outside = true }
                _ = file.entry(for: record.key)
                return true
            }
            #expect(!outside, "round \(round)")
            file.discard()
        }
        #expect(kept > 0)
    }

    @Test func aLinkIsNotFollowed() throws {
        let path = Self.temporaryPath()
        let target = Self.temporaryPath()
        defer {
            unlink(path)
            unlink(target)
        }
        try Data("outside".utf8).write(to: URL(fileURLWithPath: target))
        #expect(symlink(target, path) == 0)
        let opened = Self.open(path)
        #expect(opened.file == nil)
        #expect(opened.failure == "it is a symbolic link")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "outside")
    }

    @Test func aRunThatDoesNotFinishLeavesTheFileAsItWas() throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        #expect(try Self.run(path, adding: Self.entries(30, seed: 5), stamp: 1))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let file = try #require(Self.open(path).file)
            for (key, bytes) in Self.entries(3000, seed: 6) { Self.add(file, key: key, bytes: bytes, stamp: 2) }
            file.discard()
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func leastRecentlyUsedEntriesGoFirst() throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        let old = Self.entries(100, size: 100, seed: 7)
        #expect(try Self.run(path, adding: old, stamp: 1))
        let usedKeys = Set(old.prefix(50).map(\.key))
        let new = Self.entries(50, size: 100, seed: 8)
        let size = { (e: [(key: ContentHash, bytes: [UInt8])]) in
            e.reduce(UInt64(0)) { $0 + UInt64(LayoutCacheFile.checkSize + 8) + UInt64($1.bytes.count) }
        }
        // Room for the used and the new entries and nothing more.
        let limit = size(Array(old.prefix(50))) + size(new)
        #expect(try Self.run(path, adding: new, stamp: 2, used: { usedKeys.contains($0) }, limit: limit))
        let all = Dictionary(uniqueKeysWithValues: (old + new).map { ($0.key, $0.bytes) })
        #expect(try Self.keys(path, expected: all) == usedKeys.union(new.map(\.key)))
        // Within one run over the limit, its earliest entries go first.
        let third = Self.entries(40, size: 100, seed: 9)
        #expect(try Self.run(path, adding: third, stamp: 3, limit: size(Array(third.suffix(10)))))
        #expect(
            try Self.keys(path, expected: Dictionary(uniqueKeysWithValues: third.map { ($0.key, $0.bytes) }))
                == Set(third.suffix(10).map(\.key)))
    }

    @Test func aFileOfMostlyDroppedBytesIsCompacted() throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        let big = Self.entries(48, size: 1 << 20, seed: 10)
        #expect(try Self.run(path, adding: big, stamp: 1, limit: 2 << 20))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size < 3 << 20, "\(size) bytes")
        let kept = try Self.keys(path, expected: Dictionary(uniqueKeysWithValues: big.map { ($0.key, $0.bytes) }))
        #expect(!kept.isEmpty && kept.isSubset(of: Set(big.suffix(4).map(\.key))))
    }
}

/// Where an opened index says each entry lies: packed into one word in memory, or read
/// from the file when the offset is too far in to pack.
@Suite struct LayoutCacheIndexPlaceTests {
    @Test func placesComeBackAsTheRecordsGaveThem() {
        let records = [
            LayoutCacheRecord(key: ContentHash(high: 1, low: 2), offset: 16, length: 0, stamp: 1),
            LayoutCacheRecord(key: ContentHash(high: 3, low: 4), offset: (1 << 38) - 2, length: (1 << 26) - 1, stamp: 1),
            LayoutCacheRecord(key: ContentHash(high: 5, low: 6), offset: 1 << 38, length: 9, stamp: 1),
        ]
        let index = LayoutCacheIndex(
            offset: 16, count: records.count, stamp: 1, highs: records.map(\.key.high), places: records.map(LayoutCacheIndex.place(of:)))
        for (i, record) in records.enumerated().prefix(2) {
            let place = index.place(at: i, -1)
            #expect(place?.offset == record.offset && place?.length == record.length, "record \(i)")
        }
        // Too far in to pack: read from the file, which here cannot be read.
        #expect(index.place(at: 2, -1) == nil)
        #expect(index.positions(ofHigh: 3) == 1..<2 && index.positions(ofHigh: 4).isEmpty)
    }
}
