#!/usr/bin/env python3
"""Check msgfmt export outputs against their gen_corpus.py input (single chat, UTC).

  export-verify.py INPUT.json [--jsonl F] [--ansi F] [--site DIR] [--bad IDS.txt] [--stderr F]

Reads ids and dates from the input line by line (no full JSON load), then checks that
every good message id appears exactly once in each output, that day headers match the
distinct UTC days, and that every corrupted id is named on stderr. Exit 1 on a mismatch.
"""
import argparse, datetime, glob, json, os, re, sys

p = argparse.ArgumentParser()
p.add_argument("input"); p.add_argument("--jsonl"); p.add_argument("--ansi"); p.add_argument("--site")
p.add_argument("--bad"); p.add_argument("--stderr")
a = p.parse_args()
ids, days, dates = [], set(), {}
cur = None
id_re, date_re = re.compile(r'^   "id": (-?\d+),$'), re.compile(r'^   "date_unixtime": "(\d+)",?$')
with open(a.input, encoding="utf-8") as f:
    for line in f:
        line = line.rstrip("\n")
        m = id_re.match(line)
        if m:
            cur = int(m.group(1)); ids.append(cur); continue
        m = date_re.match(line)
        if m and cur is not None:
            dates[cur] = int(m.group(1))
bad = set()
if a.bad:
    bad = {int(x) for x in open(a.bad).read().split()}
good = [i for i in ids if i not in bad]
good_days = {datetime.datetime.fromtimestamp(dates[i], datetime.timezone.utc).date() for i in good if i in dates}
ok = True

def report(name, cond, detail):
    global ok
    print(("ok  " if cond else "FAIL") + f" {name}: {detail}")
    ok = ok and cond

print(f"input: {len(ids)} messages, {len(bad)} corrupted, {len(good_days)} distinct days (UTC)")
if a.jsonl:
    seen, new_days = [], 0
    with open(a.jsonl, encoding="utf-8") as f:
        for line in f:
            o = json.loads(line); seen.append(o["id"]); new_days += o["new_day"]
    report("jsonl ids", sorted(seen) == sorted(good) and len(set(seen)) == len(seen), f"{len(seen)} lines, {len(set(seen))} distinct")
    report("jsonl days", new_days == len(good_days), f"{new_days} new_day flags")
if a.ansi:
    strip = re.compile(r"\x1b\[[0-9;]*m|\x1b\]8;[^\x07\x1b]*(\x07|\x1b\\)")
    headers, times = 0, 0
    with open(a.ansi, encoding="utf-8") as f:
        for raw in f:
            line = strip.sub("", raw.rstrip("\n"))
            if re.fullmatch(r"\s*── \d{1,2} [A-Z][a-z]+ \d{4} ──\s*", line): headers += 1
            elif re.search(r"\d\d:\d\d │$", line) or re.search(r" · \d\d:\d\d\s*$", line): times += 1
    report("ansi days", headers == len(good_days), f"{headers} day headers")
    report("ansi messages", times == len(good), f"{times} time labels (one per message)")
if a.site:
    seen, day_headers = [], 0
    for page in glob.glob(os.path.join(a.site, "chat_*", "messages*.html")):
        text = open(page, encoding="utf-8").read()
        seen += [int(x) for x in re.findall(r'id="message(-?\d+)"', text)]
        day_headers += text.count('<div class="day" id=')
    report("html ids", sorted(seen) == sorted(good), f"{len(seen)} anchors, {len(set(seen))} distinct")
    report("html days", day_headers == len(good_days), f"{day_headers} day headers")
    report("html index", os.path.exists(os.path.join(a.site, "index.html")), "index.html present")
if a.stderr:
    text = open(a.stderr, encoding="utf-8").read()
    named = {int(x) for x in re.findall(r"msgfmt: error: [^\n]*:message (-?\d+): ", text)}
    report("bad ids named", named == bad, f"{len(named)} named of {len(bad)}")
sys.exit(0 if ok else 1)
