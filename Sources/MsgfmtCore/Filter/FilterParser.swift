/// Parses the filter language into a `FilterExpression`.
///
///     expression := and-list (("|" | "or") and-list)*
///     and-list   := unary (["and"] unary)*
///     unary      := "-" unary | "(" expression ")" | word | "phrase" | operator:value
///
/// so `-` binds tighter than juxtaposition (and), which binds tighter than `|` (or).
/// `and` and `or` are keywords in any case; quote them to search for them.
struct FilterParser {
    private var lexer: FilterLexer
    private var token: FilterToken
    /// How many `(` and `-` enclose the current token.
    private var depth = 0

    /// The deepest nesting of `(` and `-` parsed, so that neither parsing nor matching
    /// can run out of stack.
    static let maxDepth = 64

    /// The operators, in the order the documentation lists them.
    static let operators = ["from", "mentions", "has", "is", "before", "after", "chat", "id"]

    /// The expression `text` spells.
    static func parse(_ text: String) throws(FilterSyntaxError) -> FilterExpression {
        var parser = try FilterParser(text)
        if parser.token.kind == .end { throw FilterSyntaxError(.empty, at: parser.token.position) }
        let expression = try parser.orList()
        switch parser.token.kind {
        case .end: return expression
        case .close: throw FilterSyntaxError(.unexpectedClose, at: parser.token.position)
        default: throw parser.missingTerm(before: parser.token)
        }
    }

    private init(_ text: String) throws(FilterSyntaxError) {
        lexer = FilterLexer(text)
        token = try lexer.next()
    }

    private mutating func advance() throws(FilterSyntaxError) {
        token = try lexer.next()
    }

    /// True when the current token can start a term.
    private var startsTerm: Bool {
        switch token.kind {
        case .word: !token.isKeyword("and") && !token.isKeyword("or")
        case .phrase, .field, .open, .minus: true
        case .close, .bar, .end: false
        }
    }

    /// The error for a term missing after `keyword`, at the current token.
    private func missingTerm(after keyword: String) -> FilterSyntaxError {
        if token.kind == .close, keyword != "(" { return FilterSyntaxError(.unexpectedClose, at: token.position) }
        return FilterSyntaxError(.expectedTerm(after: keyword), at: token.position)
    }

    /// The error for `token` where a term should be: `or`, `and` or `|` with no term
    /// before it, or a `)` that closes nothing.
    private func missingTerm(before token: FilterToken) -> FilterSyntaxError {
        switch token.kind {
        case .word(let keyword): FilterSyntaxError(.expectedTermBefore(keyword), at: token.position)
        case .close: FilterSyntaxError(.unexpectedClose, at: token.position)
        case .end: FilterSyntaxError(.empty, at: token.position)
        default: FilterSyntaxError(.expectedTermBefore("|"), at: token.position)
        }
    }

    private mutating func orList() throws(FilterSyntaxError) -> FilterExpression {
        var parts = [try andList()]
        while token.kind == .bar || token.isKeyword("or") {
            let keyword = if case .word(let w) = token.kind { w } else { "|" }
            try advance()
            guard startsTerm else { throw missingTerm(after: keyword) }
            parts.append(try andList())
        }
        return parts.count == 1 ? parts[0] : .or(parts)
    }

    private mutating func andList() throws(FilterSyntaxError) -> FilterExpression {
        guard startsTerm else { throw missingTerm(before: token) }
        var parts = [try unary()]
        while true {
            if token.isKeyword("and") {
                guard case .word(let keyword) = token.kind else { break }
                try advance()
                guard startsTerm else { throw missingTerm(after: keyword) }
            } else if !startsTerm {
                break
            }
            parts.append(try unary())
        }
        return parts.count == 1 ? parts[0] : .and(parts)
    }

    private mutating func unary() throws(FilterSyntaxError) -> FilterExpression {
        switch token.kind {
        case .minus:
            try enterNesting()
            defer { depth -= 1 }
            try advance()
            guard startsTerm else { throw missingTerm(after: "-") }
            return .not(try unary())
        case .open:
            let open = token
            try enterNesting()
            defer { depth -= 1 }
            try advance()
            guard startsTerm else {
                if token.kind == .end { throw FilterSyntaxError(.unclosedParenthesis, at: open.position) }
                throw missingTerm(after: "(")
            }
            let inner = try orList()
            guard token.kind == .close else { throw FilterSyntaxError(.unclosedParenthesis, at: open.position) }
            try advance()
            return inner
        case .word(let text), .phrase(let text):
            try advance()
            return .term(.text(FoldedText(text)))
        case .field(let name, let value, let valueAt):
            let term = try Self.term(name: name, value: value, valueAt: valueAt, at: token.position)
            try advance()
            return .term(term)
        case .close, .bar, .end:
            throw missingTerm(before: token)
        }
    }

    /// One level deeper, unless that is deeper than `maxDepth`.
    private mutating func enterNesting() throws(FilterSyntaxError) {
        guard depth < Self.maxDepth else { throw FilterSyntaxError(.tooDeep(limit: Self.maxDepth), at: token.position) }
        depth += 1
    }

    /// The term of operator `name` with `value`.
    private static func term(
        name: String, value: String?, valueAt: FilterPosition, at position: FilterPosition
    ) throws(FilterSyntaxError) -> FilterTerm {
        guard operators.contains(name) else { throw FilterSyntaxError(.unknownOperator(name), at: position) }
        guard let value else { throw FilterSyntaxError(.expectedValue(operator: name), at: valueAt) }
        func fail(_ problem: FilterSyntaxError.Problem) -> FilterSyntaxError { FilterSyntaxError(problem, at: valueAt) }
        switch name {
        case "from", "mentions", "chat":
            guard let query = FilterNameQuery(value) else { throw fail(.expectedValue(operator: name)) }
            return name == "from" ? .from(query) : name == "chat" ? .chat(query) : .mentions(query)
        case "has", "is":
            let table = name == "has" ? FilterFeatures.hasValues : FilterFeatures.isValues
            guard let entry = table.first(where: { $0.name == value.lowercased() }) else {
                throw fail(.unknownValue(operator: name, value: value, expected: table.map(\.name)))
            }
            return .feature(entry.feature)
        case "before", "after":
            guard let day = ExportClock.parseDay(value) else { throw fail(.badDate(operator: name, value: value)) }
            return name == "before" ? .before(day: day) : .after(day: day)
        default:
            return .id(try idRange(value, fail: fail))
        }
    }

    /// `N`, `N..M`, `N..` or `..M`.
    private static func idRange(
        _ value: String, fail: (FilterSyntaxError.Problem) -> FilterSyntaxError
    ) throws(FilterSyntaxError) -> ClosedRange<Int64> {
        guard let dots = value.firstRange(of: "..") else {
            guard let n = Int64(value) else { throw fail(.badID(value)) }
            return n...n
        }
        let lowerText = value[..<dots.lowerBound]
        let upperText = value[dots.upperBound...]
        guard !(lowerText.isEmpty && upperText.isEmpty) else { throw fail(.badID(value)) }
        guard let lower = lowerText.isEmpty ? Int64.min : Int64(lowerText),
            let upper = upperText.isEmpty ? Int64.max : Int64(upperText)
        else { throw fail(.badID(value)) }
        guard lower <= upper else { throw fail(.emptyRange(value)) }
        return lower...upper
    }
}
