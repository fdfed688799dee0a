// Copies Triton's MLIR_ENABLE_DUMP=1 logs (../shared/golden/dumps.tar.xz) into golden/data/dumps/ as brotli files,
// the form ttg-replay's tests read (ttg-replay reads .br and .gz logs as they are).
//   node scripts/bundle-dumps.mjs [path/to/dumps.tar.xz]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const archive = process.argv[2] ?? join(process.env.TTG_SHARED ?? join(root, '..', 'shared'), 'golden', 'dumps.tar.xz');
const tmp = mkdtempSync(join(tmpdir(), 'dumps-'));
try {
  execFileSync('tar', ['-xJf', archive, '-C', tmp]);
  const src = join(tmp, 'dumps');
  const out = join(root, 'golden', 'data', 'dumps');
  mkdirSync(out, { recursive: true });
  for (const f of readdirSync(src).filter((n) => n.endsWith('.log')).sort()) {
    const packed = brotliCompressSync(readFileSync(join(src, f)), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_LGWIN]: 24 },
    });
    writeFileSync(join(out, `${f}.br`), packed);
    console.log(`${f}.br: ${packed.length} bytes`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
