import Testing

@testable import MsgfmtCore

/// Each operator over hand-made export messages (see `FilterTestSupport`).
@Suite struct FilterEvaluationTests {
    @Test(
        arguments: [
            // Words and phrases: at word starts, folded.
            ("rel", [1]),
            ("RELEASE", [1]),
            ("lease", []),
            ("cafe", [2]),
            ("ecole", [12]),
            (#""the release""#, [1]),
            (#""release the""#, []),
            ("#launch", [2]),
            ("東京", [14]),
            ("the report", [9]),
            // from: names by whole words, ids, kinds.
            ("from:alice", [1, 3, 6, 15]),
            ("from:smith", [1, 3, 6, 15]),
            (#"from:"alice smith""#, [1, 3, 6, 15]),
            ("from:ali", []),
            ("from:1", [1, 3, 6, 15]),
            ("from:user2", [2, 4, 7, 8, 11, 13]),
            ("from:channel2", []),
            ("from:channel77", [12]),
            (#"from:"daily news""#, [12]),
            ("from:user9", [14]),
            // mentions: usernames, names, ids.
            ("mentions:alice_s", [5]),
            ("mentions:@alice_s", [5]),
            ("mentions:jones", [5]),
            ("mentions:2", [5]),
            ("mentions:carol", []),
            // chat: name words or id.
            ("chat:cafe", Array(1...12)),
            ("chat:200", [13, 14, 15]),
            (#"chat:"other chat""#, [13, 14, 15]),
            // has: and is:.
            ("has:link", [1]),
            ("has:photo", [4]),
            ("has:video", [10, 15]),
            ("has:voice", [6]),
            ("has:audio", [11]),
            ("has:file", [9]),
            ("has:sticker", [7]),
            ("has:media", [4, 6, 7, 8, 9, 10, 11, 13, 14, 15]),
            ("has:poll", [8]),
            ("has:mention", [5]),
            ("has:hashtag", [2]),
            ("has:code", [5, 15]),
            ("has:spoiler", [10]),
            ("has:quote", [10]),
            ("has:reply", [4]),
            ("has:forward", [5]),
            ("has:reaction", [6]),
            ("is:service", [3]),
            ("is:edited", [4]),
            ("is:forwarded", [5]),
            ("is:reply", [4]),
            // Dates: exclusive days in the clock's zone.
            ("before:2024-01-03", [1, 2]),
            ("after:2024-01-13", [14, 15]),
            ("after:2024-01-02 before:2024-01-05", [3, 4]),
            // ids.
            ("id:4", [4]),
            ("id:13..", [13, 14, 15]),
            ("id:..2", [1, 2]),
            ("id:5..7", [5, 6, 7]),
            // Combinations.
            ("from:bob -has:media", [2]),
            ("from:bob (has:voice | has:poll | has:sticker)", [7, 8]),
            ("has:video or has:audio", [10, 11, 15]),
            ("-chat:cafe -has:code", [13, 14]),
        ] as [(String, [Int64])])
    func keeps(_ expression: String, _ ids: [Int64]) throws {
        #expect(try FilterTestSupport.kept(expression) == ids)
    }

    /// `before:` and `after:` read days in the filter's zone: 12:00 UTC on 2024-01-01
    /// is already 2024-01-02 at +14:00.
    @Test func datesFollowTheClock() throws {
        let kiritimati = ExportClock(timeZone: "+14:00")!
        #expect(try FilterTestSupport.kept("before:2024-01-02") == [1])
        #expect(try FilterTestSupport.kept("before:2024-01-02", clock: kiritimati) == [])
        #expect(try FilterTestSupport.kept("after:2024-01-14", clock: kiritimati) == [14, 15])
    }

    /// A subject with no date, sender or chat (plain text input) matches no term that
    /// asks about them, and the negations of those terms.
    @Test func missingFieldsNeverMatch() throws {
        let bare = FilterSubject(message: Message(text: "hello @bob", entities: [MessageEntity(kind: .mention, offset: 6, length: 4)]))
        for text in ["from:bob", "chat:1", "before:2100-01-01", "after:1900-01-01", "id:0..", "is:service", "has:media"] {
            let filter = try MessageFilter(parsing: text, clock: FilterTestSupport.utc)
            #expect(!filter.matches(bare), "\(text)")
            #expect(try MessageFilter(parsing: "-(\(text))", clock: FilterTestSupport.utc).matches(bare), "\(text)")
        }
        #expect(try MessageFilter(parsing: "hello has:mention mentions:bob", clock: FilterTestSupport.utc).matches(bare))
    }

    /// Mention entities outside the text are skipped, not trusted.
    @Test func brokenMentionRangesAreSkipped() throws {
        let subject = FilterSubject(
            message: Message(
                text: "hi",
                entities: [
                    MessageEntity(kind: .mention, offset: 1, length: 40), MessageEntity(kind: .textMention, offset: -3, length: 2),
                ]))
        #expect(subject.mentioned.isEmpty)
        #expect(try !MessageFilter(parsing: "mentions:hi", clock: FilterTestSupport.utc).matches(subject))
    }
}
