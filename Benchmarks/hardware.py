#!/usr/bin/env python3
"""What a msgfmt command asks of the processor beside the bare ICU line-break loop over the
same message texts: cachegrind's simulated caches and branch predictor, per message.

  hardware.py --messages N --icu-loop BIN --texts TEXTS -- MSGFMT COMMAND...

Instructions alone do not explain wall time: the ICU loop is a few kilobytes of code that
stay in the first-level instruction cache, while msgfmt runs a message through decoding,
styling, segmentation, bidi, line planning and an emitter, whose code together is larger
than that cache. The table printed here (Markdown, on stdout) counts what the simulation
sees for both, so a change to the shape of the pipeline can be judged by more than its
instruction count. The simulated predictor is simpler than a real one (its misprediction
counts are upper bounds); the cache counts follow the sizes valgrind reads from the
machine. Used by `scripts/bench --profile FORMAT --hardware`; standard library only.
"""
import argparse
import re
import subprocess
import sys

# cachegrind's summary lines (`==PID== I   refs:  1,234`) and what this table calls them.
ROWS = [
    ("I   refs", "instructions"),
    ("I1  misses", "first-level instruction-cache misses"),
    ("D1  misses", "first-level data-cache misses"),
    ("LL misses", "last-level cache misses"),
    ("Branches", "branches"),
    ("Mispredicts", "mispredicted branches (simulated predictor)"),
]


def simulate(cmd):
    """cachegrind's summary counts for `cmd`, by summary line name."""
    run = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=yes", "--branch-sim=yes", "--cachegrind-out-file=/dev/null"]
        + cmd,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    counts = {}
    for line in run.stderr.splitlines():
        m = re.match(r"==\d+==\s+(.+?):\s+([\d,]+)", line)
        if m:
            counts[m.group(1).strip()] = int(m.group(2).replace(",", ""))
    if run.returncode != 0 or "I   refs" not in counts:
        sys.exit(f"hardware.py: cachegrind failed for {' '.join(cmd)}:\n{run.stderr[-2000:]}")
    return counts


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--messages", type=int, required=True, help="messages in both inputs")
    p.add_argument("--icu-loop", required=True, help="icu_linebreak_loop binary")
    p.add_argument("--texts", required=True, help="the messages' texts, NUL-ended (corpus.write_texts)")
    p.add_argument("command", nargs="+", help="the msgfmt command (after --)")
    a = p.parse_args()
    msgfmt = simulate(a.command)
    icu = simulate([a.icu_loop, a.texts, "1"])
    n = max(1, a.messages)
    print(f"| per message ({a.messages} messages, whole process) | msgfmt | ICU loop | msgfmt / ICU loop |")
    print("|---|--:|--:|--:|")
    for key, name in ROWS:
        m, i = msgfmt.get(key), icu.get(key)
        if m is None or i is None:
            continue
        ratio = f"{m / i:.1f}×" if i else "—"
        print(f"| {name} | {m / n:,.0f} | {i / n:,.0f} | {ratio} |")


if __name__ == "__main__":
    main()
