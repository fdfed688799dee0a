// `npm run gpu -- [--corpus extra] [--case NAME] [--stage-only] [--run] [--results FILE]`: the GPU harness.
//
// 1. Stage (always, unless --results is given): for every corpus case (or those whose name contains --case) lower
//    `14-convert-scf-to-cf.mlir` with our pipeline and the real LLVM 22 toolchain, through the toolchain golden's
//    `lowerAndAssemble` (allocate-shared-memory-nv, convert-triton-gpu-to-llvm, the meta.json `llvm.after` cleanup
//    passes, mlir-translate-22, llc-22, ptxas). The binaries and a manifest go to test/gpu/staged/ (the shared
//    corpus) or test/gpu/staged-extra/ (`--corpus extra`, the bundled second corpus), or to --staged DIR; the
//    default folders are untracked, not ignored, so the device tool's copy of the working tree carries them; never
//    commit them:
//      - sm90 cases: the cubin ptxas made for sm_90a;
//      - sm80 cases: our PTX (`.target sm_80`, checked locally by `ptxas -arch=sm_80`), JIT-compiled by the
//        device's driver for the H100 (an sm_80 cubin does not load on sm_90). Triton's side of an sm80 case is
//        treated the same way (its own sm_80 PTX, JIT-compiled), so both run the same sm80 lowering on sm_90.
//    Cases that do not lower or assemble are listed in the manifest as "not built" with the first error.
//    The kernel sources travel with the binaries: the shared oracle's kernels.py, and for the extra corpus also
//    scripts/oracle/kernels_extra.py (which imports kernels.py); the manifest's `kernels` names the file to read.
// 2. The device step (not run from here: the device is reached through the session's `run` tool):
//      python3 test/gpu/device_check.py --manifest test/gpu/staged/manifest.json --out $OUT
//    compiles Triton's own kernel for each case from the staged kernels file, runs both on the same random
//    inputs, compares the outputs and times both. With --run the script is started here instead (on a machine
//    that has the GPU, PyTorch and Triton).
// 3. --results FILE (the device step's results.json): prints the table, saves it as gpu-results/latest.json
//    (latest-extra.json for the extra corpus) and ends with `N passed, M failed`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { clip, defaultCorpusDir, formatTable, loadRunOpt, packageRoot, sharedDir, summaryLine } from '../../golden/common.js';
import { resolveCorpusArg } from '../../golden/extra-corpus.js';
import { type CaseResult, caseLoweringPlan, findToolchain, lowerAndAssemble, ptxCounts } from '../../golden/toolchain.js';
import { findTritonLLVM } from '../../tools/toolchain.js';
import { stagingSummary } from './staging-summary.js';

interface Args {
  caseFilter?: string;
  stageOnly: boolean;
  run: boolean;
  results?: string;
  /** A staged manifest.json whose per-family built counts and PTX count differences are printed. */
  summary?: string;
  corpus?: string;
  keep?: string;
  staged?: string;
  /** Which LLVM turns our LLVM dialect into PTX: LLVM 22's tools (default) or the LLVM bundled with Triton 3.6. */
  llvm?: 'llvm22' | 'triton';
  /** Real-pipeline cases: run our whole pipeline from 00-ttir.mlir instead of lowering Triton's TTGIR. */
  fromTtir?: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const a: Args = { stageOnly: false, run: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = (): string => {
      const eq = arg.indexOf('=');
      if (eq >= 0) return arg.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    const name = arg.split('=')[0];
    if (name === '--case') a.caseFilter = value();
    else if (name === '--stage-only') a.stageOnly = true;
    else if (name === '--run') a.run = true;
    else if (name === '--results') a.results = value();
    else if (name === '--summary') a.summary = value();
    else if (name === '--corpus') a.corpus = value();
    else if (name === '--keep') a.keep = value();
    else if (name === '--llvm') {
      const v = value();
      if (v !== 'llvm22' && v !== 'triton') throw new Error(`--llvm takes llvm22 or triton, not ${v}`);
      a.llvm = v;
    }
    else if (name === '--staged') a.staged = value();
    else if (name === '--from-ttir') a.fromTtir = true;
    else if (name === '--help' || name === '-h') {
      process.stdout.write(
        'usage: npm run gpu -- [--case NAME] [--stage-only | --run] [--results FILE] [--corpus DIR|extra] [--staged DIR] [--keep DIR]\n' +
          '                      [--llvm llvm22|triton] [--from-ttir]\n' +
          '  --llvm triton     LLVM IR, O3 and PTX from the LLVM bundled with Triton 3.6 (TTG_TRITON_PYTHON), as Triton\'s\n' +
          '                  make_llir/make_ptx do, instead of LLVM 22: both kernels then go through the same LLVM\n' +
          '  (default)       lower and assemble every corpus case, stage binaries + manifest in test/gpu/staged/\n' +
          '  --corpus extra  the bundled second corpus (scripts/oracle/kernels_extra.py), staged in test/gpu/staged-extra/\n' +
          '  --corpus pipeline  the real-pipeline corpus (golden/pipeline-corpus.ts finds it), lowered from the input of\n' +
          '                  convert-triton-gpu-to-llvm, Triton compiled with the case\'s num_stages; staged in test/gpu/staged-pipeline/\n' +
          '  --from-ttir     (pipeline corpus) lower ttg-opt\'s own TTGIR: 00-ttir.mlir through every flag of meta.json\n' +
          '  --staged DIR    stage into DIR instead\n' +
          '  --run           then run test/gpu/device_check.py here (needs a GPU, PyTorch, Triton 3.6)\n' +
          '  --summary FILE  print a staged manifest.json\'s built cases per family and PTX count differences\n' +
          '  --results FILE  print/save the table of a device run (results.json) as gpu-results/latest.json\n' +
          '                  (latest-extra.json for the extra corpus)\n',
      );
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}`);
  }
  return a;
}

/** One entry of test/gpu/staged/manifest.json. */
export interface ManifestCase {
  case: string;
  /** The oracle's CORPUS name (kernels.py), e.g. `add`, `matmul_f16`. */
  kernel: string;
  constexprs: Record<string, number>;
  capability: number;
  num_warps: number;
  /** Triton's num_stages for the case (the pipeline corpus); device_check.py compiles Triton's kernel with it (default 1). */
  num_stages?: number;
  ptx_version: number;
  status: 'built' | 'not built';
  /** Why it was not built: the failing step and its first error. */
  reason?: string;
  /** The kernel's symbol (the llvm.func with nvvm.kernel). */
  name?: string;
  /** `ttg.shared` of our lowered module: dynamic shared memory bytes to launch with. */
  shared?: number;
  /** `ttg.global_scratch_memory_size` of our module (bytes per program), 0 when absent. */
  global_scratch?: number;
  /** Warps to launch when they are more than num_warps: `ttg.total-num-warps` of a warp-specialized kernel. */
  launch_warps?: number;
  /** Staged binary, relative to the manifest's folder, and its kind. */
  binary?: string;
  binary_kind?: 'cubin' | 'ptx';
  /** PTX parameter types of the kernel entry, in order (the two trailing scratch pointers included). */
  params?: string[];
  /** The lowered llvm.func signature, for the record. */
  signature?: string;
  /** Triton's shared memory bytes for the same case (meta.json), for the record. */
  triton_shared?: number | null;
  /** Instruction counts of our PTX and of the case's kernel.ptx (golden/toolchain.ts ptxCounts), for the record. */
  ptx_counts?: { ours: Record<string, number>; triton?: Record<string, number> };
}

export interface Manifest {
  created: string;
  commit: string;
  corpus: string;
  /** The kernels file(s) device_check.py reads, relative to the manifest (absent: kernels.py). */
  kernels?: string | string[];
  cases: ManifestCase[];
}

/** The bundled second corpus's kernels (its EXTRA list imports the shared oracle's kernels.py as K). */
const EXTRA_KERNELS = join('scripts', 'oracle', 'kernels_extra.py');

/** Whether `--corpus` names the bundled second corpus (its kernels are in kernels_extra.py, not kernels.py). */
const isExtra = (args: Args): boolean => args.corpus === 'extra';
/** Whether `--corpus` names the real-pipeline corpus (kernels.py, kernels_extra.py and the shared kernels_pipe.py). */
const isPipeline = (args: Args): boolean => args.corpus === 'pipeline';
const PIPELINE_KERNELS = ['kernels.py', 'kernels_extra.py', 'kernels_pipe.py', 'kernels_ws.py'];
/** The warp-specialized kernels (a PIPE table of ours, beside kernels_extra.py). */
const WS_KERNELS = 'scripts/oracle/kernels_ws.py';

/** Where staging writes: --staged, else test/gpu/staged (shared corpus) or test/gpu/staged-extra. */
function stagedDirOf(args: Args, root: string): string {
  if (args.staged) return resolve(args.staged);
  return join(root, 'test', 'gpu', isExtra(args) ? 'staged-extra' : isPipeline(args) ? 'staged-pipeline' : 'staged');
}

/** `.param .u64 .ptr .global .align 1 foo_param_0` → `u64`; the types of the entry `name`'s parameters. */
export function ptxEntryParams(ptx: string, name: string): string[] | undefined {
  const at = ptx.search(new RegExp(`\\.entry\\s+${name.replace(/[$.]/g, '\\$&')}\\s*\\(`));
  if (at < 0) return undefined;
  const open = ptx.indexOf('(', at);
  const close = ptx.indexOf(')', open);
  const body = ptx.slice(open + 1, close);
  const out: string[] = [];
  for (const m of body.matchAll(/\.param\s+((?:\.[\w]+\s+)*?)\.(u64|s64|b64|u32|s32|b32|f32|f64|u16|s16|b16|u8|s8|b8)\b/g)) out.push(m[2]!);
  return out;
}

/** The module attributes and kernel function of our lowered LLVM-dialect text. */
export function describeLowered(mlir: string): { name?: string; shared: number; globalScratch: number; signature?: string; totalWarps?: number } {
  // The module's attribute line: attribute aliases (`#loop_annotation = ...`) may come first.
  const head = /^module attributes .*$/m.exec(mlir)?.[0] ?? '';
  const shared = /ttg\.shared = (\d+) : i32/.exec(head)?.[1];
  const total = /"?ttg\.total-num-warps"? = (\d+) : i32/.exec(head)?.[1];
  const gs = /"?ttg\.global_scratch_memory_size"? = (\d+) : i32/.exec(head)?.[1];
  let name: string | undefined;
  let signature: string | undefined;
  for (const line of mlir.split('\n')) {
    const m = /^\s*llvm\.func (?:\w+ )*@([\w$.]+)\((.*)\)(?: -> \S+)? attributes \{.*nvvm\.kernel/.exec(line);
    if (m) {
      name = m[1];
      signature = `@${m[1]}(${m[2]!.replace(/ \{[^}]*\}/g, '')})`;
      break;
    }
  }
  return { name, shared: shared ? Number(shared) : 0, globalScratch: gs ? Number(gs) : 0, signature, ...(total ? { totalWarps: Number(total) } : {}) };
}

function gitCommit(root: string): string {
  const r = spawnSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  const d = spawnSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' });
  return `${(r.stdout || '?').trim()}${d.stdout.trim() ? ' (+local changes)' : ''}`;
}

async function stage(args: Args, root: string, stagedDir: string): Promise<Manifest> {
  const corpus = resolveCorpusArg(args.corpus, defaultCorpusDir);
  const runOpt = await loadRunOpt();
  if (!runOpt) throw new Error('the opt driver (tools/opt-main.ts) is missing: build first (npm run build)');
  const found = findToolchain();
  if (Array.isArray(found)) throw new Error(`missing tools: ${found.join(', ')} (apt-get install -y mlir-22-tools llvm-22; ptxas from CUDA)`);
  let tc = found;
  if (args.llvm === 'triton') {
    const backend = findTritonLLVM();
    if (typeof backend === 'string') throw new Error(`--llvm triton: ${backend}`);
    tc = { ...found, tritonLLVM: backend };
  }
  const cases = readdirSync(corpus, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(corpus, d.name, 'meta.json')))
    .map((d) => d.name)
    .filter((n) => !args.caseFilter || args.caseFilter.split(',').some((f) => n.includes(f)))
    .sort();
  if (!cases.length) throw new Error(`no corpus case matches ${args.caseFilter ?? ''} in ${corpus}`);
  rmSync(stagedDir, { recursive: true, force: true });
  mkdirSync(stagedDir, { recursive: true });
  const kernelsPy = join(sharedDir(), 'oracle', 'kernels.py');
  if (!existsSync(kernelsPy)) throw new Error(`${kernelsPy} is missing`);
  copyFileSync(kernelsPy, join(stagedDir, 'kernels.py'));
  // The extra corpus's kernels import kernels.py (as K) from the folder device_check.py puts on sys.path: the
  // staged copy beside it, unless --oracle-dir names another.
  if (isExtra(args) || isPipeline(args)) {
    const extraPy = join(root, EXTRA_KERNELS);
    if (!existsSync(extraPy)) throw new Error(`${extraPy} is missing`);
    copyFileSync(extraPy, join(stagedDir, 'kernels_extra.py'));
  }
  if (isPipeline(args)) {
    const pipePy = join(sharedDir(), 'oracle', 'kernels_pipe.py');
    if (!existsSync(pipePy)) throw new Error(`${pipePy} is missing`);
    copyFileSync(pipePy, join(stagedDir, 'kernels_pipe.py'));
    copyFileSync(join(root, WS_KERNELS), join(stagedDir, 'kernels_ws.py'));
  }
  const work = args.keep ? resolve(args.keep) : mkdtempSync(join(tmpdir(), 'ttg-gpu-'));
  const out: ManifestCase[] = [];
  for (const name of cases) {
    const caseDir = join(corpus, name);
    const meta = JSON.parse(readFileSync(join(caseDir, 'meta.json'), 'utf8')) as {
      kernel: string;
      capability: number;
      num_warps: number;
      num_stages?: number;
      ptx_version: number;
      constexprs: Record<string, number>;
      shared_bytes?: number | null;
      shared?: number | null;
    };
    const cap = meta.capability;
    const plan = caseLoweringPlan(meta, caseDir, args.fromTtir === true);
    const res: CaseResult = { name, ok: false, step: 'ttg-opt' };
    const w = join(work, name);
    await lowerAndAssemble(runOpt, tc, readFileSync(plan.input, "utf8"), plan.flags, cap, meta.ptx_version, w, res);
    const entry: ManifestCase = {
      case: name,
      kernel: meta.kernel,
      constexprs: meta.constexprs,
      capability: cap,
      num_warps: meta.num_warps,
      ...(isPipeline(args) ? { num_stages: meta.num_stages ?? 3 } : {}),
      ptx_version: meta.ptx_version,
      status: 'not built',
      triton_shared: meta.shared_bytes ?? meta.shared ?? null,
    };
    out.push(entry);
    const refPtx = join(caseDir, 'kernel.ptx');
    if (res.ours) entry.ptx_counts = { ours: res.ours, ...(existsSync(refPtx) ? { triton: ptxCounts(readFileSync(refPtx, 'utf8')) } : {}) };
    if (!res.ok) {
      entry.reason = `${res.step}: ${clip(res.error ?? 'failed', 300)}`;
      process.stdout.write(`  ${name}: not built (${entry.reason})\n`);
      continue;
    }
    const lowered = describeLowered(readFileSync(join(w, 'kernel.llvm.mlir'), 'utf8'));
    const ptx = readFileSync(join(w, 'kernel.ptx'), 'utf8');
    const params = lowered.name ? ptxEntryParams(ptx, lowered.name) : undefined;
    if (!lowered.name || !params) {
      entry.reason = 'staging: no nvvm.kernel function or PTX entry found';
      process.stdout.write(`  ${name}: not built (${entry.reason})\n`);
      continue;
    }
    const dst = join(stagedDir, name);
    mkdirSync(dst, { recursive: true });
    // sm90: ptxas's sm_90a cubin; sm80: the sm_80 PTX, JIT-compiled by the driver on the device (see the header).
    const kind: 'cubin' | 'ptx' = cap >= 90 ? 'cubin' : 'ptx';
    copyFileSync(join(w, `kernel.${kind}`), join(dst, `kernel.${kind}`));
    if (kind === 'cubin') copyFileSync(join(w, 'kernel.ptx'), join(dst, 'kernel.ptx'));
    Object.assign(entry, {
      status: 'built',
      name: lowered.name,
      shared: lowered.shared,
      global_scratch: lowered.globalScratch,
      ...(lowered.totalWarps !== undefined && lowered.totalWarps !== meta.num_warps ? { launch_warps: lowered.totalWarps } : {}),
      binary: `${name}/kernel.${kind}`,
      binary_kind: kind,
      params,
      signature: lowered.signature,
    } satisfies Partial<ManifestCase>);
    process.stdout.write(`  ${name}: built\n`);
  }
  if (!args.keep) rmSync(work, { recursive: true, force: true });
  // `kernels` only for the extra corpus, so the shared corpus's manifest stays as it was
  const kernels = isExtra(args) ? { kernels: 'kernels_extra.py' } : isPipeline(args) ? { kernels: PIPELINE_KERNELS } : {};
  const manifest: Manifest = { created: new Date().toISOString(), commit: gitCommit(root), corpus, ...kernels, cases: out };
  writeFileSync(join(stagedDir, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
  const built = out.filter((c) => c.status === 'built').length;
  process.stdout.write(stagingSummary(out));
  process.stdout.write(`staged ${built} of ${out.length} cases in ${relative(root, stagedDir) || '.'}/ (manifest.json)\n`);
  return manifest;
}

/** One row of the device step's results.json (written by device_check.py). */
export interface DeviceResult {
  case: string;
  status: 'correct' | 'wrong' | 'not built' | 'launch error' | 'harness error';
  reason?: string;
  /** Non-finite values are the strings "inf", "-inf", "nan" (JSON has none). */
  max_err?: number | string | null;
  bitwise?: boolean;
  ours_us?: number | null;
  triton_us?: number | null;
  ratio?: number | null;
  triton_vs_ref?: number | null;
  ours_regs?: number | null;
  triton_regs?: number | null;
}

export interface DeviceResults {
  device?: string;
  /** The manifest's corpus folder and kernels file (device_check.py copies them; absent in older runs). */
  corpus?: string;
  kernels?: string;
  torch?: string;
  triton?: string;
  manifest_commit?: string;
  created?: string;
  cases: DeviceResult[];
}

const fmtNum = (v: number | null | undefined, digits: number): string => (v === null || v === undefined || !Number.isFinite(v) ? '-' : v.toFixed(digits));
const fmtErr = (v: number | string | null | undefined): string =>
  v === null || v === undefined ? '-' : typeof v === 'string' ? v : v === 0 ? '0' : v.toExponential(2);

/** The printed table of a device run and its `N passed, M failed` counts (passed = correct). */
export function resultsReport(r: DeviceResults): { report: string; passed: number; failed: number } {
  const rows = r.cases.map((c) => [
    c.case,
    c.status,
    fmtErr(c.max_err),
    fmtNum(c.ours_us, 2),
    fmtNum(c.triton_us, 2),
    fmtNum(c.ratio, 2),
    c.ours_regs != null && c.triton_regs != null ? `${c.ours_regs}/${c.triton_regs}` : '-',
  ]);
  let report = `device: ${r.device ?? '?'}; torch ${r.torch ?? '?'}; triton ${r.triton ?? '?'}; staged at ${r.manifest_commit ?? '?'}\n`;
  report += 'Times are medians in µs (the method of triton.testing.do_bench, L2 flushed, both kernels interleaved launch by launch); ratio = ours / Triton; regs = ours/Triton.\n';
  report += formatTable(['case', 'status', 'max error', 'ours µs', 'Triton µs', 'ratio', 'regs'], rows) + '\n';
  const notes = r.cases.filter((c) => c.status !== 'correct' && c.reason);
  if (notes.length) {
    report += '\nNot correct:\n';
    for (const c of notes) report += `  ${c.case} [${c.status}]: ${clip(c.reason ?? '', 300)}\n`;
  }
  const passed = r.cases.filter((c) => c.status === 'correct').length;
  const failed = r.cases.length - passed;
  const ratios = r.cases.filter((c) => c.status === 'correct' && c.ratio != null && c.ratio > 0).map((c) => c.ratio!);
  if (ratios.length) {
    const geo = Math.exp(ratios.reduce((s, x) => s + Math.log(x), 0) / ratios.length);
    report += `\ngeometric mean of ours/Triton over the ${ratios.length} correct cases: ${geo.toFixed(3)}\n`;
  }
  report += summaryLine(passed, failed) + '\n';
  return { report, passed, failed };
}

/** The saved table's name: latest-extra.json / latest-pipeline.json for those corpora, so that they do not replace
 *  the shared corpus's. */
export function resultsName(r: DeviceResults, corpus: 'extra' | 'pipeline' | undefined): string {
  if (corpus === 'pipeline' || (r.kernels ?? '').includes('kernels_pipe.py')) return 'latest-pipeline.json';
  return corpus === 'extra' || r.kernels === 'kernels_extra.py' ? 'latest-extra.json' : 'latest.json';
}

function collect(file: string, root: string, corpus: 'extra' | 'pipeline' | undefined): number {
  // Python's json writes bare Infinity/NaN (older device runs did): read them as strings.
  const text = readFileSync(file, 'utf8').replace(/(:\s*)(-?Infinity|NaN)(?=\s*[,}\n])/g, (_m, pre: string, v: string) =>
    `${pre}"${v === 'NaN' ? 'nan' : v.startsWith('-') ? '-inf' : 'inf'}"`,
  );
  const r = JSON.parse(text) as DeviceResults;
  const { report, failed } = resultsReport(r);
  const dir = join(root, 'gpu-results');
  mkdirSync(dir, { recursive: true });
  const saved = join(dir, resultsName(r, corpus));
  writeFileSync(saved, JSON.stringify(r, null, 1) + '\n');
  process.stdout.write(report);
  process.stdout.write(`saved ${relative(root, saved)}\n`);
  return failed ? 1 : 0;
}

function corpusName(args: Args): 'extra' | 'pipeline' | undefined {
  return isExtra(args) ? 'extra' : isPipeline(args) ? 'pipeline' : undefined;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const root = packageRoot();
  if (args.results) return collect(resolve(args.results), root, corpusName(args));
  if (args.summary) {
    process.stdout.write(stagingSummary((JSON.parse(readFileSync(resolve(args.summary), 'utf8')) as Manifest).cases));
    return 0;
  }
  const stagedDir = stagedDirOf(args, root);
  await stage(args, root, stagedDir);
  const manifestRel = relative(root, join(stagedDir, 'manifest.json'));
  if (args.stageOnly || !args.run) {
    // The manifest names its kernels file (staged beside it, with the shared oracle's kernels.py): nothing else
    // needs carrying; --kernels/--oracle-dir override the staged copies.
    process.stdout.write(
      `device step (run from the repository root on the GPU machine):\n` +
        `  python3 test/gpu/device_check.py --manifest ${manifestRel} --out $OUT\n` +
        `then: npm run gpu -- ${corpusName(args) ? `--corpus ${corpusName(args)} ` : ''}--results <its results.json>\n`,
    );
    return 0;
  }
  const outDir = join(root, 'gpu-results', 'raw');
  mkdirSync(outDir, { recursive: true });
  const py = spawnSync('python3', [join(root, 'test', 'gpu', 'device_check.py'), '--manifest', join(stagedDir, 'manifest.json'), '--out', outDir], {
    stdio: 'inherit',
    cwd: root,
  });
  if (py.status !== 0 && !existsSync(join(outDir, 'results.json'))) return py.status ?? 1;
  return collect(join(outDir, 'results.json'), root, corpusName(args));
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`ttg gpu: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  },
);
