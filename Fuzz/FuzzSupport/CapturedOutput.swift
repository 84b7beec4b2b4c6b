import MsgfmtCore

/// Runs an emitter into a memory `OutputSink` and returns the bytes written, so a fuzz
/// target can scan real emitter output.
public enum CapturedOutput {
    /// The bytes `body` writes into the sink it is given.
    public static func capture(_ body: (OutputSink) -> Void) -> [UInt8] {
        let sink = OutputSink.memory()
        body(sink)
        return sink.takeBytes()
    }
}
