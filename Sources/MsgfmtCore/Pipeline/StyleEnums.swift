/// `--color`: whether ANSI output uses SGR colors.
public enum ColorMode: String, CaseIterable, Sendable, Hashable {
    case auto, always, never
}

/// `--hyperlinks`: whether ANSI output uses OSC 8 hyperlinks.
public enum HyperlinkMode: String, CaseIterable, Sendable, Hashable {
    case auto, always, never
}

/// `--spoilers`: whether spoiler text is masked.
public enum SpoilerMode: String, CaseIterable, Sendable, Hashable {
    case hide, reveal
}

/// `--theme`: the ANSI and HTML palette.
public enum Theme: String, CaseIterable, Sendable, Hashable {
    case dark, light
}
