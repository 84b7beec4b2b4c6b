import Foundation

@testable import MsgfmtCore

/// One case of a Unicode break test file (GraphemeBreakTest.txt, LineBreakTest.txt).
struct UnicodeBreakCase {
    /// 1-based line number in the file.
    var line: Int
    /// The code points, as written (hex).
    var hex: String
    /// The test string's UTF-16 units.
    var units: [UInt16]
    /// Expected break offsets (UTF-16), excluding 0 and including the end.
    var breaks: [Int]
}

/// Reads Unicode's break test files from the `unicode-data` package.
enum UnicodeTestFile {
    static let directory = "/usr/share/unicode/auxiliary"

    /// The data lines of `name`, a file under `/usr/share/unicode` (such as
    /// `BidiCharacterTest.txt` or `emoji/emoji-test.txt`), with their 1-based line numbers:
    /// comment and blank lines left out. Nil when the file is not installed.
    static func dataLines(_ name: String) -> [(number: Int, text: Substring)]? {
        guard let data = FileManager.default.contents(atPath: "/usr/share/unicode/\(name)") else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .compactMap { index, line in
                line.isEmpty || line.hasPrefix("#") ? nil : (index + 1, line)
            }
    }

    /// The cases of `name`, or nil when the file is not installed.
    static func cases(_ name: String) -> [UnicodeBreakCase]? {
        guard let data = FileManager.default.contents(atPath: "\(directory)/\(name)") else { return nil }
        var result: [UnicodeBreakCase] = []
        for (index, rawLine) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        {
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard tokens.first == "÷" || tokens.first == "×" else { continue }
            var units: [UInt16] = []
            var breaks: [Int] = []
            var hex: [Substring] = []
            for token in tokens {
                switch token {
                case "÷": if !units.isEmpty { breaks.append(units.count) }
                case "×": break
                default:
                    hex.append(token)
                    let scalar = Unicode.Scalar(UInt32(token, radix: 16)!)!
                    units.append(contentsOf: String(scalar).utf16)
                }
            }
            result.append(UnicodeBreakCase(line: index + 1, hex: hex.joined(separator: " "), units: units, breaks: breaks))
        }
        return result
    }
}
