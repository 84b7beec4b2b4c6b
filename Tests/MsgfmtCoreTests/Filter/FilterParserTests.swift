import Testing

@testable import MsgfmtCore

/// The filter language's grammar: precedence, quoting, operators and located errors.
@Suite struct FilterParserTests {
    static func parse(_ text: String) throws -> FilterExpression {
        try FilterParser.parse(text)
    }

    static func word(_ text: String) -> FilterExpression { .term(.text(FoldedText(text))) }
    static func has(_ feature: FilterFeatures) -> FilterExpression { .term(.feature(feature)) }
    static let a = word("a"), b = word("b"), c = word("c"), d = word("d")

    @Test func notBindsTighterThanAndTighterThanOr() throws {
        #expect(try Self.parse("a b | c") == .or([.and([Self.a, Self.b]), Self.c]))
        #expect(try Self.parse("a | b c") == .or([Self.a, .and([Self.b, Self.c])]))
        #expect(try Self.parse("-a b") == .and([.not(Self.a), Self.b]))
        #expect(try Self.parse("-a | b") == .or([.not(Self.a), Self.b]))
        #expect(try Self.parse("a and b or c AND d") == .or([.and([Self.a, Self.b]), .and([Self.c, Self.d])]))
        #expect(try Self.parse("a OR b | c") == .or([Self.a, Self.b, Self.c]))
    }

    @Test func parenthesesGroup() throws {
        #expect(try Self.parse("a (b | c)") == .and([Self.a, .or([Self.b, Self.c])]))
        #expect(try Self.parse("-(a | b)") == .not(.or([Self.a, Self.b])))
        #expect(try Self.parse("((a))") == Self.a)
        #expect(try Self.parse("--a") == .not(.not(Self.a)))
        #expect(try Self.parse("(a)(b)") == .and([Self.a, Self.b]))
    }

    @Test func quotingMakesPhrasesAndLiteralKeywords() throws {
        #expect(try Self.parse(#""exact  Phrase""#) == Self.word("exact phrase"))
        #expect(try Self.parse(#""or" "and""#) == .and([Self.word("or"), Self.word("and")]))
        #expect(try Self.parse(#""say \"hi\" \\ now""#) == Self.word(#"say "hi" \ now"#))
        #expect(try Self.parse(#""a:b""#) == Self.word("a:b"))
        #expect(try Self.parse(#"a"b""#) == .and([Self.a, Self.b]))
        #expect(try Self.parse("e-mail 10:30") == .and([Self.word("e-mail"), Self.word("10:30")]))
    }

    @Test func operatorsTakeTheirValues() throws {
        #expect(try Self.parse(#"from:"Alice Smith""#) == .term(.from(FilterNameQuery("Alice Smith")!)))
        #expect(try Self.parse("FROM:alice") == .term(.from(FilterNameQuery("alice")!)))
        #expect(try Self.parse("mentions:@bob") == .term(.mentions(FilterNameQuery("@bob")!)))
        #expect(try Self.parse("chat:-100123") == .term(.chat(FilterNameQuery("-100123")!)))
        #expect(try Self.parse("has:LINK is:forwarded") == .and([Self.has(.link), Self.has(.forward)]))
        #expect(try Self.parse("is:reply has:reply") == .and([Self.has(.reply), Self.has(.reply)]))
        #expect(try Self.parse("before:2024-01-31") == .term(.before(day: ExportClock.parseDay("2024-01-31")!)))
        #expect(try Self.parse("after:1970-01-02") == .term(.after(day: 1)))
        #expect(try Self.parse("id:7") == .term(.id(7...7)))
        #expect(try Self.parse("id:-5") == .term(.id(-5...(-5))))
        #expect(try Self.parse("id:-10..-1") == .term(.id(-10...(-1))))
        #expect(try Self.parse("id:10..") == .term(.id(10...Int64.max)))
        #expect(try Self.parse("id:..10") == .term(.id(Int64.min...10)))
    }

    @Test func everyHasAndIsValueParses() throws {
        for (name, feature) in FilterFeatures.hasValues {
            #expect(try Self.parse("has:\(name)") == Self.has(feature))
        }
        for (name, feature) in FilterFeatures.isValues {
            #expect(try Self.parse("is:\(name)") == Self.has(feature))
        }
    }

    typealias Problem = FilterSyntaxError.Problem

    @Test(arguments: [
        ("", 1, 1, Problem.empty),
        ("   ", 1, 4, .empty),
        ("has:photo from:", 1, 16, .expectedValue(operator: "from")),
        ("from: alice", 1, 6, .expectedValue(operator: "from")),
        ("from:@", 1, 6, .expectedValue(operator: "from")),
        (#"from:"""#, 1, 6, .emptyPhrase),
        ("a\n  foo:bar", 2, 3, .unknownOperator("foo")),
        ("see https://x.org", 1, 5, .unknownOperator("https")),
        ("has:gif", 1, 5, .unknownValue(operator: "has", value: "gif", expected: FilterFeatures.hasValues.map(\.name))),
        ("is:pinned", 1, 4, .unknownValue(operator: "is", value: "pinned", expected: ["service", "edited", "forwarded", "reply"])),
        ("before:2024-02-30", 1, 8, .badDate(operator: "before", value: "2024-02-30")),
        ("x after:yesterday", 1, 9, .badDate(operator: "after", value: "yesterday")),
        ("id:seven", 1, 4, .badID("seven")),
        ("id:..", 1, 4, .badID("..")),
        ("id:1..x", 1, 4, .badID("1..x")),
        ("id:9..1", 1, 4, .emptyRange("9..1")),
        (#"a "open phrase"#, 1, 3, .unterminatedPhrase),
        (#"a """#, 1, 3, .emptyPhrase),
        ("a (b | c", 1, 3, .unclosedParenthesis),
        ("(", 1, 1, .unclosedParenthesis),
        ("a)", 1, 2, .unexpectedClose),
        ("a | )", 1, 5, .unexpectedClose),
        ("()", 1, 2, .expectedTerm(after: "(")),
        ("a or", 1, 5, .expectedTerm(after: "or")),
        ("a |", 1, 4, .expectedTerm(after: "|")),
        ("a | | b", 1, 5, .expectedTerm(after: "|")),
        ("a AND", 1, 6, .expectedTerm(after: "AND")),
        ("a and or b", 1, 7, .expectedTerm(after: "and")),
        ("or a", 1, 1, .expectedTermBefore("or")),
        ("| a", 1, 1, .expectedTermBefore("|")),
        ("(or a)", 1, 2, .expectedTerm(after: "(")),
        ("a - b", 1, 4, .expectedTerm(after: "-")),
        ("a -", 1, 4, .expectedTerm(after: "-")),
        ("-)", 1, 2, .expectedTerm(after: "-")),
        ("-or", 1, 2, .expectedTerm(after: "-")),
        ("😀😀 from:", 1, 9, .expectedValue(operator: "from")),
        (String(repeating: "(", count: 64) + "-a" + String(repeating: ")", count: 64), 1, 65, .tooDeep(limit: 64)),
        (String(repeating: "-", count: 100_000) + "a", 1, 65, .tooDeep(limit: 64)),
        (String(repeating: "(", count: 100_000), 1, 65, .tooDeep(limit: 64)),
    ])
    func errorsPointAtTheirColumn(_ text: String, _ line: Int, _ column: Int, _ problem: Problem) {
        #expect(throws: FilterSyntaxError(problem, at: FilterPosition(line: line, column: column))) {
            try FilterParser.parse(text)
        }
    }

    /// Nesting up to the limit parses, and matches, as written.
    @Test func nestingUpToTheLimitParses() throws {
        let deep = String(repeating: "(", count: 63) + "-a" + String(repeating: ")", count: 63)
        let expected = FilterExpression.not(Self.a)
        #expect(try Self.parse(deep) == expected)
        let shallower = "--" + String(repeating: "(", count: 61) + "-a" + String(repeating: ")", count: 61)
        #expect(try Self.parse(shallower) == .not(.not(expected)))
    }

    @Test func errorMessagesAreLocated() {
        #expect(throws: FilterSyntaxError.self) { try MessageFilter(parsing: "has:photo from:", clock: ExportClock(timeZone: "UTC")!) }
        let error = FilterSyntaxError(.expectedValue(operator: "from"), at: FilterPosition(line: 1, column: 12))
        #expect(error.message == "--filter:1:12: expected a value after 'from:'")
        #expect(FilterSyntaxError.Problem.unknownOperator("foo").message.hasPrefix("unknown operator 'foo:'"))
    }
}
