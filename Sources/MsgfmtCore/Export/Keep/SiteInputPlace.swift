/// Where one input message of a chat lies in the export, for `--update` of an HTML site
/// (`SitePageReuse`): a page's span is recorded by where its last message ends, counted
/// from the chat's `messages` array, so the same span is found again in a later export
/// of the chat wherever the chat itself moved to.
public struct SiteInputPlace: Sendable, Equatable {
    /// The offset in the file of the byte after the chat's `messages` array opens.
    public var anchor: Int
    /// The offset in the file of the byte after the message's last byte.
    public var end: Int

    /// Creates a place.
    public init(anchor: Int, end: Int) {
        self.anchor = anchor
        self.end = end
    }

    /// The end as the manifest records it: counted from the anchor.
    public var relativeEnd: Int { end - anchor }
}
