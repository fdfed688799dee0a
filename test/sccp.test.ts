// The sccp pass through the library, against what Triton 3.6's -sccp printed (test/fixtures/rewrite-triton36,
// recorded on the GPU machine): constants through branches, loops (scf.for / scf.while / cf), calls to
// private and public functions, in-place folds, and the locations of the materialized constants.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../tools/passes.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { runSCCP } from '../transforms/sccp.js';

const fixtures = join(import.meta.dirname, '..', 'test/fixtures/rewrite-triton36');

describe('sccp: Triton 3.6 fixtures', () => {
  const inputs = existsSync(fixtures) ? readdirSync(fixtures).filter((f) => /^[a-z]\d\d_[a-z_]+\.mlir$/.test(f)) : [];
  for (const f of inputs) {
    const base = f.replace(/\.mlir$/, '');
    const expPath = join(fixtures, `${base}.sccp.expected.mlir`);
    if (!existsSync(expPath)) continue;
    it(base, () => {
      const m = new Parser(readFileSync(join(fixtures, f), 'utf8'), { filename: f }).parseModule();
      runSCCP(m);
      const out = printOperation(m, { debugInfo: base.endsWith('_debug') });
      expect(out.trimEnd()).toBe(readFileSync(expPath, 'utf8').trimEnd());
    });
  }
});
