/// A message's identity across exports of the same chat: the chat and the message id.
/// Telegram never reuses a message id within a chat, so two exports that hold the same
/// identity hold two snapshots of one message.
public struct MessageIdentity: Sendable, Hashable {
    /// The chat.
    public var chat: ChatKey
    /// The message id within the chat.
    public var id: Int64

    /// Creates an identity.
    public init(chat: ChatKey, id: Int64) {
        self.chat = chat
        self.id = id
    }
}
