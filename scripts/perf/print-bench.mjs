// Print-only benchmark: parses each module once per build, then times printOperation, best of N (ms).
//   node scripts/perf/print-bench.mjs [BASE_ROOT,]ROOT [runs=20] [filter]   (small modules: more runs, ~0.3 s each)
// With two roots the builds alternate run by run (load on a shared machine hits both alike) and the base/new ratio
// and whether the outputs are identical are printed. Times are CPU ms of the process (user + system; includes GC
// threads) and, in brackets, wall ms.
// Modules: the 5 largest corpus llvm.mlir, three 15-*.mlir TTGIR files, and the matmul 128 sm80-w4 case run in
// process from 00-ttir.mlir (so it carries locations), printed as LLVM (without / with debug info) and as TTGIR.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
const roots = (process.argv[2] ?? '.').split(',').map((r) => resolve(r));
const runs = +(process.argv[3] ?? 20);
const filt = process.argv[4] ?? '';
// The ground truth's corpus as files: $TTG_SHARED, or ../shared beside the checkout.
const here = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const corpus = join(process.env.TTG_SHARED ?? join(here, '..', 'shared'), 'golden', 'corpus') + '/';
const cases = readdirSync(corpus).sort();
const bySize = (f) => cases.map((c) => corpus + c + '/' + f).filter((p) => { try { return statSync(p).isFile(); } catch { return false; } }).sort((a, b) => statSync(b).size - statSync(a).size);
const short = (p) => p.replace(corpus, '').replace('-sak1-sbn1-scn1', '');
const pc = 'matmul_f16-BM128-BN128-BK32-sak1-sbn1-scn1-sm80-w4';

async function load(root) {
  const { Parser } = await import(root + '/dist/parser/parser.js');
  const { printOperation } = await import(root + '/dist/printer/printer.js');
  const { parseCommandLine } = await import(root + '/dist/tools/opt-main.js');
  await import(root + '/dist/tools/passes.js');
  const { runPipeline } = await import(root + '/dist/transforms/pass-manager.js');
  const { getPass, parsePassOptions } = await import(root + '/dist/transforms/pass.js');
  const { llvmPipelineFlags } = await import(root + '/dist/golden/passes.js');
  const parse = (p) => new Parser(readFileSync(p, 'utf8'), { filename: p }).parseModule();
  const pipeline = (llvm) => {
    const meta = JSON.parse(readFileSync(corpus + pc + '/meta.json', 'utf8'));
    const flags = [...meta.stages.map((s) => s.flag), ...(llvm ? llvmPipelineFlags(meta) : [])];
    const entries = parseCommandLine(['-', ...flags]).passFlags.map((f) => ({ pass: getPass(f.name), options: parsePassOptions(getPass(f.name), f.options ?? '') }));
    const m = parse(corpus + pc + '/00-ttir.mlir');
    runPipeline(m, entries, {});
    return m;
  };
  let llvmMod;
  const jobs = [];
  for (const p of bySize('llvm.mlir').slice(0, 5)) jobs.push({ name: short(p), mod: () => parse(p), opts: {} });
  for (const p of bySize('15-allocate-shared-memory.mlir').slice(0, 3)) jobs.push({ name: short(p), mod: () => parse(p), opts: {} });
  jobs.push({ name: 'pipeline llvm ' + short(pc), mod: () => (llvmMod ??= pipeline(true)), opts: {} });
  jobs.push({ name: 'pipeline llvm ' + short(pc) + ' --debuginfo', mod: () => (llvmMod ??= pipeline(true)), opts: { debugInfo: true } });
  jobs.push({ name: 'pipeline ttgir ' + short(pc) + ' --debuginfo', mod: () => pipeline(false), opts: { debugInfo: true } });
  return { printOperation, jobs: jobs.filter((j) => j.name.includes(filt)) };
}

const builds = [];
for (const r of roots) builds.push(await load(r));
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const geo = roots.map(() => []);
const ratios = [];
for (let k = 0; k < builds[0].jobs.length; k++) {
  const mods = builds.map((b) => b.jobs[k].mod());
  const best = builds.map(() => ({ cpu: Infinity, wall: Infinity, out: '' }));
  // Small modules run until each build has spent ~0.3 s, so their best time is past the warm-up too.
  let spent = 0;
  for (let i = 0; i < runs || spent < 300 * builds.length; i++) {
    builds.forEach((b, bi) => {
      const w = performance.now(); const c = cpu();
      const out = b.printOperation(mods[bi], b.jobs[k].opts);
      const dc = cpu() - c; const dw = performance.now() - w;
      spent += dw;
      best[bi].cpu = Math.min(best[bi].cpu, dc); best[bi].wall = Math.min(best[bi].wall, dw); best[bi].out = out;
    });
  }
  const cols = best.map((b, bi) => { geo[bi].push(b.cpu); return `${b.cpu.toFixed(2).padStart(7)} (${b.wall.toFixed(2).padStart(6)})`; });
  let extra = '';
  if (builds.length > 1) {
    ratios.push(best[0].cpu / best[1].cpu);
    extra = `  x${(best[0].cpu / best[1].cpu).toFixed(2)}${best[0].out === best[1].out ? '' : '  OUTPUT DIFFERS'}`;
  }
  console.log(`${cols.join('  ')}  ${(best[0].out.length / 1024).toFixed(0).padStart(4)} KB  ${builds[0].jobs[k].name}${extra}`);
}
const gm = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
console.log(`geomean ms ${geo.map((g) => gm(g).toFixed(2)).join('  ')}${ratios.length ? `  speedup (base/new) x${gm(ratios).toFixed(2)}` : ''}`);
