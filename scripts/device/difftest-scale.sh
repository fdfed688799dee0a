#!/usr/bin/env bash
# The four difftest kinds side by side on a many-core machine (Linux x86-64 with `python3` importing triton 3.6,
# node 20 on PATH, the built dist/): each kind gets its share of the cores (jobs), a seed and a time limit, writes
# its summary to $OUT/<kind>.json; the logs go to $OUT/difftest.log and the reproducer folders to $OUT/repros.tgz.
#   OUT=/tmp/out SEED=101 LIMIT=480 bash scripts/device/difftest-scale.sh
# Shares for 64 cores (cases per CPU second measured in docs/difftest.md): layouts 6 jobs, conversions 12,
# passes 16, kernels 30.
set -u
cd "$(dirname "$0")/../.."
OUT="${OUT:-/tmp/difftest-out}"
SEED="${SEED:-101}"
LIMIT="${LIMIT:-480}"
export TTG_TRITON_PYTHON="${TTG_TRITON_PYTHON:-python3}"
mkdir -p "$OUT" /tmp/difftest-repros
run() {
  node dist/golden/difftest/cli.js --kind "$1" --n "$2" --seed "$SEED" --jobs "$3" --out "/tmp/difftest-repros/$1" \
    --summary "$OUT/$1.json" --time-limit "$LIMIT" >"/tmp/difftest-repros/$1.log" 2>&1
  echo "== $1 (exit $?)"; tail -n 4 "/tmp/difftest-repros/$1.log"
}
run layouts "${LAYOUTS:-750000}" "${LAYOUT_JOBS:-6}" &
run conversions "${CONVERSIONS:-300000}" "${CONVERSION_JOBS:-12}" &
run passes "${PASSES:-110000}" "${PASS_JOBS:-16}" &
run kernels "${KERNELS:-20000}" "${KERNEL_JOBS:-30}" &
wait
cat /tmp/difftest-repros/*.log >"$OUT/difftest.log"
tar czf "$OUT/repros.tgz" -C /tmp difftest-repros
