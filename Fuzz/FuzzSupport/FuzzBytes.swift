/// Reads small choices (numbers, flags) off the front of a fuzz input; past the end every
/// read yields zero, so any input is usable.
public struct FuzzBytes {
    private let bytes: [UInt8]
    /// How many bytes were consumed.
    public private(set) var position = 0

    /// Wraps one fuzz input.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `0..<bound` (bound > 0) from the next two bytes.
    public mutating func below(_ bound: Int) -> Int {
        (Int(byte()) << 8 | Int(byte())) % bound
    }

    /// The bytes not read yet.
    public var rest: ArraySlice<UInt8> {
        bytes[min(position, bytes.count)...]
    }
}
