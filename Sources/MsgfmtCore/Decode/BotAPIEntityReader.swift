/// Reads a Bot API `entities` array into entities, turning every bad field into a located
/// warning instead of failing the message.
enum BotAPIEntityReader {
    /// Offsets and lengths beyond this are clamped, so range arithmetic cannot overflow.
    static let limit: Int64 = 1 << 40

    /// The entities of `value`, with a warning for each entity or field that was skipped.
    static func read(_ value: JSONValue, at location: Diagnostic.Location) -> ([MessageEntity], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        guard let array = value.arrayValue else {
            if value != .null {
                diagnostics.append(Diagnostic(.warning, location, "entities must be an array, not \(value.typeName); ignored"))
            }
            return ([], diagnostics)
        }
        var entities: [MessageEntity] = []
        entities.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            var here = location
            here.entityIndex = index
            switch entity(element) {
            case .success(let entity): entities.append(entity)
            case .failure(let problem):
                diagnostics.append(Diagnostic(.warning, here, problem.text + "; entity skipped"))
                entities.append(.skipped)
            }
        }
        return (entities, diagnostics)
    }

    /// A problem with one entity, as a sentence.
    struct Problem: Error { var text: String }

    /// One entity object.
    static func entity(_ value: JSONValue) -> Result<MessageEntity, Problem> {
        guard value.objectValue != nil else { return .failure(Problem(text: "an entity must be an object, not \(value.typeName)")) }
        guard let typeValue = value["type"] else { return .failure(Problem(text: "\"type\" is missing")) }
        guard let type = typeValue.stringValue else { return .failure(Problem(text: "\"type\" must be a string, not \(typeValue.typeName)")) }
        var numbers: [Int] = []
        for key in ["offset", "length"] {
            guard let field = value[key] else { return .failure(Problem(text: "\"\(key)\" is missing")) }
            guard case .number(let text) = field else {
                return .failure(Problem(text: "\"\(key)\" must be an integer, not \(field.typeName)"))
            }
            guard let number = integer(text) else { return .failure(Problem(text: "\"\(key)\" must be an integer, not \(text)")) }
            numbers.append(Int(max(-limit, min(limit, number))))
        }
        var entity = MessageEntity(kind: EntityKind(botAPIName: type), offset: numbers[0], length: numbers[1])
        entity.url = value["url"]?.stringValue
        entity.userID = value["user"]?["id"]?.int64Value
        entity.language = value["language"]?.stringValue
        entity.customEmojiID = value["custom_emoji_id"]?.stringValue ?? value["custom_emoji_id"]?.int64Value.map { String($0) }
        entity.unixTime = value["unix_time"]?.int64Value
        entity.dateTimeFormat = value["date_time_format"]?.stringValue
        return .success(entity)
    }

    /// The integer value of a JSON number's text, saturating huge values; nil for fractions.
    static func integer(_ text: String) -> Int64? {
        if let exact = Int64(text) { return exact }
        var digits = Substring(text)
        let negative = digits.hasPrefix("-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return negative ? -limit : limit
    }
}
