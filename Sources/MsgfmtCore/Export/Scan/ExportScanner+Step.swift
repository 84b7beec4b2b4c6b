internal import CByteScan

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
        while pos < buffer.count, pending.isEmpty, !needMore {
            if !cutsMessagesByteByByte, opaque?.kind == .message, opaque?.scalar == false, opaque?.stringOnly == false, skipMessageBytes() {
                continue
            }
            if messageIndent != nil, buffer[pos] == 0x0A, opaque?.kind == .message {
                resyncAtLineBreak()
                continue
            }
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

    /// At a line break inside a message of a pretty-printed export: everything inside a
    /// message is indented deeper than its braces, so a line at the message's own
    /// indentation that opens the next message, or a line indented less, means the message
    /// was cut short (a lost brace or quote). It ends there, is reported as unreadable, and
    /// scanning goes on with the next message instead of swallowing the rest of the file.
    private mutating func resyncAtLineBreak() {
        guard let indent = messageIndent, let depth = opaque?.depth else { return }
        // `pos` is a line break in the buffer, so the buffer has a base address.
        let j = buffer.withUnsafeBufferPointer { Self.indentEnd($0.baseAddress!, from: pos + 1, to: $0.count) }
        if j >= buffer.count, !eof {
            needMore = true
            return
        }
        let width = j - pos - 1
        let next = j < buffer.count ? buffer[j] : 0
        if width < indent, j < buffer.count, !Self.mayStartLine(next), lineEndsInString() {
            continueStringPastLineBreak()
        } else if width < indent || (width == indent && next == Self.openBrace) {
            inString = false
            escaped = false
            finishOpaque(end: base + pos)
            pos = j
            lastLineStart = base + pos - width
            spacesOnly = true
        } else if width == indent, next == Self.closeBrace, inString || depth != 1 || uncounted != nil {
            // (Without the depth counted, this ends the message where the steps would:
            // with a depth of one, at this brace too.)
            inString = false
            escaped = false
            pos = j + 1
            finishOpaque(end: base + pos)
        } else {
            // A JSON string never holds a raw line break: a quote lost on the line before
            // must not flip every later string of the message.
            inString = false
            escaped = false
            pos += 1
            messageLineStart = base + pos
        }
    }

    /// Whether `b`, the first byte of a line, may begin a line of a pretty-printed export
    /// outside a string: a bracket, a brace or a key's quote.
    private static func mayStartLine(_ b: UInt8) -> Bool {
        b == quote || b == openBrace || b == closeBrace || b == openBracket || b == closeBracket
    }

    /// Whether the line of the message being cut out that ends at `pos` ends inside a
    /// string: read from its start (outside a string, unless a string went on past the
    /// line feed before it), since the message loop passes over lines without reading
    /// their strings.
    private func lineEndsInString() -> Bool {
        guard let o = opaque else { return false }
        var inString = messageLineStart == continuedLineStart
        var escaped = false
        for i in max(messageLineStart, o.start) - base..<pos {
            let b = buffer[i]
            if escaped {
                escaped = false
            } else if b == Self.backslash {
                escaped = inString
            } else if b == Self.quote {
                inString.toggle()
            }
        }
        return inString
    }

    /// At a raw line break inside a string of the message being cut out, before a line
    /// indented less than the message that no line outside a string begins with: the
    /// string goes on there (the decoder reports the raw control character), so the line
    /// feed neither ends the message nor the lines after it read as the export's structure.
    /// (A rare byte: the brackets of lines passed over are counted now, as a closing
    /// bracket would count them, so none of the string's are.)
    private mutating func continueStringPastLineBreak() {
        if let u = uncounted {
            uncounted = nil
            let from = u.from - base
            if from >= 0, from <= pos {
                opaque?.depth = buffer.withUnsafeBufferPointer { msgfmt_byte_scan_message_depth($0.baseAddress!, from, pos, u.depth) }
            }
        }
        inString = true
        escaped = false
        pos += 1
        messageLineStart = base + pos
        continuedLineStart = base + pos
    }

    /// Inside a message being cut out: runs through its strings, nested brackets and plain
    /// bytes in one loop, as the general steps would (lines indented deeper than it through
    /// `msgfmt_byte_scan_deeper_lines_end`), and stops (without consuming it) at
    /// whatever needs them: a bracket that may close the message, a line break in a
    /// pretty-printed export that is not indented deeper than the message, or the end of
    /// the buffer. Returns whether it moved.
    private mutating func skipMessageBytes() -> Bool {
        guard let start = opaque?.depth else { return false }
        var depth = start
        let indent = messageIndent ?? -1
        let wraps = messageIndent != nil
        var i = pos
        var inString = self.inString
        var escaped = self.escaped
        var lineStart = messageLineStart
        var uncounted = self.uncounted
        let base = self.base
        let end = buffer.count
        buffer.withUnsafeBufferPointer { p in
            guard let bytes = p.baseAddress else { return }
            scan: while i < end {
                let b = bytes[i]
                if b == 0x0A, wraps {
                    // A line break: only one indented deeper than the message goes on here.
                    let j = Self.indentEnd(bytes, from: i + 1, to: end)
                    if j >= end || j - i - 1 <= indent { break scan }
                    inString = false
                    escaped = false
                    // Past its first line, a message ends only at a line indented as it
                    // is or less (`resyncAtLineBreak`), so the lines indented deeper are
                    // passed over to the next line break that may be one, their strings
                    // and brackets unread. A closing bracket met later counts them
                    // (`stepOpaque`), where it could end the message.
                    if uncounted == nil { uncounted = (base + j, depth) }
                    var start = 0
                    i = msgfmt_byte_scan_deeper_lines_end(bytes, j, end, indent, i + 1, &start)
                    lineStart = base + start
                    continue
                }
                if inString {
                    if !escaped {
                        i = Self.plainStringEnd(bytes, from: i, to: end, stopsAtLineBreak: wraps)
                        if i >= end { break scan }
                        if bytes[i] == 0x0A, wraps { continue }
                    }
                    let c = bytes[i]
                    i += 1
                    if escaped {
                        escaped = false
                    } else if c == Self.backslash {
                        escaped = true
                    } else if c == Self.quote {
                        inString = false
                    }
                    continue
                }
                switch b {
                case Self.quote:
                    inString = true
                case Self.openBrace, Self.openBracket:
                    depth += 1
                case Self.closeBrace, Self.closeBracket:
                    if depth <= 1 || uncounted != nil { break scan }
                    depth -= 1
                default:
                    break
                }
                i += 1
            }
        }
        guard i != pos else { return false }
        pos = i
        self.inString = inString
        self.escaped = escaped
        messageLineStart = lineStart
        self.uncounted = uncounted
        opaque?.depth = depth
        return true
    }

    /// The first position at or after `i` (and before `end`) that is not a space, tab or
    /// carriage return (CByteScan, sixteen bytes at a time).
    @inline(__always)
    private static func indentEnd(_ bytes: UnsafePointer<UInt8>, from i: Int, to end: Int) -> Int {
        msgfmt_byte_scan_indent_end(bytes, i, end)
    }

    /// Whether the `}` just consumed (at `pos - 1`) may close the message being cut out:
    /// in a pretty-printed export, only at the message's own indentation (or on its first
    /// line).
    private func closesMessage(_ o: Opaque) -> Bool {
        guard o.kind == .message, let indent = messageIndent, messageLineStart > o.start else { return true }
        let lineStart = messageLineStart - base
        let at = pos - 1
        guard lineStart >= 0, at - lineStart == indent else { return false }
        return buffer[lineStart..<at].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// Runs through string content up to and including the closing quote.
    /// Inside a string, where the bytes that need a look begin: the first quote, backslash
    /// or (`stopsAtLineBreak`, in a pretty-printed export's message) line break at or after
    /// `i`, `end` when there is none (CByteScan, sixteen bytes at a time).
    @inline(__always)
    private static func plainStringEnd(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, stopsAtLineBreak: Bool) -> Int {
        msgfmt_byte_scan_string_stop(bytes, start, end, stopsAtLineBreak ? 1 : 0)
    }

    private mutating func skipStringBytes() {
        let end = buffer.count
        var i = pos
        var closed = false
        let stopsAtLineBreak = messageIndent != nil
        buffer.withUnsafeBufferPointer { p in
            guard let start = p.baseAddress else { return }
            while i < end {
                if !escaped {
                    i = Self.plainStringEnd(start, from: i, to: end, stopsAtLineBreak: stopsAtLineBreak)
                    if i >= end { break }
                }
                let b = p[i]
                if b == 0x0A, stopsAtLineBreak { break }
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

    /// One step inside a value being skipped or cut out. Works on `opaque` in place (a
    /// copy would retain its key for every byte).
    private mutating func stepOpaque(_ b: UInt8) {
        guard let scalar = opaque?.scalar else { return }
        if scalar {
            if b == Self.comma || b == Self.closeBrace || b == Self.closeBracket || Self.isSpace(b) {
                finishOpaque(end: base + pos)
            } else {
                pos += 1
            }
            return
        }
        switch b {
        case Self.quote:
            pos += 1
            inString = true
        case Self.openBrace, Self.openBracket:
            pos += 1
            opaque?.depth += 1
        case Self.closeBrace, Self.closeBracket:
            if let u = uncounted {
                // The message's brackets since it was last counted, counted up to this one
                // (kept in the buffer with the message).
                uncounted = nil
                let from = u.from - base
                if from >= 0, from <= pos {
                    opaque?.depth = buffer.withUnsafeBufferPointer { msgfmt_byte_scan_message_depth($0.baseAddress!, from, pos, u.depth) }
                }
            }
            pos += 1
            var depth = (opaque?.depth ?? 1) - 1
            if depth == 0, let o = opaque, !closesMessage(o) { depth = 1 }
            opaque?.depth = depth
            if depth == 0 { finishOpaque(end: base + pos) }
        default:
            skipPlainBytes()
        }
    }

    /// Runs from `pos` past bytes that change nothing inside a container value: up to the
    /// next quote, bracket or brace, or line break when the message is being resynced at
    /// line breaks.
    private mutating func skipPlainBytes() {
        let end = buffer.count
        let stopsAtLineBreak = messageIndent != nil
        var i = pos + 1
        buffer.withUnsafeBufferPointer { p in
            while i < end {
                let b = p[i]
                if b == Self.quote || b == Self.openBrace || b == Self.closeBrace || b == Self.openBracket
                    || b == Self.closeBracket || (b == 0x0A && stopsAtLineBreak)
                {
                    break
                }
                i += 1
            }
        }
        pos = i
    }

    private mutating func stepStructure(_ b: UInt8) throws(ExportReadError) {
        if b == 0x0A {
            lastLineStart = base + pos + 1
            spacesOnly = true
        } else if !Self.isSpace(b) {
            spacesOnly = b == Self.openBrace && spacesOnly
        }
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
