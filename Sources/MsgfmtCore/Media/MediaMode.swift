/// `msgfmt export --media`: what the transcript does with the files an export holds.
public enum MediaMode: String, Sendable, Hashable, CaseIterable {
    /// Refer to the files where they are, by paths relative to the output.
    case link
    /// Hard-link (or else copy) every referenced file into the output's `media/` folder.
    case copy
    /// Describe media by placeholders only, as before media were shown.
    case none
}
