// Build: generate the peggy lexer, compile TypeScript, copy the generated parser next to its compiled importers.
import { execFileSync } from 'node:child_process';
import { mkdirSync, copyFileSync, readdirSync, existsSync, chmodSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const grammars = existsSync(join(root, 'parser')) ? readdirSync(join(root, 'parser')).filter((f) => f.endsWith('.peggy')) : [];
mkdirSync(join(root, 'parser', 'generated'), { recursive: true });
for (const g of grammars) {
  const out = join(root, 'parser', 'generated', g.replace(/\.peggy$/, '.js'));
  execFileSync(bin('peggy'), ['--format', 'es', '--dts', '-o', out, join(root, 'parser', g)], { stdio: 'inherit' });
}
execFileSync(bin('tsc'), ['-p', join(root, 'tsconfig.json')], { stdio: 'inherit' });
mkdirSync(join(root, 'dist', 'parser', 'generated'), { recursive: true });
for (const f of readdirSync(join(root, 'parser', 'generated'))) {
  if (f.endsWith('.js')) copyFileSync(join(root, 'parser', 'generated', f), join(root, 'dist', 'parser', 'generated', f));
}
// One-file bundle of the ttg-opt driver, for a fast CLI start (see scripts/bundle-opt.mjs).
execFileSync(process.execPath, [join(root, 'scripts', 'bundle-opt.mjs')], { stdio: 'inherit' });
// The CLIs run through their #! line (npm links them; lit and the bench exec them directly).
for (const f of readdirSync(join(root, 'dist', 'bin'))) {
  if (f.endsWith('.js')) chmodSync(join(root, 'dist', 'bin', f), 0o755);
}
