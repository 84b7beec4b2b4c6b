import Foundation

/// Where messages lie in an export file, as msgfmt's diagnostics name them
/// (`message ID, byte N`).
enum ExportFilePlaces {
    /// The offset of the `{` that opens the first message object whose `"id"` is `id`: an
    /// `"id"` member followed by `then` (a comma by default) and not by a chat's
    /// `"messages"` array.
    static func byte(ofMessage id: Int, in text: String, then: String = ",") -> Int? {
        guard let pattern = try? Regex(#""id": \#(id)"# + then) else { return nil }
        let bytes = Array(text.utf8)
        for match in text.matches(of: pattern) {
            let at = text.utf8.distance(from: text.utf8.startIndex, to: match.range.lowerBound)
            let after = String(decoding: bytes[at..<min(bytes.count, at + 48)], as: UTF8.self)
            if after.contains("\"messages\"") { continue }
            return bytes[..<at].lastIndex(of: UInt8(ascii: "{"))
        }
        return nil
    }

    /// The place of message `id` in the export at `url` as a diagnostic writes it.
    static func place(ofMessage id: Int, in url: URL) throws -> String {
        "message \(id), byte \(byte(ofMessage: id, in: try String(contentsOf: url, encoding: .utf8)) ?? -1)"
    }
}
