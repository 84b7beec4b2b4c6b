import MsgfmtCore

/// The checks the fuzz targets share. Each returns the broken invariants (empty when all
/// hold), so the fuzz driver can abort on them and the regression test can report them.
public enum FuzzCheck {
    /// Decodes `bytes` as `format`, then normalizes, styles and lays out every message at
    /// a fixed width, checking entity ranges and the layout invariants.
    public static func decodeAndLayOut(_ bytes: [UInt8], format: InputFormat, width: Int = 40) -> [String] {
        let items = MessageDecoder.decode(InputFile(name: "fuzz", bytes: bytes), options: DecodeOptions(format: format))
        var constraints = LayoutConstraints()
        constraints.width = width
        var problems: [String] = []
        for case .message(let message, _) in items {
            problems += layOut(message, constraints)
        }
        return problems
    }

    /// Normalizes, styles and lays out `message`, checking entity ranges and the layout
    /// invariants.
    public static func layOut(_ message: Message, _ constraints: LayoutConstraints, detect: Bool = false) -> [String] {
        let text = UTF16Text(message.text)
        let (normalized, _) = Normalizer.normalize(message, text: text, detect: detect)
        var problems: [String] = []
        for entity in normalized.entities
        where !(entity.offset >= 0 && entity.length > 0 && entity.offset + entity.length <= text.units.count) {
            problems.append("normalized entity \(entity.kind.botAPIName) \(entity.offset)+\(entity.length) outside \(text.units.count) units")
        }
        let styled = StyledTextBuilder.build(normalized, text: text)
        let layout = TextLayouter.layout(styled, constraints)
        return problems + layout.checkInvariants(styled, constraints).prefix(3)
    }
}
