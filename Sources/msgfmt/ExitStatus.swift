import ArgumentParser

/// The documented exit statuses (CLI.md §Errors and exit status).
enum ExitStatus {
    /// Some input was invalid; the rest was rendered.
    static let invalidInput = ExitCode(1)
    /// Bad option, or an input file that could not be read (missing, a folder, no
    /// permission): the other files are still rendered, as `--help` says.
    static let usage = ExitCode(2)
    /// Output could not be written.
    static let outputFailed = ExitCode(3)
}
