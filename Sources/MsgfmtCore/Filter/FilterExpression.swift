/// A parsed filter: terms combined with not, and, or.
indirect enum FilterExpression: Sendable, Hashable {
    case term(FilterTerm)
    /// `-X`
    case not(FilterExpression)
    /// `X Y`, `X and Y`: every part matches.
    case and([FilterExpression])
    /// `X | Y`, `X or Y`: some part matches.
    case or([FilterExpression])
}

/// One test of the filter language.
enum FilterTerm: Sendable, Hashable {
    /// A bare word or a quoted phrase: the text has a word starting with it.
    case text(FoldedText)
    /// `from:NAME`
    case from(FilterNameQuery)
    /// `mentions:NAME`
    case mentions(FilterNameQuery)
    /// `chat:NAME-OR-ID`
    case chat(FilterNameQuery)
    /// `has:VALUE` and `is:VALUE`: the message has this feature.
    case feature(FilterFeatures)
    /// `before:DATE`: sent on a local day before this one (days since 1970-01-01).
    case before(day: Int64)
    /// `after:DATE`: sent on a local day after this one.
    case after(day: Int64)
    /// `id:N`, `id:N..M`, `id:N..`, `id:..M`
    case id(ClosedRange<Int64>)
}
