"""Target ratios from alternating runs: msgfmt and what it is compared with, in turns.

The development machine is a virtual one whose speed drifts by tens of percent from one
minute to the next (the same run took 2.1 s and 2.8 s a minute apart). The table's rows
are measured one after the other, minutes apart, so a ratio of two rows carries that
drift. Here each round runs both sides back to back and gives one ratio; the median of
the rounds is the pair's answer, printed with the smallest and largest.

Used by Benchmarks/bench.py; standard library only.
"""
import statistics
import subprocess
from dataclasses import dataclass, field

from measure import Result, loop_timing, run_once

ROUNDS = 3


@dataclass
class Pair:
    """One target measured in alternating rounds: `ratios` holds one ratio a round (the
    target's way round: above `goal` passes); `error` says why there is none."""
    desc: str
    goal: float
    ratios: list = field(default_factory=list)
    error: str | None = None

    @property
    def median(self):
        return statistics.median(self.ratios) if self.ratios else None


def process_seconds(cmd, env):
    """Wall seconds of one run of `cmd`, or an error string."""
    r = Result("paired", "")
    run_once(r, cmd, subprocess.DEVNULL, env, 1800, (0,))
    return r.error or r.seconds


def loop_seconds(cmd, env):
    """The seconds a loop-timed command prints ("N msgs in S s"), or an error string."""
    r = Result("paired", "")
    out = run_once(r, cmd, subprocess.PIPE, env, 1800, (0,))
    if r.error:
        return r.error
    timing = loop_timing(out)
    return timing[1] if timing else "no timing in output"


def measure(desc, goal, side_a, side_b, ratio, rounds=ROUNDS, before=None):
    """Runs `side_a()` then `side_b()` (each giving seconds or an error string) `rounds`
    times; each round's ratio is `ratio(a_seconds, b_seconds)`. `before`, when given, runs
    (untimed) before each side."""
    pair = Pair(desc, goal)
    for _ in range(rounds):
        times = []
        for side in (side_a, side_b):
            if before:
                before()
            t = side()
            if isinstance(t, str):
                pair.error = t
                return pair
            times.append(t)
        pair.ratios.append(ratio(*times))
    return pair


def rows(pairs):
    """Target rows (description, measured, goal, passed or None) for report.targets."""
    out = []
    for p in pairs:
        desc = f"{p.desc} (alternating runs, median of {len(p.ratios)} rounds)"
        if p.error or not p.ratios:
            out.append((desc, f"n/a ({p.error})" if p.error else "n/a", f"≥ {p.goal}×", None))
            continue
        spread = f"{min(p.ratios):.2f}–{max(p.ratios):.2f}"
        out.append((desc, f"{p.median:.2f}× ({spread})", f"≥ {p.goal}×", p.median >= p.goal))
    return out
