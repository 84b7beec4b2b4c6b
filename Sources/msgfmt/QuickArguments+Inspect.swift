import MsgfmtCore

extension QuickArguments {
    /// Every long option of `inspect` (but ArgumentParser's own `--help`), by name.
    static let inspectOptions: [(name: String, action: Action<InspectSettings>)] = [
        ("from", .value { convert($1, into: &$0.from) }),
        ("entities", .value { convert($1, into: &$0.entities) }),
        ("width-model", .value { convert($1, into: &$0.widthModel) }),
    ]

    /// The settings an `inspect` command line (`arguments` without the program name, the
    /// command's name first) asks for, or nil to defer to ArgumentParser for any other
    /// command and any line it is not sure of. `--entities` with another `--from` is left
    /// to the run, which reports it as ArgumentParser's reading would.
    static func inspect(_ arguments: [String]) -> InspectSettings? {
        guard arguments.first == "inspect" else { return nil }
        var settings = InspectSettings()
        guard read(arguments.dropFirst(), options: inspectOptions, into: &settings, files: { $0.files.append($1) }) else {
            return nil
        }
        return settings
    }
}
