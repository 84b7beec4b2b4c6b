import Testing
@testable import MsgfmtCore

/// The byte-appending helpers the emitters and readers share.
@Suite struct ByteBufferTests {
    @Test func appendBytesKeepsWhatWasWritten() {
        var bytes: [UInt8] = [1, 2]
        bytes.appendBytes(upTo: 8) { p in
            p[0] = 3
            p[1] = 4
            return 2
        }
        #expect(bytes == [1, 2, 3, 4])
        bytes.appendBytes(upTo: 4) { _ in -1 }
        bytes.appendBytes(upTo: 0) { _ in 5 }
        #expect(bytes == [1, 2, 3, 4])
        bytes.appendBytes(upTo: 2) { p in
            p[0] = 5
            p[1] = 6
            return 9
        }
        #expect(bytes == [1, 2, 3, 4, 5, 6])
    }
}
