"""Benchmark inputs: generated corpora (cached), their message text and samples.

Used by Benchmarks/bench.py; standard library only.
"""
import json
import os
import subprocess
import sys


def generate(gen_corpus, out_path, args):
    """Runs gen_corpus.py with `args` into `out_path` unless it is already there."""
    generate_all(gen_corpus, [(out_path, args)])
    return out_path


def generate_all(gen_corpus, jobs):
    """Runs gen_corpus.py for each (out_path, args) not already generated, in parallel."""
    running = []
    for out_path, args in jobs:
        if os.path.exists(out_path) and os.path.getsize(out_path) > 0:
            continue
        f = open(out_path + ".tmp", "wb")
        running.append((out_path, f, subprocess.Popen([sys.executable, gen_corpus] + args, stdout=f)))
    for out_path, f, p in running:
        p.wait()
        f.close()
        if p.returncode != 0:
            raise SystemExit(f"gen_corpus.py failed for {out_path}")
        os.replace(out_path + ".tmp", out_path)


def botapi_texts(path):
    """The `text` of every line of a Bot API JSONL file."""
    with open(path, encoding="utf-8") as f:
        return [json.loads(line)["text"] for line in f if line.strip()]


def export_messages(path):
    """The messages of a Telegram Desktop export (one chat or a whole account)."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    chats = doc["chats"]["list"] if "chats" in doc else [doc]
    return [m for c in chats for m in c.get("messages", [])]


def export_text(message):
    """A Desktop export message's text: a string, or a list of strings and parts."""
    t = message.get("text", "")
    if isinstance(t, str):
        return t
    return "".join(p if isinstance(p, str) else p.get("text", "") for p in t)


def write_texts(texts, out_path):
    """Writes texts as UTF-8, each ended by a NUL byte (icu_linebreak_loop's input)."""
    with open(out_path, "wb") as f:
        for t in texts:
            f.write(t.replace("\0", "").encode("utf-8"))
            f.write(b"\0")
    return out_path


def head_lines(path, count, out_path):
    """The first `count` lines of `path` into `out_path`."""
    with open(path, "rb") as src, open(out_path, "wb") as dst:
        for i, line in enumerate(src):
            if i >= count:
                break
            dst.write(line)
    return out_path


def utf8_size(texts):
    return sum(len(t.encode("utf-8")) for t in texts)
