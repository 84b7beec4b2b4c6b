#!/usr/bin/env python3
"""Cross-check msgfmt's MarkdownV2 and Telegram HTML output against tdlib's own parser.

For each Bot API message of a JSON Lines file, msgfmt re-encodes it (`--to markdown-v2`,
`--to telegram-html`); tdlib (PyPI package `tdjson`) parses that output; the result,
normalized by msgfmt, must equal what msgfmt's own parser reads from the same output.

    pip install tdjson
    python3 scripts/check_with_tdlib.py corpus.jsonl|messy [--msgfmt .build/release/msgfmt] [--limit N]
"""
import argparse
import json
import subprocess
import sys

from tdjson import td_execute

KINDS = {
    "Bold": "bold", "Italic": "italic", "Underline": "underline", "Strikethrough": "strikethrough",
    "Spoiler": "spoiler", "Code": "code", "Pre": "pre", "PreCode": "pre", "TextUrl": "text_link",
    "MentionName": "text_mention", "CustomEmoji": "custom_emoji", "BlockQuote": "blockquote",
    "ExpandableBlockQuote": "expandable_blockquote", "DateTime": "date_time",
}


def tdlib_parse(text, mode):
    if mode == "html":
        parse_mode = {"@type": "textParseModeHTML"}
    else:
        parse_mode = {"@type": "textParseModeMarkdown", "version": 1 if mode == "markdown" else 2}
    request = {"@type": "parseTextEntities", "text": text, "parse_mode": parse_mode}
    result = json.loads(td_execute(json.dumps(request).encode()))
    if result.get("@type") == "error":
        return None, result["message"]
    entities = []
    for e in result["entities"]:
        t = e["type"]
        name = t["@type"].removeprefix("textEntityType")
        entity = {"type": KINDS.get(name, name), "offset": e["offset"], "length": e["length"]}
        if name == "PreCode":
            entity["language"] = t["language"]
        if name == "TextUrl":
            entity["url"] = t["url"]
        if name == "MentionName":
            entity["user"] = {"id": t["user_id"]}
        if name == "CustomEmoji":
            entity["custom_emoji_id"] = str(t["custom_emoji_id"])
        if name == "DateTime":
            entity["unix_time"] = t["unix_time"]
        entities.append(entity)
    return {"text": result["text"], "entities": entities}, None


def without_carriage_returns(message):
    """tdlib keeps the `\\r` of the `_\\r__` trick; Telegram deletes it when sending."""
    text = message["text"]
    units = text.encode("utf-16-le")
    kept = [0]
    for i in range(0, len(units), 2):
        kept.append(kept[-1] + (0 if units[i:i + 2] == b"\r\x00" else 1))
    for e in message["entities"]:
        start, end = kept[e["offset"]], kept[e["offset"] + e["length"]]
        e["offset"], e["length"] = start, end - start
    message["text"] = text.replace("\r", "")
    return message


def run(msgfmt, args, data):
    return subprocess.run([msgfmt] + args, input=data.encode(), capture_output=True).stdout.decode()


def comparable(line):
    message = json.loads(line)
    for e in message["entities"]:
        e.pop("date_time_format", None)
    return message


PIECES = ["hello", "world", " ", "  ", "\n", "\n", "привет", "日本語", "😀", "👨‍👩‍👧", "➡️", "_", "*", "[", "]", "(", ")",
          "~", "`", ">", "#", "+", "-", "=", "|", "{", "}", ".", "!", "\\", "<", "&", "\"", "'", "&lt;", "__", "||", "```",
          "\t", "שלום", "example.com", "@someone"]
TYPES = ["bold", "italic", "underline", "strikethrough", "spoiler", "blockquote", "expandable_blockquote", "code", "pre",
         "text_link", "text_mention", "custom_emoji", "date_time", "url", "mention"]


def messy(count, seed):
    """Random messages with overlapping, duplicated and out-of-range entities."""
    import random
    rng = random.Random(seed)
    lines = []
    for n in range(count):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 40)))
        size = len(text.encode("utf-16-le")) // 2
        starts = [0] + [i + 1 for i, c in enumerate(text.encode("utf-16-le")[::2]) if c == 10]
        entities = []
        for _ in range(rng.randint(0, 12)):
            kind = rng.choice(TYPES)
            e = {"type": kind, "offset": rng.randint(-1, size + 1), "length": rng.randint(0, size // 2 + 2)}
            if kind.endswith("blockquote") or rng.random() < 0.25:
                a = rng.randrange(len(starts))
                b = rng.randrange(a, len(starts))
                e["offset"] = starts[a]
                e["length"] = (starts[b + 1] if b + 1 < len(starts) else size) - starts[a]
            if kind == "text_link":
                e["url"] = rng.choice(["https://example.com/", "https://example.com/a_(b)\\c", "http://t.me/x?y=1&z=2"])
            if kind == "text_mention":
                e["user"] = {"id": rng.randint(1, 10**6)}
            if kind == "pre":
                e["language"] = rng.choice(["", "swift", "py"])
            if kind == "custom_emoji":
                e["custom_emoji_id"] = str(rng.randint(1, 10**9))
            if kind == "date_time":
                e["unix_time"] = rng.randint(0, 2 * 10**9)
                e["date_time_format"] = rng.choice(["r", "wdt", "DT", "t"])
            entities.append(e)
        lines.append(json.dumps({"message_id": n + 1, "text": text, "entities": entities}, ensure_ascii=False))
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", help="Bot API JSON Lines, or 'messy' for random messy messages")
    parser.add_argument("--msgfmt", default=".build/release/msgfmt")
    parser.add_argument("--limit", type=int, default=300)
    options = parser.parse_args()
    if options.corpus == "messy":
        lines = messy(options.limit, 1)
    else:
        lines = [l for l in open(options.corpus, encoding="utf-8") if l.strip()][: options.limit]
    failures = 0
    for number, line in enumerate(lines, 1):
        for to, mode, back in (("markdown-v2", "md", "markdown-v2"), ("telegram-html", "html", "html")):
            encoded = run(options.msgfmt, ["--from", "bot-api", "--to", to], line)
            encoded = encoded[:-1] if encoded.endswith("\n") else encoded
            theirs, error = tdlib_parse(encoded, mode)
            if error:
                failures += 1
                print(f"line {number} {to}: tdlib rejects: {error}\n  {encoded!r}")
                continue
            theirs = run(options.msgfmt, ["--from", "bot-api", "--to", "bot-api"], json.dumps(without_carriage_returns(theirs)))
            ours = run(options.msgfmt, ["--from", back, "--to", "bot-api"], encoded + "\n")
            if comparable(theirs) != comparable(ours):
                failures += 1
                print(f"line {number} {to}: differs\n  source {encoded!r}\n  tdlib  {theirs.strip()}\n  msgfmt {ours.strip()}")
    print(f"checked {len(lines)} messages x 2 formats, {failures} differences")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
