// (Re)creates golden/data/: the ground truth of ../shared (or $TTG_SHARED) that the tests and `npm run golden`
// read, one brotli-compressed JSON-lines file per dataset (each line `[path, text]`, path relative to the shared
// root), so that a clone without ../shared still checks everything. pipeline.tar.xz and dumps.tar.xz are not
// bundled here. Usage: node scripts/bundle-ground-truth.mjs [--check]   (--check: exit 1 when the bundle is stale)
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shared = process.env.TTG_SHARED ? resolve(process.env.TTG_SHARED) : resolve(root, '..', 'shared');
const out = join(root, 'golden', 'data');
// Keep in step with DATASETS in golden/ground-truth.ts.
const DATASETS = [
  { name: 'corpus', path: 'golden/corpus' },
  { name: 'layouts', path: 'golden/layouts.jsonl' },
  { name: 'upstream', path: 'upstream' },
  { name: 'upstream-pipeline', path: 'upstream-pipeline' },
];

function walk(abs, acc) {
  if (statSync(abs).isFile()) return acc.push(abs), acc;
  for (const name of readdirSync(abs).sort()) walk(join(abs, name), acc);
  return acc;
}

function records(ds) {
  const files = walk(join(shared, ds.path), []).sort();
  return files.map((f) => JSON.stringify([relative(shared, f).split('\\').join('/'), readFileSync(f, 'utf8')])).join('\n') + '\n';
}

if (!existsSync(shared)) {
  process.stderr.write(`bundle-ground-truth: no ground truth folder at ${shared} (set TTG_SHARED)\n`);
  process.exit(1);
}
const check = process.argv.includes('--check');
mkdirSync(out, { recursive: true });
let stale = 0;
for (const ds of DATASETS) {
  const text = records(ds);
  const file = join(out, `${ds.name}.jsonl.br`);
  const old = existsSync(file) ? brotliDecompressSync(readFileSync(file)).toString('utf8') : undefined;
  const lines = text.split('\n').length - 1;
  if (old === text) {
    process.stdout.write(`${ds.name}: ${lines} files, up to date\n`);
    continue;
  }
  stale++;
  if (check) {
    process.stdout.write(`${ds.name}: differs from ${join(shared, ds.path)}\n`);
    continue;
  }
  const br = brotliCompressSync(Buffer.from(text, 'utf8'), {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
    },
  });
  writeFileSync(file, br);
  process.stdout.write(`${ds.name}: ${lines} files, ${Buffer.byteLength(text)} bytes -> ${br.length} bytes\n`);
}
if (check && stale > 0) process.exit(1);
