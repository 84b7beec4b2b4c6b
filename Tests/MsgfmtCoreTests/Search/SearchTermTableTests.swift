import TestSupport
import Testing

@testable import MsgfmtCore

/// `SearchTermTable` hands back what a plain dictionary of terms to message lists holds:
/// every term once, in lexicographic order (within its group, when drained by groups),
/// with its messages in increasing order, also across the table's growth, the arrays its
/// occurrences are kept in and the parts a drain places them in, and when its slots stop
/// keeping hash tags (a table of more terms than their number bits hold).
@Suite struct SearchTermTableTests {
    @Test(arguments: [(1 << 16, 1 << 24), (7, 1 << 24), (1, 1 << 24), (1 << 16, 2), (7, 64)])
    func matchesADictionary(chunkSize: Int, taggedTerms: Int) {
        var (table, reference) = Self.randomTable(chunkSize: chunkSize, taggedTerms: taggedTerms)
        var seen: [([UInt16], [Int])] = []
        table.forEachSorted { seen.append(($0, $1)) }
        let expected = reference.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { ($0, reference[$0]!) }
        #expect(table.count == reference.count)
        #expect(seen.map(\.0) == expected.map(\.0))
        #expect(seen.map(\.1) == expected.map(\.1))
        let one: (UnsafeBufferPointer<UInt16>) -> Int = { _ in 0 }
        table.drainSorted(groupedBy: one) { _, _, _ in }
        #expect(table.count == 0)
    }

    /// Drained by groups, the terms come group by group (in increasing order of group),
    /// lexicographically within each, each with its group and messages.
    @Test func drainsGroupByGroup() {
        var (table, reference) = Self.randomTable(chunkSize: 1 << 16)
        func group(_ term: [UInt16]) -> Int { Int(term[0]) % 5 + (term.contains(0x20) ? 5 : 0) }
        var seen: [(Int, [UInt16], [Int])] = []
        let groupOfUnits = { (term: UnsafeBufferPointer<UInt16>) in group(Array(term)) }
        table.drainSorted(groupedBy: groupOfUnits) { seen.append(($0, Array($1), $2.map { Int($0) })) }
        let expected = reference.keys.sorted {
            group($0) != group($1) ? group($0) < group($1) : $0.lexicographicallyPrecedes($1)
        }
        #expect(seen.map(\.1) == expected)
        #expect(seen.map(\.0) == expected.map(group))
        #expect(seen.map(\.2) == expected.map { reference[$0]! })
        #expect(table.count == 0)
    }

    /// A table of random terms over a small alphabet (spaces and surrogate pairs among
    /// them) in 3 000 messages, some without terms, added one term at a time or a
    /// message's list at once, and the same as a dictionary.
    private static func randomTable(chunkSize: Int, taggedTerms: Int = 1 << 24) -> (SearchTermTable, [[UInt16]: [Int]]) {
        var rng = SeededGenerator(seed: 7)
        let alphabet: [UInt16] = [0x61, 0x62, 0x63, 0x20, 0x4F60, 0xD83D, 0xDE00, 0x7A]
        var table = SearchTermTable(chunkSize: chunkSize, taggedTerms: taggedTerms)
        var reference: [[UInt16]: [Int]] = [:]
        for message in 0..<3000 {
            if Int.random(in: 0..<5, using: &rng) == 0 { continue }  // a message without terms
            var terms = Set<[UInt16]>()
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                terms.insert((0..<Int.random(in: 1...4, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
            }
            let sorted = terms.sorted(by: { $0.lexicographicallyPrecedes($1) })
            if message % 2 == 0 {
                for term in sorted { table.add(term, message: message) }
            } else {
                // A message's terms at once, as a site's records add them (across chunks
                // when they are small).
                var ends: [Int32] = []
                for term in sorted { ends.append((ends.last ?? 0) + Int32(term.count)) }
                let hashes = sorted.map { SearchTermTable.tableIndex($0[...]) }
                table.add(SearchTermList(units: sorted.flatMap { $0 }, ends: ends, hashes: hashes), message: message)
            }
            for term in sorted { reference[term, default: []].append(message) }
        }
        return (table, reference)
    }
}
