import Foundation
import Testing

/// Golden PNGs compared with a per-pixel tolerance: at most `budget` of the pixels may
/// differ by more than `threshold` in a channel (see `RGBAImage.difference`). Recorded
/// with `MSGFMT_RECORD=1`, like `GoldenFile`; look at the pictures before committing.
public enum GoldenPicture {
    public static func check(
        _ png: Data, against expected: URL, threshold: Int = 48, budget: Double = 0.01,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let name = expected.lastPathComponent
        if GoldenFile.isRecording {
            try png.write(to: expected, options: .atomic)
            return
        }
        guard let data = FileManager.default.contents(atPath: expected.path), let wanted = RGBAImage(png: data) else {
            Issue.record("\(name) is missing; run with MSGFMT_RECORD=1 to record it", sourceLocation: sourceLocation)
            return
        }
        guard let got = RGBAImage(png: png) else {
            Issue.record("the output for \(name) is not a PNG", sourceLocation: sourceLocation)
            return
        }
        #expect(
            got.width == wanted.width && got.height == wanted.height,
            "\(name): \(got.width)×\(got.height), expected \(wanted.width)×\(wanted.height)", sourceLocation: sourceLocation)
        let share = got.difference(from: wanted, threshold: threshold)
        #expect(share <= budget, "\(name): \(share * 100)% of the pixels differ (budget \(budget * 100)%)", sourceLocation: sourceLocation)
    }
}
