import Foundation

/// Where the package's own files are, found from this source file's path, so tests read
/// fixtures and documents whatever the working directory.
public enum PackagePaths {
    /// The package root (the folder holding Package.swift).
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `fixtures` folder.
    public static let fixtures = root.appendingPathComponent("fixtures")

    /// `path` (slash-separated) under `fixtures`.
    public static func fixture(_ path: String) -> URL {
        fixtures.appendingPathComponent(path)
    }
}
