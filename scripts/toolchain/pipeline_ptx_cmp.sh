#!/bin/bash
# Our PTX (our LLVM dialect through Triton's bundled LLVM, triton_llvm_backend.py) against Triton's kernel.ptx:
#   scripts/toolchain/pipeline_ptx_cmp.sh LLVM_DIR PTX_OUT_DIR CASE...   (LLVM_DIR from pipeline-llvm-diff.mjs)
# prints "<case> <n>": the PTX lines that differ, virtual-register numbers, labels and debug info left out
# (0: the same code; for sm90, the same SASS, since both go through the same ptxas).
set -u
here=$(cd "$(dirname "$0")" && pwd)
py=${TTG_TRITON_PYTHON:-/tmp/tv/bin/python}
pipe=${TTG_PIPELINE_DIR:-/tmp/pipe/pipeline}
llvm=$1; out=$2; shift 2
mkdir -p "$out"
norm() { sed -E 's/%[a-z]+[0-9]+/%R/g; s/\$L__BB[0-9_]+/L/g' "$1" | grep -v '^\s*//\|\.loc\|func_begin\|func_end\|^\s*$\|L__tmp\|\.file' | sed '/\.section/,$d'; }
for c in "$@"; do
  cap=$(echo "$c" | grep -o 'sm[0-9]*' | tr -d sm)
  if ! "$py" "$here/triton_llvm_backend.py" "$llvm/$c.mlir" "$cap" "$out/$c.ptx" 2>/dev/null; then echo "$c FAIL"; continue; fi
  echo "$c $(diff <(norm "$out/$c.ptx") <(norm "$pipe/$c/kernel.ptx") | grep -c '^[<>]')"
done
