/// The diff page's own style sheet, after the shared `HTMLPage.css` and the transcript's
/// `TranscriptCSS`: the summary, chat headings, one framed section per change with a
/// coloured edge, before/after labels, and the changed words of edited messages.
enum DiffCSS {
    private static let lightPalette = "--added:#1a7f37;--deleted:#cf222e;--edited:#9a6700;--added-bg:#dafbe1;--deleted-bg:#ffebe9"
    private static let darkPalette = "--added:#3fb950;--deleted:#f85149;--edited:#d29922;--added-bg:#12361f;--deleted-bg:#4a1c1f"

    static let text =
        HTMLPage.themed(light: lightPalette, dark: darkPalette) + """
            .diff-summary{color:var(--muted);margin:.2rem 0 1rem}\
            .diff-summary .added{color:var(--added)}.diff-summary .deleted{color:var(--deleted)}.diff-summary .edited{color:var(--edited)}\
            .diff-none{color:var(--muted);font-style:italic}\
            .diff-chat{font-size:1.05rem;margin:1.6rem 0 .4rem;overflow-wrap:anywhere}\
            .diff-chat-type{color:var(--muted);font-weight:400;font-size:.85rem}\
            .change{margin:.8rem 0;padding:.3rem .8rem .5rem;border:1px solid var(--rule);border-left-width:4px;border-radius:.4rem}\
            .change-added{border-left-color:var(--added)}.change-deleted{border-left-color:var(--deleted)}.change-edited{border-left-color:var(--edited)}\
            .change-label{font-size:.75rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:var(--muted)}\
            .change-added .change-label{color:var(--added)}.change-deleted .change-label{color:var(--deleted)}.change-edited .change-label{color:var(--edited)}\
            .side+.side{border-top:1px dashed var(--rule);margin-top:.4rem}\
            .side-label{font-size:.75rem;color:var(--muted);margin-top:.3rem}\
            .change .day{margin:.4rem 0 .2rem}\
            .word-diff{margin:.2rem 0 0;white-space:pre-wrap;overflow-wrap:anywhere}\
            .word-diff del{color:var(--deleted);background:var(--deleted-bg);border-radius:2px}\
            .word-diff ins{color:var(--added);background:var(--added-bg);border-radius:2px;text-decoration:none}\
            .word-diff del+ins{margin-left:.2em}
            """
}
