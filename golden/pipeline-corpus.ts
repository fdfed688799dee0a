// The real-pipeline corpus (shared/golden/pipeline.tar.xz, made by shared/oracle/pipeline.py): every pass of
// Triton 3.6's make_ttgir and make_llir, one `NN-<pass>.mlir` per pass that changed the text. For the LLVM
// toolchain and the GPU harness, a case is the TTGIR that Triton hands to convert-triton-gpu-to-llvm (the file of
// the last stage before it) lowered with the flags of every stage from convert-triton-gpu-to-llvm on.
//
// Where the corpus is, first found wins: $TTG_PIPELINE_DIR; golden/pipeline/ of this repository (case folders,
// or a `.tar.xz` archive there, unpacked once into .golden-out/corpus-pipeline); else the bundled
// pipeline.jsonl.br, unpacked once into .golden-out/pipeline.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageRoot } from './common.js';
import { unpackPipelineBundle } from './pipeline-bundle.js';

/** One stage of a pipeline case's meta.json. */
export interface PipelineStage {
  index: number;
  stage: string;
  pass: string;
  flag: string;
  /** The IR after the stage (the previous stage's file when `unchanged`); null for LLVM-dialect stages. */
  file: string | null;
  unchanged?: boolean;
}

export interface PipelineMeta {
  kernel: string;
  constexprs: Record<string, number>;
  capability: number;
  num_warps: number;
  num_stages: number;
  ptx_version: number;
  shared?: number | null;
  stages: PipelineStage[];
}

const LOWERING_PASS = 'convert-triton-gpu-to-llvm';

/** Whether `dir` holds case folders (a sub-folder with a meta.json). */
function holdsCases(dir: string): boolean {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
  return readdirSync(dir, { withFileTypes: true }).some((d) => d.isDirectory() && existsSync(join(dir, d.name, 'meta.json')));
}

/** Unpacks `archive` (a tar.xz holding `pipeline/<case>/`) once per archive version; the folder of the cases. */
function unpackArchive(archive: string): string {
  const out = join(packageRoot(), '.golden-out', 'corpus-pipeline');
  const st = statSync(archive);
  const stamp = `${archive} ${st.size} ${st.mtimeMs}`;
  const stampFile = join(out, '.stamp');
  const casesIn = (): string => (holdsCases(join(out, 'pipeline')) ? join(out, 'pipeline') : out);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return casesIn();
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const r = spawnSync('tar', ['-xJf', archive, '-C', out], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`cannot unpack ${archive}: ${(r.stderr || '').trim() || `tar exited ${r.status}`}`);
  writeFileSync(stampFile, stamp);
  return casesIn();
}

/** The folder of the pipeline corpus's cases (see the header for the search order). */
export function pipelineCorpusDir(): string {
  const env = process.env['TTG_PIPELINE_DIR'];
  if (env !== undefined && env !== '') return resolve(env);
  const bundled = join(packageRoot(), 'golden', 'pipeline');
  if (holdsCases(bundled)) return bundled;
  if (holdsCases(join(bundled, 'pipeline'))) return join(bundled, 'pipeline');
  if (existsSync(bundled)) {
    const archive = readdirSync(bundled).find((f) => f.endsWith('.tar.xz'));
    if (archive) return unpackArchive(join(bundled, archive));
  }
  // The bundled archive (golden/pipeline/pipeline.jsonl.br), unpacked once under .golden-out.
  return unpackPipelineBundle();
}

/** Whether a case folder's meta.json is a pipeline case (stages tagged with their make_* stage). */
export function isPipelineMeta(meta: unknown): meta is PipelineMeta {
  if (typeof meta !== 'object' || meta === null) return false;
  const stages = (meta as { stages?: unknown }).stages;
  return Array.isArray(stages) && stages.some((s) => typeof s === 'object' && s !== null && (s as { pass?: unknown }).pass === LOWERING_PASS);
}

/** What to lower for a pipeline case: the TTGIR file convert-triton-gpu-to-llvm received, and the flags from it on. */
export interface LoweringPlan {
  input: string;
  flags: string[];
}

export function pipelineLoweringPlan(meta: PipelineMeta, caseDir: string, fromTtir = false): LoweringPlan {
  const at = meta.stages.findIndex((s) => s.pass === LOWERING_PASS);
  if (at < 0) throw new Error(`${caseDir}: meta.json has no ${LOWERING_PASS} stage`);
  // From the TTIR: every make_ttgir/make_llir flag in one run, so the TTGIR lowered is ours, not Triton's.
  if (fromTtir) return { input: join(caseDir, '00-ttir.mlir'), flags: meta.stages.map((s) => s.flag) };
  let input: string | undefined;
  for (let i = at - 1; i >= 0 && input === undefined; i--) input = meta.stages[i]!.file ?? undefined;
  if (input === undefined) throw new Error(`${caseDir}: no TTGIR file before ${LOWERING_PASS}`);
  return { input: join(caseDir, input), flags: meta.stages.slice(at).map((s) => s.flag) };
}
