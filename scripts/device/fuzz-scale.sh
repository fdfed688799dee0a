#!/usr/bin/env bash
# The fuzzer's five sweep pipelines side by side on a many-core machine (node 20 on PATH, the built dist/, the
# corpus the repository bundles): N mutants each from index START (defaults 100000 and 0), summaries to
# $OUT/fuzz-p<P>-s<START>.json, the logs to $OUT/fuzz-s<START>.log. Jobs per pipeline follow the mutants per CPU
# second of each (the lowering, pipeline 4, is the slowest): FUZZ_JOBS="2 3 2 2 6" for 16 cores. Each sweep stops
# itself after LIMIT seconds (default 540) and still writes its summary (marked "interrupted", with the count that
# ran), so a sweep cut short by a machine's time limit is never lost; run the rest from a later START.
#   OUT=/tmp/out N=50000 START=0 bash scripts/device/fuzz-scale.sh
set -u
cd "$(dirname "$0")/../.."
OUT="${OUT:-/tmp/fuzz-out}"
N="${N:-100000}"
START="${START:-0}"
SEED="${SEED:-2026}"
LIMIT="${LIMIT:-540}"
read -r -a JOBS <<<"${FUZZ_JOBS:-2 3 2 2 6}"
mkdir -p "$OUT" /tmp/fuzz-logs
t0=$(date +%s)
node dist/test/fuzz/run.js --n 1 --seed 1 --bundled --corpus-cache /tmp/fuzz-corpus.json >/dev/null 2>&1
left=$((LIMIT - ($(date +%s) - t0)))
for p in 0 1 2 3 4; do
  timeout -s TERM "$left" node dist/test/fuzz/run.js --n "$N" --start "$START" --seed "$SEED" --pipeline "$p" \
    --jobs "${JOBS[$p]}" --bundled --corpus-cache /tmp/fuzz-corpus.json --summary "$OUT/fuzz-p$p-s$START.json" \
    >"/tmp/fuzz-logs/p$p.log" 2>&1 &
done
wait
for p in 0 1 2 3 4; do echo "== pipeline $p"; tail -n 12 "/tmp/fuzz-logs/p$p.log"; done | tee "$OUT/fuzz-s$START.log"
