// How far our LLVM lowering is from Triton's own text, as a number that can go down before outputs match exactly
// (the `passes --pass llvm` golden only counts exact files):
//   node scripts/llvm-diff-lines.mjs OUTDIR [CORPUS]
// lowers the last stage of every corpus case with the case's LLVM pipeline flags (as `npm run golden -- passes
// --pass llvm` does), writes OUTDIR/<case>.mlir, and counts the lines `diff` reports against the case's llvm.mlir
// with SSA names stripped (OUTDIR/summary.txt: one count per case, then the total). CORPUS defaults to
// ../shared/golden/corpus. Needs `npm run build` first.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { llvmPipelineFlags } = await import(path.join(repo, 'dist/golden/passes.js'));
const out = process.argv[2];
const root = process.argv[3] ?? path.resolve(repo, '../shared/golden/corpus');
if (!out) {
  console.error('usage: node scripts/llvm-diff-lines.mjs OUTDIR [CORPUS]');
  process.exit(2);
}
fs.mkdirSync(out, { recursive: true });
const strip = (f) => fs.readFileSync(f, 'utf8').replace(/%[0-9a-z_]+/g, '');
let total = 0;
const rows = [];
for (const c of fs.readdirSync(root).sort()) {
  const metaFile = path.join(root, c, 'meta.json');
  if (!fs.existsSync(metaFile)) continue;
  const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8'));
  if (!meta.llvm) continue;
  const last = meta.stages[meta.stages.length - 1].file;
  const ours = path.join(out, `${c}.mlir`);
  const r = spawnSync('node', [path.join(repo, 'dist/bin/ttg-opt.js'), path.join(root, c, last), ...llvmPipelineFlags(meta), '-o', ours], { encoding: 'utf8' });
  if (r.status !== 0) {
    rows.push(`${c} FAIL ${r.stderr.split('\n')[0]}`);
    continue;
  }
  const a = path.join(out, `${c}.ours.stripped`);
  const b = path.join(out, `${c}.triton.stripped`);
  fs.writeFileSync(a, strip(ours));
  fs.writeFileSync(b, strip(path.join(root, c, meta.llvm.file)));
  const d = spawnSync('diff', [a, b], { encoding: 'utf8' });
  const n = d.stdout.split('\n').filter((l) => l.startsWith('<') || l.startsWith('>')).length;
  total += n;
  rows.push(`${c} ${n}`);
}
fs.writeFileSync(path.join(out, 'summary.txt'), rows.join('\n') + `\ntotal ${total}\n`);
console.log(`diff lines against Triton's llvm.mlir (SSA names stripped): ${total} over ${rows.length} cases`);
