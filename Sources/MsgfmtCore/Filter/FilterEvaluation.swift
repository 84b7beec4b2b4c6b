/// One message checked against an expression. What several terms need — the folded
/// text, the local day, the mentioned users — is worked out once, when first asked for.
struct FilterEvaluation {
    let subject: FilterSubject
    let clock: ExportClock
    private var foldedText: FoldedText?
    private var day: Int64?
    private var mentioned: [FilterParty]?

    init(subject: FilterSubject, clock: ExportClock) {
        self.subject = subject
        self.clock = clock
    }

    mutating func matches(_ expression: FilterExpression) -> Bool {
        switch expression {
        case .term(let term):
            return matches(term)
        case .not(let inner):
            return !matches(inner)
        case .and(let parts):
            for part in parts where !matches(part) { return false }
            return true
        case .or(let parts):
            for part in parts where matches(part) { return true }
            return false
        }
    }

    private mutating func matches(_ term: FilterTerm) -> Bool {
        switch term {
        case .text(let needle):
            return text.hasWord(startingWith: needle)
        case .from(let query):
            return subject.sender.map(query.matches) ?? false
        case .chat(let query):
            return subject.chat.map(query.matches) ?? false
        case .mentions(let query):
            if mentioned == nil { mentioned = subject.mentioned }
            return mentioned?.contains(where: query.matches) ?? false
        case .feature(let feature):
            return subject.features.isSuperset(of: feature)
        case .before(let limit):
            return localDay.map { $0 < limit } ?? false
        case .after(let limit):
            return localDay.map { $0 > limit } ?? false
        case .id(let range):
            return subject.id.map(range.contains) ?? false
        }
    }

    private var text: FoldedText {
        mutating get {
            if let foldedText { return foldedText }
            let folded = FoldedText(subject.text)
            foldedText = folded
            return folded
        }
    }

    private var localDay: Int64? {
        mutating get {
            guard let date = subject.date else { return nil }
            if let day { return day }
            let local = clock.day(of: date)
            day = local
            return local
        }
    }
}
