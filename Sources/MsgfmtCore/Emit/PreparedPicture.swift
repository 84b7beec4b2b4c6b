/// The bytes `PictureEmitter.prepare` makes for one message drawn to a file of its own:
/// what names the file (the message's id, else its position) and the picture, or that it
/// could not be drawn. The file is named and written in input order
/// (`PictureEmitter.emit(prepared:into:)`), where a repeated name is known.
///
/// Layout: a flag byte (bit 0: has an id; bit 1: drawn), the position and the id as
/// 8-byte little-endian integers, then the picture's bytes.
struct PreparedPicture {
    /// The message's id, when it has one.
    var id: Int64?
    /// The message's position in the input, from 1.
    var position: Int
    /// The file's bytes; nil when the picture is too large to draw.
    var picture: UnsafeBufferPointer<UInt8>?

    private static let headerSize = 17

    /// Appends the bytes for a message with `id` at `position` and its `picture` (nil:
    /// too large to draw).
    static func append(id: Int64?, position: Int, picture: [UInt8]?, to out: inout [UInt8]) {
        out.append((id == nil ? 0 : 1) | (picture == nil ? 0 : 2))
        withUnsafeBytes(of: Int64(position).littleEndian) { out.append(contentsOf: $0) }
        withUnsafeBytes(of: (id ?? 0).littleEndian) { out.append(contentsOf: $0) }
        if let picture { out.append(contentsOf: picture) }
    }

    /// Reads what `append` wrote; nil for bytes it did not write (a message that is not
    /// drawn prepares none).
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= Self.headerSize else { return nil }
        let raw = UnsafeRawBufferPointer(bytes)
        let flags = bytes[0]
        position = Int(Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 1, as: Int64.self)))
        let id = Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 9, as: Int64.self))
        self.id = flags & 1 != 0 ? id : nil
        picture = flags & 2 != 0 ? UnsafeBufferPointer(rebasing: bytes[Self.headerSize...]) : nil
    }

    /// The file's name without extension: `message-<id>`, else `message-<position>`.
    var name: String {
        id.map { "message-\($0)" } ?? "message-\(position)"
    }
}
