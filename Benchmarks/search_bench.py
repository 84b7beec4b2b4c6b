#!/usr/bin/env python3
"""Measures the search of an exported HTML site (msgfmt export --to html).

  search_bench.py SITE [--chromium PATH] [--runs N] [QUERY ...]

Prints two Markdown tables: the size of the search index against the message text it
covers (the term files, the per-message metadata and the stored texts, each as bytes and
as a ratio), and for each query the time headless Chromium takes to answer it from
search.html#q=QUERY opened from disk: the script's own time from reading the query to the
rendered results (`data-ms`), and the time since navigation started (`data-since-load-ms`,
which adds loading the page and the script), medians of --runs fresh browser profiles.
Standard library only; not a test.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import urllib.parse

DEFAULT_QUERIES = ["release", "wraps widths", "rel", "\"release notes\"", "天气", "天气很好", "schön", "from:bob has:link", "-release"]


def payload(path):
    """The data a search file passes to msgfmtSearch.load."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start = text.index(",", text.index('","') + 3) + 1
    return json.loads(text[start:text.rindex(");")])


def sizes(site):
    index = meta = texts = text_bytes = files = 0
    for root, _, names in os.walk(os.path.join(site, "search")):
        for name in names:
            path = os.path.join(root, name)
            size = os.path.getsize(path)
            files += 1
            if name.startswith("i"):
                index += size
            elif name.startswith("m"):
                meta += size
            elif name.startswith("t"):
                texts += size
                text_bytes += sum(len(t.encode("utf-8")) for t in payload(path)["texts"])
    return files, index, meta, texts, text_bytes


def run_query(chromium, site, query, profile):
    url = "file://" + os.path.abspath(os.path.join(site, "search.html")) + "#q=" + urllib.parse.quote(query, safe="")
    out = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=" + profile,
         "--virtual-time-budget=30000", "--dump-dom", url],
        capture_output=True, text=True, timeout=300).stdout
    values = {k: re.search(k + r'="([\d.]*)"', out) for k in ["data-total", "data-ms", "data-since-load-ms"]}
    if not all(values.values()):
        raise SystemExit(f"no results for {query!r}:\n{out[-2000:]}")
    total = ("≥ " if "data-more" in out else "") + f"{int(values['data-total'].group(1)):,}"
    return total, float(values["data-ms"].group(1)), float(values["data-since-load-ms"].group(1))


def main():
    a = argparse.ArgumentParser()
    a.add_argument("site")
    a.add_argument("queries", nargs="*")
    a.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    a.add_argument("--runs", type=int, default=3)
    args = a.parse_intermixed_args()
    files, index, meta, texts, text_bytes = sizes(args.site)
    print(f"| search data ({files} files) | bytes | × message text |\n|---|--:|--:|")
    print(f"| message text covered (UTF-8) | {text_bytes:,} | 1.00 |")
    for label, size in [("index: terms and postings (`i*.js`)", index), ("metadata: ids, pages, dates, senders, features (`m*.js`)", meta),
                        ("stored texts for phrases and snippets (`t*.js`)", texts)]:
        print(f"| {label} | {size:,} | {size / max(1, text_bytes):.2f} |")
    print()
    print("| query | results | answer (ms, median) | since navigation (ms, median) |\n|---|--:|--:|--:|")
    for query in args.queries or DEFAULT_QUERIES:
        results = []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as profile:
                results.append(run_query(args.chromium, args.site, query, profile))
        total = results[0][0]
        print(f"| `{query}` | {total} | {statistics.median(r[1] for r in results):.0f} | {statistics.median(r[2] for r in results):.0f} |")


if __name__ == "__main__":
    main()
