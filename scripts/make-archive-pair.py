#!/usr/bin/env python3
"""Derive a second Telegram Desktop export from a first one, as a later export of the
same chats would look: some messages added after the last one of their chat, some edited
(a word replaced or words appended, with an edit time), some deleted from inside their
chat's range.

    scripts/make-archive-pair.py OLD.json NEW.json --seed 7 --add 20 --edit 10 --delete 5

Prints one JSON line per change on standard output, in file order:
{"change": "added|edited|deleted", "chat_id": ..., "id": ...}, the same identities
`msgfmt diff OLD.json NEW.json --to json` should report. Everything else is copied byte
for byte. Both files are streamed (memory stays flat however large the export is): the
script reads OLD twice: once to count the messages of each chat, once to write NEW.
Standard library only.
"""

import argparse
import datetime
import json
import random
import re
import sys

MESSAGES_KEY = re.compile(r'"messages"\s*:\s*\[')
CHAT_ID = re.compile(r'"id"\s*:\s*(-?\d+)')
WORDS = ["archive", "update", "снова", "later", "notes", "結果", "موعد", "again", "draft", "ok"]
CHUNK = 1 << 20


class Reader:
    """A text file read in chunks, with the unread part in `buf` from `pos`."""

    def __init__(self, path):
        self.file = open(path, encoding="utf-8")
        self.buf = ""
        self.pos = 0
        self.eof = False

    def fill(self):
        chunk = self.file.read(CHUNK)
        if not chunk:
            self.eof = True
        self.buf = self.buf[self.pos:] + chunk
        self.pos = 0


def walk(path, on_array):
    """Streams the export at `path`; text outside `messages` arrays goes to on_array's
    `copy`, each messages array to `on_array.array(reader, chat_id)`."""
    reader = Reader(path)
    reader.fill()
    outside = ""
    while True:
        match = MESSAGES_KEY.search(reader.buf, reader.pos)
        if match:
            text = reader.buf[reader.pos:match.end()]
            on_array.copy(text)
            outside += text
            ids = CHAT_ID.findall(outside)
            reader.pos = match.end()
            on_array.array(reader, int(ids[-1]) if ids else None)
            outside = ""
            continue
        if reader.eof:
            on_array.copy(reader.buf[reader.pos:])
            return
        keep = max(reader.pos, len(reader.buf) - 64)
        text = reader.buf[reader.pos:keep]
        on_array.copy(text)
        outside = (outside + text)[-4096:]
        reader.pos = keep
        reader.fill()


def elements(reader):
    """Yields (separator, start, end, object) for each element of the array whose '['
    was just read, `separator` being the blanks and comma before it; returns with
    reader.pos on the closing ']' and the blanks before it in reader.trail."""
    decoder = json.JSONDecoder()
    while True:
        start = reader.pos
        while True:
            while reader.pos < len(reader.buf) and reader.buf[reader.pos] in " \t\r\n,":
                reader.pos += 1
            if reader.pos < len(reader.buf) or reader.eof:
                break
            reader.pos = start
            reader.fill()
            start = reader.pos
        separator = reader.buf[start:reader.pos]
        if reader.pos >= len(reader.buf):
            raise SystemExit("the export ends inside a messages array")
        if reader.buf[reader.pos] == "]":
            reader.trail = separator
            return
        while True:
            try:
                value, end = decoder.raw_decode(reader.buf, reader.pos)
                break
            except json.JSONDecodeError:
                if reader.eof:
                    raise SystemExit("a message is not valid JSON near character %d" % reader.pos)
                begin = reader.pos - len(separator)
                reader.pos = begin
                reader.fill()
                reader.pos += len(separator)
        yield separator, reader.pos, end, value
        reader.pos = end


class Counter:
    """First pass: which messages each chat has, which can be edited, the highest id."""

    def __init__(self):
        self.chats = []
        self.highest = 0

    def copy(self, text):
        pass

    def array(self, reader, chat_id):
        messages = []
        for _, _, _, value in elements(reader):
            messages.append(editable(value))
            if isinstance(value, dict) and isinstance(value.get("id"), int):
                self.highest = max(self.highest, value["id"])
        reader.pos += 1
        self.chats.append((chat_id, messages))


def editable(message):
    """True when the message has a plain text part an edit can change."""
    if not isinstance(message, dict) or message.get("type", "message") != "message":
        return False
    text = message.get("text")
    if isinstance(text, str):
        return True
    return isinstance(text, list) and any(isinstance(part, str) for part in text)


class Writer:
    """Second pass: copies the export, applying the chosen changes."""

    def __init__(self, out, plan, rng, highest):
        self.out = out
        self.plan = plan
        self.rng = rng
        self.chat = 0
        self.changes = []
        # Added messages get ids above every id of the export, so they are new anywhere.
        self.next_id = highest

    def copy(self, text):
        self.out.write(text)

    def array(self, reader, chat_id):
        deletes, edits, adds = self.plan[self.chat]
        self.chat += 1
        first_separator = None
        between = None
        written = 0
        last = None
        index = 0
        for separator, start, end, value in elements(reader):
            if index == 0:
                first_separator = separator
            elif between is None:
                between = separator
            text = reader.buf[start:end]
            if isinstance(value, dict):
                last = value if last is None or message_date(value) >= message_date(last) else last
            if index in deletes:
                self.changes.append(("deleted", chat_id, value.get("id")))
            else:
                if index in edits:
                    value = edit(value, self.rng)
                    text = serialize(value, text, indent_of(first_separator))
                    self.changes.append(("edited", chat_id, value.get("id")))
                self.out.write(separator if written > 0 or index == 0 else first_separator)
                self.out.write(text)
                written += 1
            index += 1
        indent = indent_of(first_separator or "\n")
        between = between or ("," + (first_separator or "\n"))
        for k in range(adds):
            self.next_id += 1
            added = new_message(last, self.next_id, self.rng)
            last = added
            self.out.write(between if written > 0 else (first_separator or "\n"))
            self.out.write(serialize(added, "\n" if "\n" in (first_separator or "") else "", indent))
            written += 1
            self.changes.append(("added", chat_id, added["id"]))
        self.out.write(reader.trail)
        self.out.write("]")
        reader.pos += 1


def indent_of(separator):
    return separator.rsplit("\n", 1)[-1] if separator and "\n" in separator else ""


def serialize(value, original, indent):
    """The message as JSON laid out like the original element: Telegram's one-space
    indentation at the element's own indentation, or compact on one line."""
    if "\n" not in original:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    lines = json.dumps(value, ensure_ascii=False, indent=1).split("\n")
    return "\n".join([lines[0]] + [indent + line for line in lines[1:]])


def message_date(message):
    unix = message.get("date_unixtime")
    if unix is not None:
        return int(unix)
    return 0


def shifted_local(text, seconds):
    """A local `date` string moved by `seconds` (the export's own zone is kept)."""
    try:
        moment = datetime.datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return text
    return (moment + datetime.timedelta(seconds=seconds)).isoformat()


def edit(message, rng):
    """Replaces a word of a plain text part (or appends words) and sets the edit time."""
    message = dict(message)
    text = message["text"]
    if isinstance(text, str):
        message["text"] = change_words(text, rng)
        if isinstance(message.get("text_entities"), list):
            message["text_entities"] = [{"type": "plain", "text": message["text"]}] if message["text"] else []
    else:
        text = list(text)
        plain = [i for i, part in enumerate(text) if isinstance(part, str)]
        k = rng.choice(plain)
        text[k] = change_words(text[k], rng)
        message["text"] = text
        parts = message.get("text_entities")
        if isinstance(parts, list) and len(parts) == len(text):
            parts = [dict(p) for p in parts]
            parts[k]["text"] = text[k]
            message["text_entities"] = parts
    delay = rng.randint(60, 3600)
    if "date_unixtime" in message:
        message["edited"] = shifted_local(message.get("date"), delay)
        message["edited_unixtime"] = str(int(message["date_unixtime"]) + delay)
    else:
        message["edited"] = shifted_local(message.get("date"), delay)
    return message


def change_words(text, rng):
    words = text.split(" ")
    candidates = [i for i, w in enumerate(words) if w.strip()]
    if candidates and rng.random() < 0.6:
        i = rng.choice(candidates)
        replacement = rng.choice(WORDS)
        if replacement == words[i]:
            replacement += "!"
        words[i] = replacement
        return " ".join(words)
    return text.rstrip("\n") + " " + " ".join(rng.sample(WORDS, 2))


def new_message(last, message_id, rng):
    """Message `message_id`, sent a minute after `last` by its sender."""
    base = last or {}
    message = {"id": message_id, "type": "message"}
    if "date" in base:
        message["date"] = shifted_local(base["date"], 60)
    if "date_unixtime" in base or "date" not in base:
        # Legacy exports have local dates only; keep to the export's own format.
        message["date_unixtime"] = str(message_date(base) + 60)
    message["from"] = base.get("from", "Archivist")
    message["from_id"] = base.get("from_id", "user1")
    words = " ".join(rng.sample(WORDS, 3))
    message["text"] = "added %d: %s" % (message_id, words)
    if "text_entities" in base:
        message["text_entities"] = [{"type": "plain", "text": message["text"]}]
    return message


def plan_changes(chats, adds, edits, deletes, rng):
    """Per chat: the message indices to delete and to edit, and how many to add."""
    inner = [(c, i) for c, (_, flags) in enumerate(chats) for i in range(1, len(flags) - 1)]
    deleted = set(rng.sample(inner, min(deletes, len(inner))))
    candidates = [(c, i) for c, (_, flags) in enumerate(chats) for i, ok in enumerate(flags)
                  if ok and (c, i) not in deleted]
    edited = set(rng.sample(candidates, min(edits, len(candidates))))
    added = [0] * len(chats)
    for _ in range(adds if chats else 0):
        added[rng.randrange(len(chats))] += 1
    return [({i for (cc, i) in deleted if cc == c}, {i for (cc, i) in edited if cc == c}, added[c])
            for c in range(len(chats))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", help="the export to start from (result.json)")
    parser.add_argument("new", help="where to write the derived export")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--add", type=int, default=3, help="messages to add (default 3)")
    parser.add_argument("--edit", type=int, default=3, help="messages to edit (default 3)")
    parser.add_argument("--delete", type=int, default=3, help="messages to delete (default 3)")
    args = parser.parse_args()

    counter = Counter()
    walk(args.old, counter)
    rng = random.Random(args.seed)
    plan = plan_changes(counter.chats, args.add, args.edit, args.delete, rng)
    with open(args.new, "w", encoding="utf-8") as out:
        writer = Writer(out, plan, rng, counter.highest)
        walk(args.old, writer)
    for change, chat_id, message_id in writer.changes:
        print(json.dumps({"change": change, "chat_id": chat_id, "id": message_id}))
    counts = {}
    for change, _, _ in writer.changes:
        counts[change] = counts.get(change, 0) + 1
    print("made-archive-pair: %s" % ", ".join("%s %d" % (k, counts.get(k, 0)) for k in ("added", "edited", "deleted")),
          file=sys.stderr)


if __name__ == "__main__":
    main()
