// `ttg-golden toolchain`: for every corpus case, lower `14-convert-scf-to-cf.mlir` with our pipeline
//   --allocate-shared-memory-nv --convert-triton-gpu-to-llvm (+ the meta.json `llvm.after` passes: canonicalize,
//   cse, convert-nv-gpu-to-llvm, symbol-dce, convert-nvvm-to-llvm)
// then hand the LLVM dialect to the real LLVM 22 toolchain as Triton 3.6's make_llir/make_ptx do:
// `mlir-translate-22 --mlir-to-llvmir`, the short-pointer data layout and nvvm-reflect-ftz flag, (libdevice linked
// with `llvm-link-22 --only-needed --internalize` when `__nv_*` functions are called), `opt-22 -O3`,
// `llc-22 -march=nvptx64 -mcpu=sm_80|sm_90a` with Triton's target options, and `ptxas -arch=sm_80|sm_90a`. Each case passes when ptxas accepts the PTX; the report gives the first error of
// the failing step and, next to Triton's kernel.ptx, the counts of the instructions that show how the kernel was
// lowered (shuffles, shared memory accesses, ldmatrix/stmatrix, barriers, vectorized global accesses).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clip, firstLine, formatTable, type GoldenResult, loadRunOpt, pct, summaryLine } from './common.js';
import { unpackExtraCorpus } from './extra-corpus.js';
import { corpusTree, diskFolder, type FileTree } from './ground-truth.js';
import { corpusCases, type CorpusMeta, llvmPipelineFlags } from './passes.js';
import { isPipelineMeta, pipelineCorpusDir, pipelineLoweringPlan, type LoweringPlan } from './pipeline-corpus.js';

export interface ToolchainOptions {
  dir?: string;
  /** Only cases whose directory name contains this string. */
  caseFilter?: string;
  verbose?: boolean;
  /** Keep every intermediate file under this directory (one sub-directory per case). */
  keep?: string;
}

/** Instruction counts compared with kernel.ptx. */
export const COUNTED: readonly (readonly [string, RegExp])[] = [
  ['shfl', /\bshfl\.sync\b/g],
  ['ld.shared', /\bld\.shared\b/g],
  ['st.shared', /\bst\.shared\b/g],
  ['ldmatrix', /\bldmatrix\b/g],
  ['stmatrix', /\bstmatrix\b/g],
  ['bar.sync', /\b(?:bar\.sync|barrier\.sync)\b/g],
];

/** More counts shown for the real-pipeline corpus: asynchronous copies and their groups, warp-group MMAs and
 *  their groups, mbarrier operations (TMA), fast exp2 with and without flush-to-zero, proxy fences. */
export const PIPELINE_COUNTED: readonly (readonly [string, RegExp])[] = [
  ['cp.async', /\bcp\.async\.(?:ca|cg)\.shared\b/g],
  ['cp.commit', /\bcp\.async\.commit_group\b/g],
  ['cp.wait', /\bcp\.async\.wait_group\b/g],
  ['wgmma', /\bwgmma\.mma_async\b/g],
  ['wgmma.commit', /\bwgmma\.commit_group\b/g],
  ['wgmma.wait', /\bwgmma\.wait_group\b/g],
  ['mma.sync', /\bmma\.sync\b/g],
  ['mbarrier', /\bmbarrier\./g],
  ['ex2', /\bex2\.approx\.f32\b/g],
  ['ex2.ftz', /\bex2\.approx\.ftz\.f32\b/g],
  ['fence.proxy', /\bfence\.proxy\.async\b/g],
];

/** Counts of `ptx` instructions: the COUNTED and PIPELINE_COUNTED ones plus global loads/stores by vector width. */
export function ptxCounts(ptx: string): Record<string, number> {
  const code = ptx.replace(/\/\/[^\n]*/g, '');
  const out: Record<string, number> = {};
  for (const [name, re] of [...COUNTED, ...PIPELINE_COUNTED]) out[name] = (code.match(re) ?? []).length;
  for (const kind of ['ld', 'st']) {
    const re = new RegExp(`\\b${kind}\\.global(?:\\.[a-zA-Z0-9_:]+)*`, 'g');
    for (const m of code.match(re) ?? []) {
      const v = /\.v(\d)\b/.exec(m);
      const key = `${kind}.global.v${v ? v[1] : 1}`;
      out[key] = (out[key] ?? 0) + 1;
    }
  }
  return out;
}

/** `ld.global v4:2 v1:1` style summary of the global access counts. */
function globalSummary(c: Record<string, number>, kind: string): string {
  const parts: string[] = [];
  for (const w of [8, 4, 2, 1]) {
    const n = c[`${kind}.global.v${w}`];
    if (n) parts.push(`v${w}:${n}`);
  }
  return parts.length ? parts.join(' ') : '-';
}

function tool(name: string): string | undefined {
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

function libdevicePath(): string | undefined {
  const env = process.env['TTG_LIBDEVICE'];
  if (env && existsSync(env)) return env;
  const roots = ['/usr/local'];
  for (const r of roots) {
    if (!existsSync(r)) continue;
    for (const d of readdirSync(r)) {
      if (!d.startsWith('cuda')) continue;
      const p = join(r, d, 'nvvm', 'libdevice', 'libdevice.10.bc');
      if (existsSync(p)) return p;
    }
  }
  return undefined;
}

interface StepResult {
  ok: boolean;
  error?: string;
}

function runStep(cmd: string, args: string[]): StepResult {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.error) return { ok: false, error: r.error.message };
  if (r.status !== 0) {
    const lines = (r.stderr || r.stdout || '').split('\n').filter((l) => /error|Error|fatal|LLVM ERROR/.test(l));
    return { ok: false, error: (lines[0] ?? firstLine(r.stderr || r.stdout || `exit ${r.status}`)).trim() };
  }
  return { ok: true };
}

export interface CaseResult {
  name: string;
  ok: boolean;
  step: string;
  error?: string;
  ours?: Record<string, number>;
  ref?: Record<string, number>;
}

/** The LLVM 22 tools and libdevice, or the names of the missing tools. */
export interface Toolchain {
  translate: string;
  llc: string;
  /** `opt-22`: Triton's make_llir runs LLVM's O3 pipeline before codegen; without it the kernels keep the
   *  unoptimized loop shape (no LICM/rotation) and libdevice calls stay out of line. */
  opt: string | undefined;
  ptxas: string;
  link: string | undefined;
  libdevice: string | undefined;
}

export function findToolchain(): Toolchain | string[] {
  const translate = tool('mlir-translate-22');
  const llc = tool('llc-22');
  const ptxas = tool('ptxas');
  const missing = [!translate && 'mlir-translate-22', !llc && 'llc-22', !ptxas && 'ptxas'].filter((x): x is string => !!x);
  if (missing.length) return missing;
  return {
    translate: translate!,
    llc: llc!,
    opt: tool('opt-22'),
    ptxas: ptxas!,
    link: tool('llvm-link-22'),
    libdevice: libdevicePath(),
  };
}

/**
 * Lowers one TritonGPU file (the input of allocate-shared-memory) with `flags` through our driver and assembles
 * the result; intermediate files go to `out`. `res` is filled in (step reached, first error, our PTX counts).
 */
/** NVPTX's data layout under --nvptx-short-ptr (what attach_datalayout gives Triton's module). */
const NVPTX_SHORT_PTR_LAYOUT = 'e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64';

/** The translated module as Triton hands it to O3: its data layout and the nvvm-reflect-ftz flag (Override, 1). */
export function prepareForOpt(ll: string): string {
  let text = ll.replace(/^target datalayout = .*\n/m, '');
  const header = `target datalayout = "${NVPTX_SHORT_PTR_LAYOUT}"\n`;
  const src = /^source_filename = .*\n/m.exec(text);
  text = src ? text.slice(0, src.index + src[0].length) + header + text.slice(src.index + src[0].length) : header + text;
  const ids = [...text.matchAll(/^!(\d+) = /gm)].map((m) => Number(m[1]));
  const id = (ids.length ? Math.max(...ids) : -1) + 1;
  const node = `!${id} = !{i32 4, !"nvvm-reflect-ftz", i32 1}\n`;
  const flags = /^!llvm\.module\.flags = !\{(.*)\}$/m.exec(text);
  if (flags) {
    const list = flags[1]!.trim() ? `${flags[1]}, !${id}` : `!${id}`;
    text = text.replace(flags[0], `!llvm.module.flags = !{${list}}`);
    return `${text.endsWith('\n') ? text : `${text}\n`}${node}`;
  }
  return `${text.endsWith('\n') ? text : `${text}\n`}\n!llvm.module.flags = !{!${id}}\n${node}`;
}

export async function lowerAndAssemble(
  runOpt: NonNullable<Awaited<ReturnType<typeof loadRunOpt>>>,
  tc: Toolchain,
  /** The text of the TritonGPU file to lower. */
  input: string,
  flags: readonly string[],
  cap: number,
  ptxVersion: number,
  out: string,
  res: CaseResult,
): Promise<void> {
  mkdirSync(out, { recursive: true });
  const arch = cap >= 90 ? 'sm_90a' : `sm_${cap}`;
  res.step = 'ttg-opt';
  let r;
  try {
    r = await runOpt(['-', ...flags], input);
  } catch (e) {
    res.error = `internal error: ${e instanceof Error ? e.message : String(e)}`;
    return;
  }
  if (r.exitCode !== 0) {
    res.error = firstLine(r.stderr.replace(/^.*?error: /s, '')) || `exit ${r.exitCode}`;
    return;
  }
  const mlir = join(out, 'kernel.llvm.mlir');
  writeFileSync(mlir, r.stdout);
  res.step = 'mlir-translate';
  const ll = join(out, 'kernel.ll');
  let s = runStep(tc.translate, ['--mlir-to-llvmir', mlir, '-o', ll]);
  if (!s.ok) {
    res.error = s.error;
    return;
  }
  // Triton's make_llir: the NVPTX data layout with 32-bit shared/local pointers (nvidia.set_short_ptr), the
  // nvvm-reflect-ftz module flag (enable_reflect_ftz: libdevice takes its flush-to-zero paths), libdevice linked
  // with only the needed functions made internal, then LLVM's O3 pipeline, still without a target triple (its
  // optimize_module builds no target machine).
  let llIn = ll;
  const text = readFileSync(ll, 'utf8');
  const callsLibdevice = /declare [^\n]*@__nv_/.test(text);
  if (tc.opt) {
    llIn = join(out, 'kernel.prep.ll');
    writeFileSync(llIn, prepareForOpt(text));
  }
  if (callsLibdevice) {
    res.step = 'llvm-link';
    if (!tc.link || !tc.libdevice) {
      res.error = 'calls libdevice but llvm-link-22 or libdevice.10.bc is missing';
      return;
    }
    const linked = join(out, tc.opt ? 'kernel.linked.ll' : 'kernel.linked.bc');
    const linkArgs = ['--only-needed', ...(tc.opt ? ['--internalize', '-S'] : []), llIn, tc.libdevice, '-o', linked];
    s = runStep(tc.link, linkArgs);
    if (!s.ok) {
      res.error = s.error;
      return;
    }
    // libdevice's own triple (nvptx64-nvidia-gpulibs) would otherwise reach opt, which Triton's O3 never sees.
    if (tc.opt) writeFileSync(linked, readFileSync(linked, 'utf8').replace(/^target triple = .*\n/m, ''));
    llIn = linked;
  }
  if (tc.opt) {
    res.step = 'opt';
    const optimized = join(out, 'kernel.opt.ll');
    s = runStep(tc.opt, ['-O3', '-S', llIn, '-o', optimized]);
    if (!s.ok) {
      res.error = s.error;
      return;
    }
    llIn = optimized;
  }
  res.step = 'llc';
  const ptx = join(out, 'kernel.ptx');
  // translate_to_asm's target options: fp fusion allowed (enable_fp_fusion, so add/mul are not pinned to .rn),
  // no NaNs assumed, nvptx-mad-wide-opt, and the short pointers of set_short_ptr.
  s = runStep(tc.llc, [
    '-march=nvptx64',
    `-mcpu=${arch}`,
    `-mattr=+ptx${ptxVersion}`,
    '-O3',
    '--fp-contract=fast',
    '--enable-no-nans-fp-math',
    '--nvptx-mad-wide-opt',
    '--nvptx-short-ptr',
    llIn,
    '-o',
    ptx,
  ]);
  if (!s.ok) {
    res.error = s.error;
    return;
  }
  res.ours = ptxCounts(readFileSync(ptx, 'utf8'));
  res.step = 'ptxas';
  s = runStep(tc.ptxas, [`-arch=${arch}`, ptx, '-o', join(out, 'kernel.cubin')]);
  if (!s.ok) {
    res.error = s.error;
    return;
  }
  res.step = 'done';
  res.ok = true;
}

/**
 * What to lower for a corpus case and with which flags. A real-pipeline case: the TTGIR given to
 * convert-triton-gpu-to-llvm, with the meta.json flags from there on (allocation and the bookkeeping passes are
 * already applied in it). A case of the shared or extra corpus: stage 14 (after convert-scf-to-cf), with sm90's
 * fence insertion, allocate-shared-memory-nv and the `llvm.after` passes.
 */
export function caseLoweringPlan(meta: unknown, caseDir: string): LoweringPlan {
  if (isPipelineMeta(meta)) return pipelineLoweringPlan(meta, caseDir);
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
