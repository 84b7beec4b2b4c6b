#!/usr/bin/env bash
# Large-export acceptance check for `msgfmt export` (kept out of the unit tests: slow).
#
#   scripts/export-check.sh [MESSAGES]        (default 200000; WORK=dir to keep files)
#
# 1. Converts a MESSAGES-message export and a tenth of it to an HTML site, ANSI bubbles
#    and JSON Lines; checks every message id appears once and day headers match the
#    distinct days; compares peak memory (max RSS) of the two sizes (must be within 10%).
# 2. Corrupts 10% of the messages of the smaller export and checks every good message is
#    rendered and every bad one is named by id (exit status 1).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-200000}
SMALL=$((N / 10))
WORK=${WORK:-$(mktemp -d)}
mkdir -p "$WORK"
GEN=${GEN:-Benchmarks/gen_corpus.py}
if [[ -z "${MSGFMT_BIN:-}" ]]; then
    swift build -c release >/dev/null
    MSGFMT_BIN=$(swift build -c release --show-bin-path)/msgfmt
fi
echo "binary: $MSGFMT_BIN   work: $WORK"
for n in $SMALL $N; do
    [[ -s $WORK/in$n.json ]] || python3 "$GEN" export --messages "$n" > "$WORK/in$n.json"
done

run() {  # run NAME ARGS...: time a conversion, print wall time and max RSS
    local name=$1; shift
    /usr/bin/time -f "%e %M %P" -o "$WORK/$name.time" "$MSGFMT_BIN" export "$@" --time-zone UTC --progress never 2> "$WORK/$name.err" || true
    read -r secs rss cpu < <(tail -1 "$WORK/$name.time")
    printf '%-16s %8s s %9s KB max RSS %6s CPU\n' "$name" "$secs" "$rss" "$cpu"
    echo "$rss" > "$WORK/$name.rss"
}

status=0
for n in $SMALL $N; do
    echo "== $n messages ($(du -h "$WORK/in$n.json" | cut -f1))"
    rm -rf "$WORK/site$n"
    run "html-$n" "$WORK/in$n.json" --to html -o "$WORK/site$n"
    run "ansi-$n" "$WORK/in$n.json" --to ansi --style bubbles --color always --width 100 -o "$WORK/bubbles$n.ansi"
    run "json-$n" "$WORK/in$n.json" --to json -o "$WORK/out$n.jsonl"
    python3 scripts/export-verify.py "$WORK/in$n.json" --jsonl "$WORK/out$n.jsonl" --ansi "$WORK/bubbles$n.ansi" --site "$WORK/site$n" || status=1
done

echo "== peak memory, $N vs $SMALL messages"
for f in html ansi json; do
    small=$(cat "$WORK/$f-$SMALL.rss") big=$(cat "$WORK/$f-$N.rss")
    ratio=$(python3 -c "print(f'{$big / $small:.3f}')")
    verdict=$(python3 -c "print('ok  ' if $big <= 1.10 * $small else 'FAIL')")
    [[ $verdict == ok* ]] || status=1
    echo "$verdict $f: $small KB -> $big KB (x$ratio)"
done

echo "== 10% corrupted messages ($SMALL messages)"
python3 scripts/export-corrupt.py "$WORK/in$SMALL.json" "$WORK/bad.json" "$WORK/bad.ids" > /dev/null
set +e
"$MSGFMT_BIN" export "$WORK/bad.json" --to json -o "$WORK/bad.jsonl" --time-zone UTC --progress never 2> "$WORK/bad.err"
code=$?
set -e
[[ $code == 1 ]] && echo "ok   exit status 1" || { echo "FAIL exit status $code"; status=1; }
python3 scripts/export-verify.py "$WORK/bad.json" --jsonl "$WORK/bad.jsonl" --bad "$WORK/bad.ids" --stderr "$WORK/bad.err" || status=1
exit $status
