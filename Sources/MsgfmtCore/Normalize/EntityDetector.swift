/// Finds the entities Telegram detects by itself in plain text: mentions, bot commands,
/// hashtags, cashtags, bank card numbers, `tg://` links, URLs and emails, by the rules of
/// tdlib's `MessageEntity.cpp` (`find_entities`).
public enum EntityDetector {
    /// Every detected entity, sorted; of intersecting ones the first in canonical order wins.
    /// Media timestamps (`1:23`) take part, as in the Telegram apps, which detect them in
    /// the messages they send, but are left out: the Bot API has no such entity.
    public static func detect(in text: UTF16Text) -> [MessageEntity] {
        let scanner = TextScanner(units: text.units)
        var found = mentions(in: scanner) + botCommands(in: scanner) + hashtags(in: scanner)
        found += cashtags(in: scanner) + bankCards(in: scanner)
        found += URLDetector.telegramLinks(in: scanner) + URLDetector.find(in: scanner)
        let timestamps = mediaTimestamps(in: scanner).map(\.range)
        var result: [MessageEntity] = []
        var end = 0
        var t = 0
        for entity in EntityOrder.sorted(found) {
            // Timestamps that sort before this entity claim their text first.
            while t < timestamps.count,
                timestamps[t].lowerBound < entity.offset
                    || (timestamps[t].lowerBound == entity.offset && timestamps[t].count > entity.length)
            {
                if timestamps[t].lowerBound >= end { end = timestamps[t].upperBound }
                t += 1
            }
            guard entity.offset >= end else { continue }
            result.append(entity)
            end = entity.end
        }
        return result
    }

    /// Usernames shorter than four characters that are still mentions.
    static let shortNames: Set<String> = ["gif", "nft", "pic", "ufc", "vid"]

    /// `@username`: 2–32 of `[A-Za-z0-9_]` touching no word character on either side; of
    /// these, names under four characters only when in `shortNames`.
    static func mentions(in s: TextScanner) -> [MessageEntity] {
        var result: [MessageEntity] = []
        var i = 0
        while i < s.count {
            guard s.units[i] == 0x40 else { i += 1; continue }
            if i > 0, TextScanner.isWordCharacter(s.scalar(endingAt: i).0) { i += 1; continue }
            let end = asciiWordEnd(s, from: i + 1)
            defer { i = end }
            let length = end - i - 1
            guard (2...32).contains(length), !startsWithWordCharacter(s, at: end) else { continue }
            if length < 4, !shortNames.contains(String(decoding: s.units[(i + 1)..<end], as: UTF16.self).lowercased()) {
                continue
            }
            result.append(MessageEntity(kind: .mention, offset: i, length: end - i))
        }
        return result
    }

    /// `/command` (1–64 of `[A-Za-z0-9_]`) or `/command@bot` (bot name 3–32 of them), not
    /// after a word character, `/`, `<` or `>`, and not before one.
    static func botCommands(in s: TextScanner) -> [MessageEntity] {
        var result: [MessageEntity] = []
        var i = 0
        while i < s.count {
            guard s.units[i] == 0x2F else { i += 1; continue }
            if i > 0, isCommandNeighbour(s.scalar(endingAt: i).0) { i += 1; continue }
            var end = asciiWordEnd(s, from: i + 1)
            defer { i = end }
            guard (1...64).contains(end - i - 1) else { continue }
            if s.unit(end) == 0x40 {
                let nameEnd = asciiWordEnd(s, from: end + 1)
                let nameLength = nameEnd - end - 1
                end = nameEnd
                guard (3...32).contains(nameLength) else { continue }
            }
            if end < s.count, isCommandNeighbour(s.scalar(at: end).0) { continue }
            result.append(MessageEntity(kind: .botCommand, offset: i, length: end - i))
        }
        return result
    }

    /// What may not touch a bot command: a word character, `/`, `<` or `>`.
    private static func isCommandNeighbour(_ c: Unicode.Scalar) -> Bool {
        c == "/" || c == "<" || c == ">" || TextScanner.isWordCharacter(c)
    }

    /// The end of the run of `[A-Za-z0-9_]` starting at `start`.
    static func asciiWordEnd(_ s: TextScanner, from start: Int) -> Int {
        var end = start
        while end < s.count, TextScanner.isASCIIWord(s.units[end]) { end += 1 }
        return end
    }

    /// True when a word character starts at `offset` (false at the end).
    static func startsWithWordCharacter(_ s: TextScanner, at offset: Int) -> Bool {
        offset < s.count && TextScanner.isWordCharacter(s.scalar(at: offset).0)
    }
}
