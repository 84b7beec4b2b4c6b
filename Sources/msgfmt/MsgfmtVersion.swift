/// The version msgfmt reports with `--version`.
enum MsgfmtVersion {
    static let string = "0.1.0"
}
