internal import CCairo

/// The system libraries PNG pictures are drawn with (cairo, FreeType, zlib), opened on
/// first use rather than at every start of msgfmt.
public enum PictureLibraries {
    /// Throws when `format` needs libraries that cannot be loaded: PNG needs cairo,
    /// FreeType and zlib (fonts and shaping are `FontLibrary`'s to check); every other
    /// format needs none of them. Commands check before their first message, so a missing
    /// library is one error rather than one failed picture per message.
    public static func check(for format: OutputFormat) throws(FontError) {
        guard format == .png, let reason = msgfmt_cairo_load() else { return }
        throw .libraryMissing(String(cString: reason))
    }
}
