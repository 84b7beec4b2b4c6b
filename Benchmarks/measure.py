"""Measuring one command: wall time, peak RSS (/usr/bin/time -v) and instructions.

Used by Benchmarks/bench.py; standard library only.
"""
import os
import re
import shutil
import subprocess
import time
from dataclasses import dataclass, field

TIME = "/usr/bin/time"


@dataclass
class Result:
    """One measured run. `seconds` is the process wall time unless the tool timed its own
    loop (`timed` = "loop"); `error` is set when the command failed."""
    name: str
    tool: str
    messages: int = 0
    text_bytes: int = 0
    seconds: float | None = None
    rss_mb: float | None = None
    # CPU time of the whole process (of the median run when repeated), user and system:
    # next to the wall time it shows whether a run waited on the kernel or on threads.
    user_s: float | None = None
    system_s: float | None = None
    instructions: str = "n/a"
    timed: str = "process"
    error: str | None = None
    note: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def msgs_per_s(self):
        return self.messages / self.seconds if self.ok and self.seconds else None

    @property
    def mb_per_s(self):
        return self.text_bytes / self.seconds / 1e6 if self.ok and self.seconds else None

    @property
    def ok(self):
        return self.error is None and self.seconds is not None


# A run shorter than SHORT_SECONDS is repeated (SHORT_RUNS in all), one shorter than
# MEDIUM_SECONDS too (MEDIUM_RUNS in all), and the median time kept: one run of a fraction
# of a second moves by 10-20 % with whatever else the machine does, one of a second or two
# (the two-core rows among them) by up to 15 %, and a two-core export of three to five
# seconds by up to 40 % on the development machine (its CPU time too: 5.2-6.5 s of user
# time for the same work).
SHORT_SECONDS = 1.0
SHORT_RUNS = 5
MEDIUM_SECONDS = 10.0
MEDIUM_RUNS = 3


def run(result, cmd, stdout=subprocess.DEVNULL, env=None, timeout=1800, ok_codes=(0,), before=None):
    """Runs `cmd` under /usr/bin/time -v, filling seconds, rss_mb, or error (an exit status
    outside `ok_codes`); a run under SHORT_SECONDS or MEDIUM_SECONDS is repeated and the
    median time and the largest peak RSS kept. `before`, when given, is called (untimed) before every run, so a
    command that changes what it works on (`export --update`) starts each run from the same
    state. Returns the command's stdout text (of the first run) when `stdout` is PIPE, else
    ''."""
    if before:
        before()
    out = run_once(result, cmd, stdout, env, timeout, ok_codes)
    if not result.ok or result.seconds >= MEDIUM_SECONDS or result.timed != "process":
        return out
    runs = SHORT_RUNS if result.seconds < SHORT_SECONDS else MEDIUM_RUNS
    times, rss = [(result.seconds, result.user_s, result.system_s)], result.rss_mb
    for _ in range(runs - 1):
        again = Result(result.name, result.tool, result.messages, result.text_bytes)
        if before:
            before()
        run_once(again, cmd, subprocess.DEVNULL, env, timeout, ok_codes)
        if not again.ok:
            result.error, result.seconds = again.error, None
            return out
        times.append((again.seconds, again.user_s, again.system_s))
        if again.rss_mb is not None:
            rss = max(rss or 0, again.rss_mb)
    result.seconds, result.user_s, result.system_s = sorted(times, key=lambda t: t[0])[len(times) // 2]
    result.rss_mb = rss
    result.note = (result.note + "; " if result.note else "") + f"median of {len(times)} runs"
    return out


def run_once(result, cmd, stdout, env, timeout, ok_codes):
    """One run of `cmd` (see `run`)."""
    wrapped = ([TIME, "-v"] if os.path.exists(TIME) else []) + cmd
    t0 = time.perf_counter()
    try:
        p = subprocess.run(wrapped, stdout=stdout, stderr=subprocess.PIPE, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        result.error = f"timeout after {timeout}s"
        return ""
    except OSError as e:
        result.error = str(e)
        return ""
    result.seconds = time.perf_counter() - t0
    err = p.stderr.decode("utf-8", "replace")
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)
    if m:
        result.rss_mb = int(m.group(1)) / 1024
    m = re.search(r"User time \(seconds\): ([\d.]+)", err)
    if m:
        result.user_s = float(m.group(1))
    m = re.search(r"System time \(seconds\): ([\d.]+)", err)
    if m:
        result.system_s = float(m.group(1))
    if p.returncode not in ok_codes:
        first = [l for l in err.splitlines() if l.strip() and not l.startswith("\t")][:1]
        result.error = f"exit {p.returncode}" + (f": {first[0][:80]}" if first else "")
        result.seconds = None
    return p.stdout.decode("utf-8", "replace") if stdout == subprocess.PIPE else ""


def loop_timing(out):
    """(messages, seconds) from the line a loop-timed tool prints ("N msgs in S s"), or None."""
    m = re.search(r"(\d+) msgs in ([\d.]+)s", out)
    return (int(m.group(1)), float(m.group(2))) if m else None


def instruction_counter():
    """'perf' when perf can count instructions here, else 'callgrind' when valgrind is
    installed, else None."""
    if shutil.which("perf"):
        p = subprocess.run(["perf", "stat", "-x,", "-e", "instructions", "true"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        line = p.stderr.decode(errors="replace").strip().splitlines()[-1:] or [""]
        if p.returncode == 0 and line[0].split(",")[0].strip().isdigit():
            return "perf"
    if shutil.which("valgrind"):
        return "callgrind"
    return None


def count_instructions(counter, cmd, env=None, timeout=900):
    """Instructions retired by `cmd` (a whole process), as a string with a suffix, or n/a."""
    if counter == "perf":
        p = subprocess.run(["perf", "stat", "-x,", "-e", "instructions"] + cmd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, env=env, timeout=timeout)
        for line in p.stderr.decode(errors="replace").splitlines():
            parts = line.split(",")
            if len(parts) > 2 and "instructions" in parts[2] and parts[0].strip().isdigit():
                return human(int(parts[0]))
        return "n/a"
    if counter == "callgrind":
        try:
            p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "timeout"
        m = re.search(r"Collected : (\d+)", p.stderr.decode(errors="replace"))
        if m and p.returncode == 0:
            return human(int(m.group(1)))
        return "n/a" if not m else human(int(m.group(1))) + "!"
    return "n/a"


def human(n):
    """12345678 -> '12.3M'."""
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= scale:
            return f"{n / scale:.1f}{unit}"
    return str(n)


def uptime():
    """The load averages, as `uptime` prints them."""
    try:
        with open("/proc/loadavg") as f:
            return "load average " + ", ".join(f.read().split()[:3])
    except OSError:
        return "load average n/a"
