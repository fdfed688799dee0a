#!/bin/bash
# ll_cmp.sh FILE : per chunk, Triton's LowerLoops dump (tritongpu-pipeline{dump-intermediate-steps}) vs our test pass
HERE=$(cd "$(dirname "$0")" && pwd)
PY=${TRITON_PY:-/tmp/tv/bin/python}
DIST=${TTG_DIST:-$HERE/../../../dist}
WORK=${WORK:-/tmp/mmav5-cmp}
F=$1; D=$WORK/llc/$(basename $F .mlir); rm -rf $D; mkdir -p $D
python3 - "$F" "$D" <<'PY'
import sys,re
src=open(sys.argv[1]).read()
parts=re.split(r'^// -----.*$', src, flags=re.M)
for i,p in enumerate(parts): open(f"{sys.argv[2]}/c{i:02d}.mlir",'w').write(p)
PY
for c in $D/c*.mlir; do b=${c%.mlir}
  $PY $HERE/run.py $c $b.tri "tritongpu-pipeline{dump-intermediate-steps=true}" >/dev/null 2>$b.tri.err
  python3 - $b.tri.err $b.tri.ll <<'PY'
import sys,re
s=open(sys.argv[1]).read()
m=re.search(r'Dump After: LowerLoops\n(.*?)(?:\n\n\n|// -----// SoftwarePipeliner internal IR Dump After: ExpandLoops)', s, re.S)
out=m.group(1) if m else ''
out='\n'.join(l for l in out.split('\n') if not l.startswith('#loc'))
out=re.sub(r' loc\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)','',out)
open(sys.argv[2],'w').write('\n'.join(l.strip() for l in out.strip().split('\n'))+'\n')
PY
  node $DIST/bin/ttg-opt.js $c --allow-unregistered-dialect --tritongpu-test-pipeline-lower-loop --mlir-print-local-scope 2>$b.ours.err | sed 's/^ *//' | sed '/^$/d' > $b.ours.ll
  if [ ! -s $b.tri.ll ] || [ $(wc -l < $b.tri.ll) -le 1 ]; then echo "$(basename $b): no triton dump $(grep -m1 error $b.tri.err | head -c 150)"; continue; fi
  if diff -q $b.ours.ll $b.tri.ll >/dev/null; then echo "$(basename $b): SAME"; else echo "$(basename $b): DIFF($(diff $b.ours.ll $b.tri.ll | grep -c '^[<>]'))"; fi
done
