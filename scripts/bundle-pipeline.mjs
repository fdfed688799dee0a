// Rebuilds golden/pipeline/pipeline.jsonl.br, the repository's copy of Triton 3.6's real CUDA pipeline
// (../shared/golden/pipeline.tar.xz: 224 cases, every pass of make_ttgir + make_llir, one file per changed stage).
//   node scripts/bundle-pipeline.mjs [ARCHIVE.tar.xz | UNPACKED_DIR] [-o OUT]   (default archive: $TTG_SHARED or ../shared)
// Kept per case: meta.json and the TTGIR texts the `pipeline` golden mode compares (00-ttir.mlir and every stage
// file named before convert-triton-gpu-to-llvm); kernel.ptx is left out. Identical texts (the same TTIR at several
// num_stages, unchanged tails) are stored once. Each line of the (brotli-compressed) JSONL is either
//   {"text": ID, "body": "..."}                       a text, defined before its first use, or
//   {"case": NAME, "meta": {...}, "files": {NAME: ID}} a case: its meta.json and its files by text id.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
let out = join(root, 'golden', 'pipeline', 'pipeline.jsonl.br');
const oi = args.indexOf('-o');
if (oi >= 0) {
  out = args[oi + 1];
  args.splice(oi, 2);
}
const shared = process.env.TTG_SHARED || join(root, '..', 'shared');
const source = args[0] ?? join(shared, 'golden', 'pipeline.tar.xz');
if (!existsSync(source)) {
  console.error(`bundle-pipeline: ${source} does not exist`);
  process.exit(1);
}

let tmp;
let dir = source;
if (statSync(source).isFile()) {
  tmp = mkdtempSync(join(tmpdir(), 'bundle-pipeline-'));
  execFileSync('tar', ['-xJf', source, '-C', tmp]);
  dir = join(tmp, 'pipeline');
}

const LOWERING = 'convert-triton-gpu-to-llvm';
const ids = new Map();
const lines = [];
const intern = (body) => {
  let id = ids.get(body);
  if (id === undefined) {
    id = ids.size;
    ids.set(body, id);
    lines.push(JSON.stringify({ text: id, body }));
  }
  return id;
};

let cases = 0;
let rawBytes = 0;
for (const name of readdirSync(dir).sort()) {
  const caseDir = join(dir, name);
  if (!existsSync(join(caseDir, 'meta.json'))) continue;
  const meta = JSON.parse(readFileSync(join(caseDir, 'meta.json'), 'utf8'));
  const wanted = new Set(['00-ttir.mlir']);
  for (const s of meta.stages) {
    if (s.pass === LOWERING) break;
    if (s.file) wanted.add(s.file);
  }
  const files = {};
  for (const f of [...wanted].sort()) {
    const body = readFileSync(join(caseDir, f), 'utf8');
    rawBytes += body.length;
    files[f] = intern(body);
  }
  lines.push(JSON.stringify({ case: name, meta, files }));
  cases++;
}
if (tmp) rmSync(tmp, { recursive: true, force: true });

const packed = brotliCompressSync(Buffer.from(lines.join('\n') + '\n'), {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24 },
});
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, packed);
const mb = (n) => (n / 1e6).toFixed(2);
console.log(`bundle-pipeline: ${cases} cases, ${ids.size} distinct texts (${mb(rawBytes)} MB of stage files) -> ${out} (${mb(packed.length)} MB)`);
