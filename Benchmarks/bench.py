#!/usr/bin/env python3
"""Runs msgfmt's benchmarks and its peers on the same corpora and prints the tables.

Driven by scripts/bench, which builds everything this needs and passes the paths:
  bench.py --msgfmt BIN --python VENV_PYTHON --work DIR --icu-loop BIN
           --hello BIN [--count N] [--export-messages N] [--sample N] [--no-peers]
           [--no-instructions]
Standard library only (the peers run in the venv's interpreter, not this one). The corpora
come from gen_corpus.py and the peers are timed by peers.py, both beside this file.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import corpus  # noqa: E402
import measure  # noqa: E402
import paired  # noqa: E402
import report  # noqa: E402
from measure import Result  # noqa: E402

RENDERS = [
    ("ansi", ["--to", "ansi", "--color", "always", "--width", "80"]),
    ("text", ["--to", "text", "--width", "80"]),
    ("json", ["--to", "json", "--width", "80"]),
    ("html", ["--to", "html"]),
    ("markdown-v2", ["--to", "markdown-v2"]),
]
# The export rows: style, output name, flags, and the --jobs counts measured. The generated
# export refers to media files (not on disk): the html rows resolve them (--media link, the
# default); the --media none row is the same site with placeholders only, for issue 16's
# memory target (peak RSS within 15 %); the markdown row is the notes transcript, which
# skips layout. The styles measured at --jobs 2 are also timed against --jobs 1 in
# alternating rounds (Bench.paired_ratios).
EXPORTS = [
    ("html site", "site", [], (1, 2)),
    ("html site --media none", "site-nomedia", ["--media", "none"], (1,)),
    ("ansi bubbles", "bubbles.ansi", ["--to", "ansi", "--style", "bubbles", "--color", "always"], (1, 2)),
    ("markdown", "notes.md", ["--to", "markdown"], (1,)),
]
# chatpack's parse of an export, timed by itself (interpreter start and import excluded).
CHATPACK_LOOP = ("import sys,time,chatpack\nt=time.perf_counter()\nm=chatpack.parse_telegram(sys.argv[1])\n"
                 "print(f'{len(m)} msgs in {time.perf_counter()-t:.3f}s')")
PEERS = [("rich", "rich Console.print (ansi)"), ("ptb", "python-telegram-bot text_html"),
         ("aiogram", "aiogram html_decoration"), ("tdjson", "tdjson getMarkdownText")]


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for name in ("msgfmt", "python", "work", "icu-loop", "hello"):
        p.add_argument("--" + name, required=True)
    p.add_argument("--count", type=int, default=100000, help="Bot API messages to render")
    p.add_argument("--export-messages", type=int, default=200000, help="messages in the export")
    p.add_argument("--sample", type=int, default=1000, help="messages in the instruction-count samples")
    p.add_argument("--startup-runs", type=int, default=200)
    p.add_argument("--no-peers", action="store_true")
    p.add_argument("--no-instructions", action="store_true")
    p.add_argument("--no-peer-instructions", action="store_true", help="skip counting the Python peers")
    p.add_argument("--msgfmt-counted", help="msgfmt binary to count instructions of (default --msgfmt)")
    p.add_argument("--json", help="also write the results here")
    p.add_argument("--archive-only", action="store_true", help="only the archive rows: --update, diff, merge")
    p.add_argument("--outputs", help="folder for the files msgfmt writes (default: see outputs_folder)")
    return p.parse_args()


# Free space a RAM-backed folder needs before it holds the outputs: the archive rows keep
# four sites of the 200 000-message export (~300 MB each) at once.
RAM_FOLDER_BYTES = 4 << 30
# The rounds the start-up runs are made in (`startup_means`).
STARTUP_ROUNDS = 5


def outputs_folder(work):
    """Where the rows write their sites, transcripts and pictures, and how to describe it.

    A RAM-backed folder (/dev/shm) when it has room, else `work/out`. Every row deletes the
    previous run's output (thousands of files) before writing its own, and ext4 will not
    hand out an inode freed in the last minute or more: each new file then scans past the
    freed ones, which cost the HTML site export 3.3-3.7 s of system time on this machine
    against 0.7 s when the same command ran after a six-minute wait. That is the file
    system's allocator, not msgfmt, and how much of it a row meets depends on what ran
    before it; tmpfs has no such scan, so each row pays for msgfmt's own writing only."""
    shm = "/dev/shm"
    if os.path.isdir(shm) and os.access(shm, os.W_OK):
        st = os.statvfs(shm)
        if st.f_bavail * st.f_frsize >= RAM_FOLDER_BYTES:
            return os.path.join(shm, f"msgfmt-bench-{os.getuid()}"), "tmpfs"
    return os.path.join(work, "out"), "disk"


class Bench:
    """Holds the inputs and collects results in order."""

    def __init__(self, a):
        self.a = a
        self.env = dict(os.environ, COLUMNS="80", LC_ALL="C.UTF-8")
        self.env.pop("NO_COLOR", None)
        os.makedirs(a.work, exist_ok=True)
        if a.outputs:
            self.out, self.out_kind = a.outputs, "given"
        else:
            self.out, self.out_kind = outputs_folder(a.work)
        os.makedirs(self.out, exist_ok=True)
        self.results = []
        self.pairs = []  # paired.Pair, the target ratios from alternating runs
        self.sample_cmds = {}  # result name -> command on the small sample
        self.startup = None
        gen = os.path.join(HERE, "gen_corpus.py")
        self.peers_py = os.path.join(HERE, "peers.py")
        w = a.work
        say(f"corpus: {a.count} Bot API messages, {a.export_messages}-message export, {a.sample}-message samples")
        self.botapi = f"{w}/botapi-{a.count}-s7.jsonl"
        self.export = f"{w}/export-{a.export_messages}.json"
        self.export_sample = f"{w}/export-sample-{a.sample}.json"
        self.one_export = f"{w}/export-one.json"
        corpus.generate_all(gen, [(self.botapi, ["botapi", "--count", str(a.count), "--seed", "7"]),
                                  (self.export, ["export", "--messages", str(a.export_messages)]),
                                  (self.export_sample, ["export", "--messages", str(a.sample)]),
                                  (self.one_export, ["export", "--messages", "1"])])
        self.botapi_sample = corpus.head_lines(self.botapi, a.sample, f"{w}/botapi-sample-{a.sample}.jsonl")
        self.one = corpus.head_lines(self.botapi, 1, f"{w}/one.jsonl")
        texts = corpus.botapi_texts(self.botapi)
        self.n, self.bytes = len(texts), corpus.utf8_size(texts)
        self.texts_bin = corpus.write_texts(texts, f"{w}/botapi-{a.count}.texts")
        self.sample_texts_bin = corpus.write_texts(texts[:a.sample], f"{w}/botapi-sample-{a.sample}.texts")
        ex = [corpus.export_text(m) for m in corpus.export_messages(self.export)]
        self.ex_n, self.ex_bytes = len(ex), corpus.utf8_size(ex)

    def add(self, r, cmd, sample_cmd=None, stdout=subprocess.DEVNULL, ok_codes=(0,), before=None):
        say(f"  {r.tool}: {r.name}")
        out = measure.run(r, cmd, stdout=stdout, env=self.env, ok_codes=ok_codes, before=before)
        self.results.append(r)
        if sample_cmd:
            self.sample_cmds[id(r)] = sample_cmd
        return out

    def render(self):
        say("render")
        # One thread, as the peers' loops run; --jobs 2 below is the same work on two.
        for fmt, flags in RENDERS:
            cmd = [self.a.msgfmt, "--from", "bot-api"] + flags + ["--jobs", "1"]
            r = Result(f"render --to {fmt}", "msgfmt", self.n, self.bytes)
            r.extra.update(render=fmt, jobs=1)
            self.add(r, cmd + [self.botapi], cmd + [self.botapi_sample])
        for fmt, flags in RENDERS:
            if fmt != "text":
                continue
            cmd = [self.a.msgfmt, "--from", "bot-api"] + flags + ["--jobs", "2"]
            r = Result(f"render --to {fmt} --jobs 2", "msgfmt", self.n, self.bytes)
            r.extra.update(render=fmt, jobs=2)
            self.add(r, cmd + [self.botapi])
            # The work, hence the instruction count, does not depend on --jobs.
            r.instructions = "as --jobs 1"
        # What a user gets without --jobs (every core for a file): the formats the peers
        # are timed on, so the targets can be read both ways.
        for fmt, flags in RENDERS:
            if fmt not in ("ansi", "html", "markdown-v2"):
                continue
            cmd = [self.a.msgfmt, "--from", "bot-api"] + flags
            r = Result(f"render --to {fmt}, default --jobs ({os.cpu_count()} cores)", "msgfmt", self.n, self.bytes)
            r.extra.update(render=fmt, jobs="default")
            self.add(r, cmd + [self.botapi])
            r.instructions = "as --jobs 1"

    def pictures(self):
        """Pixel layout (`--to json --measure font`) and PNG bubbles (`--to png -o DIR`) of
        the first 5 000 messages, pinned to one core; the targets of issue 20 are 20 000 and
        200 messages/s."""
        say("pixel layout and pictures")
        w = self.a.work
        n = min(5000, self.a.count)
        src = corpus.head_lines(self.botapi, n, f"{w}/botapi-{n}.jsonl")
        texts = corpus.botapi_texts(src)
        size = corpus.utf8_size(texts)
        one_core = ["taskset", "-c", "0"] if shutil.which("taskset") else []
        fonts = ["--font", "DejaVu Sans", "--width", "320px"]
        cmd = one_core + [self.a.msgfmt, "--from", "bot-api", "--to", "json", "--measure", "font"] + fonts
        self.add(Result("render --to json --measure font, 1 core", "msgfmt", len(texts), size), cmd + [src],
                 cmd + [self.botapi_sample])
        out = f"{self.out}/pictures"
        cmd = one_core + [self.a.msgfmt, "--from", "bot-api", "--to", "png", "-o", out] + fonts
        self.add(Result("render --to png -o DIR, 1 core", "msgfmt", len(texts), size), cmd + [src], cmd + [self.botapi_sample])
        # The same pictures drawn on every core (the default): issue 19's memory target
        # holds for them too, each thread drawing with the run's one set of fonts.
        cmd = [self.a.msgfmt, "--from", "bot-api", "--to", "png", "-o", out + "-all-cores"] + fonts
        r = Result("render --to png -o DIR, all cores", "msgfmt", len(texts), size)
        self.add(r, cmd + [src], before=lambda: shutil.rmtree(out + "-all-cores", ignore_errors=True))
        r.instructions = "as 1 core"
        # Export names files by date and id and never overwrites, so each run starts empty.
        ex = [corpus.export_text(m) for m in corpus.export_messages(self.export_sample)]
        folder = f"{self.out}/export-pictures"
        cmd = [self.a.msgfmt, "export", self.export_sample, "--to", "png", "-o", folder]
        self.add(Result("export --to png -o DIR, all cores", "msgfmt", len(ex), corpus.utf8_size(ex)), cmd,
                 before=lambda: shutil.rmtree(folder, ignore_errors=True))

    def peers(self):
        say("peers")
        py = self.a.python
        for which, label in PEERS:
            r = Result("render (peer)", label, self.n, self.bytes, timed="loop")
            out = self.add(r, [py, self.peers_py, self.botapi, which, "80"],
                           [py, self.peers_py, self.botapi_sample, which, "80"], stdout=subprocess.PIPE)
            loop_seconds(r, out)
            r.extra["peer"] = which
            if which == "aiogram":
                # Importing aiogram alone runs ~14 G instructions: minutes under callgrind.
                r.instructions = "skipped"
                self.sample_cmds.pop(id(r), None)

    def icu_loop(self):
        say("ICU line-break loop")
        r = Result("ICU ubrk_next loop", "C + libicuuc", self.n, self.bytes, timed="loop")
        out = self.add(r, [self.a.icu_loop, self.texts_bin, "3"], [self.a.icu_loop, self.sample_texts_bin],
                       stdout=subprocess.PIPE)
        timing = measure.loop_timing(out)
        if r.ok and timing:
            (r.messages, r.seconds), r.text_bytes = timing, self.bytes * 3
            r.note = "3 passes"

    def exports(self):
        say("export")
        w = self.a.work
        for style, out_name, flags, job_counts in EXPORTS:
            for jobs in job_counts:
                out = f"{self.out}/out-{out_name}-j{jobs}"
                remove_output(out)
                base = [self.a.msgfmt, "export"]
                tail = flags + ["--jobs", str(jobs), "-o"]
                r = Result(f"export {style} --jobs {jobs}", "msgfmt", self.ex_n, self.ex_bytes)
                r.extra.update(style=style, jobs=jobs)
                # The work, hence the instruction count, does not depend on --jobs.
                self.add(r, base + [self.export] + tail + [out],
                         base + [self.export_sample] + tail + [out + "-sample"] if jobs == 1 else None)
                if jobs > 1:
                    r.instructions = "as --jobs 1"

    def archive(self):
        """The three archive targets of issue 17 on the export: `--update` after adding 1 %
        of new messages (made by scripts/make-archive-pair.py) against a full export of
        the site; `diff` of the two against a full `export --to json`; a merge of two
        half-overlapping exports against exporting their union once."""
        say("archive")
        w, msgfmt, n = self.a.work, self.a.msgfmt, self.ex_n
        pair = os.path.join(HERE, "..", "scripts", "make-archive-pair.py")
        newer = f"{w}/export-{self.a.export_messages}-plus1pc.json"
        if not os.path.exists(newer):
            subprocess.run([sys.executable, pair, self.export, newer, "--seed", "3", "--add", str(max(1, n // 100)),
                            "--edit", "0", "--delete", "0"],
                           check=True, stdout=subprocess.DEVNULL)
        site = f"{self.out}/archive-site"
        shutil.rmtree(site, ignore_errors=True)
        full = Result("archive: full export (html site, --update)", "msgfmt", n, self.ex_bytes)
        full.extra["archive"] = "full"
        # Each run writes the site in full (a quick run's short rows run five times).
        self.add(full, [msgfmt, "export", self.export, "-o", site, "--update"],
                 before=lambda: shutil.rmtree(site, ignore_errors=True))
        # Every run of the update starts from the site as the full export left it (a copy
        # by hard links: an update never changes a file in place), so a repeated short run
        # measures the same work, not an update that finds nothing new.
        before = site + "-before-update"
        shutil.rmtree(before, ignore_errors=True)
        subprocess.run(["cp", "-al", site, before], check=True)

        def restore():
            shutil.rmtree(site, ignore_errors=True)
            subprocess.run(["cp", "-al", before, site], check=True)
            # The layout cache is appended to in place when it has no other name; a linked
            # copy would be copied by the update first, which a user's site never is.
            cache = os.path.join(site, "msgfmt-layout-cache")
            if os.path.exists(cache):
                os.unlink(cache)
                shutil.copyfile(os.path.join(before, "msgfmt-layout-cache"), cache)

        upd = Result("archive: export --update after 1 % added", "msgfmt", n, self.ex_bytes)
        upd.extra["archive"] = "update"
        self.add(upd, [msgfmt, "export", newer, "-o", site, "--update"], before=restore)
        def derived(name, change):
            """The benchmark export changed by `change` (bytes to bytes), made once."""
            path = f"{w}/export-{self.a.export_messages}-{name}.json"
            if not os.path.exists(path):
                with open(self.export, "rb") as f:
                    data = f.read()
                with open(path, "wb") as f:
                    f.write(change(data))
            return path

        def edit(data):
            at = data.index(b'"messages"')
            for _ in range(100):
                at = data.index(b'"text": "', at + 1)
            at += len(b'"text": "')
            return data[:at] + b"EDITED " + data[at:]

        def delete(data):
            return data[:data.index(b'\n  {\n   "id": 100,\n')] + data[data.index(b'\n  {\n   "id": 101,\n'):]

        # An edit early in the chat: its page and the one before are written again, the
        # later pages found again and kept, and the search block the edit is in written again.
        early = derived("early-edit", edit)
        edited = Result("archive: export --update after an early edit", "msgfmt", n, self.ex_bytes)
        edited.extra["archive"] = "early"
        self.add(edited, [msgfmt, "export", early, "-o", site, "--update"], before=restore)
        # The 100th message deleted: every later message is one place off, so every later
        # page is written again, their messages taken from the layout cache or, with
        # --layout-cache-size 0, laid out again.
        deleted = derived("early-delete", delete)
        cached = Result("archive: export --update after an early deletion (layout cache)", "msgfmt", n, self.ex_bytes)
        cached.extra["archive"] = "delete"
        self.add(cached, [msgfmt, "export", deleted, "-o", site, "--update"], before=restore)
        uncached = Result("archive: export --update after an early deletion (--layout-cache-size 0)", "msgfmt", n,
                          self.ex_bytes)
        uncached.extra["archive"] = "delete-uncached"
        self.add(uncached, [msgfmt, "export", deleted, "-o", site, "--update", "--layout-cache-size", "0"], before=restore)
        # The two rows above run minutes apart and differ by a tenth or two at most, so the
        # machine's drift decides them: measured again in alternating rounds.
        self.pairs.append(paired.measure(
            "`export --update` after an early deletion: the layout cache's speed-up over none", 1.0,
            lambda: paired.process_seconds([msgfmt, "export", deleted, "-o", site, "--update"], self.env),
            lambda: paired.process_seconds(
                [msgfmt, "export", deleted, "-o", site, "--update", "--layout-cache-size", "0"], self.env),
            lambda cached, uncached: uncached / cached, before=restore))
        restore()
        subprocess.run([msgfmt, "export", newer, "-o", site, "--update"], check=True, stderr=subprocess.DEVNULL)
        same = Result("archive: export --update with nothing new", "msgfmt", n, self.ex_bytes)
        same.extra["archive"] = "unchanged"
        self.add(same, [msgfmt, "export", newer, "-o", site, "--update"])
        shutil.rmtree(before, ignore_errors=True)
        js = Result("archive: export --to json (one export)", "msgfmt", n, self.ex_bytes)
        js.extra["archive"] = "json"
        self.add(js, [msgfmt, "export", self.export, "--to", "json", "-o", "/dev/null"])
        diff = Result("archive: diff OLD NEW --to json", "msgfmt", n, self.ex_bytes)
        diff.extra["archive"] = "diff"
        # diff(1)'s status: 1 means differences were found.
        self.add(diff, [msgfmt, "diff", self.export, newer, "--to", "json", "-o", "/dev/null"], ok_codes=(0, 1))
        # Half-overlapping halves: A = the first half, B = the middle half, union = both.
        a, b, union = (f"{w}/archive-{self.a.export_messages}-{k}.json" for k in ("a", "b", "union"))
        if not os.path.exists(union):
            with open(self.export, encoding="utf-8") as f:
                chat = json.load(f)
            messages = chat["messages"]
            half, quarter = len(messages) // 2, len(messages) // 4
            for path, part in ((a, messages[:half]), (b, messages[quarter:quarter + half]),
                               (union, messages[:quarter + half])):
                with open(path, "w", encoding="utf-8") as f:
                    json.dump(dict(chat, messages=part), f, ensure_ascii=False, indent=1)
            del chat, messages
        one = Result("archive: export of the union (html site)", "msgfmt", n * 3 // 4, self.ex_bytes * 3 // 4)
        one.extra["archive"] = "union"
        shutil.rmtree(f"{self.out}/archive-union-site", ignore_errors=True)
        self.add(one, [msgfmt, "export", union, "-o", f"{self.out}/archive-union-site"])
        merged = Result("archive: merge of two half-overlapping exports (html site)", "msgfmt", n * 3 // 4,
                        self.ex_bytes * 3 // 4)
        merged.extra["archive"] = "merge"
        shutil.rmtree(f"{self.out}/archive-merged-site", ignore_errors=True)
        self.add(merged, [msgfmt, "export", a, b, "-o", f"{self.out}/archive-merged-site"])
        # Minutes apart, these two rows carry the machine's drift too (1.06× to 1.34× in
        # runs of one afternoon): alternating rounds, the goal (merge ≤ 1.3× the union's
        # time) the other way round.
        sites = (f"{self.out}/archive-union-site", f"{self.out}/archive-merged-site")
        self.pairs.append(paired.measure(
            "merge of two half-overlapping exports: the union's export time over the merge's", round(1 / 1.3, 2),
            lambda: paired.process_seconds([msgfmt, "export", union, "-o", sites[0]], self.env),
            lambda: paired.process_seconds([msgfmt, "export", a, b, "-o", sites[1]], self.env),
            lambda one, merge: one / merge, before=lambda: [shutil.rmtree(d, ignore_errors=True) for d in sites]))

    def export_peers(self):
        say("export peers")
        r = Result("parse export (peer)", "chatpack.parse_telegram", self.ex_n, self.ex_bytes, timed="loop")
        code = CHATPACK_LOOP
        out = self.add(r, [self.a.python, "-c", code, self.export], [self.a.python, "-c", code, self.export_sample],
                       stdout=subprocess.PIPE)
        loop_seconds(r, out, keep_count=True)
        r.extra["peer"] = "chatpack"
        if shutil.which("jq"):
            r = Result("split export (peer)", "jq -c '.messages[]'", self.ex_n, self.ex_bytes)
            self.add(r, ["jq", "-c", ".messages[]", self.export], ["jq", "-c", ".messages[]", self.export_sample])

    def paired_ratios(self, peers):
        """The targets whose two sides are both quick to run, measured again in alternating
        rounds (see paired.py): `--to text`, `--to markdown-v2` and `--to html` on one core
        against the ICU loop, `--jobs 2`
        against `--jobs 1` (render, the HTML site and the ANSI bubbles), and with `peers`
        `--to ansi` at the default `--jobs` against rich (about a minute a round) and the
        site with `--jobs 2` against chatpack."""
        say("paired ratios (alternating runs)")
        env = self.env
        pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
        text = [self.a.msgfmt, "--from", "bot-api", "--to", "text", "--width", "80"]
        # MB/s of text: msgfmt's whole process over the corpus once, the loop over it three
        # times. Besides `--to text`, the two re-encodings whose rows sit near the same goal:
        # a row and the loop's are minutes apart, and msgfmt's rows moved by a third between
        # runs of one evening.
        for fmt in ("text", "markdown-v2", "html"):
            cmd = [self.a.msgfmt, "--from", "bot-api"] + dict(RENDERS)[fmt] + ["--jobs", "1", self.botapi]
            self.pairs.append(paired.measure(
                f"`--to {fmt}` on one core, MB/s vs bare ICU line-break loop", 0.5,
                lambda cmd=cmd: paired.process_seconds(pin + cmd, env),
                lambda: paired.loop_seconds(pin + [self.a.icu_loop, self.texts_bin, "3"], env),
                lambda msgfmt, loop: (1 / msgfmt) / (3 / loop)))
        self.pairs.append(paired.measure(
            "render `--to text`: `--jobs 2` speed-up over `--jobs 1`", 1.7,
            lambda: paired.process_seconds(text + ["--jobs", "2", self.botapi], env),
            lambda: paired.process_seconds(text + ["--jobs", "1", self.botapi], env),
            lambda two, one: one / two))
        # The export rows' --jobs 1 and --jobs 2 runs are minutes apart: their ratio
        # carries the machine's drift, so the two speed-up targets are measured here too.
        for style, out_name, flags, job_counts in EXPORTS:
            if 2 not in job_counts:
                continue
            out = f"{self.out}/paired-{out_name}"
            run = lambda jobs, out=out, flags=flags: paired.process_seconds(
                [self.a.msgfmt, "export", self.export] + flags + ["--jobs", str(jobs), "-o", out], env)
            self.pairs.append(paired.measure(
                f"export {style}: `--jobs 2` speed-up over `--jobs 1`", 1.6,
                lambda run=run: run(2), lambda run=run: run(1), lambda two, one: one / two,
                before=lambda out=out: remove_output(out)))
            remove_output(out)
        if not peers:
            return
        # The rich row and msgfmt's default-jobs ANSI row are minutes apart, and rich's
        # loop time drifts with the machine as much as msgfmt's does (42 to 60 s over a
        # day): the target is measured in rounds too, on the whole corpus.
        ansi = [self.a.msgfmt, "--from", "bot-api"] + dict(RENDERS)["ansi"] + [self.botapi]
        self.pairs.append(paired.measure(
            "`--to ansi` msg/s vs rich, msgfmt's default `--jobs`", 50,
            lambda: paired.process_seconds(ansi, env),
            lambda: paired.loop_seconds([self.a.python, self.peers_py, self.botapi, "rich", "80"], env),
            lambda msgfmt, rich: rich / msgfmt))
        site = f"{self.out}/paired-site"
        self.pairs.append(paired.measure(
            "export html site `--jobs 2` vs chatpack.parse_telegram", 1.5,
            lambda: paired.process_seconds([self.a.msgfmt, "export", self.export, "--jobs", "2", "-o", site], env),
            lambda: paired.loop_seconds([self.a.python, "-c", CHATPACK_LOOP, self.export], env),
            lambda msgfmt, chatpack: chatpack / msgfmt,
            before=lambda: shutil.rmtree(site, ignore_errors=True)))
        shutil.rmtree(site, ignore_errors=True)

    def startup_time(self):
        say("startup")
        cmd = [self.a.msgfmt, "--from", "bot-api", "--to", "ansi", "--color", "always", "--width", "80", self.one]
        r = Result("startup: one message", "msgfmt", 1, os.path.getsize(self.one))
        self.add(r, cmd, cmd)
        # A one-message export, its transcript to standard output.
        export_cmd = [self.a.msgfmt, "export", self.one_export, "--to", "text"]
        e = Result("startup: one-message export", "msgfmt", 1, os.path.getsize(self.one_export))
        self.add(e, export_cmd, export_cmd)
        h = Result("startup: hello world", "swiftc -O print()", 0, 0)
        self.add(h, [self.a.hello], [self.a.hello])
        if not (r.ok and e.ok and h.ok):
            return
        means = startup_means([cmd, export_cmd, [self.a.hello]], self.a.startup_runs, self.a.work, self.env)
        r.seconds, e.seconds, h.seconds = means
        r.note = e.note = h.note = f"mean of {self.a.startup_runs} runs in {STARTUP_ROUNDS} alternating rounds"
        self.startup = (r, h, e)

    def instructions(self):
        counter = measure.instruction_counter()
        if self.a.no_instructions or counter is None:
            return
        say(f"instructions ({counter}, {self.a.sample}-message samples)")
        counted = self.a.msgfmt_counted or self.a.msgfmt
        for r in self.results:
            cmd = self.sample_cmds.get(id(r))
            if not cmd or r.error is not None:
                continue
            if self.a.no_peer_instructions and cmd[0] == self.a.python:
                r.instructions = "skipped"
                continue
            say(f"  {r.tool}: {r.name}")
            cmd = [counted if x == self.a.msgfmt else x for x in cmd]
            r.instructions = measure.count_instructions(counter, cmd, env=self.env, timeout=240)


def loop_seconds(r, out, keep_count=False):
    """Takes a peer's own timing of its loop ("N msgs in S s") from its output."""
    timing = measure.loop_timing(out)
    if r.ok and timing:
        r.seconds = timing[1]
        if keep_count:
            r.note = f"{timing[0]} msgs returned"
    elif r.ok:
        r.error = "no timing in output"


def startup_means(cmds, runs, work, env, rounds=STARTUP_ROUNDS):
    """Mean wall seconds of each command over `runs` runs: hyperfine when installed, else a
    timed loop here. The runs are made in `rounds` rounds that take the commands in turn, in
    an order rotated from round to round, so a drift of the machine's speed over the
    measurement (a few milliseconds a run, tens of percent from minute to minute) falls on
    every command alike instead of on whichever ran last."""
    per_round = max(1, runs // rounds)
    totals = [0.0] * len(cmds)
    for k in range(rounds):
        order = [(k + i) % len(cmds) for i in range(len(cmds))]
        if shutil.which("hyperfine"):
            out = os.path.join(work, "startup.json")
            quoted = [" ".join(shell_quote(x) for x in cmds[i]) for i in order]
            subprocess.run(["hyperfine", "-N", "--warmup", "10", "--runs", str(per_round), "--export-json", out] + quoted,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
            with open(out) as f:
                means = [x["mean"] for x in json.load(f)["results"]]
        else:
            means = []
            for i in order:
                for _ in range(10):
                    subprocess.run(cmds[i], stdout=subprocess.DEVNULL, env=env)
                t0 = time.perf_counter()
                for _ in range(per_round):
                    subprocess.run(cmds[i], stdout=subprocess.DEVNULL, env=env)
                means.append((time.perf_counter() - t0) / per_round)
        for i, m in zip(order, means):
            totals[i] += m
    return [t / rounds for t in totals]


def remove_output(path):
    """Removes an earlier run's output, a folder (a site) or a file (a transcript)."""
    shutil.rmtree(path, ignore_errors=True)
    if os.path.isfile(path):
        os.remove(path)


def shell_quote(s):
    return s if re.fullmatch(r"[\w./=:@%+-]+", s) else "'" + s.replace("'", "'\\''") + "'"


def say(msg):
    print(msg, file=sys.stderr, flush=True)


def main():
    a = parse_args()
    load_before = measure.uptime()
    t0 = time.time()
    b = Bench(a)
    if not a.archive_only:
        b.render()
        b.pictures()
        if not a.no_peers:
            b.peers()
        b.icu_loop()
        b.exports()
        if not a.no_peers:
            b.export_peers()
        b.paired_ratios(peers=not a.no_peers)
        b.startup_time()
    b.archive()
    if not a.archive_only:
        b.instructions()
    info = {"load_before": load_before, "load_after": measure.uptime(), "minutes": (time.time() - t0) / 60,
            "cores": os.cpu_count(), "export_file_mb": os.path.getsize(b.export) / 1e6,
            "corpus_file_mb": os.path.getsize(b.botapi) / 1e6, "sample": a.sample,
            "counter": measure.instruction_counter() if not a.no_instructions else None,
            "outputs": b.out, "outputs_kind": b.out_kind}
    if b.out_kind == "tmpfs":
        shutil.rmtree(b.out, ignore_errors=True)  # give the memory back
    report.print_all(b.results, b.startup, info, b.pairs)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"info": info, "results": [report.as_dict(r) for r in b.results]}, f, indent=1)


if __name__ == "__main__":
    main()
