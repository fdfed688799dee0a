// The printer walks the IR once: it records the text with the types/attributes that may print through an alias
// left as pieces, feeds the alias collector in MLIR's dry-run order during the same walk, and resolves the pieces
// once the aliases are named. These cases pin its output to what the two-pass printer it replaced (a collecting
// dry run, then a printing run; commit 4ccadfd) printed, on inputs where the dry-run order and the print order
// differ or aliases nest: `#loc` aliases deferred after the module unless an argument location pulls them up,
// fused locations with metadata, call sites, locations as attribute values, nested layout aliases (dot operands
// of an #mma parent, memdesc types printed without their prefix), distinct ids numbered in print order, the
// generic form (the dry run visits regions before the op's own types and attributes), local scope, and the op a
// diagnostic shows. Expected files: test/fixtures/print-walk/expected/<input>--<flags>.txt.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../tools/passes.js';
import { runOptSync } from '../tools/opt-main.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';

const dir = join(import.meta.dirname, 'fixtures/print-walk');
const cases = JSON.parse(readFileSync(join(dir, 'cases.json'), 'utf8')) as { input: string; flags: string[] }[];

function expectedName(input: string, flags: readonly string[]): string {
  const suffix = flags.map((f) => '--' + f.replace(/^--(mlir-)?(print-)?/, '')).join('');
  return input.replace('.mlir', '') + suffix + '.txt';
}

/** Alias names defined at the top level (`#x = `, `!x = `) and those referenced anywhere. */
function aliases(text: string): { defined: string[]; used: Set<string> } {
  const defined = [...text.matchAll(/^([#!][A-Za-z_][\w$.]*) = /gm)].map((m) => m[1]!);
  const body = text.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const used = new Set([...body.matchAll(/(?<![\w#!])([#!][A-Za-z_][\w$.]*)(?![\w$.<])/g)].map((m) => m[1]!));
  return { defined, used };
}

describe('single-walk printer', () => {
  for (const c of cases) {
    it(`${c.input} ${c.flags.join(' ')}`, () => {
      const r = runOptSync(['-', ...c.flags], readFileSync(join(dir, c.input), 'utf8'));
      const got = `exit ${r.exitCode}\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}`;
      expect(got).toBe(readFileSync(join(dir, 'expected', expectedName(c.input, c.flags)), 'utf8'));
      // Every alias referenced is defined once; with local scope there are none.
      const { defined, used } = aliases(r.stdout);
      expect(new Set(defined).size).toBe(defined.length);
      if (c.flags.includes('--mlir-print-local-scope')) expect(defined).toEqual([]);
      for (const u of used) if (!u.startsWith('#llvm.') && !u.startsWith('#ttg.') && !u.startsWith('!')) expect(defined).toContain(u);
    });
  }

  it('refuses output longer than a string can be, counting every character (alias section included)', () => {
    // 1100 uses of a 100,000-member struct type (no alias: LLVM struct types have none) print ~550M characters.
    const struct = `!llvm.struct<(${Array(100000).fill('i32').join(', ')})>`;
    const ops = Array.from({ length: 1100 }, (_, i) => `    %${i} = llvm.mlir.undef : !s`).join('\n');
    const src = `!s = ${struct}\nmodule {\n  llvm.func @f() {\n${ops}\n    llvm.return\n  }\n}\n`;
    const r = runOptSync(['-'], src);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('error: output too large: the printed IR would have 550048440 characters, more than the 536870888 a string can hold');
  });

  it('prints the same text from a reused module, in any mode order', () => {
    const src = readFileSync(join(dir, 'matmul-scf.mlir'), 'utf8');
    const m = new Parser(src, { filename: 'matmul-scf.mlir' }).parseModule();
    const modes = [{ debugInfo: true }, {}, { debugInfo: true, generic: true }, { localScope: true }, { debugInfo: true }];
    const first = modes.map((o) => printOperation(m, o));
    const again = modes.map((o) => printOperation(m, o));
    expect(again).toEqual(first);
    expect(first[0]).toBe(first[4]);
    expect(first[1]).toBe(printOperation(new Parser(first[1]!, { filename: 'x' }).parseModule()));
  });
});
