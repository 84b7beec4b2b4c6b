internal import CByteScan

/// The id and times of an export message read straight from its bytes, without decoding
/// it: what a merge needs of each message to plan (see `ArchiveIndexer.bytesOnly`). Reads
/// only the top-level members `id`, `date_unixtime` and `edited_unixtime` (numbers or
/// strings of digits) and skips everything else; nil when the object is not as expected
/// or lacks `id` or `date_unixtime` (the caller then decodes the message in full).
struct QuickMessageFields {
    var id: Int64
    var date: Int64
    var edited: Int64?

    /// Reads the fields of the JSON object in `bytes`.
    static func read(_ bytes: [UInt8]) -> QuickMessageFields? {
        bytes.withUnsafeBufferPointer { read(Reader(bytes: $0)) }
    }

    private static func read(_ r: Reader) -> QuickMessageFields? {
        var r = r
        var id: Int64?
        var date: Int64?
        var edited: Int64?
        var seen: UInt8 = 0
        r.skipSpace()
        guard r.take(UInt8(ascii: "{")) else { return nil }
        r.skipSpace()
        if r.take(UInt8(ascii: "}")) { return nil }
        while true {
            r.skipSpace()
            guard let key = r.key() else { return nil }
            r.skipSpace()
            guard r.take(UInt8(ascii: ":")) else { return nil }
            r.skipSpace()
            // A member named twice counts the first time, as the decoder counts it.
            if seen & key.rawValue == 0 {
                switch key {
                case .id: id = r.integer()
                case .date: date = r.integer()
                case .edited:
                    // One the decoder reads another way (`"+5"`) or refuses: it decides.
                    guard let value = r.integer() else { return nil }
                    edited = value
                case .editedLocal, .other: break
                }
                seen |= key.rawValue
            }
            guard r.skipValue() else { return nil }
            r.skipSpace()
            if r.take(UInt8(ascii: ",")) { continue }
            guard r.take(UInt8(ascii: "}")) else { return nil }
            break
        }
        // An edit dated only in local time (exports before `edited_unixtime`): the decoder
        // reads it in the export's zone.
        guard let id, let date, seen & Key.editedLocal.rawValue == 0 || seen & Key.edited.rawValue != 0 else { return nil }
        return QuickMessageFields(id: id, date: date, edited: edited)
    }

    /// The message's id when it is the object's first member (`{"id": 42, …`, as Telegram
    /// Desktop writes it), read from the first bytes alone; nil otherwise.
    static func leadingID(_ bytes: [UInt8]) -> Int64? {
        bytes.withUnsafeBufferPointer { buffer in
            var r = Reader(bytes: buffer)
            r.skipSpace()
            guard r.take(UInt8(ascii: "{")) else { return nil }
            r.skipSpace()
            guard r.key() == .id else { return nil }
            r.skipSpace()
            guard r.take(UInt8(ascii: ":")) else { return nil }
            r.skipSpace()
            return r.integer()
        }
    }

    /// The members read, one bit each (none for the others).
    private enum Key: UInt8 {
        case id = 1
        case date = 2
        case edited = 4
        /// `edited`, the local date the decoder reads when `edited_unixtime` is missing.
        case editedLocal = 8
        case other = 0
    }

    /// A cursor over the bytes.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            at += 1
            return true
        }

        mutating func skipSpace() {
            while let b = peek, JSONParser.isWhitespace(b) { at += 1 }
        }

        /// A member name; nil for one with an escape, which may spell one of the names
        /// read (the decoder then decides).
        mutating func key() -> Key? {
            let start = at + 1
            guard skipString() else { return nil }
            let name = UnsafeBufferPointer(rebasing: bytes[start..<(at - 1)])
            if name.contains(UInt8(ascii: "\\")) { return nil }
            return Self.key(name)
        }

        /// The member `name` names, compared byte by byte.
        private static func key(_ name: UnsafeBufferPointer<UInt8>) -> Key {
            switch name.count {
            case 2: return name[0] == UInt8(ascii: "i") && name[1] == UInt8(ascii: "d") ? .id : .other
            case 6: return name.elementsEqual(editedLocalName) ? .editedLocal : .other
            case 13: return name.elementsEqual(dateName) ? .date : .other
            case 15: return name.elementsEqual(editedName) ? .edited : .other
            default: return .other
            }
        }

        private static let dateName: [UInt8] = Array("date_unixtime".utf8)
        private static let editedName: [UInt8] = Array("edited_unixtime".utf8)
        private static let editedLocalName: [UInt8] = Array("edited".utf8)

        /// The integer at the cursor, bare or quoted, without moving it; nil for anything else.
        func integer() -> Int64? {
            var i = at
            let quoted = i < bytes.count && bytes[i] == UInt8(ascii: "\"")
            if quoted { i += 1 }
            var negative = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") {
                negative = true
                i += 1
            }
            var value: Int64 = 0
            var digits = 0
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let (s, o2) = m.addingReportingOverflow(Int64(bytes[i] - 0x30))
                if o1 || o2 { return nil }
                value = s
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
            if quoted {
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
            } else if i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] | 0x20 == UInt8(ascii: "e") {
                return nil
            }
            return negative ? -value : value
        }

        /// Skips a string (the cursor on its opening quote), finding its quotes and
        /// backslashes sixteen bytes at a time.
        mutating func skipString() -> Bool {
            guard take(UInt8(ascii: "\"")), let base = bytes.baseAddress else { return false }
            while true {
                at = msgfmt_byte_scan_quote_end(base, at, bytes.count)
                guard at < bytes.count else { return false }
                let b = base[at]
                // A backslash takes the byte after it along.
                at += b == UInt8(ascii: "\"") ? 1 : 2
                if b == UInt8(ascii: "\"") { return true }
            }
        }

        /// Skips any value: strings, and objects and arrays to their matching close.
        mutating func skipValue() -> Bool {
            guard let first = peek, let base = bytes.baseAddress else { return false }
            if first == UInt8(ascii: "\"") { return skipString() }
            guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
                // A number or literal: up to the next delimiter.
                while let b = peek, b != UInt8(ascii: ","), b != UInt8(ascii: "}"), b != UInt8(ascii: "]"), b > 0x20 { at += 1 }
                return true
            }
            // Only quotes and brackets matter between here and the matching close.
            var depth = 0
            while true {
                at = msgfmt_byte_scan_quote_or_bracket(base, at, bytes.count)
                guard at < bytes.count else { return false }
                switch base[at] {
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                default:
                    depth -= 1
                    if depth == 0 {
                        at += 1
                        return true
                    }
                }
                at += 1
            }
        }
    }
}
