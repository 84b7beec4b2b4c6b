/// Cuts a normalized message into blocks of non-overlapping styled runs.
public enum StyledTextBuilder {
    /// The styled text of a normalized message.
    public static func build(_ message: Message) -> StyledText {
        StyledText(plain: message.text, messageID: message.id)
    }
}
