import Foundation
import Testing

/// Golden files with one record switch: a test's output is compared byte for byte with a
/// committed expected file, or, when `MSGFMT_RECORD=1` is set, written over it (review
/// the rewritten files by eye, `git diff`, `cat -v`, a browser, before committing).
public enum GoldenFile {
    /// True when `MSGFMT_RECORD=1`: checks write the expected files instead of comparing.
    public static let isRecording = ProcessInfo.processInfo.environment["MSGFMT_RECORD"] == "1"

    /// Compares `actual` with the file at `expected`; on a mismatch records an issue that
    /// names the file and the first line and column that differ, on a missing file one
    /// that says so. When recording, writes `actual` to `expected` and notes that it did.
    public static func check(_ actual: String, against expected: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let name = displayName(expected)
        if isRecording {
            try Data(actual.utf8).write(to: expected, options: .atomic)
            noteRecorded("\(name): re-recorded (MSGFMT_RECORD=1); review the diff before committing", sourceLocation)
            return
        }
        guard let data = FileManager.default.contents(atPath: expected.path) else {
            Issue.record("\(name) is missing; run with MSGFMT_RECORD=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let wanted = [UInt8](data)
        let got = Array(actual.utf8)
        guard wanted != got else { return }
        Issue.record(
            "\(name) differs \(firstDifference(expected: wanted, actual: got)); rerun with MSGFMT_RECORD=1 and review the diff",
            sourceLocation: sourceLocation)
    }

    /// Where `actual` first departs from `expected` (which differ), in words: the line and
    /// column (1-based, in Unicode scalars) and a few escaped scalars of each from there.
    static func firstDifference(expected: [UInt8], actual: [UInt8]) -> String {
        let wanted = lines(expected)
        let got = lines(actual)
        for i in 0..<max(wanted.count, got.count) {
            let line = i + 1
            guard i < got.count else { return "at line \(line): the output ends where the file has \(excerpt(wanted[i], from: 0))" }
            guard i < wanted.count else { return "at line \(line): the file ends where the output has \(excerpt(got[i], from: 0))" }
            guard wanted[i] != got[i] else { continue }
            let column = zip(wanted[i], got[i]).prefix { $0 == $1 }.count
            return
                "at line \(line), column \(column + 1): the file has \(excerpt(wanted[i], from: column)), the output \(excerpt(got[i], from: column))"
        }
        return "in bytes that do not decode as UTF-8"
    }

    /// `bytes` cut after each newline (which stays with its line), decoded to scalars.
    private static func lines(_ bytes: [UInt8]) -> [[Unicode.Scalar]] {
        var result: [[Unicode.Scalar]] = []
        var start = 0
        for (i, byte) in bytes.enumerated() where byte == 0x0A || i == bytes.count - 1 {
            result.append(Array(String(decoding: bytes[start...i], as: UTF8.self).unicodeScalars))
            start = i + 1
        }
        return result
    }

    /// Up to 40 scalars of `line` from a little before `column`, escaped and quoted.
    private static func excerpt(_ line: [Unicode.Scalar], from column: Int) -> String {
        let start = max(0, column - 10)
        let end = min(line.count, start + 40)
        var text = String(String.UnicodeScalarView(line[start..<end])).debugDescription
        if start > 0 { text = "…" + text }
        if end < line.count { text += "…" }
        return text
    }

    /// `url` relative to the package root when it lies inside.
    private static func displayName(_ url: URL) -> String {
        let root = PackagePaths.root.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    /// Tells the test run that a file was re-recorded, without failing it.
    private static func noteRecorded(_ message: String, _ sourceLocation: SourceLocation) {
        #if compiler(>=6.3)
            Issue.record(Comment(rawValue: message), severity: .warning, sourceLocation: sourceLocation)
        #else
            print(message)
        #endif
    }
}
