#!/usr/bin/env bash
# The fuzzer's five sweep pipelines side by side on a many-core machine (node 20 on PATH, the built dist/, the
# corpus the repository bundles): N mutants each (default 100000), summaries to $OUT/fuzz-p<P>.json, the log to
# $OUT/fuzz.log. Jobs per pipeline follow the mutants per CPU second of each (the lowering, pipeline 4, is the
# slowest): FUZZ_JOBS="5 5 6 5 16" for about 40 cores.
#   OUT=/tmp/out N=100000 bash scripts/device/fuzz-scale.sh
set -u
cd "$(dirname "$0")/../.."
OUT="${OUT:-/tmp/fuzz-out}"
N="${N:-100000}"
SEED="${SEED:-2026}"
read -r -a JOBS <<<"${FUZZ_JOBS:-5 5 6 5 16}"
mkdir -p "$OUT" /tmp/fuzz-logs
node dist/test/fuzz/run.js --n 16 --seed 1 --bundled --corpus-cache /tmp/fuzz-corpus.json >/dev/null 2>&1
for p in 0 1 2 3 4; do
  node dist/test/fuzz/run.js --n "$N" --seed "$SEED" --pipeline "$p" --jobs "${JOBS[$p]}" --bundled \
    --corpus-cache /tmp/fuzz-corpus.json --summary "$OUT/fuzz-p$p.json" >"/tmp/fuzz-logs/p$p.log" 2>&1 &
done
wait
for p in 0 1 2 3 4; do echo "== pipeline $p"; tail -n 12 "/tmp/fuzz-logs/p$p.log"; done | tee "$OUT/fuzz.log"
