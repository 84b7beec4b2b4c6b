#!/usr/bin/env python3
"""Compare `msgfmt --detect` with tdlib's own entity detection (PyPI package `tdjson`).

    pip install tdjson
    python3 scripts/compare_detection_with_tdlib.py --glued SEED COUNT [options]
    python3 scripts/compare_detection_with_tdlib.py --messages FILE.jsonl COUNT [options]

`--glued` makes COUNT random strings by gluing pieces that touch every detection rule
(schemes, `@`, `#`, `$`, `/`, dots, TLDs in several scripts, digits, card numbers,
brackets, quotes, separators, letters of several scripts); `--messages` reads the text of
Bot API messages (for example from `Benchmarks/gen_corpus.py botapi`). Both tools detect
entities in the same texts; every difference is counted (exit status 1 if there is one).

tdlib's media timestamps (`1:23`) are left out of the comparison: msgfmt lets them win
overlaps as tdlib does but does not write them (the Bot API has no such entity). Phone
numbers, which tdlib does not detect yet, would be left out too.

options: --msgfmt BIN (default .build/release/msgfmt; build with `swift build -c release`),
         --show N (differences printed, default 8), --save FILE (write the differing strings
         with tdlib's answers as a regression fixture, see fixtures/telegram/README.md)
"""
import argparse
import json
import random
import subprocess
import sys
import unicodedata

from tdjson import td_execute

KINDS = {"Mention": "mention", "Hashtag": "hashtag", "Cashtag": "cashtag", "BotCommand": "bot_command",
         "Url": "url", "EmailAddress": "email", "BankCardNumber": "bank_card", "PhoneNumber": "phone_number",
         "MediaTimestamp": "media_timestamp"}

PIECES = [
    # schemes and links
    "tg://", "TG://", "ton://", "tonsite://", "http://", "HTTPS://", "https://", "ftp://", "sftp://",
    "shttp://", "mailto:", "tg://resolve?domain=a", "t.me/", "www.", "://",
    # names, dots, TLDs
    "example", "telegram", "user", "abc", "ABC", "TEST", "te", "a_b", "a-b", "x", "1INCH",
    ".com", ".org", ".Org", ".ORG", ".ru", ".рф", ".РФ", ".ton", ".abd", ".xn--p1ai", ".xn--", ".co.uk",
    ".ελ", ".ком", ".中国", ".みんな", ".c", ".", "..", "пример", "例", "teiegram.org", "1.2.3.4",
    "256.1.1.1", "127.0.0.1", ":8080", ":0", ":99999", ":",
    # markers
    "@", "@@", "#", "##", "$", "$$", "/", "//", "/start", "/cmd@bot", "~", "_", "-", "+", "%",
    # digits and cards
    "0", "1", "12", "2024", "4111111111111111", "4111 1111 1111 1111", "4111-1111-1111-1111",
    "5500000000000004", "378282246310005", "1:23", "12:34:56", "٣", "١٢",
    # punctuation, brackets, quotes
    ",", ";", "!", "?", "'", "`", "\"", "(", ")", "[", "]", "{", "}", "<", ">", "«", "»", "…", "·",
    "、", "—", "‐", "&", "=", "*", "\\", "|", "^",
    # separators and invisible characters
    " ", " ", "  ", "\n", "\t", "\u00a0", "\u2009", "\u3000", "\u200b", "\u200c", "\u200d", "\u2028",
    "\u202e", "\u2060",
    # letters of several scripts, marks, emoji
    "привет", "Ж", "ä", "é", "ß", "ʼ", "ा", "क्ष", "ශ්‍රී", "中文", "한", "ا", "ש", "ๆ", "ǅ", "ⅷ", "²", "😀", "👍🏽",
    "🇺🇦", "\u0301", "ﬁ", "µ", "ª",
]


def glued(seed, count):
    """COUNT strings of 1 to 12 random pieces each."""
    rng = random.Random(seed)
    return ["".join(rng.choice(PIECES) for _ in range(rng.randint(1, 12))) for _ in range(count)]


def tdlib_entities(text):
    """tdlib's entities of `text` as sorted (offset, length, kind) tuples."""
    answer = json.loads(td_execute(json.dumps({"@type": "getTextEntities", "text": text}).encode()))
    found = [(e["offset"], e["length"], KINDS.get(e["type"]["@type"][len("textEntityType"):], e["type"]["@type"]))
             for e in answer["entities"]]
    return sorted(e for e in found if e[2] not in ("media_timestamp", "phone_number"))


def msgfmt_entities(binary, texts):
    """msgfmt's entities of each text, in one run."""
    lines = "".join(json.dumps({"text": t}) + "\n" for t in texts).encode()
    run = subprocess.run([binary, "--from", "bot-api", "--to", "bot-api", "--detect"], input=lines,
                         capture_output=True, check=False)
    outputs = run.stdout.decode().splitlines()
    if len(outputs) != len(texts):
        sys.exit(f"msgfmt answered {len(outputs)} lines for {len(texts)} texts: {run.stderr.decode()[:500]}")
    return [sorted((e["offset"], e["length"], e["type"]) for e in json.loads(o).get("entities", [])) for o in outputs]


def readable_json(value):
    """`value` as one line of JSON: printable characters as they are, invisible ones
    (controls, format characters, separators other than the space) escaped."""
    text = json.dumps(value, ensure_ascii=False)
    return "".join(f"\\u{ord(c):04x}" if unicodedata.category(c)[0] in "CZ" and c != " " and ord(c) < 0x10000
                   else c for c in text)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("--glued", nargs=2, type=int, metavar=("SEED", "COUNT"))
    source.add_argument("--messages", nargs=2, metavar=("FILE", "COUNT"))
    p.add_argument("--msgfmt", default=".build/release/msgfmt")
    p.add_argument("--show", type=int, default=8)
    p.add_argument("--save")
    a = p.parse_args()
    if a.glued:
        texts = glued(*a.glued)
    else:
        with open(a.messages[0], encoding="utf-8") as f:
            texts = [json.loads(line).get("text", "") for line in f if line.strip()][:int(a.messages[1])]

    ours = msgfmt_entities(a.msgfmt, texts)
    differing = []
    for text, us in zip(texts, ours):
        td = tdlib_entities(text)
        if td != us:
            differing.append((text, td, [e for e in td if e not in us], [e for e in us if e not in td]))

    for text, _, td_only, us_only in differing[:a.show]:
        units = text.encode("utf-16-le")
        part = lambda e: units[2 * e[0]:2 * (e[0] + e[1])].decode("utf-16-le", "replace")
        print(readable_json(text))
        print("  tdlib only: ", [(e, part(e)) for e in td_only])
        print("  msgfmt only:", [(e, part(e)) for e in us_only])
    if a.save:
        cases = [{"text": t, "entities": [{"type": k, "offset": o, "length": n} for o, n, k in td]}
                 for t, td, _, _ in differing]
        with open(a.save, "w", encoding="utf-8") as f:
            f.write("[\n" + ",\n".join(readable_json(c) for c in cases) + "\n]\n")
    print(f"differences: {len(differing)} of {len(texts)}")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
