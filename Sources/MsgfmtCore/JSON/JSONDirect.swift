/// The pieces the direct readers (`BotAPIMessageReader`, `ExportMessageReader`) read JSON
/// with, straight from the bytes through a `JSONParser`: each gives up (`Unsure`) on
/// anything it is not sure of, and the reader's caller then parses the input into a tree
/// as always, so the tree path's answers and errors stay the only ones.
enum JSONDirect {
    /// Gives up: the tree path decides.
    struct Unsure: Error {}

    /// Calls `member` with each member's name (where its bytes lie) and the parser at its
    /// value, until the `}`; the `{` is read. The object counts as one level of nesting. A
    /// name that is not plain is left to the tree path. Inlined, so that each caller's
    /// `member` is too (which is why it calls `items` itself rather than the generic
    /// `members`: a closure handed down two levels was no longer inlined, and the export
    /// reader's members paid dynamic exclusivity checks for it).
    @inline(__always)
    static func members(_ p: inout JSONParser, _ member: (Range<Int>, inout JSONParser) throws -> Void) throws {
        try items(&p, closedBy: UInt8(ascii: "}")) { p in
            guard let name = plain(&p) else { throw Unsure() }
            try colon(&p)
            try member(name, &p)
        }
    }

    /// `members(_:_:)` for a reader that knows its members' names: `name` reads a name
    /// from its opening quote to past its closing one, as whatever the reader matches it
    /// to, or gives up.
    @inline(__always)
    static func members<Name>(
        _ p: inout JSONParser, name: (inout JSONParser) throws -> Name, _ member: (Name, inout JSONParser) throws -> Void
    ) throws {
        try items(&p, closedBy: UInt8(ascii: "}")) { p in
            let key = try name(&p)
            try colon(&p)
            try member(key, &p)
        }
    }

    /// Reads the colon after a member's name and the white space around it.
    @inline(__always)
    private static func colon(_ p: inout JSONParser) throws {
        p.skipWhitespace()
        try expect(UInt8(ascii: ":"), &p)
        p.skipWhitespace()
    }

    /// Calls `element` with the parser at each element of an array, until the `]`; the `[`
    /// is read here. Inlined, so that each caller's `element` is too.
    @inline(__always)
    static func elements(_ p: inout JSONParser, _ element: (inout JSONParser) throws -> Void) throws {
        try expect(UInt8(ascii: "["), &p)
        try items(&p, closedBy: UInt8(ascii: "]"), element)
    }

    /// The comma-separated items of an object or array whose opening bracket is read, up
    /// to and with `close`, each read by `item` from its first byte; the container counts
    /// as one level of nesting.
    @inline(__always)
    private static func items(_ p: inout JSONParser, closedBy close: UInt8, _ item: (inout JSONParser) throws -> Void) throws {
        try enter(&p)
        defer { p.depth -= 1 }
        p.skipWhitespace()
        if try peek(&p) == close {
            p.pos += 1
            return
        }
        while true {
            p.skipWhitespace()
            try item(&p)
            p.skipWhitespace()
            switch try peek(&p) {
            case UInt8(ascii: ","): p.pos += 1
            case close:
                p.pos += 1
                return
            default: throw Unsure()
            }
        }
    }

    /// Counts one more array or object open, as the tree path counts them (the values
    /// skipped inside are limited from there); nesting deeper than the options allow is
    /// left to the tree path, which reports it.
    @inline(__always)
    static func enter(_ p: inout JSONParser) throws {
        p.depth += 1
        guard p.depth <= p.maxDepth else {
            p.depth -= 1
            throw Unsure()
        }
    }

    /// Where the bytes of a plain string (printable ASCII, no escapes) lie, the parser
    /// moved past it; nil, the parser where it was, for any other value.
    static func plain(_ p: inout JSONParser) -> Range<Int>? {
        guard p.pos < p.bytes.count, p.bytes[p.pos] == UInt8(ascii: "\"") else { return nil }
        let end = JSONParser.plainASCIIEnd(p.bytes, from: p.pos + 1)
        guard end < p.bytes.count, p.bytes[end] == UInt8(ascii: "\"") else { return nil }
        defer { p.pos = end + 1 }
        return (p.pos + 1)..<end
    }

    /// True when the bytes at `name` are `expected`. Inlined: a call would copy the parser.
    @inline(__always)
    static func equals(_ name: Range<Int>, _ expected: StaticString, _ p: JSONParser) -> Bool {
        guard name.count == expected.utf8CodeUnitCount, let base = p.bytes.baseAddress else { return false }
        let expectedBytes = expected.utf8Start
        for i in 0..<name.count where base[name.lowerBound &+ i] != expectedBytes[i] { return false }
        return true
    }

    /// A string; any other value is left to the tree path.
    static func string(_ p: inout JSONParser) throws -> String {
        guard try peek(&p) == UInt8(ascii: "\"") else { throw Unsure() }
        return try p.parseString()
    }

    /// A plain integer of at most 18 digits (no fraction, exponent or string), which
    /// `Int64` reads exactly; anything else is left to the tree path.
    static func integer(_ p: inout JSONParser) throws -> Int64 {
        guard let base = p.bytes.baseAddress else { throw Unsure() }
        var i = p.pos
        let value = try integer(base, at: &i, end: p.bytes.count)
        p.pos = i
        return value
    }

    /// A value exports write either as a string or as a plain integer (ids, times).
    enum StringOrInteger {
        case string(String)
        case integer(Int64)
    }

    /// The string or plain integer at the parser (`StringOrInteger`); anything else is left
    /// to the tree path.
    static func stringOrInteger(_ p: inout JSONParser) throws -> StringOrInteger {
        if try peek(&p) == UInt8(ascii: "\"") { return .string(try p.parseString()) }
        return .integer(try integer(&p))
    }

    /// `integer(_:)` on the bytes before `end` from `i`, which it moves past the number.
    @inline(__always)
    static func integer(_ base: UnsafePointer<UInt8>, at i: inout Int, end: Int) throws -> Int64 {
        var k = i
        let negative = k < end && base[k] == UInt8(ascii: "-")
        if negative { k &+= 1 }
        var value: Int64 = 0
        let start = k
        while k < end {
            let digit = base[k] &- 0x30
            guard digit <= 9 else { break }
            guard k &- start < 18 else { throw Unsure() }
            value = value &* 10 &+ Int64(digit)
            k &+= 1
        }
        guard k > start else { throw Unsure() }
        if k < end, base[k] == UInt8(ascii: ".") || base[k] | 0x20 == UInt8(ascii: "e") { throw Unsure() }
        i = k
        return negative ? -value : value
    }

    /// Reads a member's value with `read` into `slot`, which must still be empty: a member
    /// met twice is left to the tree path (which takes the first).
    @inline(__always)
    static func once<T>(_ slot: inout T?, _ p: inout JSONParser, _ read: (inout JSONParser) throws -> T) throws {
        guard slot == nil else { throw Unsure() }
        slot = try read(&p)
    }

    /// The byte at the parser's position; at the end of the input, unsure.
    static func peek(_ p: inout JSONParser) throws -> UInt8 {
        guard p.pos < p.bytes.count else { throw Unsure() }
        return p.bytes[p.pos]
    }

    /// Reads `byte`, or gives up.
    static func expect(_ byte: UInt8, _ p: inout JSONParser) throws {
        guard try peek(&p) == byte else { throw Unsure() }
        p.pos += 1
    }
}
