#!/usr/bin/env node
// Round-trips every `// -----` chunk of ../shared/upstream/test/**/*.mlir through the parser, the
// verifier and the printer (no passes), and compares with what Triton 3.6 printed (or its error) in
// ../shared/upstream/expected/<file>.json. Prints counts; `-v` lists every mismatch, `-d N` shows N diffs.
// Usage: node scripts/upstream-roundtrip.mjs [-v] [-d N] [filter]   (after `npm run build`)
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shared = process.env.TTG_SHARED ?? join(root, '..', 'shared');
await import(join(root, 'dist/dialect/index.js'));
const { Parser } = await import(join(root, 'dist/parser/parser.js'));
const { printOperation } = await import(join(root, 'dist/printer/printer.js'));
let verifyOperation;
try {
  ({ verifyOperation } = await import(join(root, 'dist/dialect/ir/verifier.js')));
} catch {
  verifyOperation = undefined;
}

const args = process.argv.slice(2);
const verbose = args.includes('-v');
const di = args.indexOf('-d');
const showDiffs = di >= 0 ? Number(args[di + 1]) : 0;
const filter = args.filter((a, i) => !a.startsWith('-') && (di < 0 || i !== di + 1))[0];

function walk(d) {
  return readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]));
}

/** Triton's split: on lines that are exactly `// -----` (trailing spaces allowed). */
function splitChunks(text) {
  return text.split(/^\/\/ -----[ \t]*$/m);
}

function firstDiff(a, b) {
  const x = a.split('\n');
  const y = b.split('\n');
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  return `    line ${i + 1}\n      got: ${x[i] ?? '<eof>'}\n      exp: ${y[i] ?? '<eof>'}`;
}

const counts = { outOk: 0, outBad: 0, errOk: 0, errBad: 0 };
const reasons = new Map();
let shown = 0;
const testDir = join(shared, 'upstream/test');
for (const file of walk(testDir).filter((f) => f.endsWith('.mlir')).sort()) {
  const rel = relative(testDir, file);
  if (filter && !rel.includes(filter)) continue;
  const expPath = join(shared, 'upstream/expected', rel + '.json');
  if (!existsSync(expPath)) continue;
  const exp = JSON.parse(readFileSync(expPath, 'utf8'));
  const chunks = splitChunks(readFileSync(file, 'utf8'));
  for (const rt of exp.roundtrip) {
    const src = chunks[rt.chunk] ?? '';
    let out;
    let err;
    try {
      const m = new Parser(src, { filename: 'input.mlir' }).parseModule();
      const d = verifyOperation?.(m);
      if (d) err = `verify: ${d.message}`;
      else out = printOperation(m, {});
    } catch (e) {
      err = (e instanceof Error ? e.message : String(e)).split('\n')[0];
      if (e?.pos === undefined && !/^[A-Z]/.test(err)) err = 'internal: ' + err;
      if (e?.pos === undefined && !(e?.constructor?.name === 'ParseError')) err = 'internal ' + (e?.constructor?.name ?? '') + ': ' + err;
    }
    const tag = `${rel}#${rt.chunk}`;
    if ('triton36_output' in rt) {
      if (out === rt.triton36_output) counts.outOk++;
      else {
        counts.outBad++;
        const why = err ?? 'output differs';
        reasons.set(why, [...(reasons.get(why) ?? []), tag]);
        if (verbose) console.log(`MISMATCH ${tag}: ${why}`);
        if (out !== undefined && shown < showDiffs) {
          shown++;
          console.log(`DIFF ${tag}\n${firstDiff(out, rt.triton36_output)}`);
        }
      }
    } else {
      if (err !== undefined && !err.startsWith('internal')) counts.errOk++;
      else {
        counts.errBad++;
        const why = `expected error (${rt.triton36_error.trim().split('\n')[0].slice(0, 120)}) but ${err ?? 'parsed fine'}`;
        reasons.set(why, [...(reasons.get(why) ?? []), tag]);
        if (verbose) console.log(`NOERROR ${tag}: ${why}`);
      }
    }
  }
}
console.log(
  `outputs: ${counts.outOk}/${counts.outOk + counts.outBad} exact; errors: ${counts.errOk}/${counts.errOk + counts.errBad} rejected`,
);
for (const [why, tags] of [...reasons].sort((a, b) => b[1].length - a[1].length).slice(0, verbose ? 1000 : 25)) {
  console.log(`  ${tags.length} × ${why.slice(0, 200)}  [${tags.slice(0, 3).join(', ')}]`);
}
