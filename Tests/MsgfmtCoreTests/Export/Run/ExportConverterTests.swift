import Foundation
import Testing

@testable import MsgfmtCore

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

    /// An input that fits a first batch of fewer than `ParallelLanes.fewestItems` messages is written on
    /// the calling thread even with several jobs: the same messages, order, diagnostics and
    /// counts as one thread, at the size on either side of the limit, with a corrupt message
    /// and cut short.
    @Test(arguments: [1, 5, ParallelLanes.fewestItems - 1, ParallelLanes.fewestItems, 40])
    func smallInputsAsOneThreadWritesThem(count: Int) throws {
        let corrupt: Set<Int> = count >= 5 ? [2] : []
        let bytes = SyntheticExport.chat(count: count, corrupt: corrupt)
        var one = ExportOptions()
        one.jobs = 1
        var four = ExportOptions()
        four.jobs = 4
        let (alone, aloneDiagnostics, aloneStats) = try run(bytes, options: one)
        let (shared, sharedDiagnostics, sharedStats) = try run(bytes, options: four)
        #expect(shared.ids == alone.ids && shared.log == alone.log)
        #expect(sharedDiagnostics == aloneDiagnostics && sharedStats == aloneStats)
        #expect(alone.ids.count == count - corrupt.count)
        let cut = Array(bytes.prefix(bytes.count * 2 / 3))
        for options in [one, four] {
            let writer = RecordingWriter()
            let converter = ExportConverter(options: options, writer: writer, report: { _ in })
            #expect(throws: ExportReadError.self) { try converter.run(ExportByteSource(bytes: cut, name: "t")) }
            #expect(writer.log.last == "finish")
            #expect(writer.ids == alone.ids.prefix(writer.ids.count).map { $0 })
        }
    }

    @Test func corruptedMessagesAreNamedAndTheRestConverted() throws {
        let corrupt = Set(stride(from: 3, through: 500, by: 10))
        var options = ExportOptions()
        options.batchSize = 16
        let (writer, diagnostics, stats) = try run(SyntheticExport.chat(count: 500, corrupt: corrupt), options: options)
        #expect(corrupt.count == 50)
        #expect(writer.ids == (1...500).filter { !corrupt.contains($0) }.map(Int64.init))
        #expect(Set(diagnostics.compactMap(\.location.messageID)) == Set(corrupt.map(Int64.init)))
        #expect(
            diagnostics.allSatisfy { $0.severity == .error && $0.formatted(source: "t.json").hasPrefix("msgfmt: error: t.json:message ") })
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
        #expect(throws: ExportReadError.self) {
            try converter.run(ExportByteSource(bytes: Array(bytes.prefix(bytes.count / 2)), name: "t"))
        }
        #expect(writer.ids.count > 100)
        #expect(writer.ids == Array(1...Int64(writer.ids.count)))
        #expect(writer.log.last == "finish")
    }
}
