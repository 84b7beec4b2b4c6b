/// One input read whole into memory, with the name diagnostics use for it.
public struct InputFile: Sendable {
    /// `<stdin>` or the path as given.
    public var name: String
    /// The raw bytes.
    public var bytes: [UInt8]

    /// Creates an input from bytes.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// Reads `path` (`-` is standard input) to its end.
    public static func read(_ path: String) throws(InputError) -> InputFile {
        let reader = try InputReader(path: path)
        return InputFile(name: reader.name, bytes: try reader.readAll())
    }
}
