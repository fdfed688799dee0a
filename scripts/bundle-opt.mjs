// Bundles the ttg-opt driver (dist/tools/opt-main.js and everything it imports) into one CommonJS file,
// dist/ttg-opt.bundle.cjs, which dist/bin/ttg-opt.js loads with a V8 code cache: one file to read and no
// module resolution makes the CLI start about twice as fast. Then runs the CLI once on an example to
// write the code cache (dist/ttg-opt.bundle.cache). Skipped (the CLI then loads the modules) when rolldown,
// the bundler vitest already depends on, is not installed.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'ttg-opt.bundle.cjs');
let build;
try {
  ({ build } = await import('rolldown'));
} catch {
  console.warn('bundle-opt: rolldown not installed; ttg-opt will load its modules one by one');
  process.exit(0);
}
rmSync(join(root, 'dist', 'ttg-opt.bundle.cache'), { force: true });
await build({
  input: join(root, 'dist', 'tools', 'opt-main.js'),
  platform: 'node',
  external: [/^node:/, 'yargs', 'diff'],
  output: { file: out, format: 'cjs', codeSplitting: false },
  logLevel: 'warn',
});
// Warm the code cache with a representative run (parse, verify, a pass, print).
const sample = join(root, 'examples', 'matmul.ttgir.mlir');
if (existsSync(sample)) {
  try {
    execFileSync(process.execPath, [join(root, 'dist', 'bin', 'ttg-opt.js'), sample, '--symbol-dce'], { stdio: 'ignore' });
  } catch {
    // a failing example only means a colder cache
  }
}
