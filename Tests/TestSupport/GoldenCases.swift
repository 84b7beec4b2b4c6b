import Foundation

/// The golden cases of a fixture folder laid out as `DIR/NAME.args` (arguments, one a
/// line) beside `DIR/NAME.out` (the expected output).
public enum GoldenCases {
    /// `DIR/NAME` for every `DIR/NAME.args` under `folder`, sorted.
    public static func list(in folder: URL) -> [String] {
        let fm = FileManager.default
        let dirs = (try? fm.contentsOfDirectory(atPath: folder.path)) ?? []
        return dirs.sorted().flatMap { dir in
            ((try? fm.contentsOfDirectory(atPath: folder.appendingPathComponent(dir).path)) ?? [])
                .filter { $0.hasSuffix(".args") }.sorted().map { "\(dir)/\($0.dropLast(5))" }
        }
    }
}
