/// Decides where a transcript shows day headers and sender headers: a new group starts
/// when the sender, the day or the forward state changes, after a service message, or when
/// more than 900 seconds passed since the previous message.
public struct TranscriptGrouping: Sendable {
    /// Where a message goes relative to the one before it.
    public struct Placement: Sendable, Hashable {
        /// The message's local day (days since 1970-01-01).
        public var day: Int64
        /// A day header goes before the message.
        public var newDay: Bool
        /// A sender header goes before the message (it starts a group).
        public var newGroup: Bool
    }

    /// The longest gap, in seconds, between two messages of one group.
    public static let maxGap: Int64 = 900

    private struct Last {
        var day: Int64
        var date: Int64
        var sender: String
        var forward: String?
        var service: Bool
    }

    private var last: Last?
    private let clock: ExportClock

    /// Creates grouping state for a chat.
    public init(clock: ExportClock) {
        self.clock = clock
    }

    /// The sender key of a message: its `from_id`, else its name.
    static func senderKey(_ m: ExportMessage) -> String {
        m.fromID ?? ("name:" + (m.from ?? ""))
    }

    /// The forward state: nil when not forwarded, else where from.
    static func forwardKey(_ m: ExportMessage) -> String? {
        m.forwarded ? (m.forwardedFrom ?? "") : nil
    }

    /// Places `m` after the previous message and remembers it.
    public mutating func place(_ m: ExportMessage) -> Placement {
        let day = clock.day(of: m.date)
        let sender = Self.senderKey(m)
        let forward = Self.forwardKey(m)
        var placement = Placement(day: day, newDay: true, newGroup: true)
        if let last {
            placement.newDay = last.day != day
            let gap = m.date &- last.date
            placement.newGroup =
                placement.newDay || m.isService || last.service || last.sender != sender
                || last.forward != forward || gap > Self.maxGap || gap < 0
        }
        last = Last(day: day, date: m.date, sender: sender, forward: forward, service: m.isService)
        return placement
    }
}
