import Testing

@_spi(Testing) @testable import MsgfmtCore

/// `Normalizer.isNormal` lets normalizing skip a message that is already normal; whenever it
/// says so, normalizing step by step must give the message back with no diagnostic, and it
/// must say so for what the normalizer itself makes (or the shortcut would never be taken).
@Suite struct NormalFormTests {
    /// The entities of `message` and what `isNormal` says of them agree with the normalizer.
    private func check(_ message: Message, _ n: Int) -> Bool {
        let text = UTF16Text(message.text)
        guard Normalizer.isNormal(message.entities, text: text) else { return false }
        let (full, diagnostics) = Normalizer.normalizeStepByStep(message, text: text, detect: false)
        #expect(full.entities == message.entities, "message \(n): \(message.entities)")
        #expect(diagnostics.isEmpty, "message \(n): \(diagnostics)")
        return true
    }

    @Test func shortcutOnlyForWhatNormalizingLeavesAlone() {
        var generator = MessageGenerator(seed: 20_261_126)
        var normalOnes = 0
        var normalizedOutputs = 0
        for n in 0..<20_000 {
            let message = generator.message()
            if check(message, n) { normalOnes += 1 }
            let normalized = Normalizer.normalizeStepByStep(message, text: UTF16Text(message.text), detect: false).0
            if normalized.entities.count <= Normalizer.normalFormLimit {
                #expect(check(normalized, n), "normalized message \(n) not seen as normal: \(normalized.entities)")
                normalizedOutputs += 1
            }
        }
        // Random lists are sometimes normal by chance, so both answers are exercised.
        #expect(normalOnes > 1000)
        #expect(normalizedOutputs > 19_000)
    }

    /// The generator's next message, normalized step by step.
    private static func normalized(_ generator: inout MessageGenerator) -> Message {
        let message = generator.message()
        return Normalizer.normalizeStepByStep(message, text: UTF16Text(message.text), detect: false).0
    }

    /// Normal lists shuffled: the shortcut sorts them, as normalizing does.
    @Test func shuffledNormalListsAreSorted() {
        var generator = MessageGenerator(seed: 11)
        var sorted = 0
        for n in 0..<20_000 {
            var shuffled = Self.normalized(&generator)
            guard shuffled.entities.count > 1 else { continue }
            shuffled.entities.swapAt(0, generator.int(1...(shuffled.entities.count - 1)))
            #expect(Normalizer.normalFormAgrees(shuffled), "message \(n): \(shuffled.entities)")
            if let normal = Normalizer.shortcut(shuffled, text: UTF16Text(shuffled.text)), normal != shuffled { sorted += 1 }
        }
        #expect(sorted > 5000)
    }

    /// Normal lists changed in one small way: each must be refused, or be truly normal.
    @Test func nearlyNormalListsAreJudgedExactly() {
        var generator = MessageGenerator(seed: 7)
        var refused = 0
        for n in 0..<20_000 {
            var normalized = Self.normalized(&generator)
            guard !normalized.entities.isEmpty else { continue }
            let i = generator.int(0...(normalized.entities.count - 1))
            switch generator.int(0...4) {
            case 0: normalized.entities[i].offset += generator.int(-2...2)
            case 1: normalized.entities[i].length += generator.int(-2...2)
            case 2: normalized.entities.append(normalized.entities[i])
            case 3: normalized.entities.swapAt(i, generator.int(0...(normalized.entities.count - 1)))
            default:
                normalized.entities[i].kind = generator.pick([.bold, .italic, .code, .pre, .url, .blockquote, .textLink])
            }
            if !check(normalized, n) { refused += 1 }
        }
        #expect(refused > 5000)
    }

    @Test func examples() {
        let text = UTF16Text("bold and italic text here")
        let e = { (k: EntityKind, o: Int, l: Int) in MessageEntity(kind: k, offset: o, length: l) }
        #expect(Normalizer.isNormal([e(.bold, 0, 8), e(.italic, 0, 4)], text: text))
        // A style starting inside another splits it.
        #expect(!Normalizer.isNormal([e(.bold, 0, 8), e(.italic, 2, 8)], text: text))
        // Touching pieces of one style are joined.
        #expect(!Normalizer.isNormal([e(.bold, 0, 4), e(.bold, 4, 4)], text: text))
        // Overlapping code is dropped; a style inside code too.
        #expect(!Normalizer.isNormal([e(.code, 0, 8), e(.code, 4, 8)], text: text))
        #expect(!Normalizer.isNormal([e(.code, 0, 8), e(.bold, 2, 2)], text: text))
        // Out of canonical order, past the end, empty.
        #expect(!Normalizer.isNormal([e(.italic, 0, 4), e(.bold, 0, 8)], text: text))
        #expect(!Normalizer.isNormal([e(.bold, 20, 10)], text: text))
        #expect(!Normalizer.isNormal([e(.bold, 3, 0)], text: text))
        // A payload the kind does not carry, an empty pre language.
        #expect(!Normalizer.isNormal([MessageEntity(kind: .bold, offset: 0, length: 4, url: "https://x.y")], text: text))
        #expect(!Normalizer.isNormal([MessageEntity(kind: .pre, offset: 0, length: 4, language: "")], text: text))
        #expect(Normalizer.isNormal([MessageEntity(kind: .pre, offset: 0, length: 4, language: "swift")], text: text))
        // A surrogate pair split.
        #expect(!Normalizer.isNormal([e(.bold, 1, 1)], text: UTF16Text("😀x")))
    }
}
