/// Why a file is not a layout cache this msgfmt can use (it is then started again).
enum LayoutCacheDamage: Error, Equatable {
    case tooShort
    case notACache
    case otherFormat
    case indexDoesNotFit
    case indexUnreadable
    case indexOutOfOrder

    /// What the note says, after "started again: ".
    var reason: String {
        switch self {
        case .tooShort: "it is shorter than a layout cache"
        case .notACache: "it is not a msgfmt layout cache, or was cut short"
        case .otherFormat: "it was written in another format"
        case .indexDoesNotFit: "its index does not fit the file"
        case .indexUnreadable: "its index cannot be read"
        case .indexOutOfOrder: "its index is out of order or points outside the entries"
        }
    }
}
