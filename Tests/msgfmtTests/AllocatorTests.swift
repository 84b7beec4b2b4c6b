import Foundation
import Testing

/// The built binary allocates through jemalloc with the settings of `Sources/CJemalloc`
/// (one arena, freed pages returned after a second, allocations of 1 MiB and more returned
/// at once; render's workers on arenas of their own), and `MALLOC_CONF` overrides them, as
/// the README says. jemalloc prints its
/// statistics, the options in force among them, on standard error at exit when
/// `MALLOC_CONF` asks for `stats_print`; glibc's malloc ignores the variable, so these fail
/// if the binary ever runs on another allocator.
@Suite struct AllocatorTests {
    static let messages = (0..<40).map { #"{"text":"message \#($0) with *bold*","entities":[{"type":"bold","offset":0,"length":7}]}"# }
        .joined(separator: "\n")
    static let arguments = ["--from", "bot-api", "--to", "text", "--width", "30", "--jobs", "2"]

    #if os(Linux)
        @Test func runsOnJemallocWithMsgfmtsSettings() throws {
            let plain = try Binary.run(Self.arguments, stdin: Self.messages)
            let stats = try Binary.run(Self.arguments, stdin: Self.messages, environment: ["MALLOC_CONF": "stats_print:true"])
            #expect(plain.status == 0 && stats.status == 0)
            #expect(stats.stdout == plain.stdout)
            #expect(stats.stderr.contains("Begin jemalloc statistics"))
            #expect(stats.stderr.contains("opt.narenas: 1\n"))
            #expect(stats.stderr.contains("opt.dirty_decay_ms: 1000 "))
            #expect(stats.stderr.contains("opt.oversize_threshold: 1048576\n"))
            #expect(!plain.stderr.contains("jemalloc"))
        }

        /// Render's worker takes an arena of its own (`msgfmt_jemalloc_use_arena`): jemalloc
        /// lists it after the first and the one it keeps for large allocations; one thread
        /// makes none.
        @Test func renderWorkersTakeAnArenaOfTheirOwn() throws {
            let environment = ["MALLOC_CONF": "stats_print:true"]
            let two = try Binary.run(Self.arguments, stdin: Self.messages, environment: environment)
            var oneThread = Self.arguments
            oneThread[oneThread.count - 1] = "1"
            let one = try Binary.run(oneThread, stdin: Self.messages, environment: environment)
            #expect(two.status == 0 && one.status == 0)
            #expect(two.stdout == one.stdout)
            #expect(two.stderr.contains("Arenas: 3\n") && two.stderr.contains("arenas[2]:"))
            #expect(one.stderr.contains("Arenas: 2\n") && !one.stderr.contains("arenas[2]:"))
        }

        @Test func environmentOverridesTheSettings() throws {
            let run = try Binary.run(
                Self.arguments, stdin: Self.messages, environment: ["MALLOC_CONF": "stats_print:true,narenas:3"])
            #expect(run.status == 0)
            #expect(run.stderr.contains("opt.narenas: 3\n"))
            #expect(run.stderr.contains("opt.dirty_decay_ms: 1000 "))
        }
    #endif
}
