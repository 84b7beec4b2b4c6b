/// The fused segmenter (`FusedSegmenter`) checked against the ICU path it stands in for:
/// what the differential tests and the layout fuzz target run (`@_spi(Testing) import
/// MsgfmtCore`).
@_spi(Testing)
public enum FusedSegmenterCheck {
    /// How the fused pass compares with the ICU path on one text.
    public enum Outcome: Sendable {
        /// The same clusters, break opportunities, breaks snapped to clusters, kinds and
        /// widths under both width models.
        case equal
        /// The pass gave the text to ICU (`segment` answered nil).
        case leftToICU
        /// What differs first, with both answers.
        case differs(String)
    }

    /// Compares `FusedSegmenter.segment` on `units` with ICU's grapheme and line-break
    /// iterators and `CellMeasurer`.
    public static func compare(_ units: [UInt16]) -> Outcome {
        guard let modern = FusedSegmenter.segment(units, model: .modern, recordBreaks: true),
            let legacy = FusedSegmenter.segment(units, model: .legacy)
        else { return .leftToICU }
        let ends = GraphemeSegmenter.icuBoundaries(units)
        if modern.ends != ends { return .differs("clusters \(modern.ends), ICU \(ends)") }
        let breaks = LineBreaker.icuBreaks(units)
        if modern.breaks != breaks {
            func spell(_ list: [LineBreak]) -> String { list.map { "\($0.offset)\($0.mandatory ? "!" : "")" }.joined(separator: " ") }
            return .differs("breaks \(spell(modern.breaks)), ICU \(spell(breaks))")
        }
        // A cluster may break where an opportunity falls inside or at its end.
        var snapped = [Bool](repeating: false, count: ends.count)
        var cluster = 0
        for opportunity in breaks {
            while cluster < ends.count, ends[cluster] < opportunity.offset { cluster += 1 }
            if cluster < ends.count { snapped[cluster] = true }
        }
        if modern.breakAfter != snapped { return .differs("breakAfter \(modern.breakAfter), ICU \(snapped)") }
        let text = UTF16Text(units: units)
        var start = 0
        for (c, end) in ends.enumerated() {
            let kind = units.withUnsafeBufferPointer { ClusterKind.of($0, start, end) }
            if modern.kinds[c] != kind || legacy.kinds[c] != kind {
                return .differs("kind of cluster \(start)..<\(end): \(modern.kinds[c]), ICU path \(kind)")
            }
            for (model, result) in [(WidthModel.modern, modern), (.legacy, legacy)] {
                let expected = CellMeasurer(model: model).width(of: start..<end, in: text)
                if result.widths[c] != expected {
                    return .differs("\(model) width of cluster \(start)..<\(end): \(result.widths[c]), ICU path \(expected)")
                }
            }
            start = end
        }
        return .equal
    }
}
