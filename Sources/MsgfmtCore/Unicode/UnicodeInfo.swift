internal import CICU

/// Versions of the Unicode data msgfmt is running with.
public enum UnicodeInfo {
    /// The Unicode version of the linked ICU's data, such as "15.0.0".
    public static var unicodeVersion: String {
        var buffer = [CChar](repeating: 0, count: 32)
        msgfmt_icu_unicode_version(&buffer, 32)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The linked ICU library version, such as "72.1".
    public static var icuVersion: String {
        var buffer = [CChar](repeating: 0, count: 32)
        msgfmt_icu_library_version(&buffer, 32)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
