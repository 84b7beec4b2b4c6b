/// Why one message of an export could not be decoded.
public enum ExportDecodeError: Error, Sendable, Hashable {
    /// The message bytes are not valid JSON.
    case syntax(JSONParseError)
    /// The message is not a JSON object.
    case notAnObject(found: String)
    /// A required field is missing.
    case missing(field: String)
    /// A field has the wrong type or an unreadable value.
    case wrongType(field: String, expected: String, found: String)

    /// One lower-case sentence.
    public var message: String {
        switch self {
        case .syntax(let e):
            "invalid JSON at byte \(e.byteOffset) of the message: \(e.reason)"
        case .notAnObject(let found):
            "expected a message object, found \(found)"
        case .missing(let field):
            "missing field \(field)"
        case .wrongType(let field, let expected, let found):
            "field \(field) should be \(expected), found \(found)"
        }
    }
}
