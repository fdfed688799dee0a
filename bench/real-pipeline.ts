// `npm run bench -- --real-pipeline [--cases S,T] [--repeat N]`: compile time of the real pipeline's passes (every pass
// of Triton 3.6's make_ttgir and make_llir that the real-pipeline corpus records, TTIR in) against the per-pass
// times Triton recorded in the corpus (meta.json `triton_ms`, each pass run alone by the corpus exporter on its
// machine). Ours: the case's stages in one pass manager (verification after each pass, as mlir-opt), parse and print
// not counted, best of N, CPU time of this process beside the wall time. The Triton times were not measured on this
// machine or at this moment, so the ratios are indicative; `--vs-triton` is the side-by-side measurement.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatTable } from '../golden/common.js';
import { pipelineCorpusDir, type PipelineMeta } from '../golden/pipeline-corpus.js';
import { corpusCases } from '../golden/passes.js';
import { DiskTree } from '../golden/ground-truth.js';
import { parseCommandLine } from '../tools/opt-main.js';
import '../tools/passes.js';
import { Parser } from '../parser/parser.js';
import { runPipeline, type PipelineEntry } from '../transforms/pass-manager.js';
import { getPass, parsePassOptions } from '../transforms/pass.js';
import { fmt } from './util.js';

export interface RealPipelineOptions {
  cases?: string;
  repeat: number;
}

interface StageWithTime {
  flag: string;
  triton_ms?: number;
}

function entries(flags: readonly string[]): PipelineEntry[] {
  return parseCommandLine(['-', ...flags]).passFlags.map((f) => {
    const pass = getPass(f.name);
    if (!pass) throw new Error(`ttg-opt has no pass ${f.arg}`);
    return { pass, options: parsePassOptions(pass, f.options ?? '') };
  });
}

const geomean = (xs: readonly number[]): number => (xs.length ? Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length) : NaN);

export function runRealPipelineBench(opts: RealPipelineOptions): number {
  const dir = pipelineCorpusDir();
  const filters = opts.cases?.split(',').filter(Boolean) ?? [];
  const names = corpusCases(new DiskTree(dir)).filter((c) => !filters.length || filters.some((f) => c.includes(f)));
  const rows: string[][] = [];
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  let sumOurs = 0;
  let sumTriton = 0;
  let warm = false;
  for (const name of names) {
    const meta = JSON.parse(readFileSync(join(dir, name, 'meta.json'), 'utf8')) as Omit<PipelineMeta, 'stages'> & { stages: StageWithTime[] };
    const stages = meta.stages.filter((s) => s.flag);
    const pipeline = entries(stages.map((s) => s.flag));
    const text = readFileSync(join(dir, name, '00-ttir.mlir'), 'utf8');
    const triton = stages.reduce((s, x) => s + (x.triton_ms ?? 0), 0);
    let wall = Infinity;
    let cpu = Infinity;
    for (let i = 0; i < opts.repeat + (warm ? 0 : 1); i++) {
      const module = new Parser(text, { filename: join(dir, name, '00-ttir.mlir') }).parseModule();
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const r = runPipeline(module, pipeline, { verifyEach: true });
      const ms = performance.now() - t0;
      const c = process.cpuUsage(c0);
      if (!r.ok) throw new Error(`${name}: ${r.diagnostics[0]?.message ?? 'failed'}`);
      if (!warm) {
        warm = true; // the first run compiles our code: not counted
        continue;
      }
      wall = Math.min(wall, ms);
      cpu = Math.min(cpu, (c.user + c.system) / 1000);
    }
    sumOurs += wall;
    sumTriton += triton;
    ratios.push(wall / triton);
    cpuRatios.push(cpu / triton);
    const row = [name, String(stages.length), fmt(wall), fmt(cpu), fmt(triton), fmt(wall / triton), fmt(cpu / triton)];
    rows.push(row);
    process.stderr.write(`  ${row.join('  ')}\n`);
  }
  rows.push(['geomean ratio / sum of ms', '', fmt(sumOurs), '', fmt(sumTriton), fmt(geomean(ratios)), fmt(geomean(cpuRatios))]);
  process.stdout.write(formatTable(['case', 'passes', 'ours ms', 'ours CPU ms', 'Triton ms (recorded)', 'ratio', 'CPU ratio'], rows) + '\n');
  process.stdout.write(`geomean ours/Triton (recorded), real pipeline: wall ${fmt(geomean(ratios))}, CPU ${fmt(geomean(cpuRatios))}\n`);
  return 0;
}
