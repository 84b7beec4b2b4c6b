/// Who sent a message, as Bot API input says it (`from`): the name chat apps show above a
/// group of bubbles, and the user id that picks the name's color.
public struct MessageSender: Sendable, Hashable {
    /// "First Last", else the username.
    public var name: String
    /// The user id, when the input gives it.
    public var id: Int64?

    /// Creates a sender.
    public init(name: String, id: Int64? = nil) {
        self.name = name
        self.id = id
    }

    /// The sender a Bot API `User` describes: its first and last name, else its username;
    /// nil when it has neither.
    public init?(firstName: String?, lastName: String?, username: String?, id: Int64?) {
        let full = [firstName, lastName].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: " ")
        if !full.isEmpty {
            name = full
        } else if let username, !username.isEmpty {
            name = username
        } else {
            return nil
        }
        self.id = id
    }

    /// The key grouping a sender's consecutive bubbles and choosing its peer color, as
    /// export transcripts key their senders (`user42`).
    public var key: String {
        id.map { "user\($0)" } ?? "name:" + name
    }

    /// The export `from_id` that `--me` names: as given when it starts with `user`, else
    /// the number with `user` before it (`42` → `user42`).
    public static func fromID(me: String) -> String {
        me.hasPrefix("user") ? me : "user" + me
    }
}
