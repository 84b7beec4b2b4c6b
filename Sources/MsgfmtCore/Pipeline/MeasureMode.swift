/// `--measure`: what layout measures text in.
public enum MeasureMode: String, CaseIterable, Sendable, Hashable {
    /// Terminal cells under the width model.
    case cells
    /// Pixels of real fonts (HarfBuzz shaping, fontconfig fallback).
    case font
}
