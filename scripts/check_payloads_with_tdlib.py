#!/usr/bin/env python3
"""Differential test of msgfmt's parse-mode decoders against tdlib on links and payloads.

A seeded generator writes small Telegram HTML and MarkdownV2 messages full of tricky link
targets and payloads: schemes in every case, userinfo, ports, IPv4 and IPv6 hosts, IDN and
underscore hosts, spaces and percent signs, `?` and `#` in every place, tg:, ton: and
tonsite: links, `tg://user` mentions, custom emoji ids and Unix times at the 64- and
32-bit edges with leading zeros and signs, repeated and differently cased parameters, and
every date format letter. tdlib (PyPI package `tdjson`, `parseTextEntities`) and msgfmt
(`--from html|markdown-v2|markdown --to bot-api`) parse the same input; both answers must agree:
the same error, or the same text and entities once msgfmt has normalized tdlib's (with the
date format as the Bot API writes it).

    pip install tdjson
    python3 scripts/check_payloads_with_tdlib.py --seed 1 --count 5000 [--failures failed.jsonl]
    python3 scripts/check_payloads_with_tdlib.py record failed.jsonl --out fixtures/telegram-payloads/x.jsonl

`record` writes each case of a --failures file with tdlib's answer, for the Swift test that
checks msgfmt against them without tdlib (`ParsePayloadRegressionTests`).
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

from tdlib_oracle import PARSE_MODES as MODES, normalize_all, record_main, sent, tdlib_parse


def msgfmt_parse_all(msgfmt, sources, mode):
    """msgfmt's answer to each source: (Bot API message without message_id, None) or (None, error)."""
    answers = [None] * len(sources)
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for n, source in enumerate(sources):
            path = os.path.join(folder, f"{n}.txt")
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(source)
            paths.append(path)
        for start in range(0, len(paths), 400):
            chunk = paths[start:start + 400]
            done = subprocess.run([msgfmt, "--from", mode, "--to", "bot-api"] + chunk, capture_output=True)
            errors = {}
            for line in done.stderr.decode().splitlines():
                found = ERROR.search(line)
                if found:
                    errors[found.group(1)] = found.group(2)
            lines = done.stdout.decode().splitlines()
            kept = [path for path in chunk if path not in errors]
            if len(lines) == len(kept):
                parsed = dict(zip(kept, ((json.loads(line), None) for line in lines)))
                results = [parsed.get(path, (None, errors.get(path))) for path in chunk]
            else:
                results = [one(msgfmt, mode, path) for path in chunk]
            for k, (message, error) in enumerate(results):
                if message is not None:
                    message.pop("message_id", None)
                answers[start + k] = (message, error)
    return answers


ERROR = re.compile(r"error: (.*?\.txt):byte \d+: (.*)$")


def one(msgfmt, mode, path):
    done = subprocess.run([msgfmt, "--from", mode, "--to", "bot-api", path], capture_output=True)
    if done.returncode == 0:
        return json.loads(done.stdout.decode()), None
    for line in done.stderr.decode().splitlines():
        found = ERROR.search(line)
        if found:
            return None, found.group(2)
    return None, f"exit status {done.returncode}: {done.stderr.decode().strip()}"


# The generator.

SCHEMES = ["", "", "", "http://", "https://", "HTTP://", "HtTpS://", "http:/", "https:", "http:///", "ftp://",
           "mailto:", "javascript:", "tonsite://", "TONSITE://", "tonsite:", "ton://", "Ton:", "tg://", "tg:", "TG://"]
USERINFO = ["", "", "", "", "user@", "user:pass@", "a b@", "%41@", "u%4@", "@", "ü@", "a@b@", "u[1]@", "user:@"]
HOSTS = ["example.com", "EXAMPLE.COM", "ex_ample.com", "xn--80ak6aa92e.com", "пример.рф", "例子.测试", "ÄÖ.de",
         "localhost", "a", ".", "..", "a..b", "a.", ".a", "1.2.3.4", "256.1.1.1", "[::1]", "[::]", "[2001:DB8::1]",
         "[::ffff:1.2.3.4]", "[::ffff:01.2.3.4]", "[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:7::8]", "[1::2::3]", "[::1.2.3]",
         "[fe80::1%eth0]", "[:1]", "[]", "[G::1]", "[12345::1]", "[1:2:3:4:5:6:1.2.3.4]", "[::1]x", "x[::1]",
         "a b.com", "a%20b.com", "a%2.com", "a%.com", "ex!$&'()*+,;=.com", "exa~mple.com", "-a-.com", "a\"b.com",
         "a<b.com", "a{b}.com", "a\x00b.com", "a\x7f.com", "a\u00a0b.com", "a|b.com", "a\\b.com", "a^b.com", "a`b.com", "t.me", "telegram.org", ""]
TG_HOSTS = ["resolve", "join", "user", "USER", "us-er", "us_er", "us.er", "ü", "msg_url", "", "a%20b", "Settings"]
PORTS = ["", "", "", ":80", ":0", ":080", ":65535", ":65536", ":", ":-1", ":+1", ":99999999999", ":00000000000443",
         ":8a", ": 80"]
PATHS = ["", "", "/", "/\x00", "/\x0b", "/\x7f", "?a=\x01", "/a\x00 ", "/a b", "/a%20b", "/%", "/%zz", "/a?b=c", "?q", "#frag", "?a#b", "#a?b", "/ü", "/\t", " ",
         "/a ", "/a\u00a0", "/(x)", "/a)b", "/\\x", "?domain=x", "?id=5", "/?", "//", "/path#", "?a=1&b=2", "/a\nb",
         "?x=\"y\"", "/<b>", "/a'b", "/%E2%82%AC", "/\u2028"]
TG_QUERIES = ["", "?id=5", "?id=0", "?id=-5", "?id=1099511627775", "?id=1099511627776", "?ID=5", "?id=05", "?id=+5",
              "?x=1&id=5", "?id=5&id=6", "?id=x&id=5", "?id=", "?id", "#?id=5", "/?id=5", "?domain=a b", "?domain=x#y",
              "/", "?", "?id=9223372036854775807"]
EMOJI_IDS = ["1", "0", "-0", "007", "+5", "-5", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
             "-9223372036854775809", "18446744073709551615", "", "abc", "5 ", " 5", "5x", "١٢", "5368324170671202286",
             "1099511627776", "00", "-1"]
UNIX_TIMES = ["1", "0", "-1", "2147483647", "2147483648", "-2147483648", "-2147483647", "4294967297", "4294967296",
              "01", "+1", "", "1700000000", "12abc", " 5", "99999999999999999999", "-", "00", "1e3", "0x10"]
FORMAT_LETTERS = "rRtTdDwW"
EMOJI_FORMS = ["tg://emoji?id={}", "tg://emoji?id={}", "tg://emoji?id={}", "TG://EMOJI?id={}", "tg:emoji?id={}",
               "tg://emoji/?id={}", "tg://emoji?ID={}", "tg://emoji?x=1&id={}", "tg://emoji?id={}&id=7",
               "tg://emoji?id=x&id={}", "tg://emoji?id={}#frag", "tg://emojis?id={}", "tg://emoji#?id={}",
               "tg://emoji", "tg://emoji?", "tg://emoji?id", "tg://emoji?id={}=1", "tg:///emoji?id={}",
               "tg://emoji?&id={}", "tg://emoji//?id={}", "tg://emoji?id={}&unix=5", "http://emoji?id={}"]


def pick_format(rng):
    if rng.random() < 0.15:
        return rng.choice(["x", "rt", "rr", "tt", "r ", " r", "wdt ", "DTd", "a", "&", "%72"])
    return "".join(rng.choice(FORMAT_LETTERS) for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 4])))


def time_url(rng):
    scheme = rng.choice(["tg://time", "tg://time", "tg://time", "TG://Time", "tg:time", "tg://time/", "tg://times",
                         "tg:///time"])
    parameters = []
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
        key = rng.choice(["unix", "unix", "unix", "format", "format", "UNIX", "Format", "x", "unix ", "", "id"])
        value = pick_format(rng) if key.lower().startswith("format") else rng.choice(UNIX_TIMES)
        parameters.append(key + ("" if rng.random() < 0.05 else "=") + value)
    rng.shuffle(parameters)
    url = scheme + ("" if rng.random() < 0.05 else "?") + "&".join(parameters)
    return url + (rng.choice(["#x", "#&unix=5", "&"]) if rng.random() < 0.1 else "")


def link_url(rng):
    scheme = rng.choice(SCHEMES)
    if scheme.lower().startswith("tg") or (scheme.lower().startswith("ton") and rng.random() < 0.5):
        host = rng.choice(TG_HOSTS + ["example.com", "a.b"])
        return scheme + host + rng.choice(PORTS[:5] if rng.random() < 0.2 else [""]) + rng.choice(TG_QUERIES + PATHS)
    if rng.random() < 0.05:
        return rng.choice(["", " ", "tg://user?id=5", "http://", "//example.com", "example.com:80@x.com", "[::1]",
                           "@example.com", "user@example.com", "a.b#c", "x.com?", "http://x.com\\@y.com"])
    return scheme + rng.choice(USERINFO) + rng.choice(HOSTS) + rng.choice(PORTS) + rng.choice(PATHS)


def html_escape(text, quote=None):
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quote:
        text = text.replace(quote, "&quot;" if quote == '"' else "&#39;")
    return text


def html_attribute(rng, name, value):
    shape = rng.random()
    if shape < 0.08 and value and all(c.isalnum() and c.isascii() or c in ".-" for c in value):
        return f"{name}={value}"
    if shape < 0.12:
        return f"{name}={value}"  # a bare value that may end early
    quote = "'" if shape < 0.25 else '"'
    return f"{name}={quote}{html_escape(value, quote)}{quote}"


def html_item(rng, kind):
    content = rng.choice(["x", "text", "😀", "a b"]) if rng.random() < 0.9 else ""
    if kind < 0.5:
        url = link_url(rng)
        shape = rng.random()
        if shape < 0.2:  # the text is the target
            return f"<a>{html_escape(url)}</a>" if url else "<a>x</a>"
        if shape < 0.3:
            return f"<a href=\"\">{html_escape(url)}</a>"
        name = rng.choice(["href"] * 12 + ["HREF", "Href"])
        attributes = [html_attribute(rng, name, url)]
        if rng.random() < 0.08:
            attributes.append(html_attribute(rng, "href", link_url(rng)))
        return f"<a {' '.join(attributes)}>{html_escape(content)}</a>"
    if kind < 0.72:
        name = rng.choice(["emoji-id"] * 12 + ["EMOJI-ID", "emoji_id"])
        attributes = [html_attribute(rng, name, rng.choice(EMOJI_IDS))] if rng.random() < 0.95 else []
        if rng.random() < 0.08:
            attributes.append(html_attribute(rng, "emoji-id", rng.choice(EMOJI_IDS)))
        return f"<tg-emoji {' '.join(attributes)}>{html_escape(content)}</tg-emoji>"
    attributes = []
    for _ in range(rng.choice([1, 1, 2, 2, 2, 3])):
        name = rng.choice(["unix", "unix", "unix", "format", "format", "UNIX", "Format"])
        value = pick_format(rng) if name.lower() == "format" else rng.choice(UNIX_TIMES)
        attributes.append(html_attribute(rng, name, value))
    return f"<tg-time {' '.join(attributes)}>{html_escape(content)}</tg-time>"


MD_RESERVED = "_*[]()~`>#+-=|{}.!\\"


def md_escape_text(text):
    return "".join("\\" + c if c in MD_RESERVED else c for c in text)


def md_escape_url(rng, url):
    out = []
    for c in url:
        if c in ")\\" or (c in MD_RESERVED and rng.random() < 0.1):
            out.append("\\" + c)
        else:
            out.append(c)
    return "".join(out)


def md_item(rng, kind):
    content = md_escape_text(rng.choice(["x", "text", "😀", "a b"]))
    if kind < 0.5:
        url = link_url(rng)
        if rng.random() < 0.2:  # the text is the target
            return f"[{md_escape_text(url) or 'x'}]"
        return f"[{content}]({md_escape_url(rng, url)})"
    if kind < 0.72:
        form = rng.choice(EMOJI_FORMS)
        return f"![{content}]({md_escape_url(rng, form.format(rng.choice(EMOJI_IDS)))})"
    return f"![{content}]({md_escape_url(rng, time_url(rng))})"


def legacy_item(rng, kind):
    """A legacy Markdown link: the target runs to the first `)`, with no escapes. A link
    whose text is its target (`[a.com/x]`) is left out: tdlib 1.8.69 takes that target from
    the wrong bytes (`[a.com/üx]` links to `http://.com/üxx`, `[a.com/ü]` aborts it)."""
    url = link_url(rng).replace(")", "").replace("\n", "")
    return f"[{rng.choice(['x', 'text', 'a b'])}]({url})"


def generate(count, seed):
    """`count` (mode, source) cases for `seed`: 2 HTML, 2 MarkdownV2 and 1 legacy Markdown in 5."""
    rng = random.Random(seed)
    cases = []
    for n in range(count):
        mode = ["html", "markdown-v2", "html", "markdown-v2", "markdown"][n % 5]
        item = {"html": html_item, "markdown-v2": md_item, "markdown": legacy_item}[mode]
        # Links only, or one payload: in MarkdownV2 a bad payload refuses the whole message.
        if rng.random() < 0.5:
            parts = [item(rng, 0) for _ in range(rng.choice([1, 1, 2, 3]))]
        else:
            parts = [item(rng, rng.choice([0.6, 0.9]))]
        cases.append((mode, " and ".join(parts)))
    return cases


def compare(msgfmt, cases, report):
    """Runs every case through both parsers; returns (cases, differences)."""
    theirs = [tdlib_parse(source, mode) for mode, source in cases]
    ours = [None] * len(cases)
    for mode in MODES:
        indices = [n for n, (m, _) in enumerate(cases) if m == mode]
        for n, answer in zip(indices, msgfmt_parse_all(msgfmt, [cases[n][1] for n in indices], mode)):
            ours[n] = answer
    accepted = [n for n, (message, _) in enumerate(theirs) if message is not None]
    normalized = dict(zip(accepted, normalize_all(msgfmt, [sent(theirs[n][0]) for n in accepted])))
    differences = 0
    for n, (mode, source) in enumerate(cases):
        (their_message, their_error), (our_message, our_error) = theirs[n], ours[n]
        expected = normalized.get(n)
        if their_error is not None or our_error is not None:
            same = their_error == our_error
        else:
            same = expected == sent(our_message)
        if not same:
            differences += 1
            report(mode, source, {"message": expected, "error": their_error},
                   {"message": our_message, "error": our_error})
    return len(cases), differences


def record(msgfmt, failures, out):
    """Writes the cases of a --failures file with tdlib's answer, as msgfmt normalizes it."""
    cases = [json.loads(line) for line in open(failures, encoding="utf-8") if line.strip()]
    with open(out, "w", encoding="utf-8") as f:
        for case in cases:
            message, error = tdlib_parse(case["input"], case["mode"])
            expected = normalize_all(msgfmt, [sent(message)])[0] if message is not None else None
            line = {"mode": case["mode"], "input": case["input"]}
            line.update({"error": error} if error is not None else {"tdlib": expected})
            f.write(json.dumps(line, ensure_ascii=False) + "\n")
    print(f"recorded {len(cases)} cases in {out}")


def main():
    if sys.argv[1:2] == ["record"]:
        return record_main(record)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--msgfmt", default=".build/release/msgfmt")
    parser.add_argument("--seed", type=int, default=1, help="the generator's seed")
    parser.add_argument("--count", type=int, default=2000, help="how many cases")
    parser.add_argument("--failures", help="also write differences here as JSON Lines")
    parser.add_argument("--quiet", action="store_true", help="print only the totals")
    options = parser.parse_args()
    log = open(options.failures, "w", encoding="utf-8") if options.failures else None

    def report(mode, source, theirs, ours):
        if not options.quiet:
            print(f"{mode}: {source!r}\n  tdlib  {json.dumps(theirs, ensure_ascii=False)}\n"
                  f"  msgfmt {json.dumps(ours, ensure_ascii=False)}")
        if log:
            log.write(json.dumps({"mode": mode, "input": source, "tdlib": theirs, "msgfmt": ours},
                                 ensure_ascii=False) + "\n")

    cases, differences = compare(options.msgfmt, generate(options.count, options.seed), report)
    print(f"seed {options.seed}: {cases} cases, {differences} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
