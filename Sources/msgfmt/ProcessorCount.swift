import CSystem

/// How many threads `--jobs` uses by default: the processors msgfmt may run on — its CPU
/// affinity, which `taskset` and a container's cpuset narrow, as `nproc` counts them.
/// Under `taskset -c 0` a second thread would only take turns with the first.
enum ProcessorCount {
    /// The processors this process may run on.
    static var available: Int { of(0) }

    /// The processors process `pid` (0: this one) may run on.
    static func of(_ pid: Int32) -> Int { Int(msgfmt_sys_processors(pid)) }
}
