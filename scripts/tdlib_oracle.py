"""tdlib as the reference for msgfmt's differential scripts.

tdlib's parser is reached through the PyPI package `tdjson` (`parseTextEntities`); its
answers are turned into Bot API messages, and msgfmt's own binary normalizes them
(`--from bot-api --to bot-api`) so both sides compare in one form. Both
`check_with_tdlib.py` and `check_payloads_with_tdlib.py` use it.
"""
import argparse
import json
import re
import subprocess

from tdjson import td_execute

KINDS = {
    "Bold": "bold", "Italic": "italic", "Underline": "underline", "Strikethrough": "strikethrough",
    "Spoiler": "spoiler", "Code": "code", "Pre": "pre", "PreCode": "pre", "TextUrl": "text_link",
    "MentionName": "text_mention", "CustomEmoji": "custom_emoji", "BlockQuote": "blockquote",
    "ExpandableBlockQuote": "expandable_blockquote", "DateTime": "date_time",
}
PARSE_MODES = {
    "html": {"@type": "textParseModeHTML"},
    "markdown-v2": {"@type": "textParseModeMarkdown", "version": 2},
    "markdown": {"@type": "textParseModeMarkdown", "version": 1},
}
ERROR_PREFIX = "Can't parse entities: "

td_execute(json.dumps({"@type": "setLogVerbosityLevel", "new_verbosity_level": 0}).encode())


def bot_api_format(formatting):
    """The Bot API's `date_time_format` for tdlib's formatting type (None when it has none)."""
    if formatting is None:
        return None
    if formatting["@type"] == "dateTimeFormattingTypeRelative":
        return "r"
    letters = "w" if formatting.get("show_day_of_week") else ""
    letters += {"dateTimePartPrecisionShort": "d", "dateTimePartPrecisionLong": "D"}.get(
        (formatting.get("date_precision") or {}).get("@type"), "")
    letters += {"dateTimePartPrecisionShort": "t", "dateTimePartPrecisionLong": "T"}.get(
        (formatting.get("time_precision") or {}).get("@type"), "")
    return letters


def tdlib_parse(text, mode):
    """tdlib's parse of `text` in `mode` (html, markdown-v2 or markdown) as (Bot API message, None),
    or (None, its error without the "Can't parse entities: " prefix)."""
    request = {"@type": "parseTextEntities", "text": text, "parse_mode": PARSE_MODES[mode]}
    result = json.loads(td_execute(json.dumps(request).encode()))
    if result.get("@type") == "error":
        return None, result["message"].removeprefix(ERROR_PREFIX)
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
            letters = bot_api_format(t.get("formatting_type"))
            if letters:
                entity["date_time_format"] = letters
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


def sent(message):
    """`message` as Telegram's server stores it: without `\\r`."""
    return without_carriage_returns(json.loads(json.dumps(message)))


def run(msgfmt, args, data):
    """msgfmt's standard output for `args` with `data` on its standard input."""
    return subprocess.run([msgfmt] + args, input=data.encode(), capture_output=True).stdout.decode()


def normalize_all(msgfmt, messages, keep_date_format=True):
    """msgfmt's normalization of each Bot API message without its message_id (None where msgfmt
    rejects one); `keep_date_format=False` also drops every entity's `date_time_format`."""
    lines = []
    for n, message in enumerate(messages):
        lines.append(json.dumps({"message_id": 1, "text": f"MSGFMTSPLIT{n}", "entities": []}))
        lines.append(json.dumps(dict(message, message_id=1), ensure_ascii=False))
    out = run(msgfmt, ["--from", "bot-api", "--to", "bot-api"], "\n".join(lines) + "\n")
    results = [None] * len(messages)
    current = None
    for line in out.splitlines():
        m = json.loads(line)
        split = re.fullmatch(r"MSGFMTSPLIT(\d+)", m["text"]) if not m["entities"] else None
        if split:
            current = int(split.group(1))
        elif current is not None:
            m.pop("message_id", None)
            if not keep_date_format:
                for e in m["entities"]:
                    e.pop("date_time_format", None)
            results[current] = m
    return results


def record_main(record):
    """Runs a script's `record FAILURES --out FILE [--msgfmt PATH]` command through `record`."""
    parser = argparse.ArgumentParser(description="Record regression fixtures from a --failures file.")
    parser.add_argument("record")
    parser.add_argument("failures")
    parser.add_argument("--out", required=True)
    parser.add_argument("--msgfmt", default=".build/release/msgfmt")
    options = parser.parse_args()
    return record(options.msgfmt, options.failures, options.out)
