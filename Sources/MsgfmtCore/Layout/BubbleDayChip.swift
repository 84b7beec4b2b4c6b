/// The day a stacked transcript picture shows above its first message ("2 January 2024"), as
/// chat apps and the HTML site separate days, measured with fonts so the picture emitters
/// only place it: the bold face at `BubbleCaption.timeScale` of the size.
struct BubbleDayChip: Sendable, Hashable {
    /// The day's title, and its width in layout units at that scale.
    var title: String
    var width: Int

    /// The chip of local day `day` (days since 1970-01-01), measured with `library`.
    init(day: Int64, library: FontLibrary) {
        title = ExportClock.dayTitle(day)
        let shaped = library.shape(Array(title.utf16), style: .bold, direction: 1).width
        width = Int((Double(shaped) * BubbleCaption.timeScale).rounded(.up))
    }
}
