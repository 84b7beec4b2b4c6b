import Testing

@testable import MsgfmtCore

/// Which messages of a kept run of pages are read again, by numbers alone: pages of four
/// messages, search blocks of ten, replies quoting the last six.
@Suite struct SiteKeptRunTests {
    /// Ten pages of four messages, every one written.
    static let starts = Array(stride(from: 0, through: 40, by: 4))

    static func run(_ pages: Range<Int>, starts: [Int] = starts, before: [Int] = starts, ends: Bool = false, search: Bool = true)
        -> SiteKeptRun
    {
        SiteKeptRun(pages: pages, starts: starts, before: before, ends: ends, search: search, blockSize: 10, previewCapacity: 6)
    }

    /// A run from inside block 0 to the end of block 1: block 0's rest is read for search,
    /// block 1 kept, the last six for previews.
    @Test func runInsideBlocks() {
        let r = Self.run(2..<5)
        #expect((r.from, r.to) == (8, 20))
        #expect((r.searchUntil, r.searchFrom, r.previewFrom) == (10, 20, 14))
        #expect(r.blocks == [.init(index: 1, count: 10)])
        #expect(r.replay(8) == SiteReplay(page: 2, offset: 0, preview: false, search: true))
        #expect(r.replay(9) == SiteReplay(page: 2, offset: 1, preview: false, search: true))
        #expect(r.replay(10) == nil)
        #expect(r.replay(13) == nil)
        #expect(r.replay(14) == SiteReplay(page: 3, offset: 2, preview: true, search: false))
        #expect(r.replay(20) == nil)
        #expect(r.nextNeeded(from: 8) == 8)
        #expect(r.nextNeeded(from: 10) == 14)
        #expect(r.nextNeeded(from: 19) == 19)
    }

    /// A run that ends inside block 2: that block's part in the run is read for search.
    @Test func runEndingInsideABlock() {
        let r = Self.run(1..<6)
        #expect((r.from, r.to) == (4, 24))
        #expect((r.searchUntil, r.searchFrom, r.previewFrom) == (10, 20, 18))
        #expect(r.blocks == [.init(index: 1, count: 10)])
        #expect(r.replay(20) == SiteReplay(page: 5, offset: 0, preview: true, search: true))
        #expect(r.nextNeeded(from: 10) == 18)
    }

    /// The chat ends with the run: its last block is kept however full, nothing is read
    /// for previews; a run from the chat's start reads nothing.
    @Test func runToTheChatsEnd() {
        let all = Self.run(0..<10, ends: true)
        #expect(
            all.blocks == [.init(index: 0, count: 10), .init(index: 1, count: 10), .init(index: 2, count: 10), .init(index: 3, count: 10)])
        #expect((all.searchUntil, all.searchFrom, all.previewFrom) == (0, 40, 40))
        #expect(all.nextNeeded(from: 0) == 40)
        let short = Self.starts.prefix(9) + [34]
        let tail = Self.run(3..<9, starts: Array(short), before: Array(short), ends: true)
        #expect(tail.blocks == [.init(index: 2, count: 10), .init(index: 3, count: 4)])
        #expect(tail.searchUntil == 20)
        #expect(tail.previewFrom == 34)
    }

    /// A run inside one block reads all of it for search.
    @Test func runInsideOneBlock() {
        let r = Self.run(6..<7, ends: false)
        #expect(r.blocks.isEmpty)
        #expect((r.searchUntil, r.searchFrom, r.previewFrom) == (28, 28, 24))
        #expect((24..<28).allSatisfy { r.replay($0)?.search == true && r.replay($0)?.preview == true })
    }

    /// Pages written before the run held messages that were not written: input indexes and
    /// ordinals differ by as many.
    @Test func ordinalsBehindInputIndexes() {
        let starts = [0, 5, 9, 13, 17, 21, 25]
        let before = [0, 4, 8, 12, 16, 20, 24]
        let r = Self.run(2..<5, starts: starts, before: before)
        #expect((r.from, r.to) == (9, 21))
        // Ordinal 10 (block 1's start) is input 11; ordinals 14… are inputs 15….
        #expect((r.searchUntil, r.searchFrom, r.previewFrom) == (11, 21, 15))
        #expect(r.replay(9) == SiteReplay(page: 2, offset: 0, preview: false, search: true))
        #expect(r.replay(16) == SiteReplay(page: 3, offset: 3, preview: true, search: false))
    }

    /// Without search nothing is read for it and no block is kept.
    @Test func withoutSearch() {
        let r = Self.run(2..<5, search: false)
        #expect(r.blocks.isEmpty)
        #expect((r.searchUntil, r.searchFrom, r.previewFrom) == (8, 20, 14))
        #expect(r.replay(8) == nil)
        #expect(r.nextNeeded(from: 8) == 14)
    }
}
