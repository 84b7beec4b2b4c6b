import Testing

/// The color, hyperlink and width policy of CLI.md, through the environment of the binary.
@Suite struct TerminalEnvironmentTests {
    typealias T = TerminalTestSupport
    static let rawHostile = "\u{1B}]0;pwned\u{07} \u{1B}[2J hi \u{9B}31m \u{202E}x"

    @Test func colorNeverWritesNoEscapesEvenWhenForced() throws {
        for input in [Self.rawHostile, T.styledMessage, T.hostileMessage] {
            for env in [T.env(), T.env(["FORCE_COLOR": "1", "CLICOLOR_FORCE": "1"])] {
                let r = try Binary.run(["--color", "never"], stdin: input, environment: env)
                #expect(r.status == 0)
                #expect(!r.stdout.contains("\u{1B}"), "\(r.stdout.debugDescription)")
                #expect(!r.stdout.contains("\u{07}") && !r.stdout.contains("\u{9B}") && !r.stdout.contains("\u{202E}"))
            }
        }
    }

    @Test func autoIntoAPipeWritesNoEscapes() throws {
        for input in [Self.rawHostile, T.styledMessage] {
            for args in [[], ["--color", "auto"], ["--color", "auto", "--hyperlinks", "auto"]] {
                let r = try Binary.run(args, stdin: input, environment: T.env())
                #expect(!r.stdout.contains("\u{1B}"), "\(args) \(r.stdout.debugDescription)")
            }
        }
        let r = try Binary.run([], stdin: Self.rawHostile, environment: T.env())
        #expect(r.stdout.hasPrefix("␛]0;pwned␇ ␛[2J hi \u{FFFD}31m "))
    }

    @Test func noColorPrintsNoColor() throws {
        for env in [
            T.env(["NO_COLOR": "1"]), T.env(["NO_COLOR": "1", "FORCE_COLOR": "1"]), T.env(["NO_COLOR": "yes", "CLICOLOR_FORCE": "1"]),
        ] {
            let r = try Binary.run([], stdin: T.styledMessage, environment: env)
            #expect(!T.hasSGRColor(r.stdout), "\(r.stdout.debugDescription)")
        }
    }

    @Test
    func noColorKeepsAttributesAndLinks() throws {
        let r = try Binary.run([], stdin: T.styledMessage, environment: T.env(["NO_COLOR": "1", "FORCE_COLOR": "1"]))
        #expect(r.stdout.contains("\u{1B}[1mbold"))
        #expect(r.stdout.contains("\u{1B}]8;id="))
        #expect(!T.hasSGRColor(r.stdout))
    }

    @Test
    func forcingTurnsEscapesOnAndTheFlagWins() throws {
        for force in [["FORCE_COLOR": "1"], ["CLICOLOR_FORCE": "1"], ["FORCE_COLOR": "true", "TERM": "dumb"]] {
            let r = try Binary.run([], stdin: T.styledMessage, environment: T.env(force))
            #expect(T.hasSGRColor(r.stdout), "\(force)")
            #expect(r.stdout.contains("\u{1B}]8;id="), "\(force)")
        }
        for off in [["FORCE_COLOR": "0"], ["FORCE_COLOR": "false"], ["CLICOLOR_FORCE": "0"]] {
            let r = try Binary.run([], stdin: T.styledMessage, environment: T.env(off))
            #expect(!r.stdout.contains("\u{1B}"), "\(off)")
        }
        let always = try Binary.run(["--color", "always"], stdin: T.styledMessage, environment: T.env(["NO_COLOR": "1"]))
        #expect(T.hasSGRColor(always.stdout))
        let linksOnly = try Binary.run(["--color", "never", "--hyperlinks", "always"], stdin: T.styledMessage, environment: T.env())
        #expect(linksOnly.stdout.contains("\u{1B}]8;id=msgfmt1-0;https://example.com/\u{1B}\\link\u{1B}]8;;\u{1B}\\"))
        #expect(T.sgrParameters(linksOnly.stdout).isEmpty)
        let noLinks = try Binary.run(["--color", "always", "--hyperlinks", "never"], stdin: T.styledMessage, environment: T.env())
        #expect(!noLinks.stdout.contains("\u{1B}]8"))
    }

    @Test
    func widthComesFromColumnsThenDefaultsTo80() throws {
        let words = Array(repeating: "word", count: 40).joined(separator: " ")
        func widest(_ env: [String: String], _ args: [String] = []) throws -> Int {
            let r = try Binary.run(["--to", "text"] + args, stdin: words, environment: T.env(env))
            return r.stdout.split(separator: "\n").map(\.count).max() ?? 0
        }
        #expect(try widest(["COLUMNS": "30"]) == 29)
        #expect(try widest(["COLUMNS": "30"], ["--width", "20"]) == 19)
        // Not a positive number, and stdout is a pipe: the default of 80.
        #expect(try widest(["COLUMNS": "-3"]) == 79)
        #expect(try widest(["COLUMNS": "wide"]) == 79)
    }
}
