#!/usr/bin/env python3
"""Measures the search of an exported HTML site (msgfmt export --to html).

  search_bench.py SITE [--chromium PATH] [--runs N] [QUERY ...]

Prints two Markdown tables: the size of the search index against the message text it
covers (term files and columns, the folding table, the chunks with the stored texts, each
as bytes and as a ratio), and for each query the time headless Chromium takes to answer
it from search.html#q=QUERY opened from disk:

- cold: the first query after the page loaded in a fresh browser profile: the script's
  own time from reading the query to the rendered first page of results (`data-ms`), and
  the time since navigation started (`data-since-load-ms`, which adds loading the page and
  the script);
- warm: the same query again in the same page (its files loaded and parsed): `data-ms`;

and how many index files (besides the list of chats) and bytes the first page of results
loaded, which does not depend on the machine's load.

Medians of --runs fresh browsers. Chromium is driven through the DevTools protocol over
--remote-debugging-pipe (file descriptors 3 and 4, messages ending in NUL), so the
standard library suffices. Not a test.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
import urllib.parse

DEFAULT_QUERIES = [
    ("common word", "release"),
    ("common prefix", "rel"),
    ("two words", "wraps widths"),
    ("rare word", "zanzibar"),
    ("phrase", "\"release notes\""),
    ("CJK", "天气"),
    ("CJK phrase", "天气很好"),
    ("diacritics", "schön"),
    ("from: has:", "from:bob has:link"),
    ("after: word", "after:2024-06-01 release"),
    ("negation", "-release"),
    ("no hits", "xylophone"),
]


def payload(path):
    """The data a search file passes to msgfmtSearch.load."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start = text.index(",", text.index('","') + 3) + 1
    return json.loads(text[start:text.rindex(");")])


def sizes(site):
    index = fold = chunks = text_bytes = files = 0
    for root, _, names in os.walk(os.path.join(site, "search")):
        for name in names:
            path = os.path.join(root, name)
            size = os.path.getsize(path)
            files += 1
            if name.startswith("c") and root != os.path.join(site, "search"):
                chunks += size
                text_bytes += sum(len(t.encode("utf-8")) for t in payload(path)["texts"])
            elif name == "fold.js":
                fold += size
            elif name != "chats.js":
                index += size
    return files, index, fold, chunks, text_bytes


class Browser:
    """One headless Chromium with one page, driven over the DevTools pipe."""

    def __init__(self, chromium):
        self.profile = tempfile.mkdtemp(prefix="msgfmt-bench-")
        to_browser, self.send_fd = os.pipe()
        self.recv_fd, from_browser = os.pipe()

        def fds():
            # Copies first: either end may already be 3 or 4. Only 3 and 4 stay open.
            a, b = os.dup(to_browser), os.dup(from_browser)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--remote-debugging-pipe",
             "--user-data-dir=" + self.profile, "about:blank"],
            pass_fds=(3, 4), preexec_fn=fds, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser)
        os.close(from_browser)
        self.buffer, self.next_id = b"", 0
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]

    def call(self, method, session=None, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self.send_fd, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.recv_fd, 1 << 16)
                if not chunk:
                    raise SystemExit("chromium closed the pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise SystemExit(f"{method}: {reply['error']}")
                return reply["result"]

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", self.session, expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise SystemExit(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def close(self):
        self.proc.kill()
        self.proc.wait()
        os.close(self.send_fd)
        os.close(self.recv_fd)
        shutil.rmtree(self.profile, ignore_errors=True)


# Waits for the results list to carry data-ms (set when a page of results is shown).
WAIT = """new Promise(function(resolve){var t0=Date.now();(function poll(){var l=document.getElementById("search-results");
if(l&&(l.hasAttribute("data-ms")||l.getAttribute("data-total")==="error")){resolve({total:l.getAttribute("data-total"),
more:l.hasAttribute("data-more"),ms:+l.getAttribute("data-ms"),since:+l.getAttribute("data-since-load-ms")});return}
if(Date.now()-t0>120000){resolve(null);return}setTimeout(poll,2)})()})"""


def measure(chromium, site, query):
    """(results, cold ms, cold since navigation ms, warm ms) of one fresh browser."""
    url = "file://" + os.path.abspath(os.path.join(site, "search.html")) + "#q=" + urllib.parse.quote(query, safe="")
    browser = Browser(chromium)
    try:
        browser.call("Page.navigate", browser.session, url=url)
        cold = browser.evaluate(WAIT)
        if not cold or cold["total"] == "error":
            raise SystemExit(f"no results for {query!r}: {cold}")
        # The index files the query loaded: the script elements it added.
        sources = browser.evaluate('Array.from(document.querySelectorAll("script[src]")).map(function(s){return s.src})')
        browser.evaluate('document.getElementById("search-results").removeAttribute("data-ms");'
                         'location.hash=location.hash+"&again=1";0')
        warm = browser.evaluate(WAIT)
    finally:
        browser.close()
    files = [urllib.parse.unquote(urllib.parse.urlparse(u).path) for u in sources if "/search/" in u and not u.endswith("chats.js")]
    loaded = sum(os.path.getsize(f) for f in files if os.path.exists(f))
    total = ("≥ " if cold["more"] else "") + f"{int(cold['total']):,}"
    return total, cold["ms"], cold["since"], warm["ms"], len(files), loaded


def main():
    a = argparse.ArgumentParser()
    a.add_argument("site")
    a.add_argument("queries", nargs="*")
    a.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    a.add_argument("--runs", type=int, default=3)
    args = a.parse_intermixed_args()
    files, index, fold, chunks, text_bytes = sizes(args.site)
    print(f"| search data ({files:,} files) | bytes | × message text |\n|---|--:|--:|")
    print(f"| message text covered (UTF-8) | {text_bytes:,} | 1.00 |")
    for label, size in [("index: term files and columns (`i*`, `p*`, `f*`, `w*`, `d*`)", index), ("folding table (`fold.js`)", fold),
                        ("chunks: ids, pages, dates, senders, texts (`c*`)", chunks)]:
        print(f"| {label} | {size:,} | {size / max(1, text_bytes):.2f} |")
    print()
    print("| query | kind | results | files loaded | KB loaded | cold: answer (ms) | cold: since navigation (ms) | warm: answer (ms) |\n"
          "|---|---|--:|--:|--:|--:|--:|--:|")
    queries = [("", q) for q in args.queries] if args.queries else DEFAULT_QUERIES
    for kind, query in queries:
        results = [measure(args.chromium, args.site, query) for _ in range(args.runs)]
        cells = [f"{statistics.median(r[k] for r in results):.0f}" for k in (1, 2, 3)]
        print(f"| `{query}` | {kind} | {results[0][0]} | {results[0][4]} | {results[0][5] / 1024:,.0f} | " + " | ".join(cells) + " |",
              flush=True)


if __name__ == "__main__":
    main()
