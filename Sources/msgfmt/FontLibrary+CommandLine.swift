import ArgumentParser
import MsgfmtCore

extension FontLibrary {
    /// The fonts for a command that lays out in pixels or draws `format`, with the
    /// libraries that needs checked first; every failure as a usage error in one sentence.
    static func opened(_ options: FontOptions, for format: OutputFormat) throws -> FontLibrary {
        do throws(FontError) {
            try PictureLibraries.check(for: format)
            return try FontLibrary(options)
        } catch {
            if case .libraryMissing = error { throw ValidationError("\(error.message).") }
            throw ValidationError("--font: \(error.message).")
        }
    }
}
