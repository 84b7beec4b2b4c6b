/// One thing the export scanner found while streaming through `result.json`.
public enum ExportEvent: Sendable {
    /// The account's `personal_information` object (whole-account exports).
    case personalInformation(JSONValue)
    /// A chat's messages begin; the info holds the fields seen before them.
    case chatStart(ExportChatInfo)
    /// The raw bytes of one message object and where they start in the file.
    case message(RawExportMessage)
    /// A chat ended; the info now also holds fields written after its messages.
    case chatEnd(ExportChatInfo)
    /// `--update` of a site (`SitePageReuse`): the next page of the current chat is kept
    /// from the previous site.
    case keptPage(SiteKeptPage)
    /// `--update` of a site: the writer must be asked how many of these pages it can keep,
    /// once every message before them was written; the answer goes to the event source
    /// (`ExportEventSource.answer`) before its next event.
    case keepCheck(SiteKeepCheck)
    /// `--update` of a site: search block `index` of the current chat (`count` messages,
    /// `scalars` its folding scalars) is kept from the previous site.
    case keptSearchBlock(index: Int, count: Int, scalars: String)
}
