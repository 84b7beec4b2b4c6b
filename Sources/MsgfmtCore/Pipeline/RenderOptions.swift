/// Everything `msgfmt render` was asked to do, as one value.
public struct RenderOptions: Sendable, Hashable {
    /// Input format.
    public var from: InputFormat = .auto
    /// `--from text`: the Bot API entity array as JSON, if given.
    public var entitiesJSON: String?
    /// Add auto-detected entities.
    public var detect = false
    /// Treat normalization warnings as errors.
    public var strict = false
    /// `--filter`: the messages `render(_:…)` keeps (decoders leave the others out;
    /// `process` renders whatever it is given).
    public var filter: MessageFilter?
    /// Output format.
    public var to: OutputFormat = .ansi
    /// Layout constraints.
    public var layout = LayoutConstraints()
    /// Emitter styling.
    public var style = StyleOptions()
    /// Skip layout even for formats that have one, for callers that read only the styled
    /// text (the Markdown transcript).
    public var skipsLayout = false
    /// Threads rendering messages read through an `InputReader` (`render --jobs`): the
    /// calling thread, which decodes and writes, and `jobs - 1` workers; 1 does everything
    /// on the calling thread.
    public var jobs = 1

    /// Creates the defaults.
    public init() {}
}
