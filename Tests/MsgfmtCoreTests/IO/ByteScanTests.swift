import CByteScan
import TestSupport
import Testing

/// CByteScan's scans against one-byte-at-a-time references: on random buffers of the bytes
/// the scans single out (and their neighbours across the fold and sign tricks the vector
/// path uses), from every start, the first match is the same.
@Suite struct ByteScanTests {
    /// Bytes the scans stop at, bytes the vector tricks could confuse with them (0x02 and
    /// 0x42 with 0x22, 0x5B/0x5D/0x7B/0x7D with each other, 0x3B and 0x5F and 0xFB near the
    /// brackets, 0x80/0xA2/0xC2/0xE2/0xFF on either side of the sign bit and the fold),
    /// 0x3D/0x3F beside the angle brackets the URI scan folds together, and plain letters
    /// so runs longer than one vector form.
    static let alphabet: [UInt8] = [
        0x00, 0x01, 0x02, 0x09, 0x0A, 0x0B, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x27, 0x3B, 0x3C, 0x3D, 0x3E, 0x3F, 0x42, 0x5B,
        0x5C, 0x5D, 0x5F, 0x60, 0x7B, 0x7D, 0x7E, 0x7F, 0x80, 0xA2, 0xBF, 0xC2, 0xDB, 0xDD, 0xE2, 0xFB, 0xFD, 0xFF,
    ]

    /// Each scan beside the byte test it must agree with.
    static let scans: [(name: String, scan: @Sendable (UnsafePointer<UInt8>, Int, Int) -> Int, stops: @Sendable (UInt8) -> Bool)] = [
        ("json space end", { msgfmt_byte_scan_json_space_end($0, $1, $2) }, { !(0x20 == $0 || 0x0A == $0 || 0x09 == $0 || 0x0D == $0) }),
        ("string plain end", { msgfmt_byte_scan_string_plain_end($0, $1, $2) }, { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 || $0 >= 0x80 }),
        ("string stop", { msgfmt_byte_scan_string_stop($0, $1, $2, 0) }, { $0 == 0x22 || $0 == 0x5C }),
        ("string stop at line breaks", { msgfmt_byte_scan_string_stop($0, $1, $2, 1) }, { $0 == 0x22 || $0 == 0x5C || $0 == 0x0A }),
        ("line end", { msgfmt_byte_scan_line_end($0, $1, $2) }, { $0 == 0x0A }),
        (
            "quote, bracket or line", { msgfmt_byte_scan_quote_or_bracket_or_line($0, $1, $2) },
            { [0x0A, 0x22, 0x5B, 0x5D, 0x7B, 0x7D].contains($0) }
        ),
        ("quote or bracket", { msgfmt_byte_scan_quote_or_bracket($0, $1, $2) }, { [0x22, 0x5B, 0x5D, 0x7B, 0x7D].contains($0) }),
        ("indent end", { msgfmt_byte_scan_indent_end($0, $1, $2) }, { !(0x20 == $0 || 0x09 == $0 || 0x0D == $0) }),
        (
            "may need escape", { msgfmt_byte_scan_may_need_escape($0, $1, $2) },
            { $0 < 0x20 || [0x7F, 0x22, 0x5C, 0x3C, 0xC2, 0xE2].contains($0) }
        ),
        ("may be unsafe", { msgfmt_byte_scan_may_be_unsafe($0, $1, $2) }, { $0 < 0x20 || [0x7F, 0xC2, 0xE2].contains($0) }),
        ("beyond ASCII", { msgfmt_byte_scan_beyond_ascii($0, $1, $2) }, { $0 >= 0x80 }),
        (
            "URI escape", { msgfmt_byte_scan_uri_escape($0, $1, $2) },
            { $0 <= 0x20 || $0 >= 0x7F || [0x22, 0x27, 0x3C, 0x3E, 0x5C, 0x60].contains($0) }
        ),
        // Reads the bytes before the start too (the random test scans from every start).
        (
            "may be unsafe after", { msgfmt_byte_scan_may_be_unsafe_after($0, $1, $2) },
            { $0 < 0x20 || [0x7F, 0xC2, 0xE2].contains($0) }
        ),
    ]

    @Test func everyByteValueStopsExactlyWhereTheReferenceDoes() {
        // Each of the 256 values alone after a run of bytes no scan stops at for one or
        // the other reason: at every offset inside and past a vector.
        for (name, scan, stops) in Self.scans {
            for value in 0...255 {
                for at in [0, 1, 15, 16, 17, 31, 40] {
                    // A filler the scan passes over: a letter, or a space for the two
                    // scans that stop at anything but white space.
                    let filler: UInt8 = stops(0x61) ? 0x20 : 0x61
                    var buffer = [UInt8](repeating: filler, count: 48)
                    buffer[at] = UInt8(value)
                    let expected = stops(UInt8(value)) ? at : 48
                    let found = buffer.withUnsafeBufferPointer { scan($0.baseAddress!, 0, 48) }
                    #expect(found == expected, "\(name): byte 0x\(String(value, radix: 16)) at \(at)")
                }
            }
        }
    }

    @Test func randomBuffersFromEveryStart() {
        var rng = SeededGenerator(seed: 0x5CA7)
        var checked = 0
        for round in 0..<3_000 {
            let count = Int.random(in: 0...70, using: &rng)
            // Some buffers lean on one byte so long runs of it form.
            let lean = Self.alphabet.randomElement(using: &rng)!
            let buffer = (0..<count).map { _ in Bool.random(using: &rng) ? lean : Self.alphabet.randomElement(using: &rng)! }
            // A window that ends before the buffer does: a scan that looked past `end`
            // would find the bytes after it and answer past it.
            let end = Int.random(in: 0...count, using: &rng)
            for (name, scan, stops) in Self.scans {
                for start in 0...end {
                    let expected = (start..<end).first { stops(buffer[$0]) } ?? end
                    let found = buffer.withUnsafeBufferPointer { scan($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, start, end) }
                    if found != expected {
                        Issue.record("\(name), round \(round): \(buffer) from \(start) to \(end): \(found), expected \(expected)")
                        return
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 100_000)
    }

    /// `msgfmt_byte_scan_display_unsafe_after` against a test of each byte with the two
    /// after it: on random buffers of the bytes around the sequences DisplaySafety replaces
    /// (C2 before 9F/A0, E2 80 before A9-AF, E2 81 before A5-AA, box drawing's E2 94/95),
    /// from every start, nothing it passes over starts such a scalar, and what it stops at
    /// does, or may (the last bytes are judged one at a time, by their first byte).
    @Test func displayUnsafeScanTestsEachByteWithTheTwoAfterIt() {
        let alphabet: [UInt8] = [
            0x00, 0x1F, 0x20, 0x61, 0x7E, 0x7F, 0x80, 0x81, 0x94, 0x95, 0x9F, 0xA0, 0xA5, 0xA6, 0xA9, 0xAA, 0xAE, 0xAF,
            0xC2, 0xE2,
        ]
        var rng = SeededGenerator(seed: 0xD15A)
        var checked = 0
        var exact = 0
        for round in 0..<4_000 {
            let count = Int.random(in: 0...90, using: &rng)
            // Some buffers are mostly box drawing (E2 94 80), which the scan passes over.
            let boxes = Bool.random(using: &rng)
            var buffer: [UInt8] = []
            while buffer.count < count {
                if boxes, Int.random(in: 0..<4, using: &rng) > 0 {
                    buffer += [0xE2, 0x94, 0x80]
                } else {
                    buffer.append(alphabet.randomElement(using: &rng)!)
                }
            }
            let end = Int.random(in: 0...buffer.count, using: &rng)
            func starts(_ k: Int) -> Bool {
                let b = buffer[k]
                if b < 0x20 || b == 0x7F { return true }
                if b == 0xC2, k + 1 < end, buffer[k + 1] < 0xA0 { return true }
                guard b == 0xE2, k + 2 < end else { return false }
                let (b1, b2) = (buffer[k + 1], buffer[k + 2])
                return (b1 == 0x80 && (0xAA...0xAE).contains(b2)) || (b1 == 0x81 && (0xA6...0xA9).contains(b2))
            }
            for start in 0...end {
                let found = buffer.withUnsafeBufferPointer {
                    msgfmt_byte_scan_display_unsafe_after($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, start, end)
                }
                let missed = (start..<min(max(found, start), end)).first(where: starts)
                let candidate = found >= start && found < end && (buffer[found] < 0x20 || [0x7F, 0xC2, 0xE2].contains(buffer[found]))
                let stopped = found == end || candidate
                // Stopping at a byte that starts no such scalar is allowed only in the last
                // bytes, which are judged by their first byte alone.
                let judged = found == end || starts(found) || found + 18 > end
                if missed != nil || !stopped || !judged {
                    Issue.record("round \(round): \(buffer) from \(start) to \(end): \(found)")
                    return
                }
                if found < end, starts(found) { exact += 1 }
                checked += 1
            }
        }
        #expect(checked > 80_000)
        #expect(exact > 10_000)
        // A border of box drawing longer than several vectors is passed over whole.
        let border = Array(String(repeating: "\u{2500}", count: 40).utf8)
        let end = border.withUnsafeBufferPointer { msgfmt_byte_scan_display_unsafe_after($0.baseAddress!, 0, $0.count) }
        #expect(end >= border.count - 17)
    }

    @Test func utf16CountMatchesAByteByByteCount() {
        func reference(_ bytes: ArraySlice<UInt8>) -> Int {
            bytes.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) + ($1 >= 0xF0 ? 1 : 0) }
        }
        // Every byte value at every offset inside and past a vector.
        for value in 0...255 {
            for at in [0, 1, 15, 16, 17, 31, 40] {
                var buffer = [UInt8](repeating: 0x61, count: 48)
                buffer[at] = UInt8(value)
                let found = buffer.withUnsafeBufferPointer { msgfmt_byte_scan_utf16_count($0.baseAddress!, 48) }
                #expect(found == reference(buffer[...]), "byte 0x\(String(value, radix: 16)) at \(at)")
            }
        }
        // Random buffers of bytes either side of the lead and continuation boundaries.
        let alphabet: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xEF, 0xF0, 0xF4, 0xF7, 0xFF]
        var rng = SeededGenerator(seed: 0x16C0)
        for _ in 0..<5_000 {
            let buffer = (0..<rng.below(80)).map { _ in alphabet[rng.below(alphabet.count)] }
            let end = rng.below(buffer.count + 1)
            let found = buffer.withUnsafeBufferPointer {
                msgfmt_byte_scan_utf16_count($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, end)
            }
            #expect(found == reference(buffer[..<end]), "\(buffer) to \(end)")
        }
    }

    @Test func unitAtLeastStopsWhereAUnitWalkDoes() {
        func reference(_ units: [UInt16], _ i: Int, _ end: Int, _ bound: UInt16) -> Int {
            var k = i
            while k < end, units[k] < bound { k += 1 }
            return k
        }
        // Units either side of each bound, alone at every offset inside and past a vector.
        for bound: UInt16 in [1, 0x80, 0x0590, 0x8000, 0xFFFF] {
            for unit in [0, bound - 1, bound, bound &+ 1, 0x7FFF, 0x8000, 0xFFFF] as [UInt16] {
                for at in [0, 1, 7, 8, 9, 15, 16, 20] {
                    var units = [UInt16](repeating: 0, count: 24)
                    units[at] = unit
                    let found = units.withUnsafeBufferPointer { msgfmt_byte_scan_unit_at_least($0.baseAddress!, 0, 24, bound) }
                    #expect(found == reference(units, 0, 24, bound), "0x\(String(unit, radix: 16)) at \(at), bound \(bound)")
                }
            }
        }
        // Random units around U+0590 from random starts to random ends.
        var rng = SeededGenerator(seed: 0x0590)
        for _ in 0..<5_000 {
            let units = (0..<rng.below(40)).map { _ in UInt16(0x0580 + rng.below(0x20)) }
            let end = rng.below(units.count + 1)
            let start = rng.below(end + 1)
            let found = units.withUnsafeBufferPointer {
                msgfmt_byte_scan_unit_at_least($0.baseAddress ?? UnsafePointer(bitPattern: 2)!, start, end, 0x0590)
            }
            #expect(found == reference(units, start, end, 0x0590), "\(units) from \(start) to \(end)")
        }
    }

    /// `deeper_lines_end` stops at the line feed a line-by-line walk stops at (the first
    /// whose next `indent + 1` bytes are not all blanks before the end, else the start of
    /// the line that runs to the end) and names the same line start, on random lines of blanks, line feeds and ink, long and short, from
    /// random starts.
    @Test func deeperLinesEndStopsWhereALineWalkDoes() {
        func reference(_ bytes: [UInt8], _ i: Int, _ end: Int, _ indent: Int, _ lineStart: Int) -> (Int, Int) {
            var start = lineStart
            var k = i
            while k < end {
                if bytes[k] == 0x0A {
                    let text = k + 1 + indent + 1
                    guard text <= end, bytes[(k + 1)..<text].allSatisfy({ [0x20, 0x09, 0x0D].contains($0) }) else {
                        return (k, start)
                    }
                    start = k + 1
                    k = text
                } else {
                    k += 1
                }
            }
            return (start, start)
        }
        var rng = SeededGenerator(seed: 0x0A)
        let alphabet: [UInt8] = [0x20, 0x20, 0x20, 0x09, 0x0D, 0x0A, 0x0A, 0x61, 0x7D, 0x22]
        for round in 0..<30_000 {
            let long = rng.below(4) == 0
            var bytes = (0..<rng.below(long ? 120 : 24)).map { _ in
                long && rng.below(3) != 0 ? 0x61 : alphabet[rng.below(alphabet.count)]
            }
            if round % 3 == 0 {
                // Lines as an export writes them, a few hundred bytes of them: the scan
                // takes 64 bytes at a time there, and most lines are indented deeper.
                bytes = []
                for _ in 0..<rng.below(24) {
                    bytes.append(0x0A)
                    bytes += (0..<(3 + rng.below(4) - (rng.below(12) == 0 ? 3 : 0))).map { _ in
                        rng.below(20) == 0 ? [0x09, 0x0D][rng.below(2)] : 0x20
                    }
                    bytes += [UInt8](repeating: 0x61, count: rng.below(30))
                }
            }
            let end = rng.below(bytes.count + 1)
            let start = rng.below(end + 1)
            let indent = round % 3 == 0 ? 2 : rng.below(rng.below(20) == 0 ? 60 : 5)
            // The line of `start` starts at or before it.
            let first = start - rng.below(min(start, 6) + 1)
            var lineStart = -1
            let found = bytes.withUnsafeBufferPointer {
                msgfmt_byte_scan_deeper_lines_end($0.baseAddress ?? UnsafePointer(bitPattern: 8)!, start, end, indent, first, &lineStart)
            }
            let expected = reference(bytes, start, end, indent, first)
            #expect(found == expected.0 && lineStart == expected.1, "\(bytes) from \(start) to \(end), indent \(indent)")
        }
    }

    /// `message_depth` counts what a byte-by-byte walk counts: brackets outside strings,
    /// strings ending at their quote or line, an escaped byte taken as it is, a closing
    /// bracket leaving at least one. On random bytes of those kinds, and on lines as an
    /// export writes them, from random starts and depths.
    @Test func messageDepthCountsWhatAByteWalkCounts() {
        func reference(_ bytes: [UInt8], _ from: Int, _ to: Int, _ depth: Int) -> Int {
            var d = depth
            var inString = false
            var escaped = false
            for b in bytes[from..<to] {
                if b == 0x0A {
                    inString = false
                    escaped = false
                } else if inString {
                    if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false }
                } else if b == 0x22 {
                    inString = true
                } else if b == 0x7B || b == 0x5B {
                    d += 1
                } else if b == 0x7D || b == 0x5D {
                    d = max(d - 1, 1)
                }
            }
            return d
        }
        var rng = SeededGenerator(seed: 0x5B)
        let alphabet: [UInt8] = [0x20, 0x0A, 0x61, 0x61, 0x7B, 0x7D, 0x5B, 0x5D, 0x22, 0x22, 0x5C, 0x3A]
        for round in 0..<30_000 {
            var bytes = (0..<rng.below(round % 4 == 0 ? 200 : 30)).map { _ in alphabet[rng.below(alphabet.count)] }
            if round % 3 == 0 {
                // Export lines: fields, strings holding brackets and escapes, lone brackets.
                let lines = [
                    "\"type\": \"bold\",", "{", "},", "]", "],", "\"text\": [", "\"text\": \"a } \\\" ] b\",", "\"x\": \"\\\\\"", "\"cut",
                ]
                bytes = []
                for _ in 0..<rng.below(12) {
                    bytes += [0x0A] + [UInt8](repeating: 0x20, count: 2 + rng.below(4)) + Array(lines[rng.below(lines.count)].utf8)
                }
            }
            let to = rng.below(bytes.count + 1)
            let from = rng.below(to + 1)
            let depth = 1 + rng.below(3)
            let found = bytes.withUnsafeBufferPointer {
                msgfmt_byte_scan_message_depth($0.baseAddress ?? UnsafePointer(bitPattern: 8)!, from, to, depth)
            }
            #expect(found == reference(bytes, from, to, depth), "\(bytes) from \(from) to \(to), depth \(depth)")
        }
    }

    /// `int32_other` stops where a value-by-value walk does: one differing value at every
    /// offset of buffers spanning the eight- and four-value blocks and the tail, values
    /// that differ from the one sought only in their sign bit or in one byte (what a
    /// packing or byte compare would miss), and random runs from random starts to random
    /// ends.
    @Test func int32OtherStopsWhereAValueWalkDoes() {
        func reference(_ values: [Int32], _ i: Int, _ end: Int, _ value: Int32) -> Int {
            var k = i
            while k < end, values[k] == value { k += 1 }
            return k
        }
        for value: Int32 in [-1, 0, 7, 0x7FFF_FFFF, -0x8000_0000] {
            for other in [value &+ 1, value ^ -0x8000_0000, value ^ 0x100, value ^ 0x0100_0000] {
                for count in [0, 1, 3, 4, 5, 8, 12, 13, 16, 19, 30] {
                    for at in 0...count {
                        var values = [Int32](repeating: value, count: count)
                        if at < count { values[at] = other }
                        for start in Set([0, min(1, count), at]) {
                            let found = values.withUnsafeBufferPointer {
                                msgfmt_byte_scan_int32_other($0.baseAddress ?? UnsafePointer(bitPattern: 4)!, start, count, value)
                            }
                            #expect(found == reference(values, start, count, value), "\(values) from \(start)")
                        }
                    }
                }
            }
        }
        var rng = SeededGenerator(seed: 0x1D32)
        for _ in 0..<5_000 {
            var values: [Int32] = []
            while values.count < 40 {
                let v = Int32(rng.below(3)) - 1
                values += Array(repeating: v, count: 1 + rng.below(14))
            }
            let end = rng.below(values.count + 1)
            let start = rng.below(end + 1)
            let value = start < end ? values[start] : -1
            let found = values.withUnsafeBufferPointer { msgfmt_byte_scan_int32_other($0.baseAddress!, start, end, value) }
            #expect(found == reference(values, start, end, value), "\(values) from \(start) to \(end)")
        }
    }

    /// `close_ascii_letters` stops where a unit-by-unit walk over ASCII letters does and
    /// writes, for each letter, the end of the cluster before it (one cell, no break after
    /// it) at the next entry: every unit either side of the letters' ranges (the case bit,
    /// '@', '[', '`', '{', and units whose low byte is a letter), at every offset of
    /// buffers longer and shorter than a vector, from entries already written.
    @Test func closeASCIILettersWritesAnEntryPerLetter() {
        let units: [UInt16] = [0x40, 0x41, 0x5A, 0x5B, 0x60, 0x61, 0x7A, 0x7B, 0x20, 0xC1, 0x141, 0x7A61, 0xFFFF, 0x30, 0x5F]
        var rng = SeededGenerator(seed: 0x4C45_5454)
        var stops = 0
        for _ in 0..<20_000 {
            let letters = rng.below(3) == 0 ? 0 : rng.below(20)
            var text = (0..<letters).map { _ in UInt16(rng.below(2) == 0 ? 0x61 + rng.below(26) : 0x41 + rng.below(26)) }
            text += (0..<rng.below(12)).map { _ in units[rng.below(units.count)] }
            let start = rng.below(text.count + 1)
            let written = rng.below(start + 1)
            // One entry per unit, as the segmenter's arrays have.
            var ends = [Int](repeating: -7, count: text.count)
            var widths = [Int](repeating: -7, count: text.count)
            var breaks = [UInt8](repeating: 7, count: text.count)
            var count = written
            let end = text.withUnsafeBufferPointer { u in
                msgfmt_byte_scan_close_ascii_letters(
                    u.baseAddress ?? UnsafePointer(bitPattern: 2)!, start, u.count, &ends, &widths, &breaks, &count)
            }
            var expectedEnd = start
            while expectedEnd < text.count, (text[expectedEnd] | 0x20) &- 0x61 < 26 { expectedEnd += 1 }
            #expect(end == expectedEnd, "\(text) from \(start)")
            #expect(count == written + (expectedEnd - start), "\(text) from \(start)")
            for j in 0..<(expectedEnd - start) {
                #expect(ends[written + j] == start + j && widths[written + j] == 1 && breaks[written + j] == 0)
            }
            #expect(ends[..<written].allSatisfy { $0 == -7 }, "entries before the first are left alone")
            if expectedEnd < text.count { stops += 1 }
        }
        #expect(stops > 10_000)
    }

    /// `count_units_at_least` counts what a unit-by-unit count does: random units around
    /// the bound at every length up to a few blocks, and a text long enough that a lane's
    /// sum would overflow were it not added up in parts.
    @Test func countUnitsAtLeastCountsEachUnit() {
        var rng = SeededGenerator(seed: 0x80)
        for _ in 0..<5_000 {
            let bound = UInt16([1, 0x80, 0x0590, 0xFFFF][rng.below(4)])
            let units = (0..<rng.below(60)).map { _ in
                [bound &- 1, bound, bound &+ 1, 0, 0xFFFF, UInt16(rng.below(0x10000))][rng.below(6)]
            }
            let counted = units.withUnsafeBufferPointer {
                msgfmt_byte_scan_count_units_at_least($0.baseAddress ?? UnsafePointer(bitPattern: 2)!, $0.count, bound)
            }
            #expect(counted == units.filter { $0 >= bound }.count, "\(units) at least \(bound)")
        }
        let long = (0..<200_003).map { UInt16($0 % 3 == 0 ? 0x41 : 0x0430) }
        let counted = long.withUnsafeBufferPointer { msgfmt_byte_scan_count_units_at_least($0.baseAddress!, $0.count, 0x80) }
        #expect(counted == long.filter { $0 >= 0x80 }.count)
    }

    /// `encode_utf8` writes what the standard library makes of the units (lone surrogates
    /// as U+FFFD): every unit value at places before, inside and after the eight-unit
    /// blocks, behind ASCII and behind Cyrillic, and random mixes; into exactly the room
    /// the UTF-8 takes, with the bytes after it left as they were (its eight-unit stores
    /// never write past the end of the UTF-8).
    @Test func encodeUTF8WritesWhatTheStandardLibraryMakes() {
        func check(_ units: [UInt16]) -> Bool {
            let expected = Array(String(decoding: units, as: UTF16.self).utf8)
            var out = [UInt8](repeating: 0xAA, count: expected.count + 16)
            let written = units.withUnsafeBufferPointer { u in
                out.withUnsafeMutableBufferPointer { o in
                    msgfmt_byte_scan_encode_utf8(u.baseAddress ?? UnsafePointer(bitPattern: 2)!, u.count, o.baseAddress!)
                }
            }
            return written == expected.count && Array(out[..<written]) == expected && out[written...].allSatisfy { $0 == 0xAA }
        }
        for lead in [Array("abcdefghijklmnopqrst".utf16), Array("абвгдежзийклмнопрст".utf16)] {
            for unit in UInt16(0)...UInt16.max {
                for at in [0, 5, 7, 8, 13, 15] {
                    var units = lead
                    units[at] = unit
                    #expect(check(units), "0x\(String(unit, radix: 16)) at \(at)")
                    if !check(units) { return }
                }
            }
        }
        let pool: [UInt16] = [0x61, 0x20, 0x7F, 0x80, 0x7FF, 0x800, 0x0430, 0x4E2D, 0xD83D, 0xDE00, 0xDBFF, 0xFFFF]
        var rng = SeededGenerator(seed: 0x7574_6638)
        for _ in 0..<20_000 {
            let units = (0..<rng.below(40)).map { _ in rng.below(3) == 0 ? pool[rng.below(pool.count)] : 0x61 }
            #expect(check(units), "\(units)")
            if !check(units) { return }
        }
    }

    /// `decode_utf8` writes the standard library's UTF-16 of valid UTF-8 and flags exactly
    /// the texts with a byte beyond ASCII: every BMP scalar and supplementary ones every
    /// 97th, placed before, inside and after the sixteen-byte blocks and the eight-byte
    /// steps, behind ASCII and behind Cyrillic; and random mixes of runs of one- to
    /// four-byte scalars of every length.
    @Test func decodeUTF8WritesWhatTheStandardLibraryMakes() {
        func check(_ string: String) -> Bool {
            let bytes = Array(string.utf8)
            var units = [UInt16](repeating: 0xAAAA, count: bytes.count + 1)
            var beyond: Int32 = 0
            let count = bytes.withUnsafeBufferPointer { b in
                units.withUnsafeMutableBufferPointer { u in
                    msgfmt_byte_scan_decode_utf8(b.baseAddress ?? UnsafePointer(bitPattern: 1)!, b.count, u.baseAddress!, &beyond)
                }
            }
            return Array(units[..<count]) == Array(string.utf16) && units[bytes.count] == 0xAAAA
                && (beyond != 0) == bytes.contains { $0 >= 0x80 }
        }
        let scalars = (0...0x10FFFF as ClosedRange<UInt32>).lazy.filter { $0 < 0x10000 || $0 % 97 == 0 }.compactMap(Unicode.Scalar.init)
        for lead in ["abcdefghijklmnopqrstuvwxy", "абвгдежзийклмнопрстуфхцч"] {
            let leadScalars = Array(lead.unicodeScalars)
            for scalar in scalars {
                for at in [0, 3, 4, 7, 8, 15, 16, 23] {
                    var view = String.UnicodeScalarView(leadScalars)
                    let index = view.index(view.startIndex, offsetBy: at)
                    view.replaceSubrange(index...index, with: CollectionOfOne(scalar))
                    let string = String(view)
                    #expect(check(string), "U+\(String(scalar.value, radix: 16)) at \(at)")
                    if !check(string) { return }
                }
            }
        }
        let pools: [[Unicode.Scalar]] = [
            ["a", " ", "."], ["ж", "é", "\u{80}", "\u{7FF}"], ["中", "\u{800}", "\u{FFFF}"], ["😀", "\u{10000}", "\u{10FFFF}"],
        ]
        var rng = SeededGenerator(seed: 0x7574_663A)
        for _ in 0..<20_000 {
            var view = String.UnicodeScalarView()
            for _ in 0..<rng.below(8) {
                let pool = pools[rng.below(pools.count)]
                for _ in 0..<rng.below(20) { view.append(pool[rng.below(pool.count)]) }
            }
            let string = String(view)
            #expect(check(string), "\(string.debugDescription)")
            if !check(string) { return }
        }
    }

    @Test func copyWordlikeWritesTheWordLikePrefixAsUTF8() {
        func isWordlike(_ u: UInt16) -> Bool {
            (0x61...0x7A).contains(u | 0x20) || (0x30...0x39).contains(u) || u == 0x20 || u >= 0xA0
        }
        // Where the walk stops and the UTF-8 of what it passed (lone surrogates as U+FFFD).
        func reference(_ units: [UInt16], _ i: Int, _ end: Int) -> (Int, [UInt8]) {
            var k = i
            while k < end, isWordlike(units[k]) { k += 1 }
            return (k, Array(String(decoding: units[i..<k], as: UTF16.self).utf8))
        }
        func copy(_ units: [UInt16], _ i: Int, _ end: Int) -> (Int, [UInt8]) {
            var out = [UInt8](repeating: 0, count: 3 * (end - i) + 8)
            var written = 0
            let stop = units.withUnsafeBufferPointer { u in
                out.withUnsafeMutableBufferPointer { o in
                    msgfmt_byte_scan_copy_wordlike(u.baseAddress ?? UnsafePointer(bitPattern: 2)!, i, end, o.baseAddress!, &written)
                }
            }
            return (stop, Array(out[..<written]))
        }
        // Every unit alone at places before, inside and after the eight-unit blocks.
        let around: [UInt16] = [
            0x61, 0x5A, 0x30, 0x39, 0x20, 0x7A, 0x41, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6A, 0x6B, 0x6C, 0x6D, 0x6E,
        ]
        for unit in UInt16(0)...UInt16.max {
            for at in [0, 5, 8, 13] {
                var units = around
                units[at] = unit
                let (stop, bytes) = copy(units, 0, units.count)
                let expected = reference(units, 0, units.count)
                #expect(stop == expected.0 && bytes == expected.1, "0x\(String(unit, radix: 16)) at \(at)")
                if stop != expected.0 || bytes != expected.1 { return }
            }
        }
        // Random mixes of ASCII, punctuation, C1 controls, letters beyond ASCII, surrogate
        // pairs and lone halves, from random starts to random ends, among runs of one
        // letter that take one, two or three bytes (whole blocks of each).
        let pool: [UInt16] = [0x61, 0x41, 0x35, 0x20, 0x2E, 0x0A, 0x85, 0xA0, 0xE9, 0x0430, 0x4E2D, 0xD83D, 0xDE00, 0xFFFF]
        let fillers: [UInt16] = [0x61, 0xE9, 0x0430, 0x4E2D]
        var rng = SeededGenerator(seed: 0x7770_7264)
        for _ in 0..<40_000 {
            let filler = fillers[rng.below(fillers.count)]
            let units = (0..<rng.below(40)).map { _ in rng.below(3) == 0 ? pool[rng.below(pool.count)] : filler }
            let end = rng.below(units.count + 1)
            let start = rng.below(end + 1)
            let (stop, bytes) = copy(units, start, end)
            let expected = reference(units, start, end)
            #expect(stop == expected.0 && bytes == expected.1, "\(units) from \(start) to \(end)")
            if stop != expected.0 || bytes != expected.1 { return }
        }
    }

    @Test func theVectorPathIsBuiltOnX86() {
        #if arch(x86_64)
            #expect(msgfmt_byte_scan_lanes() == 16)
        #else
            #expect(msgfmt_byte_scan_lanes() >= 1)
        #endif
    }
}
