import Dispatch

/// The scanner's events, each message with the digest of its bytes, computed on another
/// thread while the calling thread scans on: runs of
/// `runLength` messages go back and forth, so digesting and scanning overlap and memory
/// holds two runs.
struct DigestedScan {
    /// Messages a run holds.
    static let runLength = 64

    /// A run being digested on another thread.
    private final class Flight: @unchecked Sendable {
        let events: [ExportEvent]
        var digests: [ContentHash]
        let group = DispatchGroup()

        init(_ events: [ExportEvent]) {
            self.events = events
            digests = Array(repeating: ContentHash(high: 0, low: 0), count: events.count)
        }
    }

    private let digester = MessageDigester()
    private var ready: [ExportEvent] = []
    private var readyDigests: [ContentHash] = []
    private var readyAt = 0
    private var flight: Flight?
    private var scanned = false
    private var failure: ExportReadError?

    /// The next event of `scanner` with, for a message, its digest (zero for any other
    /// event); nil at the end. A read error is thrown once every event scanned before it
    /// was handed out.
    mutating func next(from scanner: inout ExportScanner) throws(ExportReadError) -> (ExportEvent, ContentHash)? {
        while true {
            if readyAt < ready.count {
                readyAt += 1
                return (ready[readyAt - 1], readyDigests[readyAt - 1])
            }
            if scanned, flight == nil {
                if let failure {
                    self.failure = nil
                    throw failure
                }
                return nil
            }
            var run: [ExportEvent] = []
            var messages = 0
            while !scanned, messages < Self.runLength {
                do {
                    guard let event = try scanner.next() else {
                        scanned = true
                        break
                    }
                    if case .message = event { messages += 1 }
                    run.append(event)
                } catch {
                    failure = error
                    scanned = true
                }
            }
            ready = []
            readyDigests = []
            readyAt = 0
            if let landed = flight {
                landed.group.wait()
                ready = landed.events
                readyDigests = landed.digests
            }
            flight = nil
            if !run.isEmpty { flight = launch(run) }
        }
    }

    /// Digests the messages of `run` on another thread.
    private func launch(_ run: [ExportEvent]) -> Flight {
        let flight = Flight(run)
        let digester = self.digester
        flight.group.enter()
        DispatchQueue.global().async {
            for (i, event) in flight.events.enumerated() {
                if case .message(let raw) = event { flight.digests[i] = digester.digest(raw.bytes) }
            }
            flight.group.leave()
        }
        return flight
    }
}
