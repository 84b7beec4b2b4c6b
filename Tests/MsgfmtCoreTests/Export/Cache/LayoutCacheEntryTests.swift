import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

/// A layout cache entry (`LayoutCacheEntry`) comes back as it was made: the site's parts
/// with their search record, JSON Lines bytes and Markdown text, the custom emoji ids and
/// the diagnostics, those located at the message moved to where the message is now. Cut
/// or changed bytes read as no entry, never as a crash.
@Suite struct LayoutCacheEntryTests {
    static let options: ExportOptions = {
        var o = ExportOptions()
        o.clock = ExportClock(timeZone: "UTC")!
        return o
    }()

    static func message(_ text: String, from: String = "Zoë") throws -> ExportMessage {
        let json =
            "{\"id\": 42, \"type\": \"message\", \"date_unixtime\": \"1717200000\", \"from\": \"\(from)\", \"from_id\": \"user7\", \"text\": \"\(text)\"}"
        guard
            case .success(let message) = ExportMessageDecoder.decode(
                RawExportMessage(bytes: Array(json.utf8), byteOffset: 0, index: 0), clock: options.clock)
        else { throw CancellationError() }
        return message
    }

    static let diagnostics = [
        Diagnostic(.warning, Diagnostic.Location(messageID: 42, messageIndex: 5, entityIndex: 2), "entity 2 was cut"),
        Diagnostic(.error, Diagnostic.Location(byteOffset: 17, line: 3, column: 9), "something else"),
        Diagnostic(.warning, Diagnostic.Location(messageIndex: 9), "about another message"),
    ]

    @Test func siteEntriesComeBackAsTheyWere() throws {
        let message = try Self.message("Привет, мир: 漢字かな and ÅNGSTRÖM")
        var parts = HTMLMessageParts(head: "<div id=\"message42\">", sentence: "", tail: "<p>Привет</p></div>\n")
        parts.search = SearchRecord(message, clock: Self.options.clock, hidingSpoilers: Self.options.hidesSpoilers)
        let entry = LayoutCacheEntry(
            emojiIDs: ["5368324170671202286", "17"], emojiPrint: ContentHash(high: 3, low: 4), diagnostics: Self.diagnostics, piece: parts)
        let bytes = entry.encoded(index: 5)
        let back = try #require(
            LayoutCacheEntry(decoding: bytes, pieceType: HTMLMessageParts.self, message: message, index: 8, options: Self.options))
        #expect(back.emojiIDs == entry.emojiIDs)
        #expect(back.emojiPrint == entry.emojiPrint)
        var moved = Self.diagnostics
        moved[0].location.messageIndex = 8
        #expect(back.diagnostics == moved)
        let piece = try #require(back.piece as? HTMLMessageParts)
        #expect(piece.head == parts.head && piece.sentence == parts.sentence && piece.tail == parts.tail)
        let search = try #require(piece.search)
        let original = try #require(parts.search)
        #expect(search.terms == original.terms && search.scalars == original.scalars)
        #expect(original.terms.count > 5 && (0..<search.terms.count).allSatisfy { search.terms.hash($0) == original.terms.hash($0) })
        #expect(search.quotedText == original.quotedText && search.sender == original.sender && search.fromID == original.fromID)
        #expect(search.minutes == original.minutes && search.features == original.features && search.id == original.id)
    }

    /// Search terms are stored a term at a time, one byte a unit when every unit of the
    /// term is below 256 and two otherwise: short, one-byte, two-byte and mixed terms all
    /// come back with their hashes (a term's stored header is twice its length, more than
    /// the bytes left after a short last term when no scalars follow: an ASCII sender).
    @Test(arguments: ["m6", "x", "été ça", "Ж", "a Ж 漢字 b", "ÿĀ"])
    func searchTermsOfEveryWidthComeBack(text: String) throws {
        let message = try Self.message(text, from: "Zoe")
        var parts = HTMLMessageParts(head: "", sentence: "", tail: "")
        parts.search = SearchRecord(message, clock: Self.options.clock, hidingSpoilers: Self.options.hidesSpoilers)
        let bytes = LayoutCacheEntry(emojiIDs: [], emojiPrint: ContentHash(high: 0, low: 0), diagnostics: [], piece: parts).encoded(
            index: 0)
        let back = try #require(
            LayoutCacheEntry(decoding: bytes, pieceType: HTMLMessageParts.self, message: message, index: 0, options: Self.options))
        let search = try #require((back.piece as? HTMLMessageParts)?.search)
        let original = try #require(parts.search)
        #expect(original.terms.count > 0)
        #expect(search.terms == original.terms && search.scalars == original.scalars)
        #expect((0..<search.terms.count).allSatisfy { search.terms.hash($0) == original.terms.hash($0) })
    }

    @Test func streamEntriesComeBackAsTheyWere() throws {
        let message = try Self.message("plain")
        let json: [UInt8] = Array("\"id\":42,\"text\":\"plain\"".utf8)
        let jsonEntry = LayoutCacheEntry(emojiIDs: [], emojiPrint: ContentHash(high: 0, low: 0), diagnostics: [], piece: json)
        let jsonBack = LayoutCacheEntry(
            decoding: jsonEntry.encoded(index: 0), pieceType: [UInt8].self, message: message, index: 0, options: Self.options)
        #expect(jsonBack?.piece as? [UInt8] == json)
        let markdown = "**plain** ☕"
        let mdEntry = LayoutCacheEntry(emojiIDs: [], emojiPrint: ContentHash(high: 0, low: 0), diagnostics: [], piece: markdown)
        let mdBack = LayoutCacheEntry(
            decoding: mdEntry.encoded(index: 0), pieceType: String.self, message: message, index: 0, options: Self.options)
        #expect(mdBack?.piece as? String == markdown)
        // A piece read as another writer's is no entry.
        #expect(
            LayoutCacheEntry(
                decoding: mdEntry.encoded(index: 0), pieceType: HTMLMessageParts.self, message: message, index: 0, options: Self.options)
                == nil)
    }

    @Test func cutOrChangedBytesAreNoEntry() throws {
        let message = try Self.message("bytes")
        var parts = HTMLMessageParts(head: "<div>", sentence: "", tail: "</div>")
        parts.search = SearchRecord(message, clock: Self.options.clock, hidingSpoilers: Self.options.hidesSpoilers)
        let bytes = LayoutCacheEntry(emojiIDs: ["1"], emojiPrint: ContentHash(high: 1, low: 1), diagnostics: Self.diagnostics, piece: parts)
            .encoded(index: 0)
        for cut in 0..<bytes.count {
            #expect(
                LayoutCacheEntry(
                    decoding: Array(bytes[..<cut]), pieceType: HTMLMessageParts.self, message: message, index: 0, options: Self.options)
                    == nil, "cut at \(cut)")
        }
        var rng = SeededGenerator(seed: 12)
        for _ in 0..<2000 {
            var changed = bytes
            for _ in 0..<(1 + rng.below(4)) { changed[rng.below(changed.count)] = UInt8(truncatingIfNeeded: rng.below(256)) }
            _ = LayoutCacheEntry(decoding: changed, pieceType: HTMLMessageParts.self, message: message, index: 0, options: Self.options)
            let random = (0..<rng.below(64)).map { _ in UInt8(truncatingIfNeeded: rng.below(256)) }
            _ = LayoutCacheEntry(decoding: random, pieceType: HTMLMessageParts.self, message: message, index: 0, options: Self.options)
        }
    }
}
