// Tests of the ttg-opt driver (tools/opt-main.ts): in-process through runOpt / runOptSync, plus a few real
// subprocess runs of dist/bin/ttg-opt.js.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groundTruth } from '../golden/ground-truth.js';
import '../tools/passes.js';
import { Diagnostic } from '../dialect/ir/diagnostics.js';
import { createOperation } from '../dialect/ir/create.js';
import { IntegerType } from '../dialect/ir/type.js';
import { closestPasses, editDistance, getPass, parsePassOptions, registerPass, splitOptionEntries } from '../transforms/pass.js';
import { parsePipeline } from '../transforms/pipeline-parser.js';
import { parseCommandLine, runOpt, runOptSync } from '../tools/opt-main.js';
import { splitInput } from '../tools/split-input.js';

const root = join(__dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'ttg-opt-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const p = join(tmp, name);
  writeFileSync(p, text);
  return p;
}

const GOOD = `tt.func @f(%arg0: i32) {
  %0 = arith.addi %arg0, %arg0 : i32
  tt.return
}
`;
/** triton-opt prints the module and then one more newline. */
const GOOD_OUT = `module {
  tt.func @f(%arg0: i32) {
    %0 = arith.addi %arg0, %arg0 : i32
    tt.return
  }
}

`;

// Test-only passes exercising the pass manager's failure paths.
beforeAll(() => {
  if (getPass('test-throw')) return;
  registerPass({ name: 'test-throw', description: 'throws a plain Error (an internal bug)', run: () => { throw new Error('boom'); } });
  registerPass({
    name: 'test-emit-error',
    description: 'reports an error on the first tt.func',
    run(module, _o, ctx) {
      module.walk((op) => {
        if (op.name === 'tt.func') {
          ctx.emitError(op, 'this function is not welcome');
          ctx.signalPassFailure();
          return 'skip';
        }
        return undefined;
      });
    },
  });
  registerPass({
    name: 'test-break-ir',
    description: 'appends an op after every tt.return (invalid IR)',
    run(module) {
      module.walk((op) => {
        if (op.name === 'tt.return') op.parent!.append(createOperation({ name: 'tt.get_program_id', resultTypes: [IntegerType.get(32)] }));
      });
    },
  });
  registerPass({
    name: 'test-options',
    description: 'echoes its options as a module attribute-free remark',
    options: {
      n: { type: 'int', default: 1, description: 'a number' },
      flag: { type: 'bool', default: false, description: 'a flag' },
      name: { type: 'string', default: 'x', description: 'a name' },
      items: { type: 'list', element: 'string', default: [], description: 'a list' },
    },
    run(module, o, ctx) {
      ctx.emitRemark(module, JSON.stringify(o));
    },
  });
});

describe('output', () => {
  it('prints the parsed module followed by a blank line, as triton-opt does', () => {
    const r = runOptSync([file('good.mlir', GOOD)]);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(GOOD_OUT);
  });

  it('reads stdin for - and for no input', () => {
    expect(runOptSync(['-'], GOOD).stdout).toBe(GOOD_OUT);
    expect(runOptSync([], GOOD).stdout).toBe(GOOD_OUT);
  });

  it('round-trips a corpus kernel with debug info', () => {
    const text = groundTruth().read('golden/corpus/add-BLOCK1024-sm80-w4/00-ttir.mlir');
    const r = runOptSync([file('add-ttir.mlir', text), '--mlir-print-debuginfo']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(text + '\n');
  });

  it('writes -o atomically and not at all on error', () => {
    const out = join(tmp, 'out.mlir');
    expect(runOptSync([file('o.mlir', GOOD), '-o', out]).exitCode).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(GOOD_OUT);
    const out2 = join(tmp, 'out2.mlir');
    const r = runOptSync([file('bad.mlir', 'tt.func @f() {\n  %0 = arith.addi %x, %x : i32\n'), `-o=${out2}`]);
    expect(r.exitCode).toBe(1);
    expect(existsSync(out2)).toBe(false);
    expect(r.stdout).toBe('');
  });

  it('prints generic form and debug info on request', () => {
    const r = runOptSync([file('g.mlir', GOOD), '-mlir-print-op-generic']);
    expect(r.stdout).toContain('"tt.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({');
    const d = runOptSync([file('d.mlir', GOOD), '--mlir-print-debuginfo']);
    expect(d.stdout).toMatch(/loc\(".*d\.mlir":2:8\)/);
  });
});

describe('diagnostics', () => {
  it('reports parse errors as file:line:col with the source line and a caret', () => {
    const p = file('perr.mlir', 'tt.func @f(%arg0: i32) {\n  %0 = arith.addi %arg0, %nope : i32\n  tt.return\n}\n');
    const r = runOptSync([p]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`${p}:2:26: error: use of undeclared SSA value name\n  %0 = arith.addi %arg0, %nope : i32\n                         ^\n`);
  });

  it('reports verifier errors at the op with MLIR notes', () => {
    const p = file('verr.mlir', 'tt.func @f(%arg0: i32) {\n  %0 = arith.addi %1, %arg0 : i32\n  %1 = arith.muli %arg0, %arg0 : i32\n  tt.return\n}\n');
    const r = runOptSync([p]);
    expect(r.exitCode).toBe(1);
    const lines = r.stderr.split('\n');
    expect(lines[0]).toBe(`${p}:2:8: error: operand #0 does not dominate this use`);
    expect(r.stderr).toContain(`${p}:2:8: note: see current operation: %0 = "arith.addi"(%1, %arg0)`);
    expect(r.stderr).toContain(`${p}:3:8: note: operand defined here (op in the same block)`);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('never prints a stack trace for bad input, even a truncated file', () => {
    for (const text of ['tt.func @f(', '#blocked = #ttg.blocked<{', '"', 'module {', '%0 = ', '\u0000', '}}}']) {
      const r = runOptSync(['-'], text);
      expect(r.exitCode, text).toBe(1);
      expect(r.stderr, text).toMatch(/^<stdin>:\d+:\d+: error: /);
      expect(r.stderr).not.toContain('internal error');
    }
  });

  it('reports internal errors (bugs) with exit status 2', () => {
    const r = runOptSync([file('t.mlir', GOOD), '--test-throw']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe('ttg-opt: internal error: boom\n');
  });

  it('stops at a pass that reports an error', () => {
    const p = file('pe.mlir', GOOD);
    const r = runOptSync([p, '--test-emit-error', '--symbol-dce']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(`${p}:1:1: error: this function is not welcome`);
  });

  it('verifies after each pass unless --verify-each=false', () => {
    const p = file('vb.mlir', GOOD);
    const r = runOptSync([p, '--test-break-ir']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("error: 'tt.return' op must be the last operation in the parent block");
    const r2 = runOptSync([p, '--test-break-ir', '--verify-each=false']);
    expect(r2.exitCode).toBe(0);
    expect(r2.stdout).toContain('tt.get_program_id');
  });
});

describe('split-input-file', () => {
  const text = `tt.func @a() {\n  tt.return\n}\n\n// -----\n\ntt.func @b(%arg0: i32) {\n  %0 = arith.addi %arg0, %zz : i32\n  tt.return\n}\n\n// -----\ntt.func @c() {\n  tt.return\n}\n`;

  it('splits like mlir-opt and keeps positions in the whole file', () => {
    const { chunks } = splitInput(text, true);
    expect(chunks).toHaveLength(3);
    expect(chunks[1]!.lineOffset).toBe(4);
    expect(chunks[1]!.text.startsWith('        \n\ntt.func @b')).toBe(true);
    expect(splitInput('a // ----\nb', true).nearMisses).toEqual([2]);
  });

  it('processes every chunk, reports whole-file lines, exits 1', () => {
    const p = file('split.mlir', text);
    const r = runOptSync([p, '-split-input-file']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(`${p}:8:26: error: use of undeclared SSA value name`);
    expect(r.stdout).toContain('tt.func @a()');
    expect(r.stdout).toContain('tt.func @c()');
    // A chunk that fails prints nothing; the split marker still separates the chunks (mlir-opt's interleave).
    expect(r.stdout.split('// -----\n')).toHaveLength(3);
    expect(r.stdout.endsWith('}\n\n')).toBe(true);
    // Diagnostics come between the outputs of the chunks around them.
    const order = r.writes.map(([fd, t]) => (fd === 2 ? 'err' : t.includes('@a') ? 'a' : t.includes('@c') ? 'c' : 'sep'));
    expect(order.indexOf('a')).toBeLessThan(order.indexOf('err'));
    expect(order.indexOf('err')).toBeLessThan(order.indexOf('c'));
  });
});

describe('verify-diagnostics', () => {
  it('accepts matching expected-* designators', () => {
    const p = file(
      'vd.mlir',
      `tt.func @f(%arg0: f32) {\n  // expected-error @+1 {{must be signless-integer-like}}\n  %0 = arith.addi %arg0, %arg0 : f32\n  tt.return\n}\n// -----\ntt.func @g(%arg0: i32) {\n  %0 = arith.addi %1, %arg0 : i32 // expected-error {{does not dominate}}\n  // expected-note @below {{operand defined here}}\n  %1 = arith.muli %arg0, %arg0 : i32\n  tt.return\n}\n`,
    );
    const r = runOptSync([p, '-split-input-file', '-verify-diagnostics']);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
  });

  it('reports unexpected and missing diagnostics', () => {
    const p = file('vd2.mlir', `tt.func @f(%arg0: f32) {\n  // expected-error @+2 {{something}}\n  %0 = arith.addi %arg0, %arg0 : f32\n  tt.return\n}\n`);
    const r = runOptSync([p, '--verify-diagnostics']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`${p}:3:8: error: unexpected error: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'`);
    expect(r.stderr).toContain(`${p}:2:6: error: expected error "something" was not produced`);
  });
});

describe('passes and options', () => {
  it('runs pass flags in order, with one or two dashes', () => {
    const p = file('dce.mlir', 'tt.func private @dead() {\n  tt.return\n}\ntt.func @live() {\n  tt.return\n}\n');
    for (const flag of ['-symbol-dce', '--symbol-dce']) {
      const r = runOptSync([p, flag]);
      expect(r.exitCode).toBe(0);
      expect(r.stdout).not.toContain('@dead');
      expect(r.stdout).toContain('@live');
    }
  });

  it('parses triton-opt style options inside one argv element', () => {
    const p = file('opts.mlir', GOOD);
    const r = runOptSync([p, '--test-options=n=3 flag items=a,b name=hello', '--verify-diagnostics']);
    // The remark is unexpected under --verify-diagnostics, which shows its text.
    expect(r.stderr).toContain('unexpected remark: {"n":3,"flag":true,"name":"hello","items":["a","b"]}');
    const bad = runOptSync([p, '--test-options=n=three']);
    expect(bad.exitCode).toBe(1);
    // triton-opt's text (MLIR's pass option parser and llvm::cl) for a bad value and an unknown option.
    expect(bad.stderr).toBe("ttg-opt: for the --n option: 'three' value invalid for integer argument!\n<unknown>:0: error: \n");
    const unknown = runOptSync([p, '--test-options=m=1']);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toBe('<unknown>:0: error: <Pass-Options-Parser>: no such option m\n\n');
  });

  it('parses pass options and pipelines directly', () => {
    expect(splitOptionEntries('a=1 b={x y} c="q r" d')).toEqual([
      ['a', '1'],
      ['b', 'x y'],
      ['c', 'q r'],
      ['d', undefined],
    ]);
    expect(parsePassOptions(getPass('test-options')!, 'flag=false items=')).toEqual({ n: 1, flag: false, name: 'x', items: [] });
    expect(parsePipeline('builtin.module(cse, tt.func(canonicalize{max-iterations=2}), symbol-dce)')).toEqual([
      { name: 'cse', options: undefined },
      { name: 'canonicalize', options: 'max-iterations=2' },
      { name: 'symbol-dce', options: undefined },
    ]);
    expect(() => parsePipeline('builtin.module(cse')).toThrow(/expected '\)'/);
  });

  it('runs --pass-pipeline', () => {
    const p = file('pp.mlir', 'tt.func private @dead() {\n  tt.return\n}\n');
    const r = runOptSync([p, '--pass-pipeline=builtin.module(symbol-dce,strip-debuginfo)']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('module {\n}\n\n');
  });

  it('suggests the closest pass for an unknown flag', () => {
    expect(editDistance('symbol-dc', 'symbol-dce')).toBe(1);
    expect(closestPasses('strip-debug-info')).toEqual(['strip-debuginfo']);
    const r = runOptSync([file('u.mlir', GOOD), '--symbl-dce']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe("ttg-opt: Unknown command line argument '--symbl-dce'.  Try: 'ttg-opt --help'\nttg-opt: Did you mean '--symbol-dce'?\n");
  });

  it('dumps the IR after every pass with MLIR headers', () => {
    const r = runOptSync([file('dump.mlir', GOOD), '--symbol-dce', '--strip-debuginfo', '--mlir-print-ir-after-all', '--mlir-print-ir-before-all']);
    expect(r.exitCode).toBe(0);
    const headers = r.stderr.split('\n').filter((l) => l.startsWith('// -----//'));
    expect(headers).toEqual([
      '// -----// IR Dump Before SymbolDCE (symbol-dce) //----- //',
      '// -----// IR Dump After SymbolDCE (symbol-dce) //----- //',
      '// -----// IR Dump Before StripDebugInfo (strip-debuginfo) //----- //',
      '// -----// IR Dump After StripDebugInfo (strip-debuginfo) //----- //',
    ]);
    expect(r.stderr).toContain('//----- //\n' + GOOD_OUT + '\n');
  });

  it('parses the command line', () => {
    const c = parseCommandLine(['in.mlir', '-o', 'x', '-tritongpu-coalesce', '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=83', '-split-input-file']);
    expect(c.input).toBe('in.mlir');
    expect(c.output).toBe('x');
    expect(c.split).toBe(true);
    expect(c.passFlags.map((f) => [f.name, f.options])).toEqual([
      ['tritongpu-coalesce', undefined],
      ['convert-triton-gpu-to-llvm', 'compute-capability=90 ptx-version=83'],
    ]);
  });

  it('lists passes in --help and --list-passes', async () => {
    const h = await runOpt(['--help']);
    expect(h.exitCode).toBe(0);
    expect(h.stdout).toMatch(/--symbol-dce +- Eliminate dead symbols/);
    expect(h.stdout).toContain('--split-input-file');
    const l = runOptSync(['--list-passes']);
    expect(l.stdout).toContain('strip-debuginfo\tStrip debug info from all operations\n');
  });

  it('keeps Diagnostic notes in order', () => {
    const d = new Diagnostic('error', 'x');
    d.attachNote('a');
    d.attachNote('b');
    expect(d.notes.map((n) => n.message)).toEqual(['a', 'b']);
  });
});

describe('subprocess', () => {
  const bin = join(root, 'dist', 'bin', 'ttg-opt.js');
  const run = (args: string[], input?: string) => spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8' });

  it.skipIf(!existsSync(bin))('prints the module and exits 0', () => {
    const r = run([file('sp.mlir', GOOD)]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(GOOD_OUT);
  });

  it.skipIf(!existsSync(join(root, 'dist', 'ttg-opt.bundle.cjs')))('gives the same results from the bundle and from the modules', () => {
    const p = file('bm.mlir', GOOD + 'tt.func @g(%a: f32) {\n  %0 = arith.addi %a, %a : f32\n  tt.return\n}\n');
    const a = run([p, '--symbol-dce']);
    const b = spawnSync(process.execPath, [bin, p, '--symbol-dce'], { encoding: 'utf8', env: { ...process.env, TTG_OPT_NO_BUNDLE: '1' } });
    expect([a.status, a.stdout, a.stderr]).toEqual([b.status, b.stdout, b.stderr]);
    expect(a.status).toBe(1);
  });

  it.skipIf(!existsSync(bin))('exits 1 with a located error on bad input from stdin', () => {
    const r = run(['-'], 'tt.func @f() {\n  tt.retrun\n}\n');
    expect(r.status).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe("<stdin>:2:3: error: custom op 'tt.retrun' is unknown");
  });
});
