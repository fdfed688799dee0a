// `ttg-golden toolchain`: for every corpus case, lower `14-convert-scf-to-cf.mlir` with our pipeline
//   --allocate-shared-memory-nv --convert-triton-gpu-to-llvm (+ the meta.json `llvm.after` passes: canonicalize,
//   cse, convert-nv-gpu-to-llvm, symbol-dce, convert-nvvm-to-llvm)
// then hand the LLVM dialect to the real LLVM 22 toolchain as Triton 3.6's make_llir/make_ptx do:
// `mlir-translate-22 --mlir-to-llvmir`, the short-pointer data layout and nvvm-reflect-ftz flag, (libdevice linked
// with `llvm-link-22 --only-needed --internalize` when `__nv_*` functions are called), `opt-22 -O3`,
// `llc-22 -march=nvptx64 -mcpu=sm_80|sm_90a` with Triton's target options, and `ptxas -arch=sm_80|sm_90a`. Each case passes when ptxas accepts the PTX; the report gives the first error of
// the failing step and, next to Triton's kernel.ptx, the counts of the instructions that show how the kernel was
// lowered (shuffles, shared memory accesses, ldmatrix/stmatrix, barriers, vectorized global accesses).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clip, formatTable, type GoldenResult, loadRunOpt, pct, summaryLine } from './common.js';
import { unpackExtraCorpus } from './extra-corpus.js';
import { corpusTree, diskFolder, type FileTree } from './ground-truth.js';
import { corpusCases, type CorpusMeta, llvmPipelineFlags } from './passes.js';
import { COUNTED, findToolchain, lowerAndAssemble, PIPELINE_COUNTED, ptxCounts, type CaseResult } from '../tools/toolchain.js';

export { COUNTED, findToolchain, lowerAndAssemble, PIPELINE_COUNTED, prepareForOpt, ptxCounts, type CaseResult, type Toolchain } from '../tools/toolchain.js';
import { isPipelineMeta, pipelineCorpusDir, pipelineLoweringPlan, type LoweringPlan } from './pipeline-corpus.js';

export interface ToolchainOptions {
  dir?: string;
  /** Only cases whose directory name contains this string. */
  caseFilter?: string;
  verbose?: boolean;
  /** Keep every intermediate file under this directory (one sub-directory per case). */
  keep?: string;
}

function globalSummary(c: Record<string, number>, kind: string): string {
  const parts: string[] = [];
  for (const w of [8, 4, 2, 1]) {
    const n = c[`${kind}.global.v${w}`];
    if (n) parts.push(`v${w}:${n}`);
  }
  return parts.length ? parts.join(' ') : '-';
}

/**
 * What to lower for a corpus case and with which flags. A real-pipeline case: the TTGIR given to
 * convert-triton-gpu-to-llvm, with the meta.json flags from there on (allocation and the bookkeeping passes are
 * already applied in it). A case of the shared or extra corpus: stage 14 (after convert-scf-to-cf), with sm90's
 * fence insertion, allocate-shared-memory-nv and the `llvm.after` passes. `fromTtir` (real-pipeline cases): the
 * case's 00-ttir.mlir through every flag of meta.json instead, so that the TTGIR lowered is ttg-opt's own.
 */
export function caseLoweringPlan(meta: unknown, caseDir: string, fromTtir = false): LoweringPlan {
  if (isPipelineMeta(meta)) return pipelineLoweringPlan(meta, caseDir, fromTtir);
  const m = meta as CorpusMeta;
  const cap = m.capability;
  // sm90+: proxy fences before wgmma on register→shared copies (Triton's make_ttgir runs fence insertion).
  const fence = cap >= 90 ? [`--triton-nvidia-gpu-fence-insertion=compute-capability=${cap}`] : [];
  const flags = [...fence, `--allocate-shared-memory-nv=compute-capability=${cap} ptx-version=${m.ptx_version}`, ...llvmPipelineFlags(m)];
  return { input: `${caseDir}/14-convert-scf-to-cf.mlir`, flags };
}

export async function runToolchainGolden(opts: ToolchainOptions = {}): Promise<GoldenResult> {
  const tree: FileTree = opts.dir === 'pipeline' ? diskFolder(pipelineCorpusDir()) : corpusTree(opts.dir, unpackExtraCorpus);
  const runOpt = await loadRunOpt();
  if (!runOpt) return { passed: 0, failed: 0, report: 'ttg-golden toolchain: the opt driver (tools/opt-main.ts) is missing\n' };
  const tc = findToolchain();
  if (Array.isArray(tc)) {
    return {
      passed: 0,
      failed: 1,
      report: `ttg-golden toolchain: missing tools: ${tc.join(', ')} (apt-get install -y mlir-22-tools llvm-22; ptxas from CUDA)\n`,
    };
  }
  const cases = corpusCases(tree)
    .filter((n) => !opts.caseFilter || n.includes(opts.caseFilter))
    .sort();
  const work = opts.keep ?? mkdtempSync(join(tmpdir(), 'ttg-toolchain-'));
  const results: CaseResult[] = [];
  let pipeline = false;
  for (const name of cases) {
    const meta = JSON.parse(tree.read(`${name}/meta.json`)) as CorpusMeta;
    pipeline ||= isPipelineMeta(meta);
    const plan = caseLoweringPlan(meta, name);
    const res: CaseResult = { name, ok: false, step: 'ttg-opt' };
    const refPtx = `${name}/kernel.ptx`;
    if (tree.isFile(refPtx)) res.ref = ptxCounts(tree.read(refPtx));
    results.push(res);
    await lowerAndAssemble(runOpt, tc, tree.read(plan.input), plan.flags, meta.capability, meta.ptx_version, join(work, name), res);
    if (opts.verbose) process.stderr.write(`${name}: ${res.ok ? 'pass' : `FAIL (${res.step}) ${clip(res.error ?? '', 200)}`}\n`);
  }
  if (!opts.keep) rmSync(work, { recursive: true, force: true });

  const cmp = (r: CaseResult, key: string): string => `${r.ours?.[key] ?? '-'}/${r.ref?.[key] ?? '-'}`;
  const counted = pipeline ? [...COUNTED, ...PIPELINE_COUNTED] : COUNTED;
  const rows = results.map((r) => [
    r.name,
    r.ok ? 'pass' : `FAIL (${r.step})`,
    ...counted.map(([k]) => cmp(r, k)),
    `${r.ours ? globalSummary(r.ours, 'ld') : '-'} / ${r.ref ? globalSummary(r.ref, 'ld') : '-'}`,
    `${r.ours ? globalSummary(r.ours, 'st') : '-'} / ${r.ref ? globalSummary(r.ref, 'st') : '-'}`,
  ]);
  let report = 'Counts are ours/Triton (kernel.ptx).\n';
  report += formatTable(['case', 'status', ...counted.map(([k]) => k), 'ld.global ours / Triton', 'st.global ours / Triton'], rows) + '\n';
  const failed = results.filter((r) => !r.ok);
  if (failed.length) {
    report += '\nFailures (first error of the failing step):\n';
    for (const r of failed) report += `  ${r.name} [${r.step}]: ${clip(r.error ?? '', 300)}\n`;
  }
  const passed = results.length - failed.length;
  if (pipeline) report += familySummary(results);
  report += `\n${pct(passed, results.length)} of ${results.length} cases assemble\n`;
  report += summaryLine(passed, failed.length) + '\n';
  return { passed, failed: failed.length, report };
}

/** Per kernel family (the case name before its first `-`) and target: cases built of cases. */
function familySummary(results: readonly CaseResult[]): string {
  const fam = new Map<string, { sm80: [number, number]; sm90: [number, number] }>();
  for (const r of results) {
    const family = r.name.split('-')[0]!;
    const e = fam.get(family) ?? { sm80: [0, 0], sm90: [0, 0] };
    const t = /-sm90-/.test(r.name) ? e.sm90 : e.sm80;
    t[1]++;
    if (r.ok) t[0]++;
    fam.set(family, e);
  }
  const rows = [...fam.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([f, e]) => [f, `${e.sm80[0]}/${e.sm80[1]}`, `${e.sm90[0]}/${e.sm90[1]}`]);
  return `\nBuilt per family:\n${formatTable(['family', 'sm80', 'sm90'], rows)}\n`;
}
