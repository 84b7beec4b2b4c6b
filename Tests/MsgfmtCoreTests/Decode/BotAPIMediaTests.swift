import Testing

@testable import MsgfmtCore

/// Media in Bot API messages: a placeholder for every kind, with or without a caption,
/// described as `msgfmt export` describes the same media.
@Suite struct BotAPIMediaTests {
    func decode(_ input: String) -> [DecodedItem] {
        MessageDecoder.decode(InputFile(name: "t", bytes: Array(input.utf8)), options: DecodeOptions(format: .botAPI))
    }

    func media(_ fields: String) -> MediaPlaceholder? {
        guard case .message(let m, _) = decode(#"{"message_id":1,\#(fields)}"#).first else { return nil }
        return m.media
    }

    @Test func mediaWithoutACaptionIsAMessage() {
        let input = #"{"message_id":5,"photo":[{"file_id":"x","file_unique_id":"y","width":90,"height":90,"file_size":1000}]}"#
        let photo = MediaPlaceholder(kind: "photo", title: "Photo 90×90", status: "1000 B")
        #expect(decode(input) == [.message(Message(id: 5, text: "", media: photo), diagnostics: [])])
        #expect(photo.summary == "Photo 90×90 · 1000 B")
    }

    /// A media field of another type than the Bot API gives it is left out of the
    /// placeholder, with a warning naming it; the message is still shown.
    @Test func mediaFieldsOfTheWrongTypeAreWarnedAbout() {
        let cases: [(String, String, String)] = [
            (#""photo":"x""#, "Photo", #""photo" must be an array of sizes, not a string"#),
            (#""photo":[{"width":"90","height":90}]"#, "Photo", #""photo.width" must be an integer, not a string"#),
            (#""voice":{"duration":"7"}"#, "Voice message", #""voice.duration" must be an integer, not a string"#),
            (#""location":{"latitude":"north","longitude":1.5}"#, "Location", #""location.latitude" must be a number, not a string"#),
            (#""poll":{"question":"Q?","options":{}}"#, "Poll: Q? · 0 votes", #""poll.options" must be an array, not an object"#),
            (#""sticker":7"#, "Sticker", #""sticker" must be an object, not a number"#),
        ]
        for (fields, summary, warning) in cases {
            guard case .message(let m, let diagnostics) = decode(#"{"message_id":1,\#(fields)}"#).first else {
                Issue.record("\(fields) is no message")
                continue
            }
            #expect(m.media?.summary == summary, "\(fields): \(m.media?.summary ?? "none")")
            #expect(diagnostics.map(\.message) == [warning + "; the placeholder leaves it out"], "\(fields)")
            #expect(diagnostics.allSatisfy { $0.severity == .warning && $0.location.messageID == 1 })
        }
        let good = #""voice":{"duration":7,"file_size":1000},"caption":"hi""#
        guard case .message(_, let none) = decode(#"{"message_id":2,\#(good)}"#).first else { return }
        #expect(none.isEmpty)
    }

    @Test func theCaptionIsTheText() {
        let items = decode(
            #"{"message_id":6,"voice":{"duration":7},"caption":"listen","caption_entities":[{"type":"bold","offset":0,"length":6}]}"#)
        let voice = MediaPlaceholder(kind: "voice_message", title: "Voice message 0:07")
        #expect(
            items == [
                .message(
                    Message(id: 6, text: "listen", entities: [MessageEntity(kind: .bold, offset: 0, length: 6)], media: voice),
                    diagnostics: [])
            ])
    }

    @Test func aMessageWithNothingToShowStillFails() {
        guard case .failure(let d) = decode(#"{"message_id":7,"reply_markup":{}}"#).first else {
            Issue.record("expected a failure")
            return
        }
        #expect(d.message == #"message has no "text", "caption" or media"#)
    }

    /// A service message (a join, a pin, a new title) is skipped and counted by its field,
    /// as an update without a message is, not an error: bots get them in every group.
    @Test func serviceMessagesAreSkippedAndCounted() {
        let items = decode(
            #"[{"message_id":7,"new_chat_title":"x"},{"message_id":8,"pinned_message":{"message_id":1,"date":0}},"#
                + #"{"message_id":9,"text":"hi"}]"#)
        #expect(items.count == 3)
        var skipped = SkippedUpdates()
        for case .skipped(let kind) in items { skipped.add(kind) }
        #expect(skipped.count == 2)
        #expect(skipped.note == "skipped 2 service messages (1 new_chat_title, 1 pinned_message)")
        guard case .message(let message, _) = items.last, message.text == "hi" else {
            Issue.record("expected the text message")
            return
        }
    }

    @Test(arguments: [
        (
            #""photo":[{"width":90,"height":90,"file_size":1000},{"width":1280,"height":720,"file_size":221011},{"width":320,"height":180}]"#,
            MediaPlaceholder(kind: "photo", title: "Photo 1280×720", status: "216 KB")
        ),
        (
            #""video":{"width":1920,"height":1080,"duration":42,"file_size":10485760}"#,
            MediaPlaceholder(kind: "video_file", title: "Video 0:42", status: "10 MB")
        ),
        (
            #""animation":{"width":320,"height":240,"duration":3},"document":{"file_name":"a.gif.mp4"}"#,
            MediaPlaceholder(kind: "animation", title: "GIF 320×240")
        ),
        (#""video_note":{"length":240,"duration":12}"#, MediaPlaceholder(kind: "video_message", title: "Video message 0:12")),
        (
            #""audio":{"duration":205,"performer":"Artist","title":"Song","file_name":"s.mp3"}"#,
            MediaPlaceholder(kind: "audio_file", title: "Audio Artist – Song 3:25")
        ),
        (#""audio":{"duration":5,"file_name":"s.mp3"}"#, MediaPlaceholder(kind: "audio_file", title: "Audio s.mp3 0:05")),
        (
            #""document":{"file_name":"report.pdf","file_size":1572864}"#,
            MediaPlaceholder(kind: "file", title: "File report.pdf", status: "1.5 MB")
        ),
        (#""document":{"file_id":"x"}"#, MediaPlaceholder(kind: "file", title: "File file")),
        (#""sticker":{"emoji":"😀","width":512,"height":512}"#, MediaPlaceholder(kind: "sticker", title: "Sticker 😀")),
        (
            #""venue":{"title":"Eiffel Tower","address":"Champ de Mars","location":{"latitude":48.8584,"longitude":2.2945}},"location":{"latitude":48.8584,"longitude":2.2945}"#,
            MediaPlaceholder(kind: "venue", title: "Venue Eiffel Tower", status: "Champ de Mars")
        ),
        (
            #""location":{"latitude":55.7558,"longitude":-37.6173}"#,
            MediaPlaceholder(kind: "location", title: "Location", status: "55.75580, -37.61730")
        ),
        (
            #""location":{"latitude":1,"longitude":2,"live_period":60}"#,
            MediaPlaceholder(kind: "live_location", title: "Live location", status: "1.00000, 2.00000")
        ),
        (
            #""contact":{"phone_number":"+1555","first_name":"Ada","last_name":"Lovelace"}"#,
            MediaPlaceholder(kind: "contact", title: "Contact Ada Lovelace", status: "+1555")
        ),
        (
            #""poll":{"question":"Lunch?","options":[{"text":"Pizza","voter_count":2},{"text":"Salad","voter_count":1}],"total_voter_count":3,"is_closed":true}"#,
            MediaPlaceholder(
                kind: "poll", title: "Poll: Lunch?", status: "3 votes · closed", details: ["• Pizza — 2 votes", "• Salad — 1 vote"])
        ),
        (#""dice":{"emoji":"🎯","value":6}"#, MediaPlaceholder(kind: "dice", title: "Dice 🎯", status: "rolled 6")),
        (#""game":{"title":"Chess","description":"Play"}"#, MediaPlaceholder(kind: "game", title: "Game Chess", status: "Play")),
        (
            #""invoice":{"title":"Pro","currency":"USD","total_amount":1250}"#,
            MediaPlaceholder(kind: "invoice", title: "Invoice Pro", status: "12.50 USD")
        ),
        (#""story":{"chat":{"id":1},"id":3}"#, MediaPlaceholder(kind: "story", title: "Story")),
        (
            #""paid_media":{"star_count":50,"paid_media":[{"type":"photo"},{"type":"video"}]}"#,
            MediaPlaceholder(kind: "paid_media", title: "Paid media", status: "50 stars · 2 items")
        ),
        (#""giveaway":{"winner_count":3}"#, MediaPlaceholder(kind: "giveaway", title: "Giveaway", status: "3 winners")),
        (
            #""giveaway_winners":{"winner_count":1,"winners":[]}"#,
            MediaPlaceholder(kind: "giveaway_winners", title: "Giveaway winners", status: "1 winner")
        ),
        (
            #""checklist":{"title":"Trip","tasks":[{"id":1,"text":"Tickets","completion_date":1700000000},{"id":2,"text":"Hotel","completion_date":0}]}"#,
            MediaPlaceholder(kind: "checklist", title: "Checklist: Trip", status: "1 of 2 done", details: ["☑ Tickets", "☐ Hotel"])
        ),
    ])
    func everyKindHasAPlaceholder(_ fields: String, _ expected: MediaPlaceholder) {
        #expect(media(fields) == expected, "\(fields)")
    }

    @Test func theSameMediaReadsTheSameAsInAnExport() {
        let pairs: [(botAPI: String, export: String)] = [
            (#""voice":{"duration":7,"file_size":5120}"#, #"{"media_type":"voice_message","duration_seconds":7,"file_size":5120}"#),
            (#""photo":[{"width":90,"height":90,"file_size":1000}]"#, #"{"photo":"p.jpg","width":90,"height":90,"photo_file_size":1000}"#),
            (#""document":{"file_name":"a.pdf","file_size":10}"#, #"{"file":"a.pdf","file_name":"a.pdf","file_size":10}"#),
            (#""sticker":{"emoji":"😀"}"#, #"{"media_type":"sticker","sticker_emoji":"😀"}"#),
            (#""dice":{"emoji":"🎲","value":3}"#, #"{"dice":{"emoji":"🎲","value":3}}"#),
        ]
        for (botAPI, export) in pairs {
            let value = try? JSONParser.parse(Array(export.utf8))
            #expect(media(botAPI) == value.flatMap(ExportMediaDecoder.media(of:)), "\(botAPI)")
        }
    }

    @Test func hostileValuesGiveShortSafeText() {
        let huge = media(#""video":{"duration":9223372036854775807,"file_size":99999999999999999999},"photo":null"#)
        #expect(huge?.title == "Video 2562047788015215:30:07")
        #expect(huge?.status == "")
        #expect(media(#""audio":{"duration":-5}"#)?.title == "Audio 0:00")
        #expect(
            media(#""invoice":{"title":"x","currency":"USD","total_amount":-9223372036854775808}"#)?.status == "-92233720368547758.08 USD")
        #expect(media(#""location":{"latitude":1e308,"longitude":-1e308}"#)?.status == "?, ?")
        #expect(media(#""photo":[{"width":1e30,"height":-5},7,"x",null]"#)?.kind == "photo")
        #expect(media(#""poll":{"options":[5,{"voter_count":-1}],"total_voter_count":"x"}"#)?.details == ["•  — 0 votes", "•  — -1 votes"])
    }
}
