import ArgumentParser

/// `--progress`.
enum ProgressMode: String, CaseIterable, ExpressibleByArgument {
    case auto, always, never
}
