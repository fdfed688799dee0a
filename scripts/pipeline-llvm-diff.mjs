// Our LLVM dialect for every real-pipeline case against Triton's own (scripts/toolchain/triton_pipeline_llvm.py):
//   node scripts/pipeline-llvm-diff.mjs OUTDIR TRITON_LLVM_DIR [NAME_FILTER] [PIPELINE_DIR]
// lowers each case as the toolchain golden does (pipelineLoweringPlan: the TTGIR convert-triton-gpu-to-llvm
// received, the flags of every stage from it on), writes OUTDIR/<case>.mlir and counts the lines `diff` reports
// with SSA names stripped; "exact" marks byte-equal text. OUTDIR/summary.txt: one row per case, then the totals.
// Needs `npm run build` first.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [out, tritonDir, filter = '', root = '/tmp/pipe/pipeline'] = process.argv.slice(2);
if (!out || !tritonDir) {
  console.error('usage: node scripts/pipeline-llvm-diff.mjs OUTDIR TRITON_LLVM_DIR [NAME_FILTER] [PIPELINE_DIR]');
  process.exit(2);
}
const { runOpt } = await import(path.join(repo, 'dist/tools/opt-main.js'));
const { pipelineLoweringPlan } = await import(path.join(repo, 'dist/golden/pipeline-corpus.js'));
fs.mkdirSync(out, { recursive: true });
const strip = (s) => s.replace(/%[0-9a-z_]+/g, '').trimEnd() + '\n';
const rows = [];
let total = 0;
let exact = 0;
for (const c of fs.readdirSync(root).sort()) {
  if (!c.includes(filter) || !fs.existsSync(path.join(root, c, 'meta.json'))) continue;
  const meta = JSON.parse(fs.readFileSync(path.join(root, c, 'meta.json'), 'utf8'));
  const plan = pipelineLoweringPlan(meta, path.join(root, c));
  const r = await runOpt([plan.input, ...plan.flags]);
  if (r.exitCode !== 0) {
    rows.push(`${c} FAIL ${r.stderr.split('\n')[0]}`);
    continue;
  }
  const theirs = fs.readFileSync(path.join(tritonDir, `${c}.mlir`), 'utf8');
  fs.writeFileSync(path.join(out, `${c}.mlir`), r.stdout);
  const a = path.join(out, `${c}.ours.stripped`);
  const b = path.join(out, `${c}.triton.stripped`);
  fs.writeFileSync(a, strip(r.stdout));
  fs.writeFileSync(b, strip(theirs));
  const d = spawnSync('diff', [a, b], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const n = d.stdout.split('\n').filter((l) => l.startsWith('<') || l.startsWith('>')).length;
  const same = r.stdout.trimEnd() === theirs.trimEnd();
  total += n;
  if (same) exact++;
  rows.push(`${c} ${n}${same ? ' exact' : ''}`);
}
fs.writeFileSync(path.join(out, 'summary.txt'), rows.join('\n') + `\ntotal ${total} exact ${exact}\n`);
console.log(`diff lines against Triton's LLVM (SSA names stripped): ${total} over ${rows.length} cases, ${exact} byte-equal`);
