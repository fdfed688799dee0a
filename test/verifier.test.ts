// Tests of the IR verifier (dialect/ir/verifier.ts) on parsed and hand-built IR.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groundTruth } from '../golden/ground-truth.js';
import '../dialect/index.js';
import { Attribute } from '../dialect/ir/attribute.js';
import { createOperation } from '../dialect/ir/create.js';
import { Diagnostic, renderDiagnostic, SourceManager } from '../dialect/ir/diagnostics.js';
import type { AsmPrinter } from '../dialect/ir/asm-interfaces.js';
import { FileLineColLoc, NameLoc, CallSiteLoc, UnknownLoc } from '../dialect/ir/location.js';
import { defineOp } from '../dialect/ir/op-definition.js';
import { intern, IntegerType, RankedTensorType } from '../dialect/ir/type.js';
import { lookupIntAttr, verifyOperation } from '../dialect/ir/verifier.js';
import type { Operation } from '../dialect/ir/ir.js';
import { Parser } from '../parser/parser.js';
import '../printer/printer.js';

function parse(src: string): Operation {
  return new Parser(src, { filename: 'test.mlir' }).parseModule();
}

/** Parses and verifies; returns `line:col: message` of the first failure, or undefined. */
function check(src: string): string | undefined {
  const d = verifyOperation(parse(src));
  if (!d) return undefined;
  const loc = d.loc as FileLineColLoc;
  return `${loc.line}:${loc.col}: ${d.message}`;
}

const BLOCKED4 = '#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>\n';

describe('dominance', () => {
  it('accepts uses after definitions and rejects uses before them in a block', () => {
    expect(check('tt.func @f(%a: i32) {\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.addi %0, %0 : i32\n  tt.return\n}')).toBeUndefined();
    expect(check('tt.func @f(%a: i32) {\n  %0 = arith.addi %1, %a : i32\n  %1 = arith.addi %a, %a : i32\n  tt.return\n}')).toBe(
      '2:8: operand #0 does not dominate this use',
    );
  });

  it('uses a dominator tree across blocks', () => {
    const diamond = (use: string): string =>
      `tt.func @f(%c: i1, %a: i32) {\n  cf.cond_br %c, ^bb1, ^bb2\n^bb1:\n  %0 = arith.addi %a, %a : i32\n  cf.br ^bb3\n^bb2:\n  cf.br ^bb3\n^bb3:\n  %1 = arith.addi ${use}, ${use} : i32\n  tt.return\n}`;
    expect(check(diamond('%a'))).toBeUndefined();
    expect(check(diamond('%0'))).toBe('9:8: operand #0 does not dominate this use');
    // A value defined in the entry block dominates every block; a loop back edge is fine.
    expect(
      check('tt.func @f(%c: i1, %a: i32) {\n  %0 = arith.addi %a, %a : i32\n  cf.br ^bb1\n^bb1:\n  %1 = arith.addi %0, %0 : i32\n  cf.cond_br %c, ^bb1, ^bb2\n^bb2:\n  tt.return\n}'),
    ).toBeUndefined();
  });

  it('checks uses in nested regions against the enclosing op', () => {
    expect(check('tt.func @f(%c: i1, %a: i32) {\n  %0 = arith.addi %a, %a : i32\n  scf.if %c {\n    %1 = arith.addi %0, %a : i32\n  }\n  tt.return\n}')).toBeUndefined();
    expect(check('tt.func @f(%c: i1, %a: i32) {\n  scf.if %c {\n    %1 = arith.addi %0, %a : i32\n  }\n  %0 = arith.addi %a, %a : i32\n  tt.return\n}')).toBe(
      '3:10: operand #0 does not dominate this use',
    );
  });

  it('attaches MLIR notes about the definition', () => {
    const d = verifyOperation(parse('tt.func @f(%a: i32) {\n  %0 = arith.addi %1, %a : i32\n  %1 = arith.addi %a, %a : i32\n  tt.return\n}'))!;
    expect(d.notes.map((n) => n.message)).toEqual(['operand defined here (op in the same block)']);
    expect((d.notes[0]!.loc as FileLineColLoc).line).toBe(3);
  });

  it('does not check dominance in the module body (a graph region)', () => {
    const m = parse('tt.func @f() {\n  tt.return\n}');
    // Move a use ahead of its definition at module level: still valid, as in MLIR.
    const body = m.region(0).blocks[0]!;
    const c1 = createOperation({ name: 'arith.constant', resultTypes: [IntegerType.get(32)], attributes: [['value', intAttr(1)]] });
    const add = createOperation({ name: 'arith.addi', operands: [c1.result(), c1.result()], resultTypes: [IntegerType.get(32)] });
    body.insertAt(0, add);
    body.insertAt(1, c1);
    expect(verifyOperation(m)).toBeUndefined();
  });
});

import { IntegerAttr } from '../dialect/ir/attribute.js';
function intAttr(v: number): IntegerAttr {
  return IntegerAttr.get(IntegerType.get(32), v);
}

describe('structure', () => {
  it('requires terminators, last in their block', () => {
    expect(check('tt.func @f(%a: i32) {\n  %0 = arith.addi %a, %a : i32\n}')).toBe('2:8: block with no terminator, has %0 = "arith.addi"(%arg0, %arg0) : (i32, i32) -> i32');
    expect(check('tt.func @f(%a: i32) {\n  "tt.return"() : () -> ()\n  %0 = arith.addi %a, %a : i32\n}')).toBe(
      "2:3: 'tt.return' op must be the last operation in the parent block",
    );
    expect(check('"tt.func"() <{function_type = () -> (), sym_name = "f"}> ({\n^bb0:\n}) : () -> ()')).toBe('1:1: empty block: expect at least a terminator');
  });

  it('checks operand, result and region counts', () => {
    expect(check('tt.func @f(%a: i32) {\n  %0 = "tt.splat"(%a, %a) : (i32, i32) -> tensor<4xi32>\n  tt.return\n}')).toBe("2:8: 'tt.splat' op requires a single operand");
    expect(check('tt.func @f(%a: i32) {\n  %0 = "arith.addi"(%a) : (i32) -> i32\n  tt.return\n}')).toBe("2:8: 'arith.addi' op expected 2 operands, but found 1");
    expect(check('tt.func @f(%a: i32) {\n  "arith.addi"(%a, %a) : (i32, i32) -> ()\n  tt.return\n}')).toBe("2:3: 'arith.addi' op requires one result");
    expect(check('tt.func @f(%a: i32) {\n  %0 = "arith.addi"(%a, %a) ({\n  }) : (i32, i32) -> i32\n  tt.return\n}')).toBe("2:8: 'arith.addi' op requires zero regions");
  });

  it('checks type constraints, attributes and traits', () => {
    expect(check('tt.func @f(%a: f32) {\n  %0 = arith.addi %a, %a : f32\n  tt.return\n}')).toBe(
      "2:8: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'",
    );
    expect(check('tt.func @f(%a: i32, %b: i64) {\n  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32\n  tt.return\n}')).toBe(
      "2:8: 'arith.addi' op requires the same type for all operands and results",
    );
    expect(check('tt.func @f() {\n  %0 = "tt.make_range"() <{start = 0 : i32}> : () -> tensor<4xi32>\n  tt.return\n}')).toBe(
      "2:8: 'tt.make_range' op requires attribute 'end'",
    );
    expect(check('tt.func @f(%a: i32) {\n  %0 = tt.splat %a : i32 -> tensor<4xf32>\n  tt.return\n}')).toBe(
      "2:8: 'tt.splat' op requires the same element type for all operands and results",
    );
  });

  it('runs Triton tensor size checks on tt ops only', () => {
    expect(check('tt.func @f(%a: i32) {\n  %0 = tt.splat %a : i32 -> tensor<6xi32>\n  tt.return\n}')).toMatch(/^2:8: Number of elements must be power-of-two, but %0 = "tt.splat"/);
  });

  it('checks IsolatedFromAbove and symbol tables', () => {
    expect(check('module {\n  %c = arith.constant 1 : i32\n  tt.func @f() {\n    %0 = arith.addi %c, %c : i32\n    tt.return\n  }\n}')).toBe(
      "4:10: 'arith.addi' op using value defined outside the region",
    );
    expect(check('tt.func @f() {\n  tt.return\n}\ntt.func @f() {\n  tt.return\n}')).toBe("4:1: redefinition of symbol named 'f'");
  });

  it('checks function entry blocks against the signature', () => {
    expect(check('"tt.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({\n^bb0(%a: f32):\n  "tt.return"() : () -> ()\n}) : () -> ()')).toBe(
      "1:1: 'tt.func' op type of entry block argument #0('f32') must match the type of the corresponding argument in function signature('i32')",
    );
  });

  it('rejects unregistered ops unless allowed', () => {
    const m = parse('tt.func @f() {\n  tt.return\n}');
    const body = m.region(0).blocks[0]!.ops[0]!.region(0).blocks[0]!;
    body.insertAt(0, createOperation({ name: 'tt.nonexistent' }));
    expect(verifyOperation(m)?.message).toBe("unregistered operation 'tt.nonexistent' found in dialect ('tt') that does not allow unknown operations");
    body.ops[0]!.remove();
    body.insertAt(0, createOperation({ name: 'foo.bar' }));
    expect(verifyOperation(m)?.message).toMatch(/^operation being parsed with an unregistered dialect/);
    expect(verifyOperation(m, { allowUnregistered: true })).toBeUndefined();
  });

  it('turns exceptions of verify hooks into op errors', () => {
    defineOp({ name: 'test.verify_throws', verify: () => { throw new Error('hook crashed'); } });
    const m = parse('tt.func @f() {\n  tt.return\n}');
    m.region(0).blocks[0]!.ops[0]!.region(0).blocks[0]!.insertAt(0, createOperation({ name: 'test.verify_throws' }));
    expect(verifyOperation(m)?.message).toBe("'test.verify_throws' op hook crashed");
  });
});

describe('attribute invariants and layouts', () => {
  class BadAttr extends Attribute {
    print(p: AsmPrinter): void {
      p.write('#test.bad');
    }
    verify(): string | undefined {
      return 'bad attribute';
    }
  }

  it('calls verify() of attributes nested in types and attributes', () => {
    const m = parse('tt.func @f() {\n  tt.return\n}');
    const bad = intern(new BadAttr());
    const t = RankedTensorType.get([4], IntegerType.get(32), bad);
    m.region(0).blocks[0]!.ops[0]!.region(0).blocks[0]!.insertAt(0, createOperation({ name: 'test.any_op', resultTypes: [t] }));
    expect(verifyOperation(m, { allowUnregistered: true })?.message).toBe('bad attribute');
  });

  it('checks blocked layouts against ttg.num-warps and ttg.threads-per-warp of the nearest op', () => {
    const warps = (n: number, fnAttr = ''): string =>
      `${BLOCKED4}module attributes {"ttg.num-warps" = ${n} : i32} {\n  tt.func @f()${fnAttr} {\n    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>\n    tt.return\n  }\n}`;
    expect(check(warps(4))).toBeUndefined();
    expect(check(warps(8))).toBe(
      '4:10: Result has an invalid layout: #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>.\nLayout has 4 warps per CTA, but the context requires 8 warps per CTA.',
    );
    // A function-level attribute overrides the module's.
    expect(check(warps(8, ' attributes {"ttg.num-warps" = 4 : i32}'))).toBeUndefined();
    // Arith ops are not checked (Triton's trait is on tt/ttg ops only).
    expect(
      check(`${BLOCKED4}module attributes {"ttg.num-warps" = 8 : i32} {\n  tt.func @f(%a: tensor<128xi32, #blocked>) {\n    %0 = arith.addi %a, %a : tensor<128xi32, #blocked>\n    tt.return\n  }\n}`),
    ).toBeUndefined();
    const m = parse(warps(2));
    let op: Operation | undefined;
    m.walk((o) => {
      if (o.name === 'tt.make_range') op = o;
    });
    expect(lookupIntAttr(op!, 'ttg.num-warps')).toBe(2);
  });

  it('checks every distributed layout through its linear layout, per context', () => {
    const mma = (attrs: string): string =>
      `#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [1, 1]${attrs}}>\n#dot = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>\n` +
      `module attributes {"ttg.num-warps" = 4 : i32} {\n  tt.func @f(%a: tensor<16x16xf16, #dot>, %c: tensor<16x16xf32, #mma>) {\n` +
      `    %0 = ttg.convert_layout %a : tensor<16x16xf16, #dot> -> tensor<16x16xf16, #dot>\n` +
      `    %1 = ttg.convert_layout %c : tensor<16x16xf32, #mma> -> tensor<16x16xf32, #mma>\n    tt.return\n  }\n}`;
    const dotKey = '#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>, kWidth = 2}>';
    expect(check(mma(', instrShape = [16, 8]'))).toBe(
      `5:10: Operand 0 (<block argument> of type 'tensor<16x16xf16, ${dotKey}>' at index: 0) has an invalid layout: ${dotKey}.\nLayout has 1 warps per CTA, but the context requires 4 warps per CTA.`,
    );
    // Without instrShape the mma layout has no linear layout (Triton 3.6 aborts); its dot operand still has one.
    expect(check(mma('').replace('"ttg.num-warps" = 4', '"ttg.num-warps" = 1'))).toMatch(
      /^6:10: Operand 0 \(<block argument> of type 'tensor<16x16xf32, #ttg\.nvidia_mma<\{[^']*instrShape = \[\]\}>>' at index: 1\) has an invalid layout: .*\.\ninstrShape \[\] does not match rank 2$/,
    );
  });

  it('takes the warps of a warp_specialize partition from its parent op', () => {
    const src = (partitionWarps: number): string =>
      `${BLOCKED4}module attributes {"ttg.num-warps" = 8 : i32} {\n  tt.func @f() {\n    ttg.warp_specialize()\n    default {\n      ttg.warp_yield\n    }\n` +
      `    partition0() num_warps(${partitionWarps}) {\n      %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>\n      ttg.warp_return\n    } : () -> ()\n    tt.return\n  }\n}`;
    expect(check(src(4))).toBeUndefined();
    expect(check(src(2))).toMatch(/^9:12: Result has an invalid layout: .*\nLayout has 4 warps per CTA, but the context requires 2 warps per CTA\.$/);
  });

  it('accepts every corpus kernel it can parse (no false positives)', () => {
    const gt = groundTruth();
    const dir = 'golden/corpus';
    let checked = 0;
    for (const kernel of gt.list(dir).filter((_, i) => i % 6 === 0)) {
      for (const f of gt.list(join(dir, kernel)).filter((x) => x.endsWith('.mlir') && x !== 'llvm.mlir')) {
        let m: Operation;
        try {
          m = new Parser(gt.read(join(dir, kernel, f)), { filename: f }).parseModule();
        } catch {
          continue; // dialects still missing in this tree are not the verifier's business
        }
        const d = verifyOperation(m);
        expect(d?.message, `${kernel}/${f}`).toBeUndefined();
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('diagnostic rendering', () => {
  it('finds the innermost file location of name and call-site locations', () => {
    const src = new SourceManager();
    src.add('a.mlir', 'line one\n  line two\n');
    const loc = NameLoc.get('x', CallSiteLoc.get(FileLineColLoc.get('a.mlir', 2, 3), UnknownLoc.get()));
    expect(renderDiagnostic(new Diagnostic('error', 'msg', loc), src)).toBe('a.mlir:2:3: error: msg\n  line two\n  ^\n');
    expect(renderDiagnostic(new Diagnostic('warning', 'w', UnknownLoc.get()), src)).toBe('<unknown>:0: warning: w\n');
    expect(renderDiagnostic(new Diagnostic('error', 'off', { file: 'a.mlir', offset: 11 }), src)).toBe('a.mlir:2:3: error: off\n  line two\n  ^\n');
    expect(renderDiagnostic(new Diagnostic('error', 'py', FileLineColLoc.get('kernel.py', 7, 1)), src)).toBe('kernel.py:7:1: error: py\n');
  });
});
