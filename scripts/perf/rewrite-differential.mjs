// Differential check of the rewrite core between two builds: runs cse, canonicalize, both, and the greedy driver in
// other configurations (bottom-up with aggressive region simplification, a rewrite limit, no constant uniquing) on
// every `// -----` chunk of every .mlir file under lit/ and test/fixtures, and reports the runs whose printed output
// (with locations) or result differs. The golden corpus exercises only the configurations the pipelines use; these
// inputs reach the driver's other paths.
//   node scripts/perf/rewrite-differential.mjs BASE_ROOT NEW_ROOT
// (each ROOT a package root with a built dist/, e.g. a copy of dist from the base commit next to a node_modules link)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [baseRoot, newRoot] = process.argv.slice(2);
if (!baseRoot || !newRoot) {
  process.stderr.write('usage: node scripts/perf/rewrite-differential.mjs BASE_ROOT NEW_ROOT\n');
  process.exit(1);
}
const here = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const files = [];
const walk = (d) => {
  for (const f of readdirSync(d)) {
    const p = join(d, f);
    if (statSync(p).isDirectory()) walk(p);
    else if (f.endsWith('.mlir')) files.push(p);
  }
};
for (const d of ['lit', 'test/fixtures']) walk(join(here, d));
files.sort();

async function runAll(root) {
  const dist = join(resolve(root), 'dist');
  await import(join(dist, 'dialect/index.js'));
  await import(join(dist, 'tools/passes.js'));
  const { Parser } = await import(join(dist, 'parser/parser.js'));
  const { printOperation } = await import(join(dist, 'printer/printer.js'));
  const { runCSE } = await import(join(dist, 'transforms/cse.js'));
  const { runCanonicalizer, canonicalizationPatterns } = await import(join(dist, 'transforms/canonicalize.js'));
  const { applyPatternsGreedily } = await import(join(dist, 'dialect/ir/rewrite/greedy.js'));
  const greedy = (m, config) => JSON.stringify(applyPatternsGreedily(m, canonicalizationPatterns(), config));
  const modes = {
    cse: (m) => JSON.stringify(runCSE(m)),
    canonicalize: (m) => JSON.stringify(runCanonicalizer(m)),
    'canonicalize,cse': (m) => JSON.stringify([runCanonicalizer(m), runCSE(m)]),
    'bottom-up,aggressive': (m) => greedy(m, { regionSimplification: 'aggressive' }),
    'top-down,2-rewrites,3-iterations': (m) => greedy(m, { useTopDownTraversal: true, maxNumRewrites: 2, maxIterations: 3 }),
    'no-constant-uniquing,no-region-simplification': (m) => greedy(m, { cseConstants: false, regionSimplification: 'disabled' }),
  };
  const out = new Map();
  for (const f of files) {
    readFileSync(f, 'utf8')
      .split(/^\/\/ -----$/m)
      .forEach((chunk, i) => {
        for (const [mode, run] of Object.entries(modes)) {
          let text;
          try {
            const m = new Parser(chunk, { filename: 'input.mlir' }).parseModule();
            const result = run(m);
            text = `${result}\n${printOperation(m, { debugInfo: true })}`;
          } catch (e) {
            text = `error: ${e instanceof Error ? e.message : String(e)}`;
          }
          out.set(`${f.slice(here.length + 1)}#${i} ${mode}`, text);
        }
      });
  }
  return out;
}

// Each build registers its dialects and passes in its own module graph, so both can run in one process.
const a = await runAll(baseRoot);
const b = await runAll(newRoot);
let diff = 0;
for (const [k, v] of a) {
  if (b.get(k) === v) continue;
  diff++;
  if (diff <= 20) console.log('DIFF', k);
}
console.log(`${a.size} runs, ${diff} differ`);
process.exit(diff ? 1 : 0);
