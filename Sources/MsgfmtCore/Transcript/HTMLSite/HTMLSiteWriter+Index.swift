extension HTMLSiteWriter {
    /// `days.html` of the current chat: every day with a link to its header.
    func writeDayIndex() {
        let summary = chats[chats.count - 1]
        let name = summary.info.displayName
        let file = startPage(
            "\(summary.folder)/days.html", title: "\(name) — days",
            nav: [("All chats", "../index.html"), ("Messages", "messages.html")], heading: name, mainClasses: "days")
        if days.isEmpty {
            file.write("<p class=\"empty\">No days: this chat shows no messages.</p>\n")
        } else {
            file.write("<ul>\n")
            for entry in days {
                let iso = ExportClock.isoDay(entry.day)
                file.write("<li><a href=\"\(Self.pageName(entry.page))#day-\(iso)\">\(ExportClock.dayTitle(entry.day))</a></li>\n")
            }
            file.write("</ul>\n")
        }
        endPage(file)
    }

    /// `index.html`: the chats with their counts (and how many messages could not be read)
    /// and date ranges.
    func writeIndex() {
        let file = startPage("index.html", title: "Exported chats", nav: [], heading: "Exported chats", mainClasses: "index")
        file.write(
            "<table>\n<thead><tr><th>Chat</th><th>Type</th><th class=\"count\">Messages</th><th>From</th><th>To</th></tr></thead><tbody>\n")
        for chat in chats {
            let name = HTMLEscaping.escape(chat.info.displayName)
            let type = HTMLEscaping.escape(chat.info.type ?? "") + (chat.info.left ? " (left)" : "")
            let first = chat.first.map { ExportClock.isoDay(options.clock.day(of: $0)) } ?? ""
            let last = chat.last.map { ExportClock.isoDay(options.clock.day(of: $0)) } ?? ""
            let unreadable = chat.unreadable > 0 ? " <span class=\"unreadable\">+ \(chat.unreadable) unreadable</span>" : ""
            file.write(
                "<tr><td><a href=\"\(chat.folder)/messages.html\">\(name)</a></td><td>\(type)</td><td class=\"count\">\(chat.messages)\(unreadable)</td><td>\(first)</td><td>\(last)</td></tr>\n"
            )
        }
        file.write("</tbody></table>\n")
        endPage(file)
    }
}
