/// The site an `--update` replaces: where it is and the files its manifest lists.
public struct SitePrevious: Sendable {
    /// The site's folder.
    public var path: String
    /// The files its manifest lists (relative paths): only these are linked.
    public var files: Set<String>

    /// Describes the previous site at `path`.
    public init(path: String, files: Set<String>) {
        self.path = path
        self.files = files
    }
}
