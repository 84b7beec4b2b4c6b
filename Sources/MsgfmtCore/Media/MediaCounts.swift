/// How many media files a run showed and why the others are placeholders: the `--stats`
/// line `media: N linked, M copied, K not included, J missing`.
public struct MediaCounts: Sendable, Hashable {
    /// Files referred to where they are (`--media link`).
    public var linked = 0
    /// Files linked or copied into the output (`--media copy`).
    public var copied = 0
    /// Files the export left out.
    public var notIncluded = 0
    /// Files not found, refused (outside the export) or not copied.
    public var missing = 0

    /// Creates zero counts.
    public init() {}

    /// Counts one resolved file.
    public mutating func add(_ media: ResolvedMedia) {
        switch media.problem {
        case nil: if media.copied { copied += 1 } else { linked += 1 }
        case .notIncluded: notIncluded += 1
        default: missing += 1
        }
    }

    /// Adds the counts of `other`.
    public mutating func add(_ other: MediaCounts) {
        linked += other.linked
        copied += other.copied
        notIncluded += other.notIncluded
        missing += other.missing
    }

    /// Files counted.
    public var total: Int { linked + copied + notIncluded + missing }

    /// `media: 3 linked, 0 copied, 1 not included, 2 missing`.
    public var summary: String {
        "media: \(linked) linked, \(copied) copied, \(notIncluded) not included, \(missing) missing"
    }
}
