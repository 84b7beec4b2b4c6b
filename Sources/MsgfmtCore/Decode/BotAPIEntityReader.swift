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
        guard case .object(let members) = value else {
            return .failure(Problem(text: "an entity must be an object, not \(value.typeName)"))
        }
        // One pass over the members; the first of a repeated name counts, as for `value[name]`.
        var typeValue: JSONValue?
        var offsetValue: JSONValue?
        var lengthValue: JSONValue?
        var url: JSONValue?
        var user: JSONValue?
        var language: JSONValue?
        var customEmojiID: JSONValue?
        var unixTime: JSONValue?
        var dateTimeFormat: JSONValue?
        for (name, member) in members {
            switch name {
            case "type": if typeValue == nil { typeValue = member }
            case "offset": if offsetValue == nil { offsetValue = member }
            case "length": if lengthValue == nil { lengthValue = member }
            case "url": if url == nil { url = member }
            case "user": if user == nil { user = member }
            case "language": if language == nil { language = member }
            case "custom_emoji_id": if customEmojiID == nil { customEmojiID = member }
            case "unix_time": if unixTime == nil { unixTime = member }
            case "date_time_format": if dateTimeFormat == nil { dateTimeFormat = member }
            default: break
            }
        }
        guard let typeValue else { return .failure(Problem(text: "\"type\" is missing")) }
        guard let type = typeValue.stringValue else {
            return .failure(Problem(text: "\"type\" must be a string, not \(typeValue.typeName)"))
        }
        let offset: Int
        let length: Int
        switch number(offsetValue, "offset") {
        case .success(let n): offset = n
        case .failure(let problem): return .failure(problem)
        }
        switch number(lengthValue, "length") {
        case .success(let n): length = n
        case .failure(let problem): return .failure(problem)
        }
        return .success(
            MessageEntity(
                botAPIType: type, offset: offset, length: length, url: url?.stringValue,
                userID: user?["id"]?.int64Value, language: language?.stringValue,
                customEmojiID: customEmojiID?.stringValue ?? customEmojiID?.int64Value.map { String($0) },
                unixTime: unixTime?.int64Value, dateTimeFormat: dateTimeFormat?.stringValue))
    }

    /// The clamped integer of the member `key`, or the problem with it.
    private static func number(_ field: JSONValue?, _ key: String) -> Result<Int, Problem> {
        guard let field else { return .failure(Problem(text: "\"\(key)\" is missing")) }
        guard case .number(let text) = field else {
            return .failure(Problem(text: "\"\(key)\" must be an integer, not \(field.typeName)"))
        }
        guard let number = integer(text) else { return .failure(Problem(text: "\"\(key)\" must be an integer, not \(text)")) }
        return .success(Int(max(-limit, min(limit, number))))
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
