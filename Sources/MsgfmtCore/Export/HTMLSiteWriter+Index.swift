extension HTMLSiteWriter {
    private static func head(_ title: String, css: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>\(title)</title><link rel=\"stylesheet\" href=\"\(css)\"></head><body>\n"
    }

    /// `days.html` of the current chat: every day with a link to its header.
    func writeDayIndex() {
        let summary = chats[chats.count - 1]
        let file = HTMLFile(path: "\(directory)/\(summary.folder)/days.html")
        let title = HTMLEscape.text(summary.info.displayName)
        file.write(Self.head("\(title) — days", css: "../style.css"))
        file.write("<header><nav><a href=\"../index.html\">All chats</a> · <a href=\"messages.html\">Messages</a></nav><h1>\(title)</h1></header>\n<main class=\"days\"><ul>\n")
        for entry in days {
            let iso = ExportClock.isoDay(entry.day)
            file.write("<li><a href=\"\(Self.pageName(entry.page))#day-\(iso)\">\(ExportClock.dayTitle(entry.day))</a></li>\n")
        }
        file.write("</ul></main></body></html>\n")
        file.close()
        if file.failed { anyFailed = true }
    }

    /// `index.html`: the chats with their counts and date ranges.
    func writeIndex() {
        let file = HTMLFile(path: directory + "/index.html")
        file.write(Self.head("Exported chats", css: "style.css"))
        file.write("<header><h1>Exported chats</h1></header>\n<main class=\"index\"><table>\n")
        file.write("<thead><tr><th>Chat</th><th>Type</th><th>Messages</th><th>From</th><th>To</th></tr></thead><tbody>\n")
        for chat in chats {
            let name = HTMLEscape.text(chat.info.displayName)
            let type = HTMLEscape.text(chat.info.type ?? "") + (chat.info.left ? " (left)" : "")
            let first = chat.first.map { ExportClock.isoDay(options.clock.day(of: $0)) } ?? ""
            let last = chat.last.map { ExportClock.isoDay(options.clock.day(of: $0)) } ?? ""
            file.write("<tr><td><a href=\"\(chat.folder)/messages.html\">\(name)</a></td><td>\(type)</td><td class=\"count\">\(chat.messages)</td><td>\(first)</td><td>\(last)</td></tr>\n")
        }
        file.write("</tbody></table></main></body></html>\n")
        file.close()
        if file.failed { anyFailed = true }
    }
}
