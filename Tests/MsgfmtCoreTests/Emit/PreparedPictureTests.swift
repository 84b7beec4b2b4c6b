import Testing

@testable import MsgfmtCore

/// What a worker prepares for a picture file reads back as written: the id (or none),
/// the position, the picture's bytes (or that it was too large).
@Suite struct PreparedPictureTests {
    @Test(arguments: [
        (Int64?.none, 1, [UInt8]?.some([0x89, 0x50, 0x4E, 0x47])),
        (Int64?.some(42), 7, [UInt8]?.none),
        (Int64?.some(-1_001_234_567_890), 1 << 40, [UInt8]?.some([])),
        (Int64?.some(.min), Int(Int32.max), [UInt8]?.some(Array(0...255))),
        (Int64?.some(0), 3, [UInt8]?.some([0])),
    ])
    func readsBackWhatWasWritten(_ id: Int64?, _ position: Int, _ picture: [UInt8]?) {
        var out: [UInt8] = [9, 9]
        let start = out.count
        PreparedPicture.append(id: id, position: position, picture: picture, to: &out)
        out.withUnsafeBufferPointer { all in
            let read = PreparedPicture(UnsafeBufferPointer(rebasing: all[start...]))
            #expect(read?.id == id)
            #expect(read?.position == position)
            #expect(read?.picture.map(Array.init) == picture)
            #expect(read?.name == (id.map { "message-\($0)" } ?? "message-\(position)"))
        }
    }

    /// A message that was not drawn prepares no bytes, which read as nothing to write.
    @Test func noBytesAreNoPicture() {
        let none: [UInt8] = []
        none.withUnsafeBufferPointer { #expect(PreparedPicture($0) == nil) }
        let short: [UInt8] = Array(repeating: 3, count: 16)
        short.withUnsafeBufferPointer { #expect(PreparedPicture($0) == nil) }
    }
}
