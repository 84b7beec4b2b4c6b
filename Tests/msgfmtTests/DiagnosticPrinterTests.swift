import Foundation
import MsgfmtCore
import Testing

@testable import msgfmt

/// The printer's cap per message, driven directly: what is printed, what one line counts,
/// and the errors counted whether printed or not.
@Suite struct DiagnosticPrinterTests {
    /// Runs `body` with a printer writing to a temporary file; the lines it wrote.
    static func lines(_ body: (DiagnosticPrinter) -> Void) throws -> (lines: [String], errors: Int) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-diagnostics-\(UUID().uuidString)").path
        let fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
        try #require(fd >= 0)
        defer { unlink(path) }
        let printer = DiagnosticPrinter(fd: fd)
        body(printer)
        close(fd)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return (text.split(separator: "\n").map(String.init), printer.errorCount)
    }

    static func warning(_ message: Int64, entity: Int) -> Diagnostic {
        Diagnostic(.warning, .init(messageID: message, entityIndex: entity), "w\(entity)")
    }

    /// After 10 warnings a message's first error is still printed; later ones are counted,
    /// errors among them in `errorCount` and in the summary's wording and severity.
    @Test func firstErrorIsPrintedAfterTenWarnings() throws {
        let run = try Self.lines { p in
            for e in 0..<12 { p.report(Self.warning(9, entity: e), source: "in") }
            p.report(Diagnostic(.error, .init(messageID: 9, entityIndex: 12), "first error"), source: "in")
            p.report(Diagnostic(.error, .init(messageID: 9, entityIndex: 13), "second error"), source: "in")
            p.finishMessage()
        }
        #expect(run.lines.count == 12, "\(run.lines)")
        #expect(run.lines[9] == "msgfmt: warning: in:message 9, entity 9: w9")
        #expect(run.lines[10] == "msgfmt: error: in:message 9, entity 12: first error")
        #expect(run.lines[11] == "msgfmt: error: in:message 9: 3 more diagnostics about this message not shown")
        #expect(run.errors == 2)
    }

    /// A file read twice (`msgfmt a.json a.json`) counts its messages afresh each time:
    /// the render loop finishes the message at the end of each file.
    @Test func eachFileCountsAfresh() throws {
        let run = try Self.lines { p in
            for _ in 0..<2 {
                for e in 0..<12 { p.report(Self.warning(4, entity: e), source: "in") }
                p.finishMessage()
            }
        }
        #expect(run.lines.count == 2 * 11, "\(run.lines)")
        #expect(run.lines.filter { $0.hasSuffix("2 more warnings about this message not shown") }.count == 2)
    }

    /// Diagnostics about no message are never held back, and each message starts its own
    /// count: the summary comes when the next message's first diagnostic does.
    @Test func eachMessageHasItsOwnCount() throws {
        let run = try Self.lines { p in
            for e in 0..<11 { p.report(Self.warning(1, entity: e), source: "in") }
            for _ in 0..<12 { p.report(Diagnostic(.warning, .init(byteOffset: 3), "file-wide"), source: "in") }
            for e in 0..<3 { p.report(Self.warning(2, entity: e), source: "in") }
            p.finishMessage()
        }
        #expect(run.lines.count == 10 + 1 + 12 + 3, "\(run.lines)")
        #expect(run.lines[10] == "msgfmt: warning: in:message 1: 1 more warning about this message not shown")
        #expect(run.lines.last == "msgfmt: warning: in:message 2, entity 2: w2")
        #expect(run.errors == 0)
    }
}
