import Testing

@testable import MsgfmtCore

@Suite struct OutputSinkTests {
    @Test func memorySinkCollectsEverything() {
        let sink = OutputSink.memory(capacity: 4)
        sink.write("hello, ")
        sink.write(Array("world".utf8))
        sink.flush()
        #expect(String(decoding: sink.takeBytes(), as: UTF8.self) == "hello, world")
        #expect(sink.takeBytes().isEmpty)
        #expect(!sink.failed)
    }

    @Test func writingToAClosedDescriptorFailsQuietly() {
        let sink = OutputSink(fd: 9999, capacity: 1)
        sink.write("x")
        sink.flush()
        #expect(sink.failed)
    }
}
