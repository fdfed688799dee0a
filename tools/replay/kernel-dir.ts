/**
 * `ttg-replay DIR`: a TRITON_KERNEL_DUMP / TRITON_DUMP_DIR folder holds, per compiled kernel, the `.ttir`, `.ttgir`,
 * `.llir`, `.ptx` and a `.json` of metadata (target, num_warps, num_stages, ...). Each kernel's `.ttir` goes
 * through ttg-opt's `make_ttgir` (Triton's pass list for the kernel's target, with its options) and is compared with
 * Triton's `.ttgir`; the `.ttgir` goes through `make_llir`, reported as lowered or not (the LLVM text is not a
 * target: Triton's instruction selection details differ, so the toolchain comparison lives in `npm run golden --
 * toolchain`).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { findToolchain, lowerAndAssemble, ptxCounts, type CaseResult } from '../toolchain.js';
import { createTwoFilesPatch } from 'diff';
import '../passes.js';
import { getPass } from '../../transforms/pass.js';
import { runOptSync } from '../opt-main.js';
import { readModuleVars } from './replay.js';
import { passArgument, pipelineSteps, type PipelineVars } from './triton-pipeline.js';

export interface KernelReplay {
  name: string;
  /** The folder of the kernel's files, relative to the dump folder. */
  dir: string;
  vars: PipelineVars;
  ttgir: { verdict: 'same' | 'differs' | 'missing-pass' | 'failed' | 'no-file'; note?: string; diff?: string };
  llir: { verdict: 'lowered' | 'failed' | 'missing-pass' | 'no-file'; note?: string };
  /** Our PTX (through the LLVM 22 toolchain) against Triton's .ptx: instruction counts that differ, by category. */
  ptx?: { verdict: 'same-mix' | 'differs' | 'not-built' | 'no-toolchain'; note?: string; ours?: Record<string, number>; triton?: Record<string, number> };
}

export interface KernelDirReport {
  kernels: KernelReplay[];
  text: string;
}

/** A dump folder that holds no kernel. */
export class KernelDirError extends Error {}

interface Metadata {
  num_warps?: unknown;
  num_ctas?: unknown;
  num_stages?: unknown;
  ptx_version?: unknown;
  target?: { arch?: unknown; warp_size?: unknown };
}

function listTtir(dir: string, depth = 0): string[] {
  if (depth > 4) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...listTtir(p, depth + 1));
    else if (e.isFile() && e.name.endsWith('.ttir')) out.push(p);
  }
  return out.sort();
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function kernelVars(ttirPath: string, ttgir: string | undefined, given: { numStages?: number; ptxVersion?: number }): PipelineVars {
  const stem = ttirPath.slice(0, -'.ttir'.length);
  let meta: Metadata = {};
  if (existsSync(stem + '.json')) {
    try {
      meta = JSON.parse(readFileSync(stem + '.json', 'utf8')) as Metadata;
    } catch {
      meta = {};
    }
  }
  const fromIr = ttgir ? readModuleVars(ttgir) : {};
  return {
    cap: num(meta.target?.arch) ?? fromIr.cap ?? 90,
    numWarps: num(meta.num_warps) ?? fromIr.numWarps ?? 4,
    numCtas: num(meta.num_ctas) ?? fromIr.numCtas ?? 1,
    threadsPerWarp: num(meta.target?.warp_size) ?? fromIr.threadsPerWarp ?? 32,
    numStages: given.numStages ?? num(meta.num_stages) ?? (ttgir ? stagesFromBuffers(ttgir) : undefined) ?? 3,
    ptxVersion: given.ptxVersion ?? num(meta.ptx_version) ?? 87,
  };
}

/**
 * num_stages as the software pipeliner's buffers show it: a pipelined load gets num_stages - 1 buffers, or
 * num_stages when it feeds an asynchronous wgmma (one more stays in flight), so the largest leading dimension of a
 * 3-D mutable `ttg.local_alloc` gives it (undefined without one). The dump folder has no metadata file in Triton
 * 3.6, so this is the only trace of the option; `--num-stages` overrides it.
 */
export function stagesFromBuffers(ttgir: string): number | undefined {
  let best: number | undefined;
  for (const m of ttgir.matchAll(/ttg\.local_alloc\s*:\s*\(\)\s*->\s*!ttg\.memdesc<(\d+)x\d+x\d+x[^>]*mutable/g)) best = Math.max(best ?? 0, Number(m[1]));
  if (best === undefined) return undefined;
  return /ttng\.warp_group_dot\b/.test(ttgir) ? best : best + 1;
}

/**
 * Our PTX for the kernel (the make_llir passes, then LLVM 22 as Triton drives it) against Triton's `.ptx`: the
 * instruction mix per category (shuffles, shared/global accesses by width, ldmatrix, cp.async, mma/wgmma,
 * mbarriers, barriers). The LLVM text is not compared: Triton's lowering goes through its nvg dialect.
 */
async function comparePtx(ttgir: string, flags: readonly string[], vars: PipelineVars, tritonPtx: string): Promise<NonNullable<KernelReplay['ptx']>> {
  const tc = findToolchain();
  if (Array.isArray(tc)) return { verdict: 'no-toolchain', note: `missing ${tc.join(', ')}` };
  const work = mkdtempSync(join(tmpdir(), 'ttg-replay-ptx-'));
  try {
    const res: CaseResult = { name: 'kernel', ok: false, step: '' };
    // The make_llir flags from the lowering on (the .ttgir is make_ttgir's output: allocation has not run yet).
    await lowerAndAssemble((args, stdin) => runOptSync(args, stdin), tc, ttgir, flags, vars.cap, vars.ptxVersion, work, res);
    if (!res.ok || !res.ours) return { verdict: 'not-built', note: `${res.step}: ${res.error ?? 'failed'}` };
    const triton = ptxCounts(tritonPtx);
    const diff = Object.keys(triton)
      .filter((key) => (res.ours![key] ?? 0) !== (triton[key] ?? 0))
      .map((key) => `${key} ${res.ours![key] ?? 0}/${triton[key] ?? 0}`);
    return { verdict: diff.length ? 'differs' : 'same-mix', ...(diff.length ? { note: `ours/Triton: ${diff.join(', ')}` } : {}), ours: res.ours, triton };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function firstLine(s: string): string {
  return s.split('\n').find((l) => l.trim() !== '')?.trim() ?? '(no message)';
}

export async function replayKernelDir(dir: string, given: { numStages?: number; ptxVersion?: number; ptx?: boolean } = {}): Promise<KernelDirReport> {
  const ttirs = listTtir(dir);
  if (!ttirs.length) throw new KernelDirError(`no .ttir file under '${dir}': expected a TRITON_KERNEL_DUMP / TRITON_DUMP_DIR folder`);
  const kernels: KernelReplay[] = [];
  for (const ttirPath of ttirs) {
    const stem = ttirPath.slice(0, -'.ttir'.length);
    const ttgirPath = stem + '.ttgir';
    const ttgir = existsSync(ttgirPath) ? readFileSync(ttgirPath, 'utf8') : undefined;
    const vars = kernelVars(ttirPath, ttgir, given);
    const k: KernelReplay = {
      name: basename(stem),
      dir: relative(dir, stem).split('/').slice(0, -1).join('/') || '.',
      vars,
      ttgir: { verdict: 'no-file' },
      llir: { verdict: 'no-file' },
    };
    const ttgirSteps = pipelineSteps(vars.cap, 'make_ttgir');
    const missing = [...new Set(ttgirSteps.filter((s) => !getPass(s.flag)).map((s) => s.flag))];
    if (!ttgir) k.ttgir.note = `no ${basename(ttgirPath)}`;
    else if (missing.length) k.ttgir = { verdict: 'missing-pass', note: `not in ttg-opt: ${missing.join(', ')}` };
    else {
      const ours = runOptSync(['-', ...ttgirSteps.map((s) => passArgument(s.flag, vars))], readFileSync(ttirPath, 'utf8'));
      const triton = runOptSync(['-'], ttgir);
      if (ours.exitCode !== 0) k.ttgir = { verdict: 'failed', note: `ttg-opt: ${firstLine(ours.stderr)}` };
      else if (triton.exitCode !== 0) k.ttgir = { verdict: 'failed', note: `Triton's .ttgir does not parse: ${firstLine(triton.stderr)}` };
      else if (ours.stdout === triton.stdout) k.ttgir = { verdict: 'same' };
      else k.ttgir = { verdict: 'differs', diff: createTwoFilesPatch(`${k.name}.ttgir (Triton)`, 'ttg-opt make_ttgir', triton.stdout, ours.stdout) };
    }
    if (ttgir) {
      const llirSteps = pipelineSteps(vars.cap, 'make_llir').filter((s) => s.flag !== 'enable-line-info');
      const llMissing = [...new Set(llirSteps.filter((s) => !getPass(s.flag)).map((s) => s.flag))];
      const runnable = llirSteps.filter((s) => getPass(s.flag));
      const run = runOptSync(['-', ...runnable.map((s) => passArgument(s.flag, vars))], ttgir);
      if (run.exitCode !== 0) k.llir = { verdict: 'failed', note: `ttg-opt: ${firstLine(run.stderr)}` };
      else if (llMissing.length) k.llir = { verdict: 'missing-pass', note: `lowered without ${llMissing.join(', ')}` };
      else k.llir = { verdict: 'lowered', note: `${(run.stdout.match(/\n/g) ?? []).length} lines of LLVM dialect` };
      const tritonPtx = stem + '.ptx';
      if (given.ptx !== false && k.llir.verdict === 'lowered' && existsSync(tritonPtx)) k.ptx = await comparePtx(ttgir, runnable.map((s) => passArgument(s.flag, vars)), vars, readFileSync(tritonPtx, 'utf8'));
    }
    kernels.push(k);
  }
  const rows = kernels.map(
    (k) =>
      `${k.dir}/${k.name}  cuda:${k.vars.cap} w${k.vars.numWarps} s${k.vars.numStages}  ttgir: ${k.ttgir.verdict}${k.ttgir.note ? ` (${k.ttgir.note})` : ''}  llir: ${k.llir.verdict}${k.llir.note ? ` (${k.llir.note})` : ''}` +
      (k.ptx ? `  ptx: ${k.ptx.verdict}${k.ptx.note ? ` (${k.ptx.note})` : ''}` : ''),
  );
  const diffs = kernels.filter((k) => k.ttgir.diff).map((k) => k.ttgir.diff!);
  const same = kernels.filter((k) => k.ttgir.verdict === 'same').length;
  const text = [`ttg-replay ${dir}: ${kernels.length} kernels`, ...rows, ...diffs, `${same} of ${kernels.length} .ttgir same`].join('\n') + '\n';
  return { kernels, text };
}
