import FoundationEssentials

/// Encodes pictures for kitty's graphics protocol: the PNG file (`f=100`) in base64,
/// sent in APC chunks of at most 4096 characters (`m=1` on all but the last), displayed
/// at once (`a=T`) over `columns` × `rows` cells, without moving the cursor (`C=1`) and
/// without replies (`q=2`).
enum KittyGraphicsEncoder {
    /// The APC sequences that draw `png` over `columns` × `rows` cells.
    static func encode(png: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        let data = Array(Data(png).base64EncodedData())
        var out: [UInt8] = []
        out.reserveCapacity(data.count + data.count / 4096 * 16 + 64)
        var start = 0
        repeat {
            let end = min(data.count, start + 4096)
            let more = end < data.count ? 1 : 0
            out.append(contentsOf: "\u{1B}_G".utf8)
            if start == 0 {
                out.append(contentsOf: "a=T,f=100,t=d,c=\(columns),r=\(rows),C=1,q=2,m=\(more);".utf8)
            } else {
                out.append(contentsOf: "m=\(more);".utf8)
            }
            out.append(contentsOf: data[start..<end])
            out.append(contentsOf: "\u{1B}\\".utf8)
            start = end
        } while start < data.count
        return out
    }
}
