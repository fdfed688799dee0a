// Speed work must keep outputs byte-identical; this records them to compare two builds:
//   node scripts/perf/output-hashes.mjs ROOT OUT.json [FILTER]     one sha1 per output of the build at ROOT
//   node scripts/perf/output-hashes.mjs --cmp A.json B.json         lists the outputs that differ; exit 1 if any
// The outputs: for every case of golden/corpus (bundled ground truth), the TTGIR pipeline and the pipeline with the
// LLVM lowering; for every case of the real-pipeline corpus ($TTG_PIPELINE_DIR or the bundled one), its whole
// make_ttgir + make_llir pipeline; all printed with --mlir-print-debuginfo, exit status and stderr included.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
if (args[0] === '--cmp') {
  const a = JSON.parse(readFileSync(args[1], 'utf8'));
  const b = JSON.parse(readFileSync(args[2], 'utf8'));
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  const differ = keys.filter((k) => a[k] !== b[k]);
  for (const k of differ) process.stdout.write(`differs: ${k}\n`);
  process.stdout.write(`${keys.length - differ.length} same, ${differ.length} differ\n`);
  process.exit(differ.length ? 1 : 0);
}
if (!args[0] || !args[1]) {
  process.stderr.write('usage: node scripts/perf/output-hashes.mjs ROOT OUT.json [FILTER] | --cmp A.json B.json\n');
  process.exit(2);
}
const root = resolve(args[0]);
const filter = args[2] ?? '';
// The build under test runs the pipelines; this checkout provides the corpora.
const here = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const imp = (base, p) => import(join(base, 'dist', p));
const [{ runOptSync }, , gt, ps, pc] = await Promise.all([
  imp(root, 'tools/opt-main.js'),
  imp(root, 'tools/passes.js'),
  imp(here, 'golden/ground-truth.js'),
  imp(here, 'golden/passes.js'),
  imp(here, 'golden/pipeline-corpus.js'),
]);
const out = {};
const hash = (file, flags) => {
  const r = runOptSync([file, ...flags, '--mlir-print-debuginfo']);
  return createHash('sha1').update(`${r.exitCode}\n${r.stdout}${r.stderr}`).digest('hex');
};
const work = join(here, '.golden-out', 'output-hashes');
const corpus = join(gt.writeTree(gt.groundTruth(), ['golden/corpus'], work), 'golden', 'corpus');
const tree = gt.groundTruth().sub('golden/corpus');
for (const c of ps.corpusCases(tree).filter((n) => n.includes(filter))) {
  const meta = JSON.parse(tree.read(`${c}/meta.json`));
  const ttgir = meta.stages.map((s) => s.flag);
  const file = join(corpus, c, '00-ttir.mlir');
  out[`corpus/${c}/ttgir`] = hash(file, ttgir);
  if (meta.llvm) out[`corpus/${c}/llvm`] = hash(file, [...ttgir, ...ps.llvmPipelineFlags(meta)]);
}
const dir = pc.pipelineCorpusDir();
for (const c of ps.corpusCases(new gt.DiskTree(dir)).filter((n) => n.includes(filter))) {
  const meta = JSON.parse(readFileSync(join(dir, c, 'meta.json'), 'utf8'));
  out[`pipeline/${c}`] = hash(join(dir, c, '00-ttir.mlir'), meta.stages.map((s) => s.flag).filter(Boolean));
}
writeFileSync(args[1], JSON.stringify(out, null, 1) + '\n');
process.stdout.write(`${Object.keys(out).length} outputs hashed\n`);
