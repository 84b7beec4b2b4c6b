"""Prints benchmark results as Markdown tables: the measurements, then the targets.

Used by Benchmarks/bench.py; standard library only.
"""
import datetime

import paired


def fmt(v, spec):
    return "—" if v is None else format(v, spec)


def as_dict(r):
    return {"name": r.name, "tool": r.tool, "messages": r.messages, "text_bytes": r.text_bytes,
            "seconds": r.seconds, "timed": r.timed, "msgs_per_s": r.msgs_per_s, "mb_per_s": r.mb_per_s,
            "rss_mb": r.rss_mb, "user_s": r.user_s, "system_s": r.system_s, "instructions": r.instructions,
            "error": r.error, "note": r.note}


def print_table(results, info):
    print(f"| benchmark | tool | msgs | time (s) | timed | CPU user / sys (s) | msg/s | MB/s text | peak RSS (MB) "
          f"| instructions ({info['sample']}-msg sample) |")
    print("|---|---|--:|--:|---|--:|--:|--:|--:|--:|")
    for r in results:
        if r.error:
            cells = [f"**failed: {r.error}**", "", "", "", "", ""]
        else:
            cpu = "n/a" if r.user_s is None or r.system_s is None else f"{r.user_s:.2f} / {r.system_s:.2f}"
            cells = [fmt(r.seconds, ".3f") if r.seconds < 1 else fmt(r.seconds, ".2f"),
                     r.timed + (f", {r.note}" if r.note else ""), cpu,
                     fmt(r.msgs_per_s, ",.0f") if r.messages > 1 else "—",
                     fmt(r.mb_per_s, ".1f") if r.messages > 1 else "—", fmt(r.rss_mb, ".1f")]
        print(f"| {r.name} | {r.tool} | {r.messages:,} | " + " | ".join(cells) + f" | {r.instructions} |")


def find(results, **kw):
    for r in results:
        if all((getattr(r, k, None) == v) or (r.extra.get(k) == v) for k, v in kw.items()):
            return r
    return None


def targets(results, startup, pairs=()):
    """(description, measured text, goal text, passed or None) rows; `pairs` (paired.Pair)
    add the ratios of alternating runs after the rows' own."""
    rows = []

    def ratio(desc, a, b, goal, per="msgs_per_s"):
        if a is None or b is None or not a.ok or not b.ok:
            rows.append((desc, "n/a", f"≥ {goal}×", None))
            return
        x = getattr(a, per) / getattr(b, per)
        rows.append((desc, f"{x:,.2f}×", f"≥ {goal}×", x >= goal))

    # The targets of issue 19; the render rows are one thread unless they say --jobs.
    render = {r.extra["render"]: r for r in results if "render" in r.extra and r.extra.get("jobs") == 1}
    ratio("`--to ansi` msg/s vs rich", render.get("ansi"), find(results, peer="rich"), 50)
    ratio("`--to html` msg/s vs python-telegram-bot text_html", render.get("html"), find(results, peer="ptb"), 25)
    ratio("`--to markdown-v2` msg/s vs tdjson getMarkdownText", render.get("markdown-v2"),
          find(results, peer="tdjson"), 10)
    # The same three at msgfmt's default --jobs (every core), the peers' loops on one.
    every = {r.extra["render"]: r for r in results if r.extra.get("jobs") == "default"}
    ratio("`--to ansi` msg/s vs rich, msgfmt's default `--jobs`", every.get("ansi"), find(results, peer="rich"), 50)
    ratio("`--to html` msg/s vs python-telegram-bot text_html, msgfmt's default `--jobs`", every.get("html"),
          find(results, peer="ptb"), 25)
    ratio("`--to markdown-v2` msg/s vs tdjson getMarkdownText, msgfmt's default `--jobs`",
          every.get("markdown-v2"), find(results, peer="tdjson"), 10)
    icu = find(results, tool="C + libicuuc")
    for name, r in render.items():
        ratio(f"`--to {name}` MB/s vs bare ICU line-break loop", r, icu, 0.5, per="mb_per_s")
    j1, j2 = find(results, render="text", jobs=1), find(results, render="text", jobs=2)
    ratio("render `--to text`: `--jobs 2` speed-up over `--jobs 1`", j2, j1, 1.7)
    rows.extend(paired.rows(pairs))
    chatpack = find(results, peer="chatpack")
    for r in results:
        # The transcripts of the whole export, which chatpack parses; not the pictures of
        # the sample export.
        if not r.name.startswith("export") or "style" not in r.extra:
            continue
        if r.ok and chatpack is not None and chatpack.ok:
            x = chatpack.seconds / r.seconds
            rows.append((f"{r.name}: speed vs chatpack.parse_telegram",
                         f"{r.seconds:.2f} s vs {chatpack.seconds:.2f} s = {x:.2f}×", "≥ 1.5×", x >= 1.5))
        else:
            rows.append((f"{r.name}: speed vs chatpack.parse_telegram", "n/a", "≥ 1.5×", None))
    for r in results:
        if r.tool != "msgfmt" or not (r.name.startswith("export") or r.name.startswith("render")):
            continue
        rss = r.rss_mb if r.ok else None
        rows.append((f"{r.name}: peak RSS", fmt(rss, ".1f") + " MB" if rss else "n/a", "≤ 50 MB",
                     None if rss is None else rss <= 50))
    for style in ("html site", "ansi bubbles"):
        j1, j2 = find(results, style=style, jobs=1), find(results, style=style, jobs=2)
        if j1 and j2 and j1.ok and j2.ok:
            x = j1.seconds / j2.seconds
            rows.append((f"export {style}: `--jobs 2` speed-up over `--jobs 1`", f"{x:.2f}×", "≥ 1.6×", x >= 1.6))
        else:
            rows.append((f"export {style}: `--jobs 2` speed-up over `--jobs 1`", "n/a", "≥ 1.6×", None))
    linked, none = find(results, style="html site", jobs=1), find(results, style="html site --media none", jobs=1)
    if linked and none and linked.ok and none.ok and linked.rss_mb and none.rss_mb:
        x = linked.rss_mb / none.rss_mb
        rows.append(("export html site: peak RSS with media (link) vs `--media none`",
                     f"{linked.rss_mb:.1f} MB vs {none.rss_mb:.1f} MB = {x:.2f}×", "≤ 1.15×", x <= 1.15))
    else:
        rows.append(("export html site: peak RSS with media (link) vs `--media none`", "n/a", "≤ 1.15×", None))
    def archive(desc, kind, base, goal, text):
        r, b = find(results, archive=kind), find(results, archive=base)
        if r is None or b is None or not r.ok or not b.ok:
            rows.append((desc, "n/a", text, None))
            return
        x = r.seconds / b.seconds
        rows.append((desc, f"{r.seconds:.2f} s vs {b.seconds:.2f} s = {x:.2f}×", text, None if goal is None else x <= goal))

    archive("`export --update` after 1 % added vs a full export", "update", "full", 0.10, "≤ 0.10×")
    archive("`export --update` after an early edit vs a full export", "early", "full", None, "(no goal)")
    archive("`export --update` after an early deletion: layout cache vs none", "delete", "delete-uncached", 0.999, "< 1×")
    archive("`diff` of two exports vs `export --to json` of one", "diff", "json", 0.999, "< 1×")
    archive("merge of two half-overlapping exports vs exporting their union", "merge", "union", 1.3, "≤ 1.3×")
    if startup:
        r, h, e = startup
        for desc, m in (("one-message startup vs Swift hello world", r),
                        ("one-message export startup vs Swift hello world", e)):
            x = m.seconds / h.seconds
            rows.append((desc, f"{m.seconds * 1e3:.2f} ms vs {h.seconds * 1e3:.2f} ms = {x:.2f}×", "≤ 1.5×", x <= 1.5))
    else:
        rows.append(("one-message startup vs Swift hello world", "n/a", "≤ 1.5×", None))
        rows.append(("one-message export startup vs Swift hello world", "n/a", "≤ 1.5×", None))
    return rows


def outputs_sentence(info):
    """Where the written sites, transcripts and pictures went (see bench.outputs_folder)."""
    where = info.get("outputs")
    if not where:
        return ""
    kind = {"tmpfs": "a RAM-backed folder, so that no row measures ext4 skipping the inodes the previous "
                     "run's output freed", "disk": "the work folder on disk (no RAM-backed folder with room)",
            "given": "the folder given with --outputs"}.get(info.get("outputs_kind"), "")
    return f"Outputs written to `{where}`: {kind}."


def print_all(results, startup, info, pairs=()):
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"\n## msgfmt benchmarks — {now}, {info['cores']} cores, {info['load_before']} before / "
          f"{info['load_after']} after, {info['minutes']:.1f} min\n")
    print(f"Bot API corpus {info['corpus_file_mb']:.1f} MB, export {info['export_file_mb']:.1f} MB. "
          "MB/s counts UTF-8 message text only. `timed`: process = whole process wall time "
          "(startup, reading and JSON decoding included); loop = the tool's own timing of its "
          "formatting loop (interpreter start, imports and JSON loading excluded). CPU: user and "
          "system time of the whole process (for a loop-timed peer too), which tells a run that "
          "waited on the kernel from one that waited on its threads. Instructions: "
          f"{info['counter'] or 'n/a'} over the whole process on the small sample. "
          f"{outputs_sentence(info)}\n")
    print_table(results, info)
    print("\n### Targets\n")
    print("| target | measured | goal | result |")
    print("|---|--:|--:|---|")
    passed = failed = 0
    for desc, measured, goal, ok in targets(results, startup, pairs):
        word = "n/a" if ok is None else ("PASS" if ok else "FAIL")
        passed += ok is True
        failed += ok is False
        print(f"| {desc} | {measured} | {goal} | {word} |")
    print(f"\n{passed} targets passed, {failed} failed.")
