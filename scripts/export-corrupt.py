#!/usr/bin/env python3
"""Corrupt a share of the messages of a gen_corpus.py export (indent=1 layout).

  export-corrupt.py IN.json OUT.json IDS.txt [--share 0.1] [--seed 1]

Each chosen message is broken in one of six ways: a missing colon, an unreadable date, a
bare word, wrong types, a lost closing brace, a lost closing quote. The chosen ids go
to IDS.txt.
"""
import random, re, sys, argparse

p = argparse.ArgumentParser()
p.add_argument("src"); p.add_argument("dst"); p.add_argument("ids")
p.add_argument("--share", type=float, default=0.1); p.add_argument("--seed", type=int, default=1)
a = p.parse_args()
rng = random.Random(a.seed)
msg_id = re.compile(r'^   "id": (-?\d+),$')
bad, current, broken = [], None, False
with open(a.src, encoding="utf-8") as src, open(a.dst, "w", encoding="utf-8") as dst:
    for line in src:
        m = msg_id.match(line.rstrip("\n"))
        if m:
            current = int(m.group(1))
            broken = rng.random() < a.share
            if broken:
                bad.append(current)
                kind = len(bad) % 6
            dst.write(line)
            continue
        if broken and current is not None:
            if kind == 0 and line.startswith('   "type": '):
                line = line.replace('"type": ', '"type" ', 1); broken = False
            elif kind == 1 and line.startswith('   "date_unixtime": '):
                line = '   "date_unixtime": "not a time",\n'; broken = False
            elif kind == 2 and line.startswith('   "date": '):
                line = '   "date": tomorrow,\n'; broken = False
            elif kind == 3 and line.startswith('   "type": '):
                line = '   "type": "message", "text": 12, "text_entities": 7,\n'; broken = False
            elif kind == 4 and line.rstrip("\n") in ("  },", "  }"):
                line = "  " + line.strip()[1:] + "\n"; broken = False       # lost closing brace
            elif kind == 5 and line.startswith('   "date": "'):
                line = line.replace('",', ',', 1); broken = False          # lost closing quote
        dst.write(line)
with open(a.ids, "w") as f:
    f.write("\n".join(map(str, bad)) + "\n")
print(len(bad))
