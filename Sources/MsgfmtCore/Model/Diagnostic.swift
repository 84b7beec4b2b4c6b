/// A problem found in the input: an error (something was dropped or could not be read)
/// or a warning (something was repaired).
public struct Diagnostic: Sendable, Hashable, Error {
    /// How serious the problem is.
    public enum Severity: String, Sendable, Hashable, Codable {
        case error, warning
    }

    /// How serious the problem is.
    public var severity: Severity
    /// Where the problem is.
    public var location: Location
    /// One lower-case sentence saying what is wrong, without a trailing period.
    public var message: String
    /// The file the problem is in, when it is not the one the diagnostic is reported for:
    /// a merge of exports reads several.
    public var source: String?

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ location: Location, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// Where in the input a diagnostic points.
    public struct Location: Sendable, Hashable {
        /// The message id, when known.
        public var messageID: Int64?
        /// The index of the message in its input (0-based), when known.
        public var messageIndex: Int?
        /// The index of the entity in the message's original entity list, when relevant.
        public var entityIndex: Int?
        /// A byte offset into the input (or into the message text for parse modes).
        public var byteOffset: Int?
        /// A 1-based line and column in the input file, when known.
        public var line: Int?
        public var column: Int?
        /// Whether `line` holds several messages (`InputLine.holdsSeveral`): the message is
        /// then named beside it.
        public var lineHoldsSeveral = false

        /// Creates a location.
        public init(
            messageID: Int64? = nil, messageIndex: Int? = nil, entityIndex: Int? = nil,
            byteOffset: Int? = nil, line: Int? = nil, column: Int? = nil
        ) {
            self.messageID = messageID
            self.messageIndex = messageIndex
            self.entityIndex = entityIndex
            self.byteOffset = byteOffset
            self.line = line
            self.column = column
        }

        /// A message's location on JSON Lines line `line`, if any.
        public init(messageID: Int64? = nil, messageIndex: Int? = nil, entityIndex: Int? = nil, on line: InputLine?) {
            self.init(messageID: messageID, messageIndex: messageIndex, entityIndex: entityIndex)
            place(on: line)
        }

        /// Sets `line` and `lineHoldsSeveral` from JSON Lines line `line`, if any (both
        /// cleared for none).
        public mutating func place(on line: InputLine?) {
            self.line = line?.number
            lineHoldsSeveral = line?.holdsSeveral ?? false
        }

        /// The location as CLI.md writes it: `12:5`, `byte 40`, `message 42`, joined
        /// with `, entity 3` when an entity is named; a line holding several messages
        /// names the message too (`3, message 42`). Empty when nothing is known.
        public var description: String {
            var parts: [String] = []
            if let line {
                parts.append(column.map { "\(line):\($0)" } ?? "\(line)")
            }
            if line == nil || lineHoldsSeveral {
                if let messageID {
                    parts.append("message \(messageID)")
                } else if let messageIndex {
                    parts.append("message #\(messageIndex + 1)")
                }
            }
            if let byteOffset, line == nil {
                parts.append("byte \(byteOffset)")
            }
            if let entityIndex {
                parts.append("entity \(entityIndex)")
            }
            return parts.joined(separator: ", ")
        }
    }

    /// The diagnostic as printed on stderr: `msgfmt: error: SOURCE:WHERE: MESSAGE`, where
    /// SOURCE is its own `source` when it has one, else `source`.
    public func formatted(source: String) -> String {
        let source = self.source ?? source
        let whereText = location.description
        let place = whereText.isEmpty ? source : "\(source):\(whereText)"
        return "msgfmt: \(severity.rawValue): \(place): \(message)"
    }
}
