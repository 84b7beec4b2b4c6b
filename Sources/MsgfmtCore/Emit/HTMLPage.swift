import Synchronization

/// The self-contained page around `--standalone` HTML: inline CSS (light and dark), the
/// tiny inline script that reveals spoilers, and a Content-Security-Policy that allows
/// exactly these two inline elements and no request of any kind.
///
/// Public so `msgfmt export --to html` can give its pages the same look.
public enum HTMLPage {
    /// The palette variables of the light theme.
    private static let lightPalette =
        "--fg:#1c1d21;--bg:#ffffff;--muted:#6b7078;--rule:#e3e5e8;--link:#1765c1;--code-fg:#0a6b7c;--code-bg:#f1f3f5;--quote:#1765c1;--spoiler:#a3a8b0"
    /// The palette variables of the dark theme.
    private static let darkPalette =
        "--fg:#e4e6eb;--bg:#17191d;--muted:#9aa0a8;--rule:#2c2f35;--link:#6cb2ff;--code-fg:#6fd6e6;--code-bg:#23262c;--quote:#6cb2ff;--spoiler:#5c626b"

    /// The page style. The browser's `prefers-color-scheme` picks light or dark; the
    /// `data-theme` attribute (from `--theme`) is the choice where no preference is known.
    public static let css = """
        :root{color-scheme:light dark}\
        \(themed(light: lightPalette, dark: darkPalette))\
        body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}\
        main.msgfmt{max-width:46rem;margin:0 auto;padding:1rem}\
        .msgfmt-message{padding:.6rem 0;border-bottom:1px solid var(--rule);tab-size:\(LayoutConstraints().tabWidth)}\
        .msgfmt-message p{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}\
        .msgfmt-message a{color:var(--link)}\
        .msgfmt-mention,.msgfmt-hashtag,.msgfmt-cashtag,.msgfmt-bot-command{color:var(--link)}\
        .msgfmt-message code{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace;font-size:.92em;color:var(--code-fg);background:var(--code-bg);border-radius:3px;padding:0 .2em}\
        .msgfmt-message pre{background:var(--code-bg);border-radius:6px;padding:.5rem .7rem;margin:.3rem 0;overflow-x:auto}\
        .msgfmt-message pre code{padding:0;background:none}\
        .msgfmt-message blockquote{margin:.3rem 0;padding:0 0 0 .7rem;border-left:3px solid var(--quote)}\
        .msgfmt-expandable>summary{cursor:pointer;color:var(--muted)}\
        .msgfmt-expandable[open]>summary .msgfmt-preview{display:none}\
        .msgfmt-spoiler:not(.msgfmt-revealed){background:var(--spoiler);border-radius:3px;cursor:pointer}\
        .msgfmt-spoiler:not(.msgfmt-revealed)>.msgfmt-spoiler-text{visibility:hidden}\
        .msgfmt-spoiler:focus-visible{outline:2px solid var(--link)}\
        .msgfmt-ellipsis{color:var(--muted)}
        """

    /// The style that sets tabs `width` spaces apart (`--tab-width`), as layout expands
    /// them; nil at the default, which `css` sets.
    public static func tabSizeCSS(_ width: Int) -> String? {
        width == LayoutConstraints().tabWidth ? nil : ".msgfmt-message{tab-size:\(max(1, width))}"
    }

    /// The spoiler script: a click, or Enter/Space on a focused spoiler, reveals it.
    public static let script = """
        (function(){\
        function reveal(s){s.classList.add("msgfmt-revealed");s.removeAttribute("role");s.removeAttribute("tabindex");s.removeAttribute("aria-label")}\
        function hidden(t){return t instanceof Element?t.closest(".msgfmt-spoiler:not(.msgfmt-revealed)"):null}\
        document.addEventListener("click",function(e){var s=hidden(e.target);if(s){e.preventDefault();reveal(s)}});\
        document.addEventListener("keydown",function(e){var s=hidden(e.target);if(s&&(e.key==="Enter"||e.key===" ")){e.preventDefault();reveal(s)}})\
        })();
        """

    /// CSS custom properties for both themes, chosen the way `css` chooses its palette:
    /// the browser's preference first, then the page's `data-theme`. `light` and `dark`
    /// are declaration lists (`--name:value;…`). Pages that add a style sheet of their own
    /// (`msgfmt export`) use it for their extra colours.
    public static func themed(light: String, dark: String) -> String {
        ":root,:root[data-theme=light]{\(light)}"
            + ":root[data-theme=dark]{\(dark)}"
            + "@media (prefers-color-scheme:light){:root[data-theme]{\(light)}}"
            + "@media (prefers-color-scheme:dark){:root[data-theme]{\(dark)}}"
    }

    /// The page's policy: nothing may load; only the page's own style and script apply.
    public static let contentSecurityPolicy = contentSecurityPolicy(extraCSS: nil)

    /// The policy of a page that has a second inline style sheet, `extraCSS`, after `css`,
    /// and, with `scriptFiles`, loads scripts that are files of its own site (`'self'`);
    /// `extraDirectives` (`img-src 'self'`, …) are added at the end.
    public static func contentSecurityPolicy(extraCSS: String?, scriptFiles: Bool = false, extraDirectives: [String] = []) -> String {
        let styles = cssSource + (extraCSS.map { " " + source(ofExtraCSS: $0) } ?? "")
        let scripts = scriptSource + (scriptFiles ? " 'self'" : "")
        return "default-src 'none'; style-src \(styles); script-src \(scripts); base-uri 'none'; form-action 'none'"
            + extraDirectives.map { "; " + $0 }.joined()
    }

    /// The policy sources of `css` and `script`, digested once.
    private static let cssSource = HTMLContentHash.cspSource(for: css)
    private static let scriptSource = HTMLContentHash.cspSource(for: script)

    /// The last extra style sheet digested, with its source: every page of a site passes
    /// the same one, and a digest of it per page cost more than the page's head.
    private static let lastExtraCSS = Mutex<(css: String, source: String)?>(nil)

    /// The policy source of `extraCSS`, digested unless it is the last one.
    private static func source(ofExtraCSS extraCSS: String) -> String {
        if let last = lastExtraCSS.withLock({ $0 }), last.css.hasSameBytes(as: extraCSS) { return last.source }
        let source = HTMLContentHash.cspSource(for: extraCSS)
        lastExtraCSS.withLock { $0 = (extraCSS, source) }
        return source
    }

    /// Everything up to and including `<main class="msgfmt">`.
    ///
    /// A page with more to show passes `extraCSS` (a second `<style>`, which the policy
    /// allows as well), `header` (markup between `<body>` and `<main>`) and `mainClasses`
    /// (added to `msgfmt`) and `extraDirectives` (policy directives such as the sources of
    /// images); the defaults give the `--standalone` page. `scriptFiles` are the addresses
    /// of scripts of the site the page loads (deferred), which its policy then allows.
    public static func head(
        title: String = "msgfmt", theme: Theme, extraCSS: String? = nil, header: String = "", mainClasses: String = "",
        scriptFiles: [String] = [], extraDirectives: [String] = []
    ) -> String {
        let policy =
            extraCSS == nil && scriptFiles.isEmpty && extraDirectives.isEmpty
            ? contentSecurityPolicy
            : contentSecurityPolicy(extraCSS: extraCSS, scriptFiles: !scriptFiles.isEmpty, extraDirectives: extraDirectives)
        let extraStyle =
            (extraCSS.map { "<style>\($0)</style>\n" } ?? "")
            + scriptFiles.map { "<script src=\"\(HTMLEscaping.escape($0))\" defer></script>\n" }.joined()
        let mainClass = mainClasses.isEmpty ? "msgfmt" : "msgfmt " + HTMLEscaping.escape(mainClasses)
        return """
            <!DOCTYPE html>
            <html lang="und" data-theme="\(theme.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(HTMLEscaping.escape(policy))">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>\(HTMLEscaping.escape(title))</title>
            <style>\(css)</style>
            \(extraStyle)</head>
            <body>
            \(header)<main class="\(mainClass)">

            """
    }

    /// Everything after the messages: the spoiler script and the closing tags.
    public static let foot = """
        </main>
        <script>\(script)</script>
        </body>
        </html>

        """
}
