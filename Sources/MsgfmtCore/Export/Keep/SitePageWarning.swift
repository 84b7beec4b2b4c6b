/// A warning about a message of a page, as the `--update` manifest keeps it: when the page
/// is kept, the warning is reported again (`diagnostic(anchor:)`), so an update reports
/// what a fresh export would and the page need not be written again to say it.
///
/// Its byte offset is counted from the chat's anchor (`SiteInputPlace.anchor`), as the
/// page's end is, and moves with the page's span. A warning that could not be placed again
/// the same way (about no message id, or at a line of the input) is not kept: its page is
/// written again instead (`init?(_:anchor:)`).
public struct SitePageWarning: Sendable, Equatable {
    /// The message the warning is about.
    public var messageID: Int64
    /// The entity it names, if any.
    public var entityIndex: Int?
    /// Where it points, counted from the chat's anchor, if anywhere.
    public var byte: Int?
    /// What it says, and the file it is about when not the run's input.
    public var message: String
    public var source: String?

    /// The most warnings a page keeps: a page with more is written again, so a message
    /// with thousands of repairs does not swell the manifest.
    static let perPage = 64

    /// Creates a kept warning.
    public init(messageID: Int64, entityIndex: Int?, byte: Int?, message: String, source: String?) {
        self.messageID = messageID
        self.entityIndex = entityIndex
        self.byte = byte
        self.message = message
        self.source = source
    }

    /// The warning `diagnostic`, its offset counted from `anchor`; nil when it cannot be
    /// reported again as it is now (an error, or a place other than message and byte).
    init?(_ diagnostic: Diagnostic, anchor: Int) {
        let location = diagnostic.location
        guard diagnostic.severity == .warning, let id = location.messageID, location.line == nil, location.column == nil
        else { return nil }
        var byte: Int?
        if let offset = location.byteOffset {
            guard offset >= anchor else { return nil }
            byte = offset - anchor
        }
        self.init(messageID: id, entityIndex: location.entityIndex, byte: byte, message: diagnostic.message, source: diagnostic.source)
    }

    /// The warning as reported, for a chat whose anchor is now at `anchor`.
    func diagnostic(anchor: Int) -> Diagnostic {
        var diagnostic = Diagnostic(
            .warning, Diagnostic.Location(messageID: messageID, entityIndex: entityIndex, byteOffset: byte.map { anchor + $0 }), message)
        diagnostic.source = source
        return diagnostic
    }
}
