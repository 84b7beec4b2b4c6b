import TestSupport
import Testing

@testable import msgfmt

/// What the tests of the quick command-line readers (`QuickArguments`) share: a reader's
/// table against the options its command declares, and a reader against ArgumentParser on
/// random lines.
enum QuickReaderCheck {
    /// Expects `table` to name exactly the options and flags `command` declares (but
    /// ArgumentParser's own `--help` and `--version`), each once; returns what `command`
    /// declares for the caller's further checks.
    @discardableResult
    static func expectTable<Settings>(
        _ table: [(name: String, action: QuickArguments.Action<Settings>)], declaredBy command: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (options: [String], flags: [String], short: [String]) {
        let declared = try DeclaredOptions.of(command)
        var options: [String] = []
        var flags: [String] = []
        for (name, action) in table {
            switch action {
            case .flag: flags.append(name)
            case .value: options.append(name)
            }
        }
        #expect(options.sorted() == declared.options.sorted(), sourceLocation: sourceLocation)
        #expect(
            flags.sorted() == declared.flags.filter { $0 != "help" && $0 != "version" }.sorted(), sourceLocation: sourceLocation)
        #expect(Set(declared.flags).isSuperset(of: ["help"]), sourceLocation: sourceLocation)
        #expect(Set(table.map(\.name)).count == table.count, "a name twice", sourceLocation: sourceLocation)
        return declared
    }

    /// Reads `count` random lines made by `line` from `seed` with `quick`, and expects each
    /// it reads to give what every reference reader in `references` gives (ArgumentParser
    /// from the root, or the subcommand by itself); returns how many it read.
    static func agreement<Settings: Equatable>(
        seed: UInt64, count: Int, line: (inout SeededGenerator) -> [String], quick: ([String]) -> Settings?,
        references: [([String]) -> Settings?], sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        var random = SeededGenerator(seed: seed)
        var read = 0
        for n in 0..<count {
            let arguments = line(&random)
            guard let fast = quick(arguments) else { continue }
            read += 1
            for reference in references {
                #expect(fast == reference(arguments), "line \(n): \(arguments)", sourceLocation: sourceLocation)
            }
        }
        return read
    }

    /// Appends to `line` up to `items - 1` random options (`--name value`, `--name=value`,
    /// or `-o value` for the option named `o`), flags (now and then as `--flag=true`) and
    /// files, drawn from `options`, `flags` and `files`.
    static func appendRandom(
        to line: inout [String], _ random: inout SeededGenerator, items: Int, options: [(String, [String])], flags: [String],
        files: [String]
    ) {
        for _ in 0..<random.below(items) {
            switch random.below(10) {
            case 0...5:
                let (name, values) = options[random.below(options.count)]
                let value = values[random.below(values.count)]
                if name == "o" {
                    line += ["-o", value]
                } else if random.below(3) == 0 {
                    line.append("--\(name)=\(value)")
                } else {
                    line += ["--\(name)", value]
                }
            case 6, 7:
                let flag = flags[random.below(flags.count)]
                line.append(random.below(8) == 0 ? "--\(flag)=true" : "--\(flag)")
            default:
                line.append(files[random.below(files.count)])
            }
        }
    }

    /// Expects the random lines' vocabulary, `tried` (option and flag names), to hold every
    /// option of `table`, so that none goes untested.
    static func expectCovers<Settings>(
        _ tried: [String], _ table: [(name: String, action: QuickArguments.Action<Settings>)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let tried = Set(tried)
        for (name, _) in table {
            #expect(tried.contains(name), "--\(name) is never tried", sourceLocation: sourceLocation)
        }
    }
}
