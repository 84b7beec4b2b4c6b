/// The Bot API Updates of a run that carried no message (`DecodedItem.skipped`), counted
/// by kind, so they can be reported once instead of vanishing.
public struct SkippedUpdates: Sendable, Hashable {
    /// How many updates of each kind were skipped.
    public private(set) var kinds: [String: Int] = [:]
    /// How many service messages (a join, a pin: no text, caption or media) of each kind
    /// were skipped, by their service field (`new_chat_members`, `pinned_message`, …).
    public private(set) var services: [String: Int] = [:]
    /// How many updates and service messages were skipped in all.
    public private(set) var count = 0

    /// Creates an empty count.
    public init() {}

    /// What `DecodedItem.skipped` names a service message of `field` by, which `add`
    /// counts among `services`.
    static func serviceMessage(_ field: String) -> String { servicePrefix + field }
    private static let servicePrefix = "service message: "

    /// Counts one skipped update of kind `update` (or service message, `serviceMessage`).
    public mutating func add(_ update: String) {
        if update.hasPrefix(Self.servicePrefix) {
            services[String(update.dropFirst(Self.servicePrefix.count)), default: 0] += 1
        } else {
            kinds[update, default: 0] += 1
        }
        count += 1
    }

    /// Adds the counts of `other`.
    public mutating func add(_ other: SkippedUpdates) {
        for (kind, n) in other.kinds { kinds[kind, default: 0] += n }
        for (kind, n) in other.services { services[kind, default: 0] += n }
        count += other.count
    }

    /// The note that reports them, `skipped 3 updates without a message (2 inline_query,
    /// 1 poll)` and `skipped 2 service messages (1 new_chat_members, 1 pinned_message)`,
    /// kinds by falling count then name; nil when nothing was skipped.
    public var note: String? {
        var notes: [String] = []
        let updates = kinds.values.reduce(0, +)
        if updates > 0 { notes.append("skipped \(updates) update\(updates == 1 ? "" : "s") without a message (\(Self.list(kinds)))") }
        let messages = services.values.reduce(0, +)
        if messages > 0 {
            notes.append("skipped \(messages) service message\(messages == 1 ? "" : "s") (\(Self.list(services)))")
        }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }

    /// `2 inline_query, 1 poll`: by falling count, then name.
    private static func list(_ kinds: [String: Int]) -> String {
        kinds.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            .joined(separator: ", ")
    }
}
