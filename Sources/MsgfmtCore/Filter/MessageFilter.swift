/// A compiled `--filter` expression: which messages to keep. Parsed and folded once;
/// matching a message folds its text only when a word or phrase asks for it.
public struct MessageFilter: Sendable, Hashable {
    let expression: FilterExpression
    /// The zone `before:` and `after:` read days in.
    public let clock: ExportClock

    /// The filter `text` spells, reading dates in `clock`'s zone.
    public init(parsing text: String, clock: ExportClock) throws(FilterSyntaxError) {
        expression = try FilterParser.parse(text)
        self.clock = clock
    }

    /// A filter of an expression built by hand (tests).
    init(_ expression: FilterExpression, clock: ExportClock = ExportClock(timeZone: "UTC")!) {
        self.expression = expression
        self.clock = clock
    }

    /// True when `subject` is a message the filter keeps.
    public func matches(_ subject: FilterSubject) -> Bool {
        var evaluation = FilterEvaluation(subject: subject, clock: clock)
        return evaluation.matches(expression)
    }

    public static func == (a: MessageFilter, b: MessageFilter) -> Bool {
        a.expression == b.expression && a.clock.name == b.clock.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(expression)
        hasher.combine(clock.name)
    }
}
