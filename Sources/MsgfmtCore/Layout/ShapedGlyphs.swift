/// HarfBuzz's output for one run of one face.
struct ShapedGlyphs {
    var glyphs: [UInt32]
    var clusters: [UInt32]
    var advances: [Int32]
    var xOffsets: [Int32]
    var yOffsets: [Int32]

    init(capacity: Int) {
        glyphs = Array(repeating: 0, count: capacity)
        clusters = Array(repeating: 0, count: capacity)
        advances = Array(repeating: 0, count: capacity)
        xOffsets = Array(repeating: 0, count: capacity)
        yOffsets = Array(repeating: 0, count: capacity)
    }

    mutating func truncate(_ n: Int) {
        glyphs.removeLast(glyphs.count - n)
        clusters.removeLast(clusters.count - n)
        advances.removeLast(advances.count - n)
        xOffsets.removeLast(xOffsets.count - n)
        yOffsets.removeLast(yOffsets.count - n)
    }
}
