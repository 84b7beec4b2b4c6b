/// The members of an export message that its media file and placeholder are read from
/// (`ExportMediaDecoder`): the tree path's object, or what the direct reader kept of them
/// (`ExportMediaFields`). One set of rules serves both.
protocol ExportMediaMembers {
    /// True when the message has the member, whatever its value.
    func has(_ key: String) -> Bool
    /// The member's value when it is a string.
    func string(_ key: String) -> String?
    /// The member's value when it is an integer that fits 64 bits.
    func integer(_ key: String) -> Int64?
}

extension JSONValue: ExportMediaMembers {
    func has(_ key: String) -> Bool { self[key] != nil }
    func string(_ key: String) -> String? { self[key]?.stringValue }
    func integer(_ key: String) -> Int64? { self[key]?.int64Value }
}
