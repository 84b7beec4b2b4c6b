import Dispatch
import MsgfmtCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The SIGINT/SIGTERM handling of a command that writes its outputs under temporary names
/// (`export`, `diff -o`): on either signal, removes them (`TemporaryOutputs.removeAll`)
/// and exits with 128 + the signal.
///
/// Installed only when the run makes its first temporary output
/// (`TemporaryOutputs.armOnFirstUse`): libdispatch starts a thread and an epoll loop for
/// signal sources, which a transcript written to standard output has no use for (the
/// default handling ends it just as well).
final class SignalCleanup: @unchecked Sendable {
    /// The signal sources, once installed (guarded by `lock`: libdispatch's sources are not
    /// `Sendable`).
    private var sources: [any DispatchSourceSignal] = []
    private let lock = Mutex(())

    /// Arms the handling for the command's run; `cancel()` when the run is over.
    static func armed() -> SignalCleanup {
        let cleanup = SignalCleanup()
        TemporaryOutputs.armOnFirstUse { cleanup.install() }
        return cleanup
    }

    private init() {}

    /// Installs the handler for both signals.
    private func install() {
        let made = [SIGINT, SIGTERM].map { sig in
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                TemporaryOutputs.removeAll()
                _exit(128 + sig)
            }
            source.resume()
            return source
        }
        lock.withLock { _ in sources = made }
    }

    /// Disarms the handling and removes the handler if it was installed.
    func cancel() {
        TemporaryOutputs.armOnFirstUse(nil)
        let installed = lock.withLock { _ in
            defer { sources = [] }
            return sources
        }
        for source in installed { source.cancel() }
    }
}
