/// One token of a filter expression, with where it starts.
struct FilterToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// A bare word (`and` and `or` are read as keywords by the parser).
        case word(String)
        /// A quoted phrase, its escapes resolved.
        case phrase(String)
        /// `name:value` (`name` in lower case); `value` is nil when nothing follows the colon.
        case field(name: String, value: String?, valueAt: FilterPosition)
        case open, close, bar, minus
        case end
    }

    var kind: Kind
    var position: FilterPosition

    /// True for an unquoted `word` spelled `keyword` in any case.
    func isKeyword(_ keyword: String) -> Bool {
        if case .word(let w) = kind { return w.lowercased() == keyword }
        return false
    }
}

/// A 1-based line and column (in characters) of a filter expression.
struct FilterPosition: Sendable, Hashable {
    var line = 1
    var column = 1
}
