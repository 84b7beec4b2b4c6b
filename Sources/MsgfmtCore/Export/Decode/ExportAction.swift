/// A service message's action: its name, who did it, and its fields.
public struct ExportAction: Sendable, Hashable {
    /// The action name (`pin_message`, `phone_call`, …).
    public var name: String
    /// The whole message object, for the action's own fields.
    public var fields: JSONValue

    /// Creates an action.
    public init(name: String, fields: JSONValue) {
        self.name = name
        self.fields = fields
    }
}
