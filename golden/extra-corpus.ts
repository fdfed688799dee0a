// The second corpus bundled with the repository (golden/extra/corpus_extra.jsonl.gz, made by
// scripts/oracle/kernels_extra.py with Triton 3.6 on the GPU machine): kernels the shared corpus lacks (attention,
// bf16/tf32/fp8 dots, custom reductions, atomics, histogram, scans, 3-D tensors, while loops, block pointers, ...).
// Every golden mode takes `--dir extra` to run on it; the records are unpacked once into .golden-out/corpus-extra
// in the same one-folder-per-case layout as ../shared/golden/corpus (oracle/export_corpus.py).
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { packageRoot } from './common.js';
import { pipelineCorpusDir } from './pipeline-corpus.js';

/** Stages before the first LLVM lowering stage: the ones written as NN-<pass>.mlir files. */
const TTGIR_STAGES = 15;

const FLAGS: Record<string, string> = {
  'convert-triton-to-tritongpu': '--convert-triton-to-tritongpu=target=cuda:{cap} num-warps={nw} threads-per-warp=32 num-ctas=1',
  'allocate-shared-memory': '--allocate-shared-memory-nv=compute-capability={cap} ptx-version={ptx}',
  'convert-triton-gpu-to-llvm': '--convert-triton-gpu-to-llvm=compute-capability={cap} ptx-version={ptx}',
};

interface ExtraRecord {
  kernel: string;
  constexprs: Record<string, number | string>;
  capability: number;
  num_warps: number;
  ptx_version: number;
  shared?: number | null;
  ttir: string;
  ptx: string;
  stages: { pass: string; output?: string }[];
}

export function extraCorpusArchive(): string {
  return join(packageRoot(), 'golden', 'extra', 'corpus_extra.jsonl.gz');
}

/** `dir` as given, or the unpacked bundled corpus for the name `extra`, or the real-pipeline corpus for `pipeline`. */
export function resolveCorpusArg(dir: string | undefined, fallback: () => string): string {
  if (dir === 'extra') return unpackExtraCorpus();
  if (dir === 'pipeline') return pipelineCorpusDir();
  return dir ?? fallback();
}

/** Unpacks the bundled corpus (once per archive version) and returns its directory. */
export function unpackExtraCorpus(): string {
  const archive = extraCorpusArchive();
  const out = join(packageRoot(), '.golden-out', 'corpus-extra');
  const st = statSync(archive);
  const stamp = `${st.size} ${st.mtimeMs}`;
  const stampFile = join(out, '.stamp');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return out;
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const line of gunzipSync(readFileSync(archive)).toString('utf8').split('\n')) {
    if (line.trim() === '') continue;
    writeCase(out, JSON.parse(line) as ExtraRecord);
  }
  writeFileSync(stampFile, stamp);
  return out;
}

function writeCase(root: string, r: ExtraRecord): void {
  const tag = Object.entries(r.constexprs).map(([k, v]) => `${k}${v}`).join('-');
  const dir = join(root, `${r.kernel}-${tag}-sm${r.capability}-w${r.num_warps}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, '00-ttir.mlir'), r.ttir);
  const stages = r.stages.slice(0, TTGIR_STAGES).map((s, i) => {
    const file = `${String(i + 1).padStart(2, '0')}-${s.pass}.mlir`;
    writeFileSync(join(dir, file), s.output ?? '');
    const flag = (FLAGS[s.pass] ?? `--${s.pass}`)
      .replaceAll('{cap}', String(r.capability))
      .replaceAll('{nw}', String(r.num_warps))
      .replaceAll('{ptx}', String(r.ptx_version));
    return { file, pass: s.pass, flag };
  });
  writeFileSync(join(dir, 'llvm.mlir'), r.stages[r.stages.length - 1]?.output ?? '');
  writeFileSync(join(dir, 'kernel.ptx'), r.ptx);
  const meta = {
    kernel: r.kernel,
    constexprs: r.constexprs,
    capability: r.capability,
    num_warps: r.num_warps,
    ptx_version: r.ptx_version,
    shared_bytes: r.shared ?? null,
    stages,
    llvm: { file: 'llvm.mlir', after: r.stages.slice(TTGIR_STAGES).map((s) => s.pass) },
    source: 'Triton 3.6.0 (pip wheel) on the GPU machine, scripts/oracle/kernels_extra.py',
  };
  writeFileSync(join(dir, 'meta.json'), JSON.stringify(meta, null, 1));
}
