#!/bin/sh
# Runs the GUI benchmarks and their baselines (jq for the audit log, sandbench-cli replay for the
# sessions panel); prints what bench/README.md reports.
#   bench/gui/run.sh [build-dir] [all|console|audit|sessions]     (default: build-gui, all)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-"$root/build-gui"}
only=${2:-all}
if ! built=$(ninja -C "$build" bench_console_ingest bench_audit_browser bench_sessions_panel sandbench-cli 2>&1); then
    echo "$built" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
chmod 700 "$work"
export QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$work"

if [ "$only" = all ] || [ "$only" = console ]; then
echo "== console ingest (100 MiB)"
"$build/bench/gui/bench_console_ingest" synthetic 2>/dev/null
"$build/bench/gui/bench_console_ingest" deno 2>/dev/null
fi

if [ "$only" = all ] || [ "$only" = audit ]; then
log="$work/audit-1m.jsonl"
python3 "$root/bench/gui/gen_audit_log.py" "$log" 1000000
echo "== audit browser: $(wc -l <"$log") lines, $(du -m "$log" | cut -f1) MiB"
"$build/bench/gui/bench_audit_browser" "$log" 2>/dev/null

echo "== jq baseline (same file, same filters; time and peak RSS from /usr/bin/time)"
measure() { # label, jq args...
    label=$1; shift
    /usr/bin/time -f "%e s %M KiB" -o "$work/time" jq "$@" "$log" >"$work/out"
    echo "jq $label: $(wc -l <"$work/out") rows in $(cut -d' ' -f1,2 "$work/time"), peak RSS $(( $(cut -d' ' -f3 "$work/time") / 1024 )) MiB"
}
measure "first row" -c 'select(.seq == 1)'
measure "kind=read decision=deny" -c 'select(.kind == "read" and .decision == "deny")'
measure "text=file-99999 (resource only)" -c 'select(.resource | ascii_downcase | contains("file-99999"))'
measure "kind=net" -c 'select(.kind == "net")'
rm -f "$log"
fi

if [ "$only" = all ] || [ "$only" = sessions ]; then
# Two recordings of the same script: "small" reads its input from an allowed folder (the
# 200 files it read are stored in the bundle); "large" also has a 2,000-file, 50 MiB workdir,
# which the bundle stores whole, opening extracts and every replay copies.
cli="$build/app/cli/sandbench-cli"
mkdir -p "$work/data/items"
python3 - "$work" <<'PY'
import os, random, sys
work = sys.argv[1]
r = random.Random(7)
with open(f"{work}/data/input.csv", "w") as f:
    f.write("id,name,qty,price\n")
    for i in range(500):
        f.write(f"{i},item-{i:03d},{r.randint(1, 99)},{r.uniform(1, 500):.2f}\n")
for i in range(199):
    with open(f"{work}/data/items/item-{i:03d}.json", "w") as f:
        f.write('{"id":%d,"weight":%.3f,"tags":["a","b"]}\n' % (i, r.uniform(0, 10)))
for d in range(20):  # 2,000 files of 25.6 KiB, random (incompressible): 50 MiB
    os.makedirs(f"{work}/big-work/dir-{d:02d}")
    for i in range(100):
        with open(f"{work}/big-work/dir-{d:02d}/file-{i:03d}.bin", "wb") as f:
            f.write(r.randbytes(26214))
PY
cat >"$work/script.ts" <<'TS'
// Seeded randomness, the frozen clock, one input file and 199 more reads of allowed files
// (200 permission decisions), 2,001 lines of output.
const dir = Deno.args[0];
const rows = Deno.readTextFileSync(`${dir}/input.csv`).trim().split("\n").slice(1);
let weight = 0;
for (let i = 0; i < 199; i++) {
  const item = JSON.parse(Deno.readTextFileSync(`${dir}/items/item-${String(i).padStart(3, "0")}.json`));
  weight += item.weight;
}
const start = Date.now();
for (let i = 0; i < 2000; i++) {
  const [id, name, qty, price] = rows[i % rows.length].split(",");
  const at = new Date(start + i * 1000).toISOString();
  console.log(`${String(i).padStart(4, "0")} ${at} ${name} id=${id} qty=${qty} price=${price} ` +
              `sample=${Math.random().toFixed(6)} pick=${crypto.randomUUID()}`);
}
console.log(`total weight ${weight.toFixed(3)} over 199 items, ${rows.length} rows`);
TS
record() { # bundle, extra run options...
    bundle=$1; shift
    "$cli" run --record "$work/$bundle.sbsession" --sandbox --seed 1 --freeze-time 2026-01-01T00:00:00Z \
        --allow-read "$work/data" "$@" "$work/script.ts" -- "$work/data" >"$work/out"
    echo "recorded $bundle.sbsession: $(wc -l <"$work/out") lines of output, $(( $(stat -c %s "$work/$bundle.sbsession") / 1024 )) KiB"
}
record small
record large --workdir "$work/big-work"

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
for bundle in small large; do
    file="$work/$bundle.sbsession"
    echo "== baseline: sandbench-cli replay $bundle.sbsession (wall clock, 3 runs)"
    times=""
    for i in 1 2 3; do
        start=$(now_ms)
        verdict=$("$cli" replay "$file" | head -1)
        times="$times $(( $(now_ms) - start ))"
        [ "$verdict" = identical ] || echo "replay $i: $verdict"
    done
    echo "cli replay: median $(echo $times | tr ' ' '\n' | sort -n | sed -n 2p) ms (runs:$times ms)"
    echo "== sessions panel: $bundle.sbsession"
    "$build/bench/gui/bench_sessions_panel" "$file" 2>/dev/null
done
fi
