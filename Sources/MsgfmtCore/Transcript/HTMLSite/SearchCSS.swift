/// The style of the site's search: the box in every page's header, the results of
/// `search.html` with their marked hits and the button that shows more, and the message a link lands on. Added after
/// `TranscriptCSS` (whose palette it uses) when the site has search.
enum SearchCSS {
    static let text = """
        .site-header form.search{margin:.4rem 0 .1rem}\
        .site-header input[type=search]{width:100%;box-sizing:border-box;font:inherit;font-size:.95rem;color:var(--fg);background:var(--tint);border:1px solid var(--rule);border-radius:1rem;padding:.3rem .8rem}\
        .search-status{color:var(--muted);font-size:.9rem}\
        .search-results{list-style:none;padding:0;margin:0}\
        .search-results li{border-bottom:1px solid var(--rule)}\
        .search-results a{display:block;padding:.5rem .25rem;color:inherit;text-decoration:none}\
        .search-results a:hover{background:var(--tint)}\
        .hit-head{display:block;font-size:.85rem;color:var(--muted)}.hit-head b{color:var(--link)}\
        .hit-head time{margin-left:.5rem;font-variant-numeric:tabular-nums}\
        .hit-text{display:block;white-space:pre-wrap;overflow-wrap:anywhere}.hit-note{font-style:italic;color:var(--muted)}\
        .search-more{margin:.8rem 0;font:inherit;font-size:.9rem;color:var(--link);background:var(--tint);border:1px solid var(--rule);border-radius:1rem;padding:.3rem 1rem;cursor:pointer}\
        mark{background:#ffe36e;color:#1c1d21;border-radius:2px}\
        .message:target,.service:target,.msgfmt-target{outline:2px solid var(--link);outline-offset:3px;border-radius:.5rem}
        """
}
