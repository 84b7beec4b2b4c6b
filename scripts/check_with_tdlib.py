#!/usr/bin/env python3
"""Cross-check msgfmt's MarkdownV2 and Telegram HTML output against tdlib's own parser.

For each Bot API message, msgfmt re-encodes it (`--to markdown-v2`, `--to telegram-html`);
tdlib (PyPI package `tdjson`) parses that output. tdlib must accept it, and its result,
normalized by msgfmt, must equal what msgfmt's own parser reads from the same output.
For Telegram HTML, which can express every entity Telegram does not detect by itself,
tdlib's result must also equal the normalized input without those detectable entities
(for generated messages whose payloads Telegram takes as they are). Both sides are
compared as Telegram's server stores them, without `\\r`. Msgfmt's own parser reading
back exactly what msgfmt meant to write is checked by the Swift round-trip tests.

The messages come from a Bot API JSON Lines file, or from a seeded generator of messy
messages (overlapping, nested and duplicated entities of every type, quotes starting and
ending mid-line, code inside quotes, markup characters, `\\r`, controls, emoji):

    pip install tdjson
    python3 scripts/check_with_tdlib.py corpus.jsonl [--limit N]
    python3 scripts/check_with_tdlib.py messy --seed 1 --count 5000 [--to markdown-v2]
    python3 scripts/check_with_tdlib.py messy --seed 1 --count 50 --failures failed.jsonl
    python3 scripts/check_with_tdlib.py record failed.jsonl --out fixtures/telegram-roundtrip/x.jsonl

Each failure is printed with the message and msgfmt's output; --failures also writes
them as JSON Lines (input message, format, output, tdlib's answer). `record` turns such a
file, once msgfmt is fixed, into regression fixtures: each input with tdlib's answer to
msgfmt's new output, which a Swift test compares with msgfmt's own parse without tdlib.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

from tdlib_oracle import normalize_all as normalize_bot_api, record_main, run, sent, tdlib_parse

FORMATS = {"markdown-v2": ("markdown-v2", "markdown-v2"), "telegram-html": ("html", "html")}
DETECTABLE = {"mention", "hashtag", "cashtag", "bot_command", "url", "email", "phone_number", "bank_card"}


def comparable(message):
    """A Bot API message (JSON text or dict) without what tdlib does not report back."""
    if isinstance(message, str):
        message = json.loads(message) if message.strip() else None
    if message is None:
        return None
    message.pop("message_id", None)
    for e in message["entities"]:
        e.pop("date_time_format", None)
    return message


def normalize_all(msgfmt, messages):
    """msgfmt's normalization of each Bot API message, without what tdlib does not report back."""
    return normalize_bot_api(msgfmt, messages, keep_date_format=False)


def encode_all(msgfmt, lines, to):
    """msgfmt's `--to` output for each JSON Lines message, without the closing newline."""
    parts = []
    for n, line in enumerate(lines):
        parts.append(json.dumps({"message_id": 1, "text": f"MSGFMTSPLIT{n}", "entities": []}))
        parts.append(line.rstrip("\n"))
    parts.append(json.dumps({"message_id": 1, "text": f"MSGFMTSPLIT{len(lines)}", "entities": []}))
    out = run(msgfmt, ["--from", "bot-api", "--to", to], "\n".join(parts) + "\n")
    pieces = re.split(r"(?:^|\n)MSGFMTSPLIT(\d+)\n", out)
    encoded = [None] * len(lines)
    for k in range(1, len(pieces) - 2, 2):
        n, body = int(pieces[k]), pieces[k + 1]
        if n < len(lines) and body:
            encoded[n] = body
    return encoded


def parse_all(msgfmt, sources, back):
    """msgfmt's own parse of each source (`--from back`), normalized; one file per message."""
    results = [None] * len(sources)
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for n, source in enumerate(sources):
            path = os.path.join(folder, f"{n}.txt")
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(source + "\n")
            paths.append(path)
        for start in range(0, len(paths), 500):
            chunk = paths[start:start + 500]
            out = subprocess.run([msgfmt, "--from", back, "--to", "bot-api"] + chunk, capture_output=True).stdout.decode()
            lines = out.splitlines()
            if len(lines) != len(chunk):  # a source failed: read them one by one
                lines = [subprocess.run([msgfmt, "--from", back, "--to", "bot-api", p], capture_output=True)
                         .stdout.decode().strip() for p in chunk]
            for k, line in enumerate(lines):
                results[start + k] = comparable(line)
    return results


PIECES = ["hello", "world", " ", "  ", "\n", "\n", "\n", "привет", "日本語", "😀", "👨‍👩‍👧", "➡️", "_", "*", "[", "]", "(",
          ")", "~", "`", ">", "#", "+", "-", "=", "|", "{", "}", ".", "!", "\\", "<", "&", "\"", "'", "&lt;", "&#57311;",
          "__", "||", "```", "**>", "\n>", "a_b", "x*y", "\t", "שלום", "é", "e\u0301", "example.com", "@someone", "#tag",
          "/start", "\r", "\r\n", "\x1b[31m", "\x00", "\x7f", "\u0085", "\u2028", "![x](tg://emoji?id=1)"]
TYPES = ["bold", "italic", "underline", "strikethrough", "spoiler", "blockquote", "expandable_blockquote", "code", "pre",
         "text_link", "text_mention", "custom_emoji", "date_time", "url", "mention", "hashtag", "bot_command", "email"]
URLS = ["https://example.com/", "https://example.com/a_(b)\\c", "http://t.me/x?y=1&z=2", "tg://resolve?domain=x",
        "https://example.com/\"q\"<>&amp;", "example.com", "tg://user?id=5", "", "javascript:alert(1)", "http://a b/",
        "https://example.com/\n)"]
LANGUAGES = ["", "swift", "py", "c++", "a b", "a`b", "a\\b", "a\x00b", "a\vb", "язык", "a]b", "<x>", "a\"b"]
EMOJI_IDS = ["5368324170671202286", "1", "0", "007", "-5", "abc", "", "99999999999999999999", "9223372036854775807"]
TIME_FORMATS = ["", "r", "R", "wdt", "DT", "t", "wDT", "Td", "x", "a)b", "r&x"]


def messy_message(rng, n):
    """One random message with overlapping, nested, duplicated and out-of-range entities,
    and whether all its payloads are ones Telegram takes as they are."""
    text = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 60)))
    units = text.encode("utf-16-le")
    size = len(units) // 2
    starts = [0] + [i // 2 + 1 for i in range(0, len(units), 2) if units[i:i + 2] == b"\n\x00"]
    entities = []
    odd_payloads = rng.random() < 0.3
    sane = True
    for _ in range(rng.randint(0, 16)):
        if entities and rng.random() < 0.1:
            entities.append(dict(rng.choice(entities)))  # a duplicate
            continue
        kind = rng.choice(TYPES)
        e = {"type": kind, "offset": rng.randint(-1, size + 1), "length": rng.randint(0, size // 2 + 2)}
        shape = rng.random()
        if (kind.endswith("blockquote") and shape < 0.8) or shape < 0.25:  # whole lines
            a = rng.randrange(len(starts))
            b = rng.randrange(a, len(starts))
            e["offset"] = starts[a]
            e["length"] = (starts[b + 1] if b + 1 < len(starts) else size) - starts[a]
            if rng.random() < 0.3 and e["length"] > 0:  # without its last newline
                e["length"] -= 1
        elif entities and shape < 0.55:  # inside, around, or right after another entity
            other = rng.choice(entities)
            lo, hi = max(0, other["offset"]), max(0, min(size, other["offset"] + other["length"]))
            start = rng.randint(lo, max(lo, hi))
            if rng.random() < 0.3:
                start = hi
            e["offset"] = start
            e["length"] = rng.randint(0, max(0, hi - start) + (2 if rng.random() < 0.3 else 0))
        elif shape < 0.7:  # from a line start or to a line end
            line = rng.choice(starts)
            e["offset"] = line if rng.random() < 0.5 else max(0, line - 1)
            e["length"] = rng.randint(1, max(1, size - e["offset"]))
        odd = odd_payloads and rng.random() < 0.3  # a payload Telegram may refuse or change
        sane = sane and not (odd and kind in ("text_link", "text_mention", "pre", "custom_emoji", "date_time"))
        if kind == "text_link":
            e["url"] = rng.choice(URLS if odd else URLS[:5])
        if kind == "text_mention":
            e["user"] = {"id": rng.choice([0, -5, 2**40, 2**40 - 1]) if odd else rng.randint(1, 10**6)}
        if kind == "pre":
            e["language"] = rng.choice(LANGUAGES if odd else LANGUAGES[:5])
        if kind == "custom_emoji":
            e["custom_emoji_id"] = rng.choice(EMOJI_IDS) if odd else str(rng.randint(1, 10**18))
        if kind == "date_time":
            e["unix_time"] = rng.choice([0, -1, 2**31 - 1, 2**31, 10**11]) if odd else rng.randint(1, 2 * 10**9)
            e["date_time_format"] = rng.choice(TIME_FORMATS if odd else TIME_FORMATS[:5])
        entities.append(e)
    return json.dumps({"message_id": n + 1, "text": text, "entities": entities}, ensure_ascii=False), sane


def messy(count, seed):
    """`count` messy messages for `seed`, and the indices of those with sane payloads."""
    rng = random.Random(seed)
    messages = [messy_message(rng, n) for n in range(count)]
    return [line for line, _ in messages], {n for n, (_, sane) in enumerate(messages) if sane}


def check(msgfmt, lines, to, report, sane):
    """Checks every message in format `to`; returns the number of failures. For Telegram
    HTML, tdlib's answer must also equal the input for the messages in `sane`."""
    mode, back = FORMATS[to]
    encoded = encode_all(msgfmt, lines, to)
    checked = [(n, source) for n, source in enumerate(encoded) if source is not None]
    failures = 0
    answers = {}
    for n, source in checked:
        theirs, error = tdlib_parse(source, mode)
        if error:
            failures += 1
            report(n, to, source, f"tdlib rejects: {error}", None)
        else:
            answers[n] = theirs
    ids = sorted(answers)
    empty = {"text": "", "entities": []}
    theirs = dict(zip(ids, normalize_all(msgfmt, [sent(answers[n]) for n in ids])))
    ours = dict(zip(ids, normalize_all(msgfmt, [sent(m or empty) for m in
                                                parse_all(msgfmt, [encoded[n] for n in ids], back)])))
    expected = {}
    if to == "telegram-html":
        ids = [n for n in ids if n in sane]
        inputs = normalize_all(msgfmt, [json.loads(lines[n]) for n in ids])
        for m in inputs:
            if m is not None:
                m["text"] = m["text"].replace("\0", " ")  # NUL has no reference: the encoder writes a space
                m["entities"] = [e for e in m["entities"] if e["type"] not in DETECTABLE]
        expected = dict(zip(ids, normalize_all(msgfmt, [sent(m or empty) for m in inputs])))
    for n in sorted(answers):
        if theirs[n] != ours[n]:
            failures += 1
            report(n, to, encoded[n], f"differs\n  tdlib  {json.dumps(theirs[n], ensure_ascii=False)}\n"
                                      f"  msgfmt {json.dumps(ours[n], ensure_ascii=False)}", answers[n])
        elif n in expected and theirs[n] != expected[n]:
            failures += 1
            report(n, to, encoded[n], f"loses entities\n  tdlib  {json.dumps(theirs[n], ensure_ascii=False)}\n"
                                      f"  input  {json.dumps(expected[n], ensure_ascii=False)}", answers[n])
    missing = sum(1 for n, line in enumerate(lines) if encoded[n] is None and json.loads(line).get("text"))
    if missing:
        print(f"{to}: msgfmt wrote nothing for {missing} non-empty messages")
        failures += missing
    return failures


def record(msgfmt, failures, out):
    """Writes regression fixtures for the messages of a --failures file: each input with
    tdlib's answer to what msgfmt writes now, as Telegram stores it and msgfmt normalizes it."""
    cases = [json.loads(line) for line in open(failures, encoding="utf-8") if line.strip()]
    with open(out, "w", encoding="utf-8") as f:
        for case in cases:
            mode, _ = FORMATS[case["to"]]
            source = encode_all(msgfmt, [json.dumps(case["input"], ensure_ascii=False)], case["to"])[0]
            answer, error = tdlib_parse(source or "", mode)
            if error:
                sys.exit(f"tdlib still rejects {case['input']}: {error}")
            expected = normalize_all(msgfmt, [sent(answer)])[0]
            f.write(json.dumps({"to": case["to"], "problem": case["problem"], "input": case["input"], "tdlib": expected},
                               ensure_ascii=False) + "\n")
    print(f"recorded {len(cases)} fixtures in {out}")


def main():
    if sys.argv[1:2] == ["record"]:
        return record_main(record)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", help="Bot API JSON Lines, or 'messy' for random messy messages")
    parser.add_argument("--msgfmt", default=".build/release/msgfmt")
    parser.add_argument("--limit", type=int, default=300, help="at most this many corpus lines")
    parser.add_argument("--seed", type=int, default=1, help="messy: the generator's seed")
    parser.add_argument("--count", type=int, default=300, help="messy: how many messages")
    parser.add_argument("--to", choices=sorted(FORMATS), action="append", help="only this format (repeatable)")
    parser.add_argument("--failures", help="also write failures here as JSON Lines")
    options = parser.parse_args()
    if options.corpus == "messy":
        lines, sane = messy(options.count, options.seed)
        print(f"messy messages: seed {options.seed}, count {options.count}")
    else:
        lines = [l for l in open(options.corpus, encoding="utf-8") if l.strip()][: options.limit]
        sane = set()
    log = open(options.failures, "w", encoding="utf-8") if options.failures else None

    def report(n, to, source, what, answer):
        print(f"message {n + 1} {to}: {what}\n  input  {lines[n].strip()}\n  output {source!r}")
        if log:
            log.write(json.dumps({"input": json.loads(lines[n]), "to": to, "output": source, "tdlib": answer,
                                  "problem": what.splitlines()[0]}, ensure_ascii=False) + "\n")

    total = 0
    for to in options.to or sorted(FORMATS):
        failures = check(options.msgfmt, lines, to, report, sane)
        print(f"{to}: checked {len(lines)} messages, {failures} failures")
        total += failures
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
