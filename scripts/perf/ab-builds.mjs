// Interleaved before/after of two builds in one node process (both pipelines of the corpus cases, CPU time):
//   node scripts/perf/ab-builds.mjs BASE_ROOT NEW_ROOT [FILTER[,FILTER...]] [ROUNDS=5] [WARM=3] [ttgir|llvm|both]
// BASE_ROOT / NEW_ROOT are package roots with a built dist/ (e.g. a copy of dist from the base commit next to a
// node_modules link). Both builds run each case alternately (after two untimed rounds over all cases and WARM untimed
// runs per case), so the machine's load hits both alike; prints the best CPU ms of each, their ratio, whether the
// printed outputs differ, and the geometric mean of new / base. CPU time (user + system of the process) moves far
// less than wall time on a shared machine, but includes node's GC threads.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [baseRoot, newRoot, filt, roundsS, warmS, pipeS] = process.argv.slice(2);
if (!baseRoot || !newRoot) {
  process.stderr.write('usage: node scripts/perf/ab-builds.mjs BASE_ROOT NEW_ROOT [FILTERS] [ROUNDS] [WARM] [ttgir|llvm|both]\n');
  process.exit(1);
}
const rounds = Number(roundsS ?? 5);
const warm = Number(warmS ?? 3);
const pipe = pipeS ?? 'both';
const here = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const load = async (root) => {
  const m = await import(join(resolve(root), 'dist/tools/opt-main.js'));
  await import(join(resolve(root), 'dist/tools/passes.js'));
  return m.runOptSync;
};
const A = await load(baseRoot);
const B = await load(newRoot);
// The corpus comes from this checkout's ground truth, written once to a temporary folder.
const gt = await import(join(here, 'dist/golden/ground-truth.js'));
const ps = await import(join(here, 'dist/golden/passes.js'));
const work = join(tmpdir(), 'ttg-ab-builds');
if (!existsSync(join(work, 'golden/corpus'))) gt.writeTree(gt.groundTruth(), ['golden/corpus'], work);
const corpus = join(work, 'golden/corpus');
const tree = gt.groundTruth().sub('golden/corpus');
const filters = filt ? filt.split(',') : [];
const jobs = [];
for (const n of ps.corpusCases(tree).filter((c) => !filters.length || filters.some((f) => c.includes(f)))) {
  const meta = JSON.parse(tree.read(`${n}/meta.json`));
  const tf = meta.stages.map((s) => s.flag);
  const file = join(corpus, n, '00-ttir.mlir');
  if (pipe !== 'llvm') jobs.push({ name: `${n} ttgir`, args: [file, ...tf] });
  if (pipe !== 'ttgir' && meta.llvm) jobs.push({ name: `${n} llvm`, args: [file, ...tf, ...ps.llvmPipelineFlags(meta)] });
}
const time = (run, args) => {
  const c0 = process.cpuUsage();
  const r = run(args);
  const c = process.cpuUsage(c0);
  if (r.exitCode) throw new Error(r.stderr);
  return [(c.user + c.system) / 1000, r.stdout];
};
for (let i = 0; i < 2; i++) for (const j of jobs) (time(A, j.args), time(B, j.args));
let logSum = 0;
for (const j of jobs) {
  for (let i = 0; i < warm; i++) (time(A, j.args), time(B, j.args));
  let a = Infinity;
  let b = Infinity;
  let same = true;
  for (let i = 0; i < rounds; i++) {
    const [ta, sa] = time(A, j.args);
    const [tb, sb] = time(B, j.args);
    if (sa !== sb) same = false;
    a = Math.min(a, ta);
    b = Math.min(b, tb);
  }
  logSum += Math.log(b / a);
  console.log(`${j.name.padEnd(60)} base ${a.toFixed(1).padStart(7)}  new ${b.toFixed(1).padStart(7)}  ratio ${(b / a).toFixed(3)}${same ? '' : '  OUTPUT DIFFERS'}`);
}
console.log(`geomean new/base ${Math.exp(logSum / jobs.length).toFixed(3)} over ${jobs.length}`);
