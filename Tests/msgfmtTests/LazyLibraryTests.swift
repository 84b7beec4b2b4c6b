import Foundation
import TestSupport
import Testing

/// The system libraries only some commands use (HarfBuzz, fontconfig, cairo, FreeType,
/// libdeflate, libpng, libjpeg, libwebp, Nettle) are opened when a command first needs them, so a
/// one-message render starts without mapping them. `LD_DEBUG=files` makes glibc's dynamic
/// loader name every object it opens on stderr.
@Suite struct LazyLibraryTests {
    static let lazy = [
        "libharfbuzz", "libfontconfig", "libcairo", "libfreetype", "libpng16", "libjpeg", "libwebp", "libnettle", "libdeflate",
    ]
    static let message = #"{"text":"hi there","entities":[{"type":"bold","offset":0,"length":2}]}"#

    /// The lazily opened libraries a run of `arguments` opened; the run must succeed.
    static func opened(_ arguments: [String], stdin: String = message) throws -> Set<String> {
        let run = try Binary.run(arguments, stdin: stdin, environment: ["LD_DEBUG": "files"])
        #expect(run.status == 0, "\(run.stderr.suffix(400))")
        // glibc writes "file=libcairo.so.2 [0];  needed by …" or "… dynamically loaded by …".
        #expect(run.stderr.contains("file="), "LD_DEBUG=files printed nothing: not glibc's loader?")
        return Set(lazy.filter { run.stderr.contains("file=\($0)") })
    }

    #if os(Linux)
        @Test func oneMessageRenderOpensNone() throws {
            #expect(try Self.opened(["--from", "bot-api", "--to", "ansi", "--color", "always", "--width", "80"]) == [])
            #expect(try Self.opened(["--from", "bot-api", "--to", "html"]) == [])
        }

        @Test func pixelLayoutOpensTheFontLibrariesOnly() throws {
            let opened = try Self.opened(["--from", "bot-api", "--to", "json", "--width", "320px"])
            #expect(opened.isSuperset(of: ["libharfbuzz", "libfontconfig"]))
            #expect(opened.isDisjoint(with: ["libcairo", "libnettle", "libjpeg", "libwebp", "libdeflate"]))  // FreeType brings libpng
        }

        @Test func pngOpensCairoAndFreeType() throws {
            let opened = try Self.opened(["--from", "bot-api", "--to", "png", "--width", "320px", "-o", Self.scratch().path])
            #expect(opened.isSuperset(of: ["libharfbuzz", "libfontconfig", "libcairo", "libfreetype", "libdeflate"]))
        }

        @Test func htmlSiteOpensNettleForItsDigests() throws {
            let export = PackagePaths.fixtures.appendingPathComponent("export/kinds/result.json").path
            let opened = try Self.opened([
                "export", export, "-o", Self.scratch().appendingPathComponent("site").path, "--progress", "never",
            ])
            #expect(opened.contains("libnettle"))
            #expect(opened.isDisjoint(with: ["libharfbuzz", "libcairo"]))
        }
    #endif

    /// A fresh empty folder.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-lazy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
