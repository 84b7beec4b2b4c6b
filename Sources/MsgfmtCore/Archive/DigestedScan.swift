import Dispatch

/// The scanner's events with each message's digest (`RawExportMessage.digest`) already
/// set, computed on another thread while the calling thread scans on: runs of
/// `runLength` messages go back and forth, so digesting and scanning overlap and memory
/// holds two runs.
struct DigestedScan {
    /// Messages a run holds.
    static let runLength = 256

    /// A run being digested on another thread.
    private final class Flight: @unchecked Sendable {
        var events: [ExportEvent]
        let group = DispatchGroup()

        init(_ events: [ExportEvent]) {
            self.events = events
        }
    }

    private let digester = MessageDigester()
    private var ready: [ExportEvent] = []
    private var readyAt = 0
    private var flight: Flight?
    private var scanned = false
    private var failure: ExportReadError?

    /// The next event of `scanner`, digested; nil at the end. A read error is thrown once
    /// every event scanned before it was handed out.
    mutating func next(from scanner: inout ExportScanner) throws(ExportReadError) -> ExportEvent? {
        while true {
            if readyAt < ready.count {
                readyAt += 1
                return ready[readyAt - 1]
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
            readyAt = 0
            if let landed = flight {
                landed.group.wait()
                ready = landed.events
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
            for i in flight.events.indices {
                guard case .message(var raw) = flight.events[i] else { continue }
                raw.digest = digester.digest(raw.bytes)
                flight.events[i] = .message(raw)
            }
            flight.group.leave()
        }
        return flight
    }
}
