extension ExportScanner {
    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    private static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    private static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    private static let comma = UInt8(ascii: ","), colon = UInt8(ascii: ":")

    private static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09
    }

    /// Processes bytes until an event is queued or the buffer is used up.
    mutating func step() throws(ExportReadError) {
        while pos < buffer.count, pending.isEmpty {
            if inString {
                skipStringBytes()
                continue
            }
            let b = buffer[pos]
            if opaque != nil {
                stepOpaque(b)
                continue
            }
            try stepStructure(b)
        }
    }

    /// Runs through string content up to and including the closing quote.
    private mutating func skipStringBytes() {
        let end = buffer.count
        var i = pos
        var closed = false
        buffer.withUnsafeBufferPointer { p in
            while i < end {
                let b = p[i]
                i += 1
                if escaped {
                    escaped = false
                } else if b == Self.backslash {
                    escaped = true
                } else if b == Self.quote {
                    closed = true
                    break
                }
            }
        }
        pos = i
        guard closed else { return }
        inString = false
        if let k = keyStart {
            keyStart = nil
            if !frames.isEmpty {
                frames[frames.count - 1].key = Array(buffer[k..<(pos - 1)])
                frames[frames.count - 1].expectingKey = false
            }
        } else if let o = opaque, o.stringOnly {
            finishOpaque(end: base + pos)
        }
    }

    private mutating func stepOpaque(_ b: UInt8) {
        guard var o = opaque else { return }
        if o.scalar {
            if b == Self.comma || b == Self.closeBrace || b == Self.closeBracket || Self.isSpace(b) {
                finishOpaque(end: base + pos)
            } else {
                pos += 1
            }
            return
        }
        pos += 1
        switch b {
        case Self.quote:
            inString = true
        case Self.openBrace, Self.openBracket:
            o.depth += 1
            opaque = o
        case Self.closeBrace, Self.closeBracket:
            o.depth -= 1
            opaque = o
            if o.depth == 0 { finishOpaque(end: base + pos) }
        default:
            break
        }
    }

    private mutating func stepStructure(_ b: UInt8) throws(ExportReadError) {
        if Self.isSpace(b) || b == Self.colon {
            pos += 1
            return
        }
        if done {
            throw .malformed(byteOffset: base + pos, reason: "unexpected data after the end of the document")
        }
        switch b {
        case Self.comma:
            if let top = frames.last, top.isObject { frames[frames.count - 1].expectingKey = true }
            pos += 1
        case Self.quote where frames.last.map { $0.isObject && $0.expectingKey } ?? false:
            inString = true
            pos += 1
            keyStart = pos
        case Self.closeBrace, Self.closeBracket:
            try closeFrame(isObject: b == Self.closeBrace)
            pos += 1
        default:
            try beginValue(b)
        }
    }

    private mutating func closeFrame(isObject: Bool) throws(ExportReadError) {
        guard let top = frames.popLast(), top.isObject == isObject else {
            throw .malformed(byteOffset: base + pos, reason: "unbalanced '\(isObject ? "}" : "]")'")
        }
        switch top.role {
        case .chat:
            endChat()
        case .root:
            if chatStarted { endChat() }
            done = true
        default:
            break
        }
    }
}
