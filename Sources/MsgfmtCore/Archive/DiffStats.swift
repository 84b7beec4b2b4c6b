/// How many messages a comparison found of each kind (`msgfmt diff --stats`).
public struct DiffStats: Sendable, Hashable {
    /// Messages only in the new export.
    public var added = 0
    /// Messages missing from the new export within its range.
    public var deleted = 0
    /// Messages whose content changed.
    public var edited = 0
    /// Messages in both exports with the same content.
    public var unchanged = 0
    /// Messages of the old export that the new one does not reach (a chat it lacks, or a
    /// date before its first or after its last message): not differences.
    public var outOfRange = 0
    /// Messages of either export that could not be decoded, so were not compared.
    public var failed = 0

    /// Creates zero counts.
    public init() {}

    /// Messages added, deleted or edited.
    public var differences: Int { added + deleted + edited }

    /// One line for stderr: `added 2, deleted 1, edited 3, unchanged 40, out of range 0, failed 0`.
    public var summary: String {
        "added \(added), deleted \(deleted), edited \(edited), unchanged \(unchanged), out of range \(outOfRange), failed \(failed)"
    }
}
