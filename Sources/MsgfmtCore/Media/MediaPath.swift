/// Paths of media files: the lexical check that a path from `result.json` stays inside the
/// export folder, relative paths between folders, and the percent-encoding that turns
/// path components into URL paths.
public enum MediaPath {
    /// The components of `given`, a path relative to the export folder, or nil when it may
    /// not be followed: empty, absolute, with a `..` component, a backslash (a Windows
    /// separator that could climb out elsewhere), a NUL or any other control character.
    /// `.` components and repeated slashes are dropped.
    public static func components(of given: String) -> [String]? {
        guard !given.isEmpty, !given.hasPrefix("/"), given.utf8.count <= 4096 else { return nil }
        if given.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) { return nil }
        var parts: [String] = []
        for part in given.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { return nil }
            parts.append(String(part))
        }
        return parts.isEmpty ? nil : parts
    }

    /// The components of an absolute path, `.` and empty ones dropped and `..` applied.
    static func absoluteComponents(_ path: String) -> [String] {
        var parts: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(String(part))
        }
        return parts
    }

    /// The relative path that leads from folder `from` to folder `to` (both absolute), as
    /// components: `..` for each step up, then names; empty when they are the same folder.
    public static func relative(from: String, to: String) -> [String] {
        let a = absoluteComponents(from)
        let b = absoluteComponents(to)
        var common = 0
        while common < a.count, common < b.count, a[common] == b[common] { common += 1 }
        return Array(repeating: "..", count: a.count - common) + b[common...]
    }

    /// `components` as a relative URL path, each component percent-encoded, joined by `/`.
    public static func urlPath(_ components: [String]) -> String {
        components.map(encode).joined(separator: "/")
    }

    /// A `file://` URL for an absolute path.
    public static func fileURL(_ absolutePath: String) -> String {
        "file:///" + urlPath(absoluteComponents(absolutePath))
    }

    /// One path component percent-encoded: letters, digits and `-._~@+,=` stay, every other
    /// byte of its UTF-8 becomes `%XX` (so the result is safe in HTML attributes, Markdown
    /// link destinations and OSC 8 sequences alike).
    public static func encode(_ component: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(component.utf8.count)
        for byte in component.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "@"), UInt8(ascii: "+"),
                UInt8(ascii: ","), UInt8(ascii: "="):
                out.append(byte)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 15)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
