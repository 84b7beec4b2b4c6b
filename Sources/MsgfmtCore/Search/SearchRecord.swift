/// What the site's search index keeps of one message, made on a worker thread: the terms
/// of its folded text, what the operators ask about, and the text its snippet is cut from.
public struct SearchRecord: Sendable {
    /// The message id, written as a decimal string (JavaScript numbers hold 53 bits).
    var id: Int64
    /// Local minutes since 1970-01-01 00:00 in the export's zone.
    var minutes: Int64
    /// The sender's name as the transcript shows it, and its `from_id`.
    var sender: String
    var fromID: String
    /// What `has:` asks about (`FilterFeatures` bits).
    var features: UInt32
    /// The text words and phrases are searched in (the text or caption), as a JSON string
    /// (quoted and escaped where the record is made, on a worker thread, so the thread that
    /// writes the index only copies it).
    var quotedText: [UInt8]
    /// What the snippet shows when there is no text: the media title or service sentence.
    var note: String
    /// The distinct terms of the folded text (see `SearchTerms`).
    var terms: SearchTermList
    /// The distinct scalars beyond ASCII of the text and the sender's name, whose folding
    /// the index ships (`SearchFoldTable`).
    var scalars: [Unicode.Scalar]

    /// The record of `message`, dated in `clock`'s zone; `units`, when given, are the
    /// UTF-16 units of its text (`message.body.text`), which the caller has already made.
    /// With `hidingSpoilers` (`--spoilers hide`) its spoilers are neither searched nor
    /// shown in snippets (`SpoilerMask`).
    init(_ message: ExportMessage, clock: ExportClock, units: [UInt16]? = nil, hidingSpoilers: Bool) {
        let text = message.body.text
        var units = text.isEmpty ? [] : units ?? UTF16Text.units(of: text)
        var shown = Shown.text(text)
        if hidingSpoilers, let masked = Self.masked(units, message) {
            units = masked
            shown = .units(masked)
        }
        let terms = units.isEmpty ? SearchTermList() : SearchTerms.terms(in: FoldedText(units: units))
        self.init(message, clock: clock, terms: terms, scalars: SearchFoldTable.scalars(of: units, message.senderName), shown: shown)
    }

    /// What a record's snippets show: the message's text, or its units with the spoilers
    /// shaded.
    private enum Shown {
        case text(String)
        case units([UInt16])
    }

    /// The record of `message` with its `terms` and `scalars` found before (the layout
    /// cache keeps them: they are what takes time).
    init(_ message: ExportMessage, clock: ExportClock, terms: SearchTermList, scalars: [Unicode.Scalar], hidingSpoilers: Bool) {
        let text = message.body.text
        let masked = hidingSpoilers ? Self.masked(UTF16Text.units(of: text), message) : nil
        self.init(message, clock: clock, terms: terms, scalars: scalars, shown: masked.map(Shown.units) ?? .text(text))
    }

    /// The record of `message` whose snippets show `shown`.
    private init(_ message: ExportMessage, clock: ExportClock, terms: SearchTermList, scalars: [Unicode.Scalar], shown: Shown) {
        id = message.id
        // Clamped so the script reads it exactly (JavaScript numbers hold 53 bits).
        minutes = min(max(clock.local(message.date).floorDivision(by: 60).quotient, -(1 << 40)), 1 << 40)
        // What the snippets show is drawn as it is: controls as their placeholders.
        sender = DisplaySafety.sanitizeKeepingLines(message.senderName)
        fromID = message.fromID ?? ""
        features = FilterSubject.features(of: message).rawValue
        var json = JSONWriter()
        var isEmpty = false
        switch shown {
        case .text(let text):
            json.string(DisplaySafety.sanitizeKeepingLines(text))
            isEmpty = text.isEmpty
        case .units(var units):
            DisplaySafety.sanitizeKeepingLines(&units)
            units.withUnsafeBufferPointer { json.string(utf16: $0) }
        }
        quotedText = json.takeBytes()
        note = ""
        if isEmpty {
            if message.isService {
                note = DisplaySafety.sanitizeKeepingLines(ServiceSentence.sentence(for: message))
            } else if let media = message.media {
                note = DisplaySafety.sanitizeKeepingLines(media.title)
            }
        }
        self.terms = terms
        self.scalars = scalars
    }

    /// The units of `message`'s text with its spoilers shaded, or nil when it has none.
    private static func masked(_ units: @autoclosure () -> [UInt16], _ message: ExportMessage) -> [UInt16]? {
        guard message.body.entities.contains(where: { $0.kind == .spoiler }) else { return nil }
        return SpoilerMask.masked(units(), SpoilerMask.spoilers(message.body.entities))
    }
}
