/// The style sheet of the HTML transcript (one file, `style.css`, no external resources).
enum TranscriptCSS {
    static func text(theme: Theme) -> String {
        let (bg, fg, muted, bubbleIn, bubbleOut, accent, border) = theme == .dark
            ? ("#0e1621", "#e9edf1", "#7f91a4", "#182533", "#2b5278", "#6ab2f2", "#24313f")
            : ("#ffffff", "#111111", "#707579", "#f1f1f4", "#effdde", "#168acd", "#dfe1e5")
        return """
            :root{--bg:\(bg);--fg:\(fg);--muted:\(muted);--in:\(bubbleIn);--out:\(bubbleOut);--accent:\(accent);--border:\(border)}
            body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif}
            header{padding:12px 20px;border-bottom:1px solid var(--border)}header h1{margin:4px 0;font-size:20px}
            a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}
            main{max-width:760px;margin:0 auto;padding:12px 16px}
            .pager{text-align:center;padding:12px}
            .day{text-align:center;margin:16px 0 8px}.day span{background:var(--border);border-radius:12px;padding:2px 10px;font-size:13px}
            .service{text-align:center;color:var(--muted);font-size:13px;margin:8px 0}
            .group{margin:8px 0}.sender{font-weight:600;color:var(--accent);margin:0 0 2px}.author{color:var(--muted);font-weight:400}
            .message{margin:2px 0;padding:4px 0;overflow-wrap:anywhere}
            .bubbles .group{display:flex;flex-direction:column;align-items:flex-start}
            .bubbles .group.out{align-items:flex-end}.bubbles .group.out .sender{display:none}
            .bubbles .message{background:var(--in);border-radius:12px;padding:6px 10px;max-width:75%}
            .bubbles .out .message{background:var(--out)}
            .meta{color:var(--muted);font-size:12px;text-align:right}.edited{font-style:italic}
            .forwarded,.via,.reply{color:var(--muted);font-size:13px}.reply{border-left:2px solid var(--accent);padding-left:6px;margin-bottom:2px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:100%}
            .media{border:1px solid var(--border);border-radius:8px;padding:4px 8px;margin:2px 0}.media-title{font-weight:600}.media-status{color:var(--muted);font-size:13px}
            .reactions span{display:inline-block;background:var(--border);border-radius:10px;padding:0 6px;margin:2px 2px 0 0;font-size:13px}
            .text{white-space:normal}pre{background:var(--border);padding:6px;border-radius:6px;overflow-x:auto;white-space:pre-wrap}
            blockquote{margin:2px 0;padding-left:8px;border-left:3px solid var(--accent)}
            .e-bold{font-weight:700}.e-italic{font-style:italic}.e-underline{text-decoration:underline}.e-strikethrough{text-decoration:line-through}
            .e-spoiler{background:var(--muted);color:transparent;border-radius:3px}.e-spoiler:hover{color:inherit;background:none}
            code{font-family:ui-monospace,Menlo,monospace;font-size:13px}
            table{border-collapse:collapse;width:100%}td,th{padding:6px 8px;border-bottom:1px solid var(--border);text-align:left}.count{text-align:right}
            .days ul{columns:3;list-style:none;padding:0}
            .msgfmt-message p{margin:0;white-space:pre-wrap}.msgfmt-message a{color:var(--accent)}
            .msgfmt-mention,.msgfmt-hashtag,.msgfmt-cashtag,.msgfmt-bot-command{color:var(--accent)}
            .msgfmt-expandable>summary{cursor:pointer;color:var(--muted)}.msgfmt-expandable[open]>summary .msgfmt-preview{display:none}
            .msgfmt-spoiler:not(.msgfmt-revealed){background:var(--muted);border-radius:3px}
            .msgfmt-spoiler:not(.msgfmt-revealed)>.msgfmt-spoiler-text{visibility:hidden}
            .msgfmt-spoiler:hover>.msgfmt-spoiler-text{visibility:visible}.msgfmt-ellipsis{color:var(--muted)}
            """ + "\n"
    }
}
