internal import CByteScan

#if canImport(Glibc)
    import Glibc
#endif

/// A strict, allocation-light JSON parser over UTF-8 bytes with located errors.
///
/// Differences from RFC 8259 are opt-in: `allowHexEscapes` accepts `\xHH` inside strings,
/// which Telegram Desktop writes for control characters. Nesting is limited to
/// `maxDepth` so hostile input cannot exhaust the stack. Invalid UTF-8 inside strings is an
/// error naming its byte offset.
public struct JSONParser {
    /// Parser settings.
    public struct Options: Sendable, Hashable {
        /// Accept `\xHH` escapes in strings (Telegram Desktop exports).
        public var allowHexEscapes = false
        /// The deepest nesting of arrays and objects accepted.
        public var maxDepth = 512
        /// A member of the outermost object that is checked but not built: `parse`
        /// leaves it out of the object and `parseDeferring` says where its value lies.
        public var deferredMember: String?
        /// Creates default options.
        public init() {}
    }

    /// Where `parseDeferring` met `Options.deferredMember` in the outermost object.
    public enum Deferred: Sendable, Hashable {
        /// Not at all.
        case missing
        /// Once, its value at these bytes.
        case at(Range<Int>)
        /// More than once (the object lacks every copy).
        case repeated
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    var pos: Int
    private let options: Options
    /// Arrays and objects open at the current position.
    var depth = 0
    /// The deepest nesting the options allow.
    var maxDepth: Int { options.maxDepth }
    /// Where `options.deferredMember` was met.
    private var deferred = Deferred.missing

    /// Parses exactly one JSON value from `input` (surrounding whitespace allowed).
    public static func parse(_ input: [UInt8], options: Options = Options()) throws(JSONParseError) -> JSONValue {
        try parse(input[...], options: options)
    }

    /// Parses exactly one JSON value from a slice of bytes; error offsets are relative to
    /// the slice's start.
    public static func parse(_ input: ArraySlice<UInt8>, options: Options = Options()) throws(JSONParseError) -> JSONValue {
        try parseDeferring(input, options: options).value
    }

    /// Parses one JSON value like `parse`, except that the value of the outermost object's
    /// member `options.deferredMember` is checked (with `parse`'s errors) but left out of
    /// the object. Returns where that value lies (when the member appears more than once,
    /// the object lacks every copy: parse again to see them).
    public static func parseDeferring(
        _ input: ArraySlice<UInt8>, options: Options
    ) throws(JSONParseError) -> (value: JSONValue, deferred: Deferred) {
        let result: Result<(JSONValue, Deferred), JSONParseError> = input.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, options: options)
            do throws(JSONParseError) {
                parser.skipWhitespace()
                let value = try parser.parseValue()
                parser.skipWhitespace()
                if parser.pos < buffer.count {
                    throw parser.error("unexpected data after the JSON value")
                }
                return .success((value, parser.deferred))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses the JSON value that starts at `from` (after any white space) in `input`, which
    /// may go on after it: the value and where it ends. Error offsets, lines and columns
    /// are relative to the slice's start. For a run of values one after another (what `jq`
    /// writes), read one at a time.
    static func parseValue(in input: ArraySlice<UInt8>, from: Int) throws(JSONParseError) -> (value: JSONValue, end: Int) {
        let result: Result<(JSONValue, Int), JSONParseError> = input.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, options: Options())
            parser.pos = min(max(0, from), buffer.count)
            do throws(JSONParseError) {
                parser.skipWhitespace()
                let value = try parser.parseValue()
                return .success((value, parser.pos))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A parser at the start of `bytes`, for readers that walk a value themselves
    /// (`BotAPIMessageReader`) with `skipWhitespace`, `parseString` and `skipValue`.
    init(bytes: UnsafeBufferPointer<UInt8>, options: Options) {
        self.bytes = bytes
        self.pos = 0
        self.options = options
    }

    /// A located error at the current position (or `at`).
    private func error(_ reason: String, at offset: Int? = nil) -> JSONParseError {
        let offset = min(offset ?? pos, bytes.count)
        var line = 1
        var lineStart = 0
        for i in 0..<offset where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return JSONParseError(reason: reason, byteOffset: offset, line: line, column: offset - lineStart + 1)
    }

    @inline(__always)
    mutating func skipWhitespace() {
        guard let base = bytes.baseAddress else { return }
        pos = msgfmt_byte_scan_json_space_end(base, pos, bytes.count)
    }

    /// True for JSON white space (space, tab, line feed, carriage return): the one
    /// definition every JSON reader uses.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x0A, 0x09, 0x0D: true
        default: false
        }
    }

    /// The first position at or after `i` (and before `end`) that is not JSON white space.
    @inline(__always)
    static func whitespaceEnd(_ base: UnsafePointer<UInt8>, from i: Int, end: Int) -> Int {
        msgfmt_byte_scan_json_space_end(base, i, end)
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard pos < bytes.count else { throw error("unexpected end of input") }
        switch bytes[pos] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default:
            throw error("unexpected character \(describe(bytes[pos]))")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONParseError) {
        let start = pos
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { w -> Bool in
            guard pos + count <= bytes.count else { return false }
            for i in 0..<count where bytes[pos + i] != w[i] { return false }
            return true
        }
        guard matches else { throw error("invalid literal", at: start) }
        pos += count
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > options.maxDepth { throw error("nesting deeper than \(options.maxDepth) levels") }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        pos += 1
        var members: [(String, JSONValue)] = []
        // Entities and text parts have a handful of members, an export's messages a dozen
        // or more: one allocation, not three or four.
        members.reserveCapacity(depth == 1 ? 24 : 8)
        skipWhitespace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "}") {
            pos += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard pos < bytes.count else { throw error("unexpected end of input inside an object") }
            guard bytes[pos] == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let key = try parseString()
            skipWhitespace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
            pos += 1
            skipWhitespace()
            if depth == 1, let deferredMember = options.deferredMember, key == deferredMember {
                let start = pos
                try skipValue()
                deferred = deferred == .missing ? .at(start..<pos) : .repeated
            } else {
                let value = try parseValue()
                members.append((key, value))
            }
            skipWhitespace()
            guard pos < bytes.count else { throw error("unexpected end of input inside an object") }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            if bytes[pos] == UInt8(ascii: "}") { pos += 1; break }
            throw error("expected ',' or '}' in an object")
        }
        depth -= 1
        return .object(members)
    }

    /// Moves past the value at the current position, accepting exactly what `parseValue`
    /// accepts (with the same errors) but building nothing. A value the byte scan
    /// (`msgfmt_byte_scan_json_value_end`) finds valid is passed over in one call; anything
    /// else, errors included, is read by `checkedSkipValue`.
    mutating func skipValue() throws(JSONParseError) {
        if let base = bytes.baseAddress {
            let end = msgfmt_byte_scan_json_value_end(base, pos, bytes.count, options.maxDepth - depth)
            if end >= 0 {
                pos = end
                return
            }
        }
        try checkedSkipValue()
    }

    /// True when `skipValue`'s byte scan agrees with `checkedSkipValue` on the value at the
    /// start of `bytes` (after white space): it may give up, never accept what the checked
    /// path rejects or end elsewhere. For tests and fuzz targets (`@_spi(Testing) import
    /// MsgfmtCore`).
    @_spi(Testing)
    public static func skipScanAgrees(_ bytes: ArraySlice<UInt8>, options: Options = Options()) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return true }
            var parser = JSONParser(bytes: buffer, options: options)
            parser.skipWhitespace()
            let scan = msgfmt_byte_scan_json_value_end(base, parser.pos, buffer.count, options.maxDepth)
            guard (try? parser.checkedSkipValue()) != nil else { return scan == -1 }
            return scan == -1 || scan == parser.pos
        }
    }

    /// `skipValue` on the reference path: one token at a time, with the located errors.
    mutating func checkedSkipValue() throws(JSONParseError) {
        guard pos < bytes.count else { throw error("unexpected end of input") }
        switch bytes[pos] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let object = bytes[pos] == UInt8(ascii: "{")
            let close = object ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let inside = object ? "an object" : "an array"
            try enter()
            pos += 1
            skipWhitespace()
            if pos < bytes.count, bytes[pos] == close {
                pos += 1
                depth -= 1
                return
            }
            while true {
                skipWhitespace()
                if object {
                    guard pos < bytes.count else { throw error("unexpected end of input inside an object") }
                    guard bytes[pos] == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
                    try skipString()
                    skipWhitespace()
                    guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
                    pos += 1
                    skipWhitespace()
                }
                try checkedSkipValue()
                skipWhitespace()
                guard pos < bytes.count else { throw error("unexpected end of input inside \(inside)") }
                if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
                if bytes[pos] == close { pos += 1; break }
                throw error(object ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array")
            }
            depth -= 1
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try expectWord("true")
        case UInt8(ascii: "f"): try expectWord("false")
        case UInt8(ascii: "n"): try expectWord("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try parseNumber()
        default:
            throw error("unexpected character \(describe(bytes[pos]))")
        }
    }

    /// Moves past the string at the current position, checked as `parseString` checks it.
    private mutating func skipString() throws(JSONParseError) {
        let start = pos
        pos += 1
        var scratch: [UInt8] = []
        while true {
            pos = try scanPlain(from: pos)
            guard pos < bytes.count else { throw error("unterminated string", at: start) }
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") {
                pos += 1
                return
            }
            if b < 0x20 { throw error("control character in a string must be escaped") }
            scratch.removeAll(keepingCapacity: true)
            try parseEscape(into: &scratch)
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        pos += 1
        var elements: [JSONValue] = []
        elements.reserveCapacity(8)
        skipWhitespace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") {
            pos += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard pos < bytes.count else { throw error("unexpected end of input inside an array") }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            if bytes[pos] == UInt8(ascii: "]") { pos += 1; break }
            throw error("expected ',' or ']' in an array")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = pos
        if bytes[pos] == UInt8(ascii: "-") { pos += 1 }
        func digits(_ p: inout Int, _ b: UnsafeBufferPointer<UInt8>) -> Int {
            let s = p
            while p < b.count, b[p] >= 0x30, b[p] <= 0x39 { p += 1 }
            return p - s
        }
        guard digits(&pos, bytes) > 0 else { throw error("invalid number", at: start) }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            guard digits(&pos, bytes) > 0 else { throw error("invalid number", at: start) }
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
            pos += 1
            if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") { pos += 1 }
            guard digits(&pos, bytes) > 0 else { throw error("invalid number", at: start) }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
        return .number(text)
    }

    mutating func parseString() throws(JSONParseError) -> String {
        if let s = quickString() { return s }
        return try scannedString()
    }

    /// The string at the parser (at its opening quote), by the reference path, which
    /// locates every error: plain bytes are validated where they lie, and a string without
    /// escapes is made from the input in one copy.
    mutating func scannedString() throws(JSONParseError) -> String {
        let start = pos
        pos += 1
        let plainEnd = try scanPlain(from: pos)
        guard plainEnd < bytes.count else { throw error("unterminated string", at: start) }
        if bytes[plainEnd] == UInt8(ascii: "\"") {
            let s = ValidUTF8.string(UnsafeBufferPointer(rebasing: bytes[pos..<plainEnd]))
            pos = plainEnd + 1
            return s
        }
        var out: [UInt8] = []
        out.reserveCapacity(rawEnd(from: plainEnd) - pos)
        out.append(bytes: UnsafeBufferPointer(rebasing: bytes[pos..<plainEnd]))
        pos = plainEnd
        while true {
            guard pos < bytes.count else { throw error("unterminated string", at: start) }
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") {
                pos += 1
                break
            }
            if b < 0x20 { throw error("control character in a string must be escaped") }
            if b == UInt8(ascii: "\\") {
                try parseEscape(into: &out)
                continue
            }
            let runEnd = try scanPlain(from: pos)
            out.append(bytes: UnsafeBufferPointer(rebasing: bytes[pos..<runEnd]))
            pos = runEnd
        }
        // Checked runs and escapes, which write only scalars (a lone surrogate as U+FFFD).
        return out.withUnsafeBufferPointer(ValidUTF8.string)
    }

    /// The string at the parser (at its opening quote), the parser moved past it; nil, the
    /// parser where it was, for anything but a well-formed string. Runs between escapes
    /// are checked as UTF-8 as they are found (`scanPlain`: ASCII a word at a time), and
    /// escapes only ever add whole scalars, so the string is made without a second check
    /// (`ValidUTF8`); a string `scannedString` would refuse is declined here and the scan
    /// reports it.
    mutating func quickString() -> String? {
        let start = pos
        let n = bytes.count
        // The plain run is checked as UTF-8 on the way (an invalid one is left to
        // `scannedString`, which reports it), so its string is made without a second check.
        guard var end = try? scanPlain(from: start + 1), end < n else { return nil }
        if bytes[end] == UInt8(ascii: "\"") {
            pos = end + 1
            return ValidUTF8.string(UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]))
        }
        var out: [UInt8] = []
        out.reserveCapacity(rawEnd(from: end) - start)
        out.append(bytes: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]))
        pos = end
        while bytes[pos] == UInt8(ascii: "\\") {
            guard (try? parseEscape(into: &out)) != nil else {
                pos = start
                return nil
            }
            guard let runEnd = try? scanPlain(from: pos) else {
                pos = start
                return nil
            }
            end = runEnd
            guard end < n else { break }
            out.append(bytes: UnsafeBufferPointer(rebasing: bytes[pos..<end]))
            pos = end
        }
        guard pos < n, bytes[pos] == UInt8(ascii: "\"") else {
            pos = start
            return nil
        }
        pos += 1
        // Checked runs and escapes, which write only scalars (a lone surrogate as U+FFFD).
        return out.withUnsafeBufferPointer(ValidUTF8.string)
    }

    /// The offset of the quote that closes the string whose escape or plain byte is at
    /// `i` (the first quote not after a backslash), or the count when none does: the
    /// string's raw bytes, which its decoded bytes never outnumber, end there. Sixteen
    /// bytes at a time (CByteScan).
    private func rawEnd(from i: Int) -> Int {
        guard let base = bytes.baseAddress else { return i }
        let n = bytes.count
        var at = i
        while true {
            at = msgfmt_byte_scan_quote_end(base, at, n)
            guard at < n, base[at] == UInt8(ascii: "\\") else { return at }
            at = min(n, at + 2)
        }
    }

    /// Where the bytes of a string without escapes lie (validated UTF-8), the parser moved
    /// past it; nil, the parser where it was, for a string with escapes (`parseString`
    /// decodes those). The parser must be at the opening quote.
    mutating func plainStringBytes() throws(JSONParseError) -> Range<Int>? {
        let start = pos
        let plainEnd = try scanPlain(from: pos + 1)
        guard plainEnd < bytes.count else { throw error("unterminated string", at: start) }
        guard bytes[plainEnd] == UInt8(ascii: "\"") else { return nil }
        pos = plainEnd + 1
        return (start + 1)..<plainEnd
    }

    /// The end of the run of plain string bytes from `i`: it stops at a quote, a backslash,
    /// a control character or the end of input. Non-ASCII sequences are validated on the way
    /// (CByteScan, sixteen bytes at a time); when they are not valid, `checkedPlainEnd`
    /// says where and why.
    @inline(__always)
    private func scanPlain(from i: Int) throws(JSONParseError) -> Int {
        if let base = bytes.baseAddress {
            let end = msgfmt_byte_scan_valid_plain_end(base, i, bytes.count)
            if end >= 0 { return end }
        }
        return try checkedPlainEnd(from: i)
    }

    /// `scanPlain`'s answer found byte by byte, with a located error for the first sequence
    /// that is not valid UTF-8.
    private func checkedPlainEnd(from i: Int) throws(JSONParseError) -> Int {
        var scan = i
        let n = bytes.count
        while scan < n {
            scan = Self.plainASCIIEnd(bytes, from: scan)
            guard scan < n else { break }
            let b = bytes[scan]
            if b >= 0x80 {
                // Two- and three-byte letters (Cyrillic, CJK, ...) and four-byte emoji checked
                // inline, F0 and F4 with their narrower second byte; the rest (E0, ED and
                // anything invalid) in full. A run of them (a word) is checked in this loop.
                repeat {
                    let c = bytes[scan]
                    if c >= 0xC2, c <= 0xDF, scan + 1 < n, bytes[scan + 1] & 0xC0 == 0x80 {
                        scan &+= 2
                    } else if c >= 0xE1, c != 0xED, c <= 0xEF, scan + 2 < n,
                        bytes[scan + 1] & 0xC0 == 0x80, bytes[scan + 2] & 0xC0 == 0x80
                    {
                        scan &+= 3
                    } else if c >= 0xF0, c <= 0xF4, scan + 3 < n, bytes[scan + 1] & 0xC0 == 0x80,
                        c != 0xF0 || bytes[scan + 1] >= 0x90, c != 0xF4 || bytes[scan + 1] <= 0x8F,
                        bytes[scan + 2] & 0xC0 == 0x80, bytes[scan + 3] & 0xC0 == 0x80
                    {
                        scan &+= 4
                    } else {
                        scan += try validUTF8Sequence(at: scan)
                    }
                } while scan < n && bytes[scan] >= 0x80
                continue
            }
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
            scan += 1
        }
        return scan
    }

    /// The first offset at or after `i` whose byte is not plain ASCII inside a string: a
    /// quote, a backslash, a control character or a byte at or above 0x80; the count when
    /// there is none. Sixteen bytes at a time (CByteScan).
    @inline(__always)
    static func plainASCIIEnd(_ bytes: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        guard let base = bytes.baseAddress else { return i }
        return msgfmt_byte_scan_string_plain_end(base, i, bytes.count)
    }

    /// The length of the valid UTF-8 sequence at `i`, or a located error.
    private func validUTF8Sequence(at i: Int) throws(JSONParseError) -> Int {
        let b0 = bytes[i]
        let length: Int
        var minimum: UInt32
        switch b0 {
        case 0xC2...0xDF: length = 2; minimum = 0x80
        case 0xE0...0xEF: length = 3; minimum = 0x800
        case 0xF0...0xF4: length = 4; minimum = 0x10000
        default: throw error("invalid UTF-8 byte 0x\(String(b0, radix: 16, uppercase: true))", at: i)
        }
        guard i + length <= bytes.count else { throw error("truncated UTF-8 sequence", at: i) }
        var value = UInt32(b0) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length {
            let b = bytes[i + k]
            guard b & 0xC0 == 0x80 else { throw error("invalid UTF-8 sequence", at: i) }
            value = value << 6 | UInt32(b & 0x3F)
        }
        if value < minimum || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) {
            throw error("invalid UTF-8 sequence", at: i)
        }
        minimum = 0
        return length
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = pos
        pos += 1
        guard pos < bytes.count else { throw error("unterminated escape", at: escapeStart) }
        let c = bytes[pos]
        pos += 1
        switch c {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "x") where options.allowHexEscapes:
            let value = try hexDigits(2, escapeStart)
            out.append(scalar: UInt32(value))
        case UInt8(ascii: "u"):
            var value = UInt32(try hexDigits(4, escapeStart))
            if (0xD800...0xDBFF).contains(value) {
                // A lead surrogate: pair it with a following \uDC00-\uDFFF, else U+FFFD.
                if pos + 6 <= bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") {
                    let save = pos
                    pos += 2
                    let low = UInt32(try hexDigits(4, escapeStart))
                    if (0xDC00...0xDFFF).contains(low) {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        pos = save
                        value = 0xFFFD
                    }
                } else {
                    value = 0xFFFD
                }
            } else if (0xDC00...0xDFFF).contains(value) {
                value = 0xFFFD
            }
            out.append(scalar: value)
        default:
            throw error("invalid escape '\\\(Character(Unicode.Scalar(c)))'", at: escapeStart)
        }
    }

    private mutating func hexDigits(_ count: Int, _ escapeStart: Int) throws(JSONParseError) -> Int {
        guard pos + count <= bytes.count else { throw error("truncated escape", at: escapeStart) }
        var value = 0
        for _ in 0..<count {
            let b = bytes[pos]
            let digit: Int
            switch b {
            case 0x30...0x39: digit = Int(b - 0x30)
            case 0x41...0x46: digit = Int(b - 0x41 + 10)
            case 0x61...0x66: digit = Int(b - 0x61 + 10)
            default: throw error("invalid hex digit in escape", at: escapeStart)
            }
            value = value * 16 + digit
            pos += 1
        }
        return value
    }
}
