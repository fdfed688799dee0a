// The bundled copy of Triton 3.6's real CUDA pipeline (golden/pipeline/pipeline.jsonl.br, rebuilt from
// ../shared/golden/pipeline.tar.xz by scripts/bundle-pipeline.mjs): unpacked once into .golden-out/pipeline in the
// archive's own layout (one folder per case: meta.json, 00-ttir.mlir and the NN-<pass>.mlir stage files).
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { packageRoot } from './common.js';

/** One pass of make_ttgir / make_llir as meta.json lists it. */
export interface PipelineStage {
  index: number;
  stage: string;
  pass: string;
  pipeline?: string;
  flag: string;
  triton_ms?: number;
  /** The IR after this pass; null from convert-triton-gpu-to-llvm on. */
  file: string | null;
  /** The pass left the text as it was (`file` then names the earlier file). */
  unchanged?: boolean;
}

export interface PipelineMeta {
  kernel: string;
  capability: number;
  num_warps: number;
  num_stages: number;
  ptx_version: number;
  stages: PipelineStage[];
}

interface TextLine {
  text: number;
  body: string;
}

interface CaseLine {
  case: string;
  meta: PipelineMeta;
  files: Record<string, number>;
}

export function pipelineBundlePath(): string {
  return join(packageRoot(), 'golden', 'pipeline', 'pipeline.jsonl.br');
}

/** Unpacks `archive` (default: the bundled one) into `out` once per archive version; returns `out`. */
export function unpackPipelineBundle(archive: string = pipelineBundlePath(), out: string = join(packageRoot(), '.golden-out', 'pipeline')): string {
  const st = statSync(archive);
  const stamp = `${st.size} ${st.mtimeMs}`;
  const stampFile = join(out, '.stamp');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return out;
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const texts = new Map<number, string>();
  for (const line of brotliDecompressSync(readFileSync(archive)).toString('utf8').split('\n')) {
    if (line.trim() === '') continue;
    const rec = JSON.parse(line) as TextLine | CaseLine;
    if ('text' in rec) {
      texts.set(rec.text, rec.body);
      continue;
    }
    const dir = join(out, rec.case);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'meta.json'), JSON.stringify(rec.meta, null, 1));
    for (const [name, id] of Object.entries(rec.files)) {
      const body = texts.get(id);
      if (body === undefined) throw new Error(`${archive}: case ${rec.case} uses text ${id} before it is defined`);
      writeFileSync(join(dir, name), body);
    }
  }
  writeFileSync(stampFile, stamp);
  return out;
}
