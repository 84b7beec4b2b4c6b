@testable import MsgfmtCore

/// Records what a converter hands to its writer.
final class RecordingWriter: TranscriptWriter {
    var log: [String] = []
    var ids: [Int64] = []
    var failed: Bool { false }
    func setOwner(_ fromID: String) { log.append("owner \(fromID)") }
    func beginChat(_ chat: ExportChatInfo) { log.append("begin \(chat.displayName)") }
    func write(_ message: TranscriptMessage, piece: Void) { ids.append(message.message.id) }
    func endChat(_ chat: ExportChatInfo) { log.append("end \(chat.displayName)") }
    func finish() { log.append("finish") }
}
