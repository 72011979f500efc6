#!/bin/sh
# Runs the GUI benchmarks and the jq baseline; prints what bench/README.md reports.
#   bench/gui/run.sh [build-dir]     (default: build-gui)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-"$root/build-gui"}
ninja -C "$build" bench_console_ingest bench_audit_browser >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
chmod 700 "$work"
export QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$work"

echo "== console ingest (100 MiB)"
"$build/bench/gui/bench_console_ingest" synthetic 2>/dev/null
"$build/bench/gui/bench_console_ingest" deno 2>/dev/null

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
