extension HTMLSiteWriter {
    /// The search box in a page's header; on a chat's pages (`scope`, the chat's folder) it
    /// searches that chat. `search.js` sends it to `search.html`: the page's policy allows
    /// no form submission.
    func searchBox(scope: String?) -> String {
        let scopeAttribute = scope.map { " data-scope=\"\(HTMLEscaping.escape($0))\"" } ?? ""
        let label = scope == nil ? "Search messages" : "Search this chat"
        return
            "<form class=\"search\" role=\"search\"\(scopeAttribute)><input type=\"search\" name=\"q\" placeholder=\"\(label)\" aria-label=\"\(label)\" autocomplete=\"off\"></form>"
    }

    /// The scripts the page at `path` loads: `search.js` (from `..` in a chat's folder), and
    /// on `search.html` the index's list of chats and folding table too (loaded with the
    /// page rather than by the first query).
    func searchScripts(path: String, inChat: Bool) -> [String] {
        path == "search.html" ? ["search.js", "search/chats.js", "search/fold.js"] : [(inChat ? "../" : "") + "search.js"]
    }

    /// `search.html`, `search.js` and the index's list of chats.
    func writeSearch() {
        search?.finish()
        files.write("search.js", Array(SearchScript.text.utf8))
        let file = startPage(
            "search.html", title: "Search", nav: [("All chats", "index.html")], heading: "Search", mainClasses: "search-page")
        file.write(
            "<p id=\"search-status\" class=\"search-status\" aria-live=\"polite\"></p>\n<ol id=\"search-results\" class=\"search-results\"></ol>\n"
        )
        endPage(file)
    }
}
