/// Why an `-o` pattern cannot be used.
public enum OutputPatternError: Error, Sendable, Hashable {
    case notAStreamFormat
    case unknown(String)
    case unclosed(column: Int)
    case skipsALevel(String, String)
    case endsInAFolder

    /// One lower-case sentence.
    public var message: String {
        switch self {
        case .notAStreamFormat:
            "-o placeholders name the files of the stream formats (text, ansi, json, markdown); --to html writes one directory, split into pages with --pages"
        case .unknown(let name):
            "-o: unknown placeholder {\(name)}; use {chat}, {chat_id}, {year}, {month} or {day}"
        case .unclosed(let column):
            "-o: the '{' at column \(column) is not closed"
        case .skipsALevel(let placeholder, let needed):
            "-o: \(placeholder) needs \(needed) too, or one file would mix messages of different dates"
        case .endsInAFolder:
            "-o: the pattern names a folder; end it with a file name"
        }
    }
}
