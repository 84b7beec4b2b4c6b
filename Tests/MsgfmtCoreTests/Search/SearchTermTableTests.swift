import TestSupport
import Testing

@testable import MsgfmtCore

/// `SearchTermTable` hands back what a plain dictionary of terms to message lists holds:
/// every term once, in lexicographic order, with its messages in increasing order, also
/// across the table's growth and the arrays its occurrences are kept in.
@Suite struct SearchTermTableTests {
    @Test(arguments: [1 << 16, 7, 1])
    func matchesADictionary(chunkSize: Int) {
        var rng = SeededGenerator(seed: 7)
        let alphabet: [UInt16] = [0x61, 0x62, 0x63, 0x20, 0x4F60, 0xD83D, 0xDE00, 0x7A]
        var table = SearchTermTable(chunkSize: chunkSize)
        var reference: [[UInt16]: [Int]] = [:]
        for message in 0..<3000 {
            if Int.random(in: 0..<5, using: &rng) == 0 { continue }  // a message without terms
            var terms = Set<[UInt16]>()
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                terms.insert((0..<Int.random(in: 1...4, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
            }
            for term in terms.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                table.add(term, message: message)
                reference[term, default: []].append(message)
            }
        }
        var seen: [([UInt16], [Int])] = []
        table.forEachSorted { seen.append(($0, $1)) }
        let expected = reference.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { ($0, reference[$0]!) }
        #expect(table.count == reference.count)
        #expect(seen.map(\.0) == expected.map(\.0))
        #expect(seen.map(\.1) == expected.map(\.1))
    }
}
