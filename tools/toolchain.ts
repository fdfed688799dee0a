/**
 * The LLVM 22 toolchain as Triton 3.6's make_llir/make_ptx drive it, for code that wants PTX from ttg-opt's LLVM
 * dialect: mlir-translate-22, libdevice linked (llvm-link-22), opt-22 -O3 with Triton's module flags, llc-22 with
 * Triton's NVPTX options, ptxas; and the instruction counts used to compare PTX with Triton's (`ptxCounts`).
 * Used by `npm run golden -- toolchain`, the GPU harness and `ttg-replay DIR`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The opt driver as the toolchain calls it (tools/opt-main.ts runOpt, or a test double). */
export type RunOptFn = (args: string[], stdin?: string) => { exitCode: number; stdout: string; stderr: string } | Promise<{ exitCode: number; stdout: string; stderr: string }>;

function firstLine(s: string): string {
  return s.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
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
  /**
   * When set, LLVM IR, O3 and PTX come from the LLVM that Triton 3.6 bundles (scripts/toolchain/
   * triton_llvm_backend.py run by this Python, which imports triton), as Triton's make_llir/make_ptx make them,
   * instead of LLVM 22's mlir-translate/opt/llc: the same LLVM on both sides when kernels are compared.
   */
  tritonLLVM?: { python: string; script: string };
}

/** Where scripts/toolchain/triton_llvm_backend.py is, from this file's folder (tools/ or dist/tools/). */
function backendScript(): string | undefined {
  let d = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const p = join(d, 'scripts', 'toolchain', 'triton_llvm_backend.py');
    if (existsSync(p)) return p;
    d = dirname(d);
  }
  return undefined;
}

/**
 * The backend of `--llvm triton`: `python` (TTG_TRITON_PYTHON, else python3) when it imports triton 3.6, or why
 * it cannot be used.
 */
export function findTritonLLVM(python = process.env['TTG_TRITON_PYTHON'] ?? 'python3'): { python: string; script: string } | string {
  const script = backendScript();
  if (!script) return 'scripts/toolchain/triton_llvm_backend.py not found';
  const r = spawnSync(python, ['-c', 'import triton; print(triton.__version__)'], { encoding: 'utf8', timeout: 120_000 });
  const v = (r.stdout ?? '').trim();
  if (r.status !== 0 || !v.startsWith('3.6')) return `${python} does not import triton 3.6 (set TTG_TRITON_PYTHON)`;
  return { python, script };
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
/**
 * `%N = llvm.call_intrinsic "..."(...) : (...) -> !llvm.void` as `llvm.call_intrinsic ... -> ()`. Triton builds
 * such void-typed results in memory (the warp-specialize barriers) and prints them so, but no MLIR parser (Triton's
 * nor LLVM 22's) reads that text back; a void value has no uses, so dropping it changes nothing.
 */
export function dropVoidIntrinsicResults(mlir: string): string {
  return mlir.replace(/^(\s*)%[\w.$-]+ = (llvm\.call_intrinsic .*) -> !llvm\.void$/gm, '$1$2 -> ()');
}

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
  runOpt: RunOptFn,
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
  writeFileSync(mlir, dropVoidIntrinsicResults(r.stdout));
  if (tc.tritonLLVM) {
    res.step = 'triton-llvm';
    const ptx = join(out, 'kernel.ptx');
    const s = runStep(tc.tritonLLVM.python, [tc.tritonLLVM.script, mlir, String(cap), ptx, join(out, 'kernel.opt.ll')]);
    if (!s.ok) {
      res.error = s.error;
      return;
    }
    assemble(tc, ptx, arch, out, res);
    return;
  }
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
  assemble(tc, ptx, arch, out, res);
}

/** ptxas on the PTX, after counting its instructions. */
function assemble(tc: Toolchain, ptx: string, arch: string, out: string, res: CaseResult): void {
  res.ours = ptxCounts(readFileSync(ptx, 'utf8'));
  res.step = 'ptxas';
  const s = runStep(tc.ptxas, [`-arch=${arch}`, ptx, '-o', join(out, 'kernel.cubin')]);
  if (!s.ok) {
    res.error = s.error;
    return;
  }
  res.step = 'done';
  res.ok = true;
}
