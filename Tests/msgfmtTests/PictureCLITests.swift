import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `--measure font`, `--to json` in pixels, `--to svg` and `--to png` through the binary:
/// golden pictures within a tolerance, the SVG next to the PNG in headless Chromium,
/// hostile text kept out of the SVG's markup, the options' errors. Pinned to DejaVu Sans
/// and the Noto fonts `.ci/run` installs.
@Suite struct PictureCLITests {
    typealias T = TerminalTestSupport
    static let chromium = T.tool("chromium", "chromium-browser", "google-chrome")
    static let pinned = ["--font", "DejaVu Sans", "--width", "360px", "--theme", "dark"]

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The example's pictures, one file per message, look as recorded.
    @Test func welcomePicturesMatchTheGoldens() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let examples = PackagePaths.root.appendingPathComponent("examples/welcome.jsonl").path
        let result = try Binary.run(["--to", "png"] + Self.pinned + [examples, "-o", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == [".msgfmt-output", "message-1.png", "message-2.png"])
        for name in names.dropFirst() {
            let png = try Data(contentsOf: out.appendingPathComponent(name))
            try GoldenPicture.check(png, against: PackagePaths.fixture("pictures/welcome-\(name.dropFirst(8))"))
        }
    }

    /// Pictures drawn on several threads are the files one thread writes, byte for byte:
    /// named in input order (a repeated id gets the message's position, a message without
    /// one is named by its position), none for a message `--strict` fails, and a picture
    /// too tall for a thread's reused canvas among the rest.
    @Test func threadsWriteTheFilesOneThreadWrites() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var lines: [String] = []
        for i in 1...40 {
            switch i % 10 {
            case 3: lines.append(#"{"text":"no id \#(i)"}"#)
            case 5: lines.append(#"{"message_id":2,"text":"id 2 again, message \#(i)"}"#)
            case 7: lines.append(#"{"message_id":\#(1000 + i),"text":"bad","entities":[{"type":"bold","offset":1,"length":9}]}"#)
            default:
                lines.append(#"{"message_id":\#(i),"text":"message \#(i) 好 🙂 مرحبا","entities":[{"type":"bold","offset":0,"length":7}]}"#)
            }
        }
        let long = Array(repeating: "a long message of many words", count: 120).joined(separator: " ")
        lines.insert(#"{"message_id":99,"text":"\#(long)"}"#, at: 20)
        let input = dir.appendingPathComponent("in.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: input)
        var outputs: [[String: Data]] = []
        for jobs in ["1", "3"] {
            let out = dir.appendingPathComponent("out-\(jobs)")
            let result = try Binary.run(
                ["--to", "png", "--scale", "4", "--strict", "--jobs", jobs] + Self.pinned + [input.path, "-o", out.path])
            #expect(result.status == 1, "the --strict failures: \(result.stderr)")
            #expect(result.stderr.components(separatedBy: "past the end of the text").count == 5, "\(result.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }
            outputs.append(Dictionary(uniqueKeysWithValues: try names.map { ($0, try Data(contentsOf: out.appendingPathComponent($0))) }))
        }
        let names = Set(outputs[0].keys)
        #expect(names.count == 37)
        #expect(names.isSuperset(of: ["message-2.png", "message-2-5.png", "message-2-15.png", "message-3.png", "message-99.png"]))
        #expect(names.isSuperset(of: ["message-24.png", "message-24-25.png"]), "position 24 (no id) before id 24")
        #expect(names.isDisjoint(with: [7, 17, 27, 37].map { "message-\(1000 + $0).png" }), "none for what --strict failed")
        #expect(outputs[1] == outputs[0], "the same files with three threads")
        let tallPNG = try #require(outputs[0]["message-99.png"])
        let tall = try #require(RGBAImage(png: tallPNG))
        #expect(tall.width * tall.height * 4 > 4 << 20, "larger than a thread's reused canvas")
    }

    #if os(Linux)
        /// Where libdeflate's run-time library is missing (here a library of its name without
        /// its functions is found first), pictures are still written, compressed by zlib:
        /// other bytes, the same pixels.
        @Test func withoutLibdeflateZlibWritesThePictures() throws {
            let dir = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            // A real shared library without libdeflate's functions: zlib, as this process mapped it.
            #expect(dlopen("libz.so.1", RTLD_NOW) != nil, "zlib is installed")
            // /proc files report no size: read them to their end.
            let mapsFile = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
            let maps = String(decoding: mapsFile.readDataToEndOfFile(), as: UTF8.self)
            let zlib = try #require(
                maps.split(separator: "\n").compactMap { $0.split(separator: " ").last }.first { $0.contains("/libz.so") })
            let lib = dir.appendingPathComponent("lib")
            try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: String(zlib), toPath: lib.appendingPathComponent("libdeflate.so.0").path)
            let examples = PackagePaths.root.appendingPathComponent("examples/welcome.jsonl").path
            var pictures: [[String: Data]] = []
            for environment in [[:], ["LD_LIBRARY_PATH": lib.path]] {
                let out = dir.appendingPathComponent("out-\(pictures.count)")
                let result = try Binary.run(["--to", "png"] + Self.pinned + [examples, "-o", out.path], environment: environment)
                #expect(result.status == 0, "\(result.stderr)")
                let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }
                pictures.append(
                    Dictionary(uniqueKeysWithValues: try names.map { ($0, try Data(contentsOf: out.appendingPathComponent($0))) }))
            }
            #expect(pictures[0].keys.sorted() == ["message-1.png", "message-2.png"])
            #expect(pictures[1].keys.sorted() == pictures[0].keys.sorted())
            for (name, png) in pictures[0] {
                let fallback = try #require(pictures[1][name])
                #expect(png != fallback, "\(name): zlib's bytes are not libdeflate's")
                #expect(RGBAImage(png: png) != nil && RGBAImage(png: png) == RGBAImage(png: fallback), "\(name): the same pixels")
            }
        }
    #endif

    /// `--stack -o FILE` draws every message in one picture, as tall as the bubbles.
    @Test func stackWritesOnePicture() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("chat.png")
        let input = #"{"message_id":1,"text":"first"}"# + "\n" + #"{"message_id":2,"text":"second"}"#
        let result = try Binary.run(["--to", "png", "--scale", "2", "--stack", "-o", file.path] + Self.pinned, stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try #require(RGBAImage(png: try Data(contentsOf: file)))
        let one = try Binary.run(["--to", "svg"] + Self.pinned, stdin: #"{"text":"first"}"#)
        let height = try #require(one.stdout.firstMatch(of: #/height="([0-9.]+)"/#).flatMap { Double($0.1) })
        #expect(image.height == Int((2 * (2 * height + 2)).rounded(.up)))
    }

    /// A Bot API message with media is drawn with its placeholder above its caption, worded
    /// as every format words it; a voice message without a caption is a bubble of its
    /// placeholder alone, as tall as a one-line text.
    @Test func mediaPlaceholdersAboveTheCaption() throws {
        let photo =
            #"{"message_id":1,"photo":[{"file_id":"a","file_unique_id":"b","width":1280,"height":720,"file_size":221184}],"caption":"look"}"#
        let voice = #"{"message_id":2,"voice":{"file_id":"a","file_unique_id":"b","duration":7}}"#
        let result = try Binary.run(["--to", "svg"] + Self.pinned, stdin: photo + "\n" + voice)
        #expect(result.status == 0, "\(result.stderr)")
        let texts = result.stdout.matches(of: #/<text [^>]*>([^<]*)</text>/#).map { String($0.1) }
        #expect(texts == ["[Photo 1280×720 · 216 KB]", "look", "[Voice message 0:07]"], "\(texts)")
        func height(_ input: String) throws -> Double? {
            try Binary.run(["--to", "svg"] + Self.pinned, stdin: input).stdout.firstMatch(of: #/height="([0-9.]+)"/#).flatMap {
                Double($0.1)
            }
        }
        #expect(try height(voice) == height(#"{"text":"first"}"#))
    }

    /// `-o` naming a file of the format (`hi.png`, `HI.SVG`) writes one picture of all
    /// messages, byte for byte what `--stack` writes; a trailing slash, an existing folder of
    /// that name or another extension keeps `-o` a folder of one picture per message.
    @Test func outputNamedLikeAPictureIsOneFile() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = #"{"message_id":1,"text":"first"}"# + "\n" + #"{"message_id":2,"text":"second"}"#
        func run(_ to: String, _ output: String, stack: Bool = false) throws -> URL {
            let url = dir.appendingPathComponent(output)
            // `URL.path` drops a trailing slash, so the argument is spelled out.
            let argument = dir.path + "/" + output
            let result = try Binary.run(["--to", to] + (stack ? ["--stack"] : []) + Self.pinned + ["-o", argument], stdin: input)
            #expect(result.status == 0, "\(result.stderr)")
            return url
        }
        func isFolder(_ url: URL) -> Bool {
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) && folder.boolValue
        }
        let stacked = try Data(contentsOf: try run("png", "stacked.out", stack: true))
        let png = try run("png", "hi.png")
        #expect(!isFolder(png))
        #expect(try Data(contentsOf: png) == stacked)
        let svg = try run("svg", "HI.SVG")
        #expect(!isFolder(svg))
        #expect(try String(contentsOf: svg, encoding: .utf8).hasPrefix("<svg"))
        for (to, name) in [("png", "slash.png/"), ("png", "other.svg"), ("svg", "other.png")] {
            let folder = try run(to, name)
            #expect(isFolder(folder), "\(name)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("message-2.\(to)").path), "\(name)")
        }
        let existing = dir.appendingPathComponent("kept.png")
        try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: true)
        _ = try run("png", "kept.png")
        #expect(FileManager.default.fileExists(atPath: existing.appendingPathComponent("message-1.png").path))
    }

    /// When no message is drawn into the one picture, no file is written (an empty file is
    /// no picture) and a note says so; a file already there is left as it was.
    @Test func nothingDrawnWritesNoPicture() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("none.png")
        let bad = try Binary.run(["--from", "bot-api", "--to", "png", "-o", file.path] + Self.pinned, stdin: "not json\n")
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("note: no message was drawn, so no picture was written"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let kept = dir.appendingPathComponent("kept.png")
        try Data("before".utf8).write(to: kept)
        let team = PackagePaths.root.appendingPathComponent("examples/team-chat.json").path
        let none = try Binary.run(["export", team, "--to", "png", "--since", "2031-01-01", "-o", kept.path] + Self.pinned.prefix(2))
        #expect(none.status == 0, "\(none.stderr)")
        #expect(none.stderr.contains("note: no message was drawn"), "\(none.stderr)")
        #expect(try Data(contentsOf: kept) == Data("before".utf8))
        let piped = try Binary.run(["--from", "bot-api", "--to", "svg"] + Self.pinned, stdin: "not json\n")
        #expect(piped.stdout.isEmpty)
        #expect(piped.stderr.contains("no picture was written"))
    }

    /// `-o -` is standard output, as for export: the picture goes there, no file named `-`.
    @Test func dashIsStandardOutput() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for extra in [[], ["--stack"]] {
            let result = try Binary.run(["--to", "svg", "-o", "-"] + extra + Self.pinned, stdin: #"{"text":"hi"}"#, in: dir)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("<svg"))
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path))
        }
    }

    /// A PNG is never written to a terminal (its compressed bytes could hold any escape
    /// sequence): render and export stop with a usage error and write nothing there.
    @Test func pngIsNotWrittenToATerminal() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.jsonl")
        try Data(#"{"text":"hi"}"#.utf8).write(to: input)
        let team = PackagePaths.root.appendingPathComponent("examples/team-chat.json").path
        for arguments in [
            ["--to", "png", input.path], ["--to", "png", "-o", "-", input.path], ["export", team, "--to", "png"],
            ["export", team, "--to", "png", "-o", "-"],
        ] {
            let run = try PseudoTerminal.run(arguments + Self.pinned.prefix(2), answer: nil)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains("A PNG is not written to a terminal"), "\(run.stderr)")
            #expect(PseudoTerminal.find(Array("PNG".utf8), in: run.output) == nil)
        }
        // An SVG is text, escaped: it may go to the terminal.
        let svg = try PseudoTerminal.run(["--to", "svg", input.path] + Self.pinned.prefix(2), answer: nil)
        #expect(svg.status == 0, "\(svg.stderr)")
    }

    /// Bot API `from` and `date` become the bubbles' sender names and times: a name on the
    /// first bubble of a sender's run (in the stack), the time in the local zone.
    @Test func sendersAndTimesAreDrawn() throws {
        let input = [
            #"{"message_id":1,"date":1732437000,"from":{"id":101,"first_name":"Alice","last_name":"Smith"},"text":"Did it ship?"}"#,
            #"{"message_id":2,"date":1732437060,"from":{"id":101,"first_name":"Alice","last_name":"Smith"},"text":"The notes?"}"#,
            #"{"message_id":3,"date":1732437120,"from":{"id":202,"username":"bob_<b>"},"text":"Yes"}"#,
            #"{"message_id":4,"text":"no sender, no date"}"#,
        ].joined(separator: "\n")
        let stacked = try Binary.run(["--to", "svg", "--stack"] + Self.pinned, stdin: input, environment: ["TZ": "UTC"])
        #expect(stacked.status == 0, "\(stacked.stderr)")
        let svg = stacked.stdout
        #expect(svg.components(separatedBy: ">Alice Smith<").count == 2, "\(svg)")
        #expect(svg.contains(">bob_&lt;b&gt;<") && !svg.contains("<b>"))
        for time in ["08:30", "08:31", "08:32"] { #expect(svg.contains(">\(time)<"), "\(time)") }
        let bare = try Binary.run(["--to", "svg"] + Self.pinned, stdin: input.components(separatedBy: "\n")[3])
        #expect(bare.status == 0 && !bare.stdout.contains(#/>\d\d:\d\d</#), "a message without a date has no time")
        // Alone in its picture, each message shows its sender; the zone is TZ's.
        let one = try Binary.run(
            ["--to", "svg"] + Self.pinned, stdin: input.components(separatedBy: "\n")[1], environment: ["TZ": "Asia/Tokyo"])
        #expect(one.stdout.contains(">Alice Smith<") && one.stdout.contains(">17:31<"), "\(one.stdout)")
        // --time-zone wins over TZ; an unknown zone is a usage error.
        let zoned = try Binary.run(
            ["--to", "svg", "--time-zone", "+03:00"] + Self.pinned, stdin: input.components(separatedBy: "\n")[1],
            environment: ["TZ": "Asia/Tokyo"])
        #expect(zoned.stdout.contains(">11:31<"), "\(zoned.stdout)")
        // An offset west of UTC begins with a dash and is still the option's value.
        let west = try Binary.run(
            ["--to", "svg", "--time-zone", "-09:30"] + Self.pinned, stdin: input.components(separatedBy: "\n")[1])
        #expect(west.status == 0 && west.stdout.contains(">23:01<"), "\(west.stderr)")
        let unknown = try Binary.run(["--to", "svg", "--time-zone", "Mars/Base"] + Self.pinned, stdin: input)
        #expect(unknown.status == 2 && unknown.stderr.contains("--time-zone 'Mars/Base'"), "\(unknown.stderr)")
        // TZ=UTC-3 is POSIX's: three hours east, as `date` reads it; the same words in
        // --time-zone are refused, since people mean them either way.
        let posix = try Binary.run(
            ["--to", "svg"] + Self.pinned, stdin: input.components(separatedBy: "\n")[1], environment: ["TZ": "UTC-3"])
        #expect(posix.stdout.contains(">11:31<"), "\(posix.stdout)")
        let ambiguous = try Binary.run(["--to", "svg", "--time-zone", "UTC-3"] + Self.pinned, stdin: input)
        #expect(ambiguous.status == 2 && ambiguous.stderr.contains("write +03:00 for east or -03:00 for west"), "\(ambiguous.stderr)")
    }

    /// A stack whose messages fall on more than one day (in `--time-zone`) heads each day
    /// with a chip holding its date, above its first message, and a sender's run ends
    /// with the day; a stack of one day's messages, or of undated ones, has no chip.
    @Test func stacksOverSeveralDaysHeadEachDayWithAChip() throws {
        let lines = [
            #"{"message_id":1,"date":1732437000,"from":{"id":101,"first_name":"Alice"},"text":"Sunday"}"#,
            #"{"message_id":2,"date":1732437060,"from":{"id":101,"first_name":"Alice"},"text":"still Sunday"}"#,
            #"{"message_id":3,"text":"no date"}"#,
            #"{"message_id":4,"date":1732523460,"from":{"id":101,"first_name":"Alice"},"text":"Monday"}"#,
        ]
        func texts(_ input: [String], zone: String = "UTC") throws -> [String] {
            let run = try Binary.run(
                ["--to", "svg", "--stack", "--time-zone", zone] + Self.pinned, stdin: input.joined(separator: "\n"))
            #expect(run.status == 0, "\(run.stderr)")
            return run.stdout.matches(of: #/<text [^>]*>([^<]*)</text>/#).map { String($0.1) }
        }
        let both = try texts(lines)
        #expect(
            both == [
                "24 November 2024", "Sunday", "Alice", "08:30", "still Sunday", "08:31", "no date", "25 November 2024", "Monday",
                "Alice", "08:31",
            ], "\(both)")
        #expect(try texts(Array(lines.prefix(3))).allSatisfy { !$0.hasSuffix("2024") })
        // In Tokyo the first two are on the 24th's evening and the last on the 25th's.
        #expect(try texts(lines, zone: "Asia/Tokyo").filter { $0.hasSuffix("2024") } == ["24 November 2024", "25 November 2024"])
        #expect(try texts([lines[2]]) == ["no date"])
    }

    /// Render's filter reads `before:` and `after:` days in `--time-zone`: 2024-11-24 08:30
    /// UTC is still the 24th in New York and already the 24th in Tokyo, but 23:30 UTC is the
    /// 25th in Tokyo.
    @Test func filterDaysAreInTheTimeZone() throws {
        let late = #"{"message_id":1,"date":1732491000,"text":"late"}"#  // 2024-11-24 23:30 UTC
        for (zone, kept) in [("UTC", true), ("Asia/Tokyo", false), ("America/New_York", true)] {
            let run = try Binary.run(["--to", "text", "--filter", "before:2024-11-25", "--time-zone", zone], stdin: late)
            #expect(run.status == 0)
            #expect(run.stdout.contains("late") == kept, "\(zone)")
        }
    }

    /// The SVG drawn by Chromium and the PNG drawn by cairo agree within the tolerance.
    @Test(.enabled(if: chromium != nil, "chromium is not installed"))
    func svgInChromiumMatchesThePNG() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let message =
            #"{"text":"Bubbles: bold, italic, code, a link and שלום עולם 👍","entities":[{"type":"bold","offset":9,"length":4},{"type":"italic","offset":15,"length":6},{"type":"code","offset":23,"length":4},{"type":"url","offset":31,"length":4}]}"#
        let svg = try Binary.run(["--to", "svg"] + Self.pinned, stdin: message)
        #expect(svg.status == 0, "\(svg.stderr)")
        let svgFile = dir.appendingPathComponent("m.svg")
        try Data(svg.stdout.utf8).write(to: svgFile)
        let pngFile = dir.appendingPathComponent("m.png")
        let png = try Binary.run(["--to", "png", "--stack", "-o", pngFile.path] + Self.pinned, stdin: message)
        #expect(png.status == 0, "\(png.stderr)")
        let cairo = try #require(RGBAImage(png: try Data(contentsOf: pngFile)))
        let shot = dir.appendingPathComponent("shot.png")
        // Output to /dev/null and a time limit: Chromium's crash handler outlives it
        // holding any pipe it was given.
        let chromium = Process()
        chromium.executableURL = URL(fileURLWithPath: Self.chromium ?? "chromium")
        chromium.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-breakpad", "--user-data-dir=\(dir.path)/profile",
            "--hide-scrollbars", "--default-background-color=00000000", "--window-size=\(cairo.width),\(cairo.height)",
            "--screenshot=\(shot.path)", svgFile.absoluteString,
        ]
        chromium.standardInput = FileHandle.nullDevice
        chromium.standardOutput = FileHandle.nullDevice
        chromium.standardError = FileHandle.nullDevice
        try chromium.run()
        let deadline = Date().addingTimeInterval(90)
        while chromium.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if chromium.isRunning { chromium.terminate() }
        let browser = try #require(RGBAImage(png: try Data(contentsOf: shot)))
        #expect(browser.width == cairo.width && browser.height == cairo.height)
        let share = browser.difference(from: cairo, threshold: 96)
        #expect(share < 0.03, "\(share * 100)% of the pixels differ")
    }

    /// Text that looks like markup stays text: the SVG parses, holds only the elements
    /// msgfmt writes, no event attribute, no link, and shows the text as written.
    /// An SVG names the families its text was measured in first (a font file's by the
    /// family it holds, a generic family's by the font fontconfig chose), before the color
    /// emoji font, from which a viewer would otherwise take digits, spaces, `#` and `*`
    /// (it has them for its keycaps): letters then overlapped and numbers came out as emoji.
    @Test func svgNamesTheMeasuredFamiliesFirst() throws {
        let message = #"{"text":"Order #1234 costs 56.78 * 9 items"}"#
        func families(_ arguments: [String]) throws -> [String] {
            let result = try Binary.run(["--to", "svg"] + arguments, stdin: message)
            #expect(result.status == 0, "\(result.stderr)")
            let list = try #require(result.stdout.firstMatch(of: #/font-family="([^"]*)"/#)).1
            return list.replacingOccurrences(of: "&#39;", with: "").components(separatedBy: ", ")
        }
        let chosen = try families([])
        #expect(chosen.count == 3 && chosen[0] != "Noto Color Emoji" && chosen[1] == "Noto Color Emoji", "\(chosen)")
        let fcMatch = try #require(T.tool("fc-match"))
        let file = try T.shell(fcMatch, ["-f", "%{file}", "DejaVu Sans"])
        #expect(file.hasSuffix(".ttf"), "\(file)")
        #expect(try families(["--font", file]).first == "DejaVu Sans")
        #expect(try families(["--font", "DejaVu Sans"]).first == "DejaVu Sans")
    }

    /// A later bubble of a sender's run, which does not draw the name, is as wide as what it
    /// shows, not as the name it leaves out.
    @Test func aBubbleWithoutItsNameIsNotAsWideAsTheName() throws {
        let input = [
            #"{"message_id":1,"date":1700000000,"from":{"id":5,"first_name":"A very long sender name here"},"text":"first"}"#,
            #"{"message_id":2,"date":1700000060,"from":{"id":5,"first_name":"A very long sender name here"},"text":"hi"}"#,
        ].joined(separator: "\n")
        let result = try Binary.run(["--to", "svg", "--stack", "--time-zone", "UTC"] + Self.pinned, stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        let rights = result.stdout.matches(of: #/<path d="M26 4L([0-9.]+) /#).compactMap { Double($0.1) }
        #expect(rights.count == 2 && rights[1] < rights[0] / 2, "\(rights)")
    }

    @Test func hostileTextCannotInjectSVG() throws {
        // JSON string content: \" is a quote, \u0007 a bell.
        let payload =
            #"x</text><script>alert(1)</script><image href=\"http://evil/x.png\"/>]]>&amp; \"' \u0007\u001b[2J <svg onload=alert(2)>"#
        let message = #"{"text":"\#(payload)","entities":[{"type":"text_link","offset":0,"length":1,"url":"javascript:alert(3)"}]}"#
        let result = try Binary.run(["--to", "svg"] + Self.pinned, stdin: message)
        #expect(result.status == 0, "\(result.stderr)")
        let collector = SVGCollector()
        let parser = XMLParser(data: Data(result.stdout.utf8))
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(Set(collector.elements).isSubset(of: ["svg", "g", "path", "rect", "text"]), "\(Set(collector.elements))")
        #expect(!collector.attributes.contains { $0.lowercased().hasPrefix("on") || $0.lowercased().contains("href") })
        #expect(!result.stdout.contains("javascript"))
        let shown = collector.text.replacingOccurrences(of: " ", with: "")
        #expect(shown.contains("</text><script>alert(1)</script>"))
        #expect(shown.contains("]]>&amp;"))
    }

    /// `--to json` with fonts: the same boxes in pixels, with the unit, baselines and
    /// line metrics; a width in px alone measures with fonts.
    @Test func jsonBoxesInPixels() throws {
        let message = #"{"message_id":7,"text":"Pixel boxes wrap at the width given in pixels, not in cells."}"#
        for arguments in [["--measure", "font", "--width", "150"], ["--width", "150px"]] {
            let result = try Binary.run(
                ["--to", "json", "--font", "DejaVu Sans", "--font-size", "14", "--line-height", "1.5"] + arguments, stdin: message)
            #expect(result.status == 0, "\(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(object["unit"] as? String == "px")
            let lines = try #require(object["lines"] as? [[String: Any]])
            #expect(lines.count > 2)
            for (i, line) in lines.enumerated() {
                let width = try #require(line["width"] as? Double)
                #expect(width <= 150)
                #expect(line["y"] as? Double == Double(i) * 21)
                #expect(line["height"] as? Double == 21)
                let baseline = try #require(line["baseline"] as? Double)
                let ascent = try #require(line["ascent"] as? Double)
                let descent = try #require(line["descent"] as? Double)
                #expect(baseline - ascent >= Double(i) * 21 && baseline + descent <= Double(i + 1) * 21)
                let fragments = try #require(line["fragments"] as? [[String: Any]])
                #expect(fragments.allSatisfy { $0["y"] as? Double == Double(i) * 21 })
            }
            #expect(object["height"] as? Double == Double(lines.count) * 21)
        }
        // Cell output is unchanged: no unit.
        let cells = try Binary.run(["--to", "json", "--width", "20"], stdin: message)
        #expect(!cells.stdout.contains("\"unit\""))
    }

    @Test(arguments: [
        (["--to", "png", "--font", "No Such Family 12345"], "no font found"),
        (["--to", "png", "--scale", "9"], "--scale"),
        (["--to", "ansi", "-o", "/tmp/x"], "-o/--output is for"),
        (["--measure", "font", "--font-size", "1000"], "--font-size"),
        (["--to", "svg", "--width", "99999px"], "--width"),
        (["--to", "ansi", "--measure", "font"], "use them with --to json, svg or png"),
        (["--to", "text", "--width", "200px"], "use them with --to json, svg or png"),
        (["--to", "png", "--font", "/dev/zero"], "no font found"),
    ])
    func badOptionsAreUsageErrors(_ arguments: [String], _ message: String) throws {
        let result = try Binary.run(arguments, stdin: #"{"text":"x"}"#)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal") && !result.stderr.contains("backtrace"))
    }
}

/// Collects element names, attribute names and text of an XML document.
final class SVGCollector: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var attributes: [String] = []
    var text = ""

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        elements.append(elementName)
        attributes.append(contentsOf: attributeDict.keys)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }
}
