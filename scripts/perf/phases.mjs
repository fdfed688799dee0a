// Where one corpus case's time goes, in one node process at steady state:
//   node [node flags] scripts/perf/phases.mjs CASE[,CASE...] [RUNS=30] [ttgir|llvm]
// For each case (a golden/corpus case name, from the bundled ground truth), runs the case's pipeline RUNS times
// after 10 untimed runs and prints, in wall ms, the minimum and the median of parse, the initial verification,
// the passes (verification after each included), the print and the whole, and the garbage collector's pause time
// per run (node's `gc` performance entries). Meant for comparing node flags or builds run by run on a quiet
// machine; `npm run bench -- --vs-triton` is the comparison with Triton. The ttg-opt launcher runs node with the
// options of tools/node-flags.ts (`node --max-semi-space-size=128 scripts/perf/phases.mjs ...` measures that).
import { PerformanceObserver } from 'node:perf_hooks';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const imp = (p) => import(join(here, 'dist', p));
const [{ parseCommandLine }, , { Parser }, { runPipeline }, { getPass, parsePassOptions }, ps, { printOperation }, { verifyOperation }, gt] = await Promise.all([
  imp('tools/opt-main.js'),
  imp('tools/passes.js'),
  imp('parser/parser.js'),
  imp('transforms/pass-manager.js'),
  imp('transforms/pass.js'),
  imp('golden/passes.js'),
  imp('printer/printer.js'),
  imp('dialect/ir/verifier.js'),
  imp('golden/ground-truth.js'),
]);
const [casesArg, runsArg, which] = process.argv.slice(2);
if (!casesArg) {
  process.stderr.write('usage: node scripts/perf/phases.mjs CASE[,CASE...] [RUNS] [ttgir|llvm]\n');
  process.exit(1);
}
const runs = Number(runsArg ?? 30);
const tree = gt.groundTruth().sub('golden/corpus');
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration;
}).observe({ entryTypes: ['gc'] });
const tick = () => new Promise((r) => setTimeout(r, 1));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const PHASES = ['parse', 'verify', 'passes', 'print', 'total', 'gc'];
for (const name of casesArg.split(',')) {
  const meta = JSON.parse(tree.read(`${name}/meta.json`));
  const flags = [...meta.stages.map((s) => s.flag), ...(which === 'ttgir' ? [] : ps.llvmPipelineFlags(meta))];
  const entries = parseCommandLine(['-', ...flags]).passFlags.map((f) => {
    const pass = getPass(f.name);
    return { pass, options: parsePassOptions(pass, f.options ?? '') };
  });
  const text = tree.read(`${name}/00-ttir.mlir`);
  const rows = Object.fromEntries(PHASES.map((p) => [p, []]));
  for (let i = 0; i < 10 + runs; i++) {
    await tick();
    const g0 = gcMs;
    const t = [performance.now()];
    const m = new Parser(text, { filename: `${name}.mlir` }).parseModule();
    t.push(performance.now());
    verifyOperation(m);
    t.push(performance.now());
    if (!runPipeline(m, entries, { verifyEach: true }).ok) throw new Error(`${name}: pipeline failed`);
    t.push(performance.now());
    printOperation(m);
    t.push(performance.now());
    await tick();
    if (i < 10) continue;
    for (let k = 0; k < 4; k++) rows[PHASES[k]].push(t[k + 1] - t[k]);
    rows.total.push(t[4] - t[0]);
    rows.gc.push(gcMs - g0);
  }
  const cell = (p) => `${p} ${Math.min(...rows[p]).toFixed(1)}/${median(rows[p]).toFixed(1)}`;
  process.stdout.write(`${name} (${which === 'ttgir' ? 'TTGIR' : 'with lowering'}, min/median ms of ${runs}): ${PHASES.map(cell).join('  ')}\n`);
}
