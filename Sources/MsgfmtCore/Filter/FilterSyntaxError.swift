/// Where a `--filter` expression went wrong, and how.
public struct FilterSyntaxError: Error, Sendable, Hashable {
    /// 1-based line and column (in characters) of the spot the problem is at.
    public var line: Int
    public var column: Int
    public var problem: Problem

    /// What is wrong, as one sentence.
    public enum Problem: Sendable, Hashable {
        /// The expression has no terms at all.
        case empty
        /// `or`, `and`, `-` or `(` with nothing usable after it.
        case expectedTerm(after: String)
        /// `or`, `and` or `|` where a term should come first.
        case expectedTermBefore(String)
        /// `from:` and friends with nothing after the colon.
        case expectedValue(operator: String)
        /// `foo:bar` where `foo` is no operator.
        case unknownOperator(String)
        /// `has:nothing`, `is:nothing`.
        case unknownValue(operator: String, value: String, expected: [String])
        /// `before:` / `after:` without a `YYYY-MM-DD` date.
        case badDate(operator: String, value: String)
        /// `id:` without a number or a range.
        case badID(String)
        /// `id:9..1`
        case emptyRange(String)
        /// `"…` without its closing quote.
        case unterminatedPhrase
        /// `""`
        case emptyPhrase
        /// `(` never closed.
        case unclosedParenthesis
        /// `)` without its `(`.
        case unexpectedClose
        /// More nested `(` and `-` than the parser takes.
        case tooDeep(limit: Int)

        /// One lower-case sentence.
        public var message: String {
            switch self {
            case .empty:
                "the filter is empty"
            case .expectedTerm(let after):
                "expected a word, a phrase or an operator after '\(after)'"
            case .expectedTermBefore(let keyword):
                "expected a word, a phrase or an operator before '\(keyword)'"
            case .expectedValue(let name):
                "expected a value after '\(name):'"
            case .unknownOperator(let name):
                "unknown operator '\(name):' (to search for a word with a colon, put it in quotes)"
            case .unknownValue(let name, let value, let expected):
                "unknown value '\(value)' for '\(name):' (expected \(expected.joined(separator: ", ")))"
            case .badDate(let name, let value):
                "expected a date like 2024-01-31 after '\(name):', not '\(value)'"
            case .badID(let value):
                "expected a message id or a range like 10..20 after 'id:', not '\(value)'"
            case .emptyRange(let value):
                "the id range \(value) is empty"
            case .unterminatedPhrase:
                "this phrase has no closing '\"'"
            case .emptyPhrase:
                "expected text between the quotes"
            case .unclosedParenthesis:
                "this '(' is never closed"
            case .unexpectedClose:
                "this ')' closes no '('"
            case .tooDeep(let limit):
                "the filter nests '(' and '-' more than \(limit) deep"
            }
        }
    }

    /// Creates an error at `position`.
    init(_ problem: Problem, at position: FilterPosition) {
        line = position.line
        column = position.column
        self.problem = problem
    }

    /// `--filter:LINE:COLUMN: MESSAGE`, as msgfmt prints it after `msgfmt: error: `.
    public var message: String {
        "--filter:\(line):\(column): \(problem.message)"
    }
}
