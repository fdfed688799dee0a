#!/bin/bash
# chain_cmp.sh TTIR [target] [num-stages]: Triton vs ours on the pipeline-loop-nest chain; final and per-pass (pipeline on Triton's input)
HERE=$(cd "$(dirname "$0")" && pwd)
PY=${TRITON_PY:-/tmp/tv/bin/python}
DIST=${TTG_DIST:-$HERE/../../../dist}
WORK=${WORK:-/tmp/mmav5-cmp}
F=$1; T=${2:-cuda:100}; S=${3:-3}
B=$WORK/cc/$(basename $F .mlir)-$T-$S-w${NW:-4}; rm -rf $B; mkdir -p $B
PASSES=("convert-triton-to-tritongpu{num-warps=${NW:-4} target=$T}" tritongpu-coalesce tritongpu-accelerate-matmul tritongpu-remove-layout-conversions tritongpu-optimize-dot-operands ${ODE:+triton-nvidia-optimize-descriptor-encoding} cse tritongpu-fuse-nested-loops canonicalize tritongpu-optimize-accumulator-init tritongpu-hoist-tmem-alloc tritongpu-assign-latencies{num-stages=$S} tritongpu-schedule-loops tritongpu-pipeline{num-stages=$S} triton-nvidia-gpu-remove-tmem-tokens canonicalize)
$PY $HERE/run.py $F $B/tri "${PASSES[@]}" 2>$B/tri.err || { echo "$(basename $B): triton failed $(tail -c 200 $B/tri.err)"; exit; }
strip() { python3 -c "
import re,sys
s=open(sys.argv[1]).read()
s='\n'.join(l for l in s.split('\n') if not l.startswith('#loc'))
s=re.sub(r' loc\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)','',s)
print(s.rstrip())" $1; }
strip $(ls $B/tri/*canonicalize.mlir | tail -1) > $B/tri.final
PP="builtin.module(convert-triton-to-tritongpu{num-warps=${NW:-4} target=$T},tritongpu-coalesce,tritongpu-accelerate-matmul,tritongpu-remove-layout-conversions,tritongpu-optimize-dot-operands${ODE:+,triton-nvidia-optimize-descriptor-encoding},cse,tritongpu-fuse-nested-loops,canonicalize,tritongpu-optimize-accumulator-init,tritongpu-hoist-tmem-alloc,tritongpu-assign-latencies{num-stages=$S},tritongpu-schedule-loops,tritongpu-pipeline{num-stages=$S},triton-nvidia-gpu-remove-tmem-tokens,canonicalize)"
node $DIST/bin/ttg-opt.js $F --pass-pipeline="$PP" 2>$B/ours.err | python3 -c "import sys; print(sys.stdin.read().rstrip())" > $B/ours.final
strip $B/tri/*-tritongpu-pipeline.mlir > $B/tri.pl
node $DIST/bin/ttg-opt.js $B/tri/*-tritongpu-schedule-loops.mlir --tritongpu-pipeline=num-stages=$S 2>$B/ours.pl.err | python3 -c "import sys; print(sys.stdin.read().rstrip())" > $B/ours.pl
r1=$(diff -q $B/ours.final $B/tri.final >/dev/null && echo SAME || echo "DIFF($(diff $B/ours.final $B/tri.final | grep -c '^[<>]'))")
r2=$(diff -q $B/ours.pl $B/tri.pl >/dev/null && echo SAME || echo "DIFF($(diff $B/ours.pl $B/tri.pl | grep -c '^[<>]'))")
mma=$(grep -c "is_async" $B/tri.pl)
echo "$(basename $B): chain=$r1 pipeline-pass=$r2 async_mma_in_triton=$mma $(head -c 150 $B/ours.err)"
