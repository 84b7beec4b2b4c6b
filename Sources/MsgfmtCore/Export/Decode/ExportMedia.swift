/// The media placeholder of an export message: the name the export code has always used
/// for `MediaPlaceholder`, which Bot API messages share.
public typealias ExportMedia = MediaPlaceholder
