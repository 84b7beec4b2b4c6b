/// How a grapheme cluster's width in terminal cells is counted.
public enum WidthModel: String, CaseIterable, Sendable, Codable {
    /// A cluster is at most 2 cells: emoji sequences, flags and VS16 emoji are 2
    /// (kitty, foot, ghostty, WezTerm, Windows Terminal).
    case modern
    /// The sum of per-code-point widths (VTE, xterm, alacritty, tmux).
    case legacy
}
