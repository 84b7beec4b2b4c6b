import Foundation
import Testing

@testable import MsgfmtCore

/// Media files looked up through the folder cache (each folder's real path found once, the
/// file's own name read with `lstat`) end where `realpath` and `stat` of the whole joined
/// path end: found with the same real path and size, or not found, across symbolic links
/// to folders and files inside and outside the export, dangling links, a file used as a
/// folder and folders that are missing.
@Suite struct MediaFolderCacheTests {
    /// A temporary tree: `export/` (the export folder) and `outside/` beside it.
    static func makeTree() throws -> (root: String, export: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-folders-\(UUID().uuidString)").path
        let fm = FileManager.default
        let export = root + "/export"
        for folder in ["export/photos", "export/files/deep", "export/dir.jpg", "outside/photos"] {
            try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["export/photos/a.jpg", "export/files/deep/b.pdf", "export/top.txt", "outside/photos/c.jpg", "outside/secret"] {
            try Data(file.utf8).write(to: URL(fileURLWithPath: root + "/" + file))
        }
        try fm.createSymbolicLink(atPath: export + "/linked", withDestinationPath: "photos")
        try fm.createSymbolicLink(atPath: export + "/away", withDestinationPath: root + "/outside/photos")
        try fm.createSymbolicLink(atPath: export + "/photos/inside.jpg", withDestinationPath: "a.jpg")
        try fm.createSymbolicLink(atPath: export + "/photos/out.jpg", withDestinationPath: root + "/outside/secret")
        try fm.createSymbolicLink(atPath: export + "/photos/dangling.jpg", withDestinationPath: "nothing.jpg")
        try fm.createSymbolicLink(atPath: export + "/photos/loop.jpg", withDestinationPath: "loop.jpg")
        return (root, export)
    }

    /// What `realpath` and `stat` of the joined path say: the real path and size, or nil.
    static func reference(_ components: [String], under export: String) -> (String, Int64)? {
        guard let real = MediaResolver.realPath(export + "/" + components.joined(separator: "/")) else { return nil }
        var info = stat()
        guard stat(real, &info) == 0 else { return nil }
        return (real, Int64(info.st_size))
    }

    @Test func agreesWithRealpathOfTheWholePath() throws {
        let (root, export) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let real = try #require(MediaResolver.realPath(export))
        let paths = [
            "photos/a.jpg", "files/deep/b.pdf", "top.txt", "linked/a.jpg", "away/c.jpg", "photos/inside.jpg", "photos/out.jpg",
            "photos/dangling.jpg", "photos/loop.jpg", "missing/a.jpg", "photos/missing.jpg", "top.txt/x", "dir.jpg", "photos",
            "linked/inside.jpg", "files/deep/../deep/b.pdf",
        ]
        let cache = MediaFolderCache()
        // Twice, the second time from what the cache found the first.
        for _ in 0..<2 {
            for path in paths {
                let components = path.split(separator: "/").map(String.init)
                let expected = Self.reference(components, under: real)
                switch cache.lookUp(components, under: real) {
                case .found(let found, let info):
                    #expect(expected?.0 == found, "\(path)")
                    #expect(expected?.1 == Int64(info.st_size), "\(path)")
                case .unresolved, .unreadable:
                    #expect(expected == nil, "\(path)")
                }
            }
        }
    }

    /// What `MediaResolver` makes of those paths: files inside the export are found, links
    /// that lead out are refused, the rest are missing or not files.
    @Test func resolverRefusesWhatLeadsOut() throws {
        let (root, export) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var options = MediaOptions()
        options.mode = .link
        options.exportFolder = try #require(MediaResolver.realPath(export))
        func problem(_ path: String) -> MediaProblem? {
            switch MediaResolver.locate(path, options: options) {
            case .success: nil
            case .failure(let problem): problem
            }
        }
        for path in ["photos/a.jpg", "files/deep/b.pdf", "top.txt", "linked/a.jpg", "photos/inside.jpg"] {
            #expect(problem(path) == nil, "\(path)")
        }
        #expect(problem("away/c.jpg") == .outsideExport)
        #expect(problem("photos/out.jpg") == .outsideExport)
        #expect(problem("../outside/secret") == .outsideExport)
        for path in ["photos/dangling.jpg", "photos/loop.jpg", "missing/a.jpg", "photos/missing.jpg", "top.txt/x"] {
            #expect(problem(path) == .missing, "\(path)")
        }
        #expect(problem("dir.jpg") == .notAFile)
        #expect(problem("photos") == .notAFile)
    }
}
