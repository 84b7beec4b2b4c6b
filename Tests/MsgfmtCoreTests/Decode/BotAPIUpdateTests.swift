import Testing

@testable import MsgfmtCore

/// Updates: the message under every key that carries one, the bot's own message under
/// `callback_query`, and every other kind counted as skipped, never dropped.
@Suite struct BotAPIUpdateTests {
    func decode(_ input: String) -> [DecodedItem] {
        MessageDecoder.decode(InputFile(name: "t", bytes: Array(input.utf8)), options: DecodeOptions(format: .botAPI))
    }

    @Test(arguments: BotAPIDecoder.updateKeys)
    func everyMessageKeyRenders(_ key: String) {
        let items = decode(#"{"update_id":1,"\#(key)":{"message_id":3,"text":"hi"}}"#)
        #expect(items == [.message(Message(id: 3, text: "hi"), diagnostics: [])])
    }

    @Test func callbackQueryGivesTheBotsMessage() {
        let input =
            #"{"update_id":1,"callback_query":{"id":"7","from":{"id":1,"is_bot":false,"first_name":"A"},"message":{"message_id":9,"date":1700000000,"text":"Pick one","reply_markup":{"inline_keyboard":[[{"text":"A","callback_data":"a"}]]}},"data":"a"}}"#
        #expect(decode(input) == [.message(Message(id: 9, text: "Pick one", date: 1_700_000_000), diagnostics: [])])
    }

    @Test func callbackQueryWithoutAReadableMessageIsSkipped() {
        // An inline-mode button has no message; an old message is inaccessible (date 0).
        let inline = #"{"update_id":1,"callback_query":{"id":"7","inline_message_id":"x","data":"a"}}"#
        let old = #"{"update_id":2,"callback_query":{"id":"8","message":{"chat":{"id":1},"message_id":4,"date":0}}}"#
        #expect(decode(inline) == [.skipped(update: "callback_query")])
        #expect(decode(old) == [.skipped(update: "callback_query")])
    }

    @Test(arguments: [
        "inline_query", "chosen_inline_result", "poll", "poll_answer", "my_chat_member", "chat_member",
        "chat_join_request", "shipping_query", "pre_checkout_query", "message_reaction", "message_reaction_count",
        "chat_boost", "removed_chat_boost", "business_connection", "deleted_business_messages", "purchased_paid_media",
    ])
    func updatesWithoutAMessageAreSkippedByKind(_ kind: String) {
        #expect(decode(#"{"update_id":5,"\#(kind)":{"id":"x"}}"#) == [.skipped(update: kind)])
    }

    @Test func kindsFromTheInputCannotCarryText() {
        #expect(decode(#"{"update_id":5,"\u001b]0;pwned\u0007":{}}"#) == [.skipped(update: "unknown")])
        #expect(decode(#"{"update_id":5,"Inline Query":{}}"#) == [.skipped(update: "unknown")])
        #expect(decode(#"{"update_id":5}"#) == [.skipped(update: "empty")])
        #expect(decode(#"{"update_id":5,"future_kind_2":{}}"#) == [.skipped(update: "future_kind_2")])
    }

    @Test func skippedUpdatesKeepMessageNumbers() {
        // Skipped updates are no messages: the failure after them is still message #2.
        let items = decode(#"[{"update_id":1,"poll":{}},{"text":"a"},{"update_id":2,"inline_query":{}},{"text":5}]"#)
        #expect(items.count == 4)
        guard case .failure(let d) = items[3] else { Issue.record("expected a failure"); return }
        #expect(d.location.messageIndex == 1)
    }

    @Test func theNoteCountsEachKind() {
        var skipped = SkippedUpdates()
        #expect(skipped.note == nil)
        skipped.add("poll")
        #expect(skipped.note == "skipped 1 update without a message (1 poll)")
        for kind in ["inline_query", "chat_member", "inline_query"] { skipped.add(kind) }
        var total = SkippedUpdates()
        total.add(skipped)
        #expect(total.count == 4)
        #expect(total.note == "skipped 4 updates without a message (2 inline_query, 1 chat_member, 1 poll)")
    }
}
