import Testing

@testable import MsgfmtCore

/// `--chat` selects a chat by its exact name or id, and a chat without a name also by the
/// name transcripts show it under.
@Suite struct ExportChatInfoTests {
    @Test func chatsAreSelectedByNameIdOrTheNameTheyAreShownUnder() {
        let named = ExportChatInfo(name: "Team", id: 42)
        #expect(named.matches("Team") && named.matches("42"))
        #expect(!named.matches("team") && !named.matches("Chat 42"))
        let saved = ExportChatInfo(name: nil, type: "saved_messages", id: 16)
        #expect(saved.displayName == "Chat 16" && saved.matches("Chat 16") && saved.matches("16"))
        let unknown = ExportChatInfo(name: "", ordinal: 2)
        #expect(unknown.displayName == "Chat 3" && unknown.matches("Chat 3") && !unknown.matches("Chat 2"))
    }
}
