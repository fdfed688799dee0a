#!/bin/bash
# real_cmp.sh TTIR [num-stages]: Triton's make_ttgir (sm100) up to tritongpu-pipeline; ours pipeline on its input
HERE=$(cd "$(dirname "$0")" && pwd)
PY=${TRITON_PY:-/tmp/tv/bin/python}
DIST=${TTG_DIST:-$HERE/../../../dist}
WORK=${WORK:-/tmp/mmav5-cmp}
F=$1; S=${2:-3}
B=$WORK/rc/$(basename $F .mlir)-$S; rm -rf $B; mkdir -p $B
P=("convert-triton-to-tritongpu{num-warps=4 target=cuda:100}" tritongpu-coalesce "tritongpu-F32DotTC{emu-tf32=true}" triton-nvidia-gpu-plan-cta tritongpu-remove-layout-conversions tritongpu-optimize-thread-locality tritongpu-accelerate-matmul tritongpu-remove-layout-conversions tritongpu-optimize-dot-operands triton-nvidia-optimize-descriptor-encoding triton-loop-aware-cse tritongpu-fuse-nested-loops canonicalize triton-licm tritongpu-optimize-accumulator-init tritongpu-hoist-tmem-alloc promote-lhs-to-tmem "tritongpu-assign-latencies{num-stages=$S}" tritongpu-schedule-loops "warp-specialize{num-stages=$S}" "tritongpu-pipeline{num-stages=$S}")
$PY $HERE/run.py $F $B/tri "${P[@]}" 2>$B/tri.err || { echo "$(basename $B): triton failed $(tail -c 200 $B/tri.err)"; exit; }
strip() { python3 -c "
import re,sys
s=open(sys.argv[1]).read()
s='\n'.join(l for l in s.split('\n') if not l.startswith('#loc'))
s=re.sub(r' loc\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)','',s)
print(s.rstrip())" $1; }
strip $B/tri/20-tritongpu-pipeline.mlir > $B/tri.pl
node $DIST/bin/ttg-opt.js $B/tri/19-warp-specialize.mlir --tritongpu-pipeline=num-stages=$S 2>$B/ours.err | python3 -c "import sys; print(sys.stdin.read().rstrip())" > $B/ours.pl
r=$(diff -q $B/ours.pl $B/tri.pl >/dev/null && echo SAME || echo "DIFF($(diff $B/ours.pl $B/tri.pl | grep -c '^[<>]'))")
echo "$(basename $B): pipeline-pass=$r async_mma=$(grep -c is_async $B/tri.pl) ws=$(grep -c warp_specialize $B/tri.pl) $(head -c 150 $B/ours.err)"
