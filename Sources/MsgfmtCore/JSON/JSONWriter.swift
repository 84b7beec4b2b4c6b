/// Builds compact JSON text into a byte buffer, escaping strings safely.
///
/// Every control character and U+2028/U+2029 is escaped, so the output is one line and
/// safe to embed in HTML `<script>` data or a JSON Lines stream.
public struct JSONWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty writer.
    public init() {}

    /// The output as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends raw JSON syntax.
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends an integer.
    public mutating func number<I: BinaryInteger>(_ value: I) {
        bytes.append(contentsOf: Array(String(value).utf8))
    }

    /// Appends a boolean.
    public mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    /// Appends `null`.
    public mutating func null() { raw("null") }

    /// Appends a quoted, escaped string.
    public mutating func string(_ value: String) {
        bytes.append(0x22)
        for scalar in value.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x22: raw("\\\"")
            case 0x5C: raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x3C: raw("\\u003c")  // '<' so "</script>" can never appear
            case 0..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029:
                raw("\\u")
                let hex = String(v, radix: 16)
                bytes.append(contentsOf: Array((String(repeating: "0", count: 4 - hex.count) + hex).utf8))
            default:
                if v < 0x80 {
                    bytes.append(UInt8(v))
                } else {
                    bytes.append(contentsOf: Array(String(scalar).utf8))
                }
            }
        }
        bytes.append(0x22)
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
        case .number(let n): bytes.append(contentsOf: Array(n.utf8))
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
