import Foundation
import Testing
@testable import MsgfmtCore

/// Records what a converter hands to its writer.
final class RecordingWriter: TranscriptWriter {
    var log: [String] = []
    var ids: [Int64] = []
    var failed: Bool { false }
    func setOwner(_ fromID: String) { log.append("owner \(fromID)") }
    func beginChat(_ chat: ExportChatInfo) { log.append("begin \(chat.displayName)") }
    func write(_ message: PreparedMessage) { ids.append(message.message.id) }
    func endChat(_ chat: ExportChatInfo) { log.append("end \(chat.displayName)") }
    func finish() { log.append("finish") }
}

/// Synthetic exports for converter tests.
enum SyntheticExport {
    /// A single-chat export of `count` messages, one minute apart; ids in `corrupt` are
    /// broken in rotating ways (bad JSON, wrong types, bad dates) that keep brackets balanced.
    static func chat(count: Int, corrupt: Set<Int> = [], start: Int64 = 1_704_067_200, name: String = "Synthetic") -> [UInt8] {
        var s = #"{"name": "\#(name)", "type": "private_group", "id": 77, "messages": ["#
        for i in 1...count {
            if i > 1 { s += ",\n" }
            let date = start + Int64(i) * 60
            var m = #"{"id": \#(i), "type": "message", "date_unixtime": "\#(date)", "from": "User \#(i % 3)", "from_id": "user\#(i % 3)", "text": "message number \#(i)""#
            if i > 1, i % 7 == 0 { m += #", "reply_to_message_id": \#(i - 5)"# }
            m += "}"
            if corrupt.contains(i) {
                switch i % 4 {
                case 0: m = m.replacingOccurrences(of: #""type": "message","#, with: #""type" "message","#)
                case 1: m = m.replacingOccurrences(of: #""text": "message number \#(i)""#, with: #""text": 12"#)
                case 2: m = m.replacingOccurrences(of: #""date_unixtime": "\#(date)""#, with: #""date_unixtime": "yesterday""#)
                default: m = m.replacingOccurrences(of: #""from": "#, with: #""from": tru"#)
                }
            }
            s += m
        }
        s += "]}\n"
        return Array(s.utf8)
    }
}

@Suite struct ExportConverterTests {
    private func run(_ bytes: [UInt8], options: ExportOptions) throws -> (RecordingWriter, [Diagnostic], ExportStats) {
        let writer = RecordingWriter()
        var diagnostics: [Diagnostic] = []
        let converter = ExportConverter(options: options, writer: writer, report: { diagnostics.append($0) })
        let stats = try converter.run(ExportByteSource(bytes: bytes, name: "t.json"))
        return (writer, diagnostics, stats)
    }

    @Test(arguments: [1, 2, 4])
    func parallelOutputKeepsInputOrder(jobs: Int) throws {
        var options = ExportOptions()
        options.jobs = jobs
        options.batchSize = 7
        let (writer, diagnostics, stats) = try run(SyntheticExport.chat(count: 500), options: options)
        #expect(writer.ids == Array(1...500).map(Int64.init))
        #expect(diagnostics.isEmpty)
        #expect(stats.read == 500 && stats.written == 500 && stats.chats == 1)
        #expect(writer.log == ["begin Synthetic", "end Synthetic", "finish"])
    }

    @Test func corruptedMessagesAreNamedAndTheRestConverted() throws {
        let corrupt = Set(stride(from: 3, through: 500, by: 10))
        var options = ExportOptions()
        options.batchSize = 16
        let (writer, diagnostics, stats) = try run(SyntheticExport.chat(count: 500, corrupt: corrupt), options: options)
        #expect(corrupt.count == 50)
        #expect(writer.ids == (1...500).filter { !corrupt.contains($0) }.map(Int64.init))
        #expect(Set(diagnostics.compactMap(\.location.messageID)) == Set(corrupt.map(Int64.init)))
        #expect(diagnostics.allSatisfy { $0.severity == .error && $0.formatted(source: "t.json").hasPrefix("msgfmt: error: t.json:message ") })
        #expect(stats.failed == 50 && stats.written == 450)
    }

    @Test func filtersByChatAndDate() throws {
        var options = ExportOptions()
        options.chats = ["Kinds \u{1} Group"]
        options.since = ExportClock.parseDay("2024-03-05")
        options.until = ExportClock.parseDay("2024-03-05")
        let (writer, _, stats) = try run(try ExportTestSupport.fixture("kinds/result.json"), options: options)
        #expect(writer.log == ["owner user1000", "begin Kinds \u{1} Group", "end Kinds \u{1} Group", "finish"])
        #expect(writer.ids.count == 38)
        #expect(stats.filtered == 0 && stats.chats == 1)

        options.chats = ["4000000002"]
        let (old, _, oldStats) = try run(try ExportTestSupport.fixture("kinds/result.json"), options: options)
        #expect(old.ids.isEmpty && oldStats.filtered == 1, "the 2023 message is outside the dates")
    }

    @Test func truncatedInputKeepsWhatWasConverted() throws {
        let bytes = SyntheticExport.chat(count: 300)
        var options = ExportOptions()
        options.batchSize = 10
        let writer = RecordingWriter()
        let converter = ExportConverter(options: options, writer: writer, report: { _ in })
        #expect(throws: ExportReadError.self) { try converter.run(ExportByteSource(bytes: Array(bytes.prefix(bytes.count / 2)), name: "t")) }
        #expect(writer.ids.count > 100)
        #expect(writer.ids == Array(1...Int64(writer.ids.count)))
        #expect(writer.log.last == "finish")
    }
}
