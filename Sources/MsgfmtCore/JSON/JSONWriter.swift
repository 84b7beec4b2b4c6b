internal import CByteScan

/// Builds compact JSON text into a byte buffer, escaping strings safely.
///
/// Every control character and U+2028/U+2029 is escaped, so the output is one line and
/// safe to embed in HTML `<script>` data or a JSON Lines stream.
public struct JSONWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty writer.
    public init() {}

    /// Creates a writer that appends to `bytes` (moved in; take them back with
    /// `takeBytes()`).
    public init(appendingTo bytes: consuming [UInt8]) {
        self.bytes = bytes
    }

    /// The bytes written, moved out: the writer is empty afterwards.
    public mutating func takeBytes() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &bytes)
        return taken
    }

    /// Hands the bytes written so far to `body`, which may write them out and remove them
    /// (a long output written as it goes).
    public mutating func drain(_ body: (inout [UInt8]) -> Void) {
        body(&bytes)
    }

    /// The output as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends raw JSON syntax.
    @inline(__always)
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Appends JSON text written before (by another writer, on another thread), as it is.
    public mutating func json(_ written: [UInt8]) {
        written.withUnsafeBufferPointer { append($0) }
    }

    /// Appends `source` as it is (`append(bytes:)`: one capacity check and a copy).
    @inline(__always)
    private mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        bytes.append(bytes: source)
    }

    /// Appends an integer.
    public mutating func number<I: BinaryInteger>(_ value: I) {
        if let v = Int64(exactly: value) {
            integer(v)
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    /// Appends the decimal digits of `value`, written in place without an intermediate string.
    private mutating func integer(_ value: Int64) {
        if value >= 0, value < 10 {
            bytes.append(0x30 &+ UInt8(truncatingIfNeeded: value))
            return
        }
        appending(upTo: Cursor.integerRoom) { $0.integer(value) }
    }

    /// Writes raw syntax and integers through a pointer into room made once: the way to
    /// append a run of members with one capacity check (`appending(upTo:_:)`).
    struct Cursor {
        /// The most bytes `integer` writes (a sign and 19 digits).
        @inline(__always) static var integerRoom: Int { DecimalDigits.room() }

        private let out: UnsafeMutablePointer<UInt8>
        /// The bytes written so far.
        private(set) var count = 0

        @inline(__always)
        init(_ out: UnsafeMutablePointer<UInt8>) { self.out = out }

        /// Writes `text`, raw JSON syntax.
        @inline(__always)
        mutating func raw(_ text: StaticString) {
            (out + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
            count &+= text.utf8CodeUnitCount
        }

        /// Writes `text`, which is ASCII with nothing to escape, in quotes (`text`'s bytes
        /// and two).
        @inline(__always)
        mutating func quoted(ascii text: String) {
            var text = text
            out[count] = 0x22
            text.withUTF8 { bytes in
                if let base = bytes.baseAddress { (out + (count &+ 1)).update(from: base, count: bytes.count) }
                count &+= bytes.count &+ 2
            }
            out[count &- 1] = 0x22
        }

        /// Writes the decimal digits of `value` (at most `integerRoom` bytes).
        @inline(__always)
        mutating func integer(_ value: Int64) {
            count &+= DecimalDigits.write(value, to: out + count)
        }
    }

    /// Appends what `fill` writes through a `Cursor`, at most `maximum` bytes, with one
    /// capacity check.
    @inline(__always)
    mutating func appending(upTo maximum: Int, _ fill: (inout Cursor) -> Void) {
        bytes.appendBytes(upTo: maximum) { out in
            var cursor = Cursor(out)
            fill(&cursor)
            return cursor.count
        }
    }

    /// Appends a boolean.
    public mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    /// Appends `null`.
    public mutating func null() { raw("null") }

    /// Appends a quoted, escaped string. Runs of bytes that need no escape are copied
    /// from the string's UTF-8 in one piece.
    public mutating func string(_ value: String) {
        var source = value
        source.withUTF8 { string(validUTF8: $0) }
    }

    /// Appends the valid UTF-8 `utf8` as a quoted, escaped string (what `string(_:)`
    /// writes for the string of these bytes).
    mutating func string(validUTF8 utf8: UnsafeBufferPointer<UInt8>) {
        // Most strings need no escape: then they go out with their quotes in one copy.
        if Self.firstMayNeedEscape(utf8, from: 0) == utf8.count {
            bytes.appendBytes(upTo: utf8.count + 2) { out in
                out[0] = 0x22
                if let base = utf8.baseAddress { (out + 1).update(from: base, count: utf8.count) }
                out[utf8.count + 1] = 0x22
                return utf8.count + 2
            }
            return
        }
        let n = utf8.count
        // Room for the string, its quotes and a few escapes, made once rather than by the
        // appends below (doubling as appends would, so a long-lived writer grows as before).
        let room = bytes.count &+ n &+ 18
        if bytes.capacity < room { bytes.reserveCapacity(Swift.max(room, 2 &* bytes.capacity)) }
        bytes.append(0x22)
        var runStart = 0
        var i = 0
        while i < n {
            i = Self.firstMayNeedEscape(utf8, from: i)
            guard i < n else { break }
            let b = utf8[i]
            guard Self.mayNeedEscape(b) else {
                i &+= 1
                continue
            }
            var scalar = UInt32(b)
            var length = 1
            // Valid UTF-8, so a lead byte's continuation bytes exist.
            if b == 0xC2 {
                // Of U+0080...U+00BF only the C1 controls, below U+00A0.
                guard utf8[i &+ 1] < 0xA0 else {
                    i &+= 1
                    continue
                }
                scalar = UInt32(utf8[i &+ 1])
                length = 2
            } else if b == 0xE2 {
                // Of U+2000...U+2FFF only U+2028 and U+2029.
                guard utf8[i &+ 1] == 0x80, utf8[i &+ 2] == 0xA8 || utf8[i &+ 2] == 0xA9 else {
                    i &+= 1
                    continue
                }
                scalar = 0x2000 | UInt32(utf8[i &+ 2] & 0x3F)
                length = 3
            }
            if runStart < i { append(UnsafeBufferPointer(rebasing: utf8[runStart..<i])) }
            escape(scalar)
            i &+= length
            runStart = i
        }
        if runStart < n { append(UnsafeBufferPointer(rebasing: utf8[runStart..<n])) }
        bytes.append(0x22)
    }

    /// Appends UTF-16 `units` as a quoted, escaped string (what `string(validUTF8:)`
    /// writes for their UTF-8; a lone surrogate as U+FFFD): written as UTF-8 straight
    /// into the output when no unit needs an escape, the usual case, found by one scan
    /// (CByteScan); else through a scratch buffer of their UTF-8.
    mutating func string(utf16 units: UnsafeBufferPointer<UInt16>) {
        guard let base = units.baseAddress else { return raw("\"\"") }
        let n = units.count
        guard msgfmt_byte_scan_json_escape(base, 0, n) == n else {
            return UTF16Text.withUTF8(units) { string(validUTF8: $0) }
        }
        bytes.appendBytes(upTo: n &* 3 &+ 2) { out in
            out[0] = 0x22
            let count = UTF16Text.encodeUTF8(units, into: UnsafeMutableBufferPointer(start: out + 1, count: n &* 3))
            out[count &+ 1] = 0x22
            return count &+ 2
        }
    }

    /// The first offset at or after `i` whose byte `mayNeedEscape` flags, the count when
    /// there is none; sixteen bytes at a time (CByteScan).
    @inline(__always)
    static func firstMayNeedEscape(_ utf8: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        guard let base = utf8.baseAddress else { return i }
        return msgfmt_byte_scan_may_need_escape(base, i, utf8.count)
    }

    /// True for a byte that may start something `string` escapes: ASCII controls, DEL,
    /// `"`, `\\`, `<`, and the lead bytes of C1 controls and U+2028/U+2029 (0xC2, 0xE2).
    @inline(__always)
    static func mayNeedEscape(_ b: UInt8) -> Bool {
        b < 0x20 || b == 0x7F || b == 0x22 || b == 0x5C || b == 0x3C || b == 0xC2 || b == 0xE2
    }

    /// Appends the escape of one scalar that must not appear raw.
    private mutating func escape(_ scalar: UInt32) {
        switch scalar {
        case 0x22: raw("\\\"")
        case 0x5C: raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        case 0x3C: raw("\\u003c")  // '<' so "</script>" can never appear
        default:
            raw("\\u")
            for shift in stride(from: 12, through: 0, by: -4) {
                let digit = UInt8(truncatingIfNeeded: (scalar >> UInt32(shift)) & 0xF)
                bytes.append(digit < 10 ? 0x30 &+ digit : 0x57 &+ digit)  // lower-case hex
            }
        }
    }

    /// Appends `"key":`.
    public mutating func key(_ name: String) {
        string(name)
        bytes.append(0x3A)
    }

    /// Appends a comma.
    public mutating func comma() { bytes.append(0x2C) }

    /// Appends a whole JSON value.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let b): bool(b)
        case .number(let n): bytes.append(contentsOf: n.utf8)
        case .string(let s): string(s)
        case .array(let elements):
            raw("[")
            for (i, e) in elements.enumerated() {
                if i > 0 { comma() }
                self.value(e)
            }
            raw("]")
        case .object(let members):
            raw("{")
            for (i, (k, v)) in members.enumerated() {
                if i > 0 { comma() }
                key(k)
                self.value(v)
            }
            raw("}")
        }
    }
}
