/**
 * Tests for the llvm and nvvm dialects (dialect/llvm, dialect/nvvm):
 *  1. every corpus `llvm.mlir` (Triton 3.6's LLVM dialect output) parses and prints back byte for byte;
 *  2. LLVM type syntax: construction and printing, nested types without the `!llvm.` prefix, parsing;
 *  3. op syntax details Triton 3.6 prints (spacing quirks, elided defaults, generic-only intrinsics);
 *  4. malformed inputs fail with located errors, and the verifier rejects ill-typed ops.
 */
import { join } from 'node:path';
import { groundTruth } from '../golden/ground-truth.js';
import { describe, expect, test } from 'vitest';
import '../dialect/index.js';
import { verifyOperation } from '../dialect/ir/verifier.js';
import { IntegerType, FloatType, VectorType, type Type } from '../dialect/ir/type.js';
import {
  LLVMArrayType,
  LLVMFunctionType,
  LLVMPointerType,
  LLVMSimpleType,
  LLVMStructType,
  LLVMTargetExtType,
  LLVMVoidType,
} from '../dialect/llvm/types.js';
import { FastmathFlagsAttr, IntegerOverflowFlagsAttr } from '../dialect/llvm/attrs.js';
import { Parser, ParseError, lineCol } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';

const gt = groundTruth();
const corpus = 'golden/corpus';
const cases = gt.list(corpus).filter((d) => gt.isFile(join(corpus, d, 'llvm.mlir')));

function roundTrip(src: string): string {
  return printOperation(new Parser(src, { filename: 'test.mlir' }).parseModule());
}

/** Parses a module, expecting a parse error; returns its message and 1-based line/column. */
function parseError(src: string): { message: string; line: number; col: number } {
  try {
    new Parser(src, { filename: 'test.mlir' }).parseModule();
  } catch (e) {
    if (e instanceof ParseError) return { message: e.message, ...lineCol(src, e.pos) };
    throw e;
  }
  throw new Error('expected a parse error');
}

/** Parses and verifies a module; returns the verifier's first error message (undefined if valid). */
function verifyError(src: string): string | undefined {
  const m = new Parser(src, { filename: 'test.mlir' }).parseModule();
  return verifyOperation(m)?.message;
}

const parseType = (text: string): Type => new Parser(text).parseType();

describe('corpus llvm.mlir round trip', () => {
  test('the corpus is present', () => {
    expect(cases.length).toBe(72);
  });
  test.each(cases)('%s', (name) => {
    const file = join(corpus, name, 'llvm.mlir');
    const src = gt.read(file);
    const m = new Parser(src, { filename: file }).parseModule();
    expect(verifyOperation(m)?.message).toBeUndefined();
    expect(printOperation(m)).toBe(src);
  });
});

describe('LLVM types', () => {
  const i32 = IntegerType.get(32);
  const f32 = FloatType.get('f32');

  test('pointers: address space 0 is implicit', () => {
    expect(LLVMPointerType.get().key).toBe('!llvm.ptr');
    expect(LLVMPointerType.get(0)).toBe(LLVMPointerType.get());
    expect(LLVMPointerType.get(3).key).toBe('!llvm.ptr<3>');
    expect(parseType('!llvm.ptr<0>')).toBe(LLVMPointerType.get());
    expect(parseType('!llvm.ptr<1>')).toBe(LLVMPointerType.get(1));
  });

  test('nested LLVM types print without the !llvm. prefix', () => {
    const s = LLVMStructType.getLiteral([LLVMPointerType.get(1), f32, LLVMArrayType.get(IntegerType.get(8), 4)]);
    expect(s.key).toBe('!llvm.struct<(ptr<1>, f32, array<4 x i8>)>');
    const nested = LLVMStructType.getLiteral([s, VectorType.get([2], f32), LLVMStructType.getLiteral([])]);
    expect(nested.key).toBe('!llvm.struct<(struct<(ptr<1>, f32, array<4 x i8>)>, vector<2xf32>, struct<()>)>');
    // A vector of pointers is a builtin vector: its element keeps the prefix.
    expect(VectorType.get([4], LLVMPointerType.get()).key).toBe('vector<4x!llvm.ptr>');
  });

  test('packed, identified and opaque structs', () => {
    expect(LLVMStructType.getLiteral([IntegerType.get(8), i32], true).key).toBe('!llvm.struct<packed (i8, i32)>');
    expect(LLVMStructType.getIdentified('node', [i32, LLVMPointerType.get()]).key).toBe('!llvm.struct<"node", (i32, ptr)>');
    expect(LLVMStructType.getIdentified('opaque_t', undefined).key).toBe('!llvm.struct<"opaque_t", opaque>');
    expect(parseType('!llvm.struct<"a b", packed (i8)>').key).toBe('!llvm.struct<"a b", packed (i8)>');
  });

  test('arrays, functions, void and other simple types', () => {
    expect(LLVMArrayType.get(IntegerType.get(8), 0).key).toBe('!llvm.array<0 x i8>');
    expect(LLVMArrayType.get(LLVMArrayType.get(f32, 4), 2).key).toBe('!llvm.array<2 x array<4 x f32>>');
    expect(LLVMFunctionType.get(LLVMVoidType.get(), [i32, LLVMPointerType.get()], true).key).toBe('!llvm.func<void (i32, ptr, ...)>');
    expect(LLVMFunctionType.get(i32, [], true).key).toBe('!llvm.func<i32 (...)>');
    expect(LLVMFunctionType.get(LLVMStructType.getLiteral([i32]), [f32]).key).toBe('!llvm.func<struct<(i32)> (f32)>');
    expect(LLVMVoidType.get().key).toBe('!llvm.void');
    expect(LLVMSimpleType.get('token').key).toBe('!llvm.token');
    expect(LLVMTargetExtType.get('spirv.Image', [f32], [0, 1]).key).toBe('!llvm.target<"spirv.Image", f32, 0, 1>');
  });

  test('parsing gives the uniqued instances back', () => {
    const texts = [
      '!llvm.struct<(i32, i32, i32, i32)>',
      '!llvm.struct<(ptr<3>, i32, i32)>',
      '!llvm.struct<(vector<2xbf16>, vector<2xbf16>)>',
      '!llvm.array<3 x struct<(ptr, i64)>>',
      '!llvm.func<void (ptr, ptr, i32, ptr, i32)>',
      '!llvm.target<"target.ext", !llvm.ptr, 7>',
    ];
    for (const t of texts) {
      const parsed = parseType(t);
      expect(parsed.key).toBe(t.replace('!llvm.ptr', 'ptr'));
      expect(parseType(t)).toBe(parsed);
    }
    expect(parseType('!llvm.struct<(i32, f32)>')).toBe(LLVMStructType.getLiteral([i32, f32]));
  });

  test('repeated large structs (the parse memo) stay exact', () => {
    const body = Array.from({ length: 64 }, (_, i) => (i % 3 ? 'f32' : 'i32')).join(', ');
    const other = Array.from({ length: 64 }, (_, i) => (i % 3 ? 'f32' : 'i16')).join(', ');
    const src = [
      'module {',
      `  llvm.func @f(%arg0: !llvm.struct<(${body})>, %arg1: !llvm.struct<(${other})>) -> !llvm.struct<(${body})> {`,
      `    %0 = llvm.extractvalue %arg0[1] : !llvm.struct<(${body})> `,
      `    %1 = llvm.extractvalue %arg1[3] : !llvm.struct<(${other})> `,
      `    %2 = llvm.insertvalue %0, %arg0[2] : !llvm.struct<(${body})> `,
      `    llvm.return %2 : !llvm.struct<(${body})>`,
      '  }',
      '}',
      '',
    ].join('\n');
    expect(roundTrip(src)).toBe(src);
  });
});

describe('LLVM attributes', () => {
  test('fastmath and overflow flags', () => {
    expect(FastmathFlagsAttr.none().key).toBe('#llvm.fastmath<none>');
    expect(FastmathFlagsAttr.get(127).key).toBe('#llvm.fastmath<fast>');
    expect(FastmathFlagsAttr.get(1 | 2 | 16).key).toBe('#llvm.fastmath<nnan, ninf, contract>');
    expect(IntegerOverflowFlagsAttr.get(3).key).toBe('#llvm.overflow<nsw, nuw>');
  });
});

describe('op syntax', () => {
  const wrap = (body: string, args = '%arg0: i32, %arg1: i32, %arg2: !llvm.ptr<1>, %arg3: f32, %arg4: f32'): string =>
    `module {\n  llvm.func @f(${args}) {\n${body
      .split('\n')
      .map((l) => '    ' + l.trimStart())
      .join('\n')}\n    llvm.return\n  }\n}\n`;

  test.each([
    ['integer flags', '%0 = llvm.add %arg0, %arg1 overflow<nsw, nuw> : i32\n%1 = llvm.or disjoint %0, %arg1 : i32\n%2 = llvm.udiv exact %1, %arg0 : i32\n%3 = llvm.trunc %2 overflow<nuw> : i32 to i16\n%4 = llvm.zext nneg %3 : i16 to i64'],
    ['float fastmath (default elided)', '%0 = llvm.fadd %arg3, %arg4 {fastmathFlags = #llvm.fastmath<fast>} : f32\n%1 = llvm.fmul %0, %arg4 : f32\n%2 = llvm.fcmp "olt" %0, %1 {fastmathFlags = #llvm.fastmath<nnan>} : f32\n%3 = llvm.intr.maxnum(%1, %0) : (f32, f32) -> f32'],
    ['compare and select', '%0 = llvm.icmp "uge" %arg0, %arg1 : i32\n%1 = llvm.select %0, %arg3, %arg4 : i1, f32'],
    ['constants', '%0 = llvm.mlir.constant(1 : index) : i32\n%1 = llvm.mlir.constant(true) : i1\n%2 = llvm.mlir.constant(0xFF800000 : f32) : f32\n%3 = llvm.mlir.constant(1.44269502 : f32) : f32\n%4 = llvm.mlir.constant(dense<[1, 2]> : vector<2xi32>) : vector<2xi32>\n%5 = llvm.mlir.undef : !llvm.struct<(i32, f32)>\n%6 = llvm.mlir.poison : vector<4xi8>\n%7 = llvm.mlir.zero : !llvm.ptr'],
    ['memory', '%0 = llvm.getelementptr inbounds %arg2[%arg0] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32\n%1 = llvm.getelementptr %arg2[1, 1, 3] : (!llvm.ptr<1>) -> !llvm.ptr<1>, !llvm.struct<(i32, array<4 x f32>)>\n%2 = llvm.load %0 {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>\nllvm.store volatile %arg3, %1 : f32, !llvm.ptr<1>\n%3 = llvm.load %arg2 atomic acquire {alignment = 4 : i64} : !llvm.ptr<1> -> i32\n%4 = llvm.getelementptr inbounds|nuw %0[-1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i8'],
    ['vectors and aggregates', '%0 = llvm.mlir.undef : vector<2xf32>\n%1 = llvm.insertelement %arg3, %0[%arg0 : i32] : vector<2xf32>\n%2 = llvm.extractelement %1[%arg1 : i32] : vector<2xf32>\n%3 = llvm.shufflevector %1, %0 [0, 1, 3] : vector<2xf32> \n%4 = llvm.mlir.undef : !llvm.struct<(f32, struct<(i32, i32)>)>\n%5 = llvm.insertvalue %arg0, %4[1, 0] : !llvm.struct<(f32, struct<(i32, i32)>)> \n%6 = llvm.extractvalue %5[1] : !llvm.struct<(f32, struct<(i32, i32)>)> '],
    ['inline asm (empty operand list keeps both spaces)', '%0 = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.u32 $0, %clock;", "=r"  : () -> i32\n%1 = llvm.inline_asm asm_dialect = att "add.f32 $0, $1, $2;", "=f,f,f" %arg3, %arg4 : (f32, f32) -> f32'],
    ['calls', '%0 = llvm.call_intrinsic "llvm.nvvm.fmin.xorsign.abs.f"(%arg3, %arg4) : (f32, f32) -> f32\n%1 = llvm.call @g(%arg0) : (i32) -> f32\nllvm.call @h() : () -> ()'],
    ['generic-only intrinsics', '%0 = "llvm.intr.abs"(%arg0) <{is_int_min_poison = false}> : (i32) -> i32\n%1 = "llvm.intr.ctlz"(%0) <{is_zero_poison = true}> : (i32) -> i32'],
    ['nvvm', '%0 = nvvm.read.ptx.sreg.tid.x : i32\n%1 = nvvm.read.ptx.sreg.ctaid.y range <i32, 0, 65535> : i32\n%2 = nvvm.shfl.sync  bfly %arg0, %arg1, %0, %1 : i32 -> i32\n%3 = nvvm.redux.sync  max %2, %arg0 : i32 -> i32\nnvvm.barrier0\nnvvm.bar.warp.sync %arg0 : i32\nnvvm.barrier id = %arg0 number_of_threads = %arg1\nnvvm.cp.async.commit.group\nnvvm.cp.async.wait.group 0\nnvvm.wgmma.fence.aligned\nnvvm.wgmma.commit.group.sync.aligned\nnvvm.wgmma.wait.group.sync.aligned 1\nnvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}\n%4 = llvm.icmp "eq" %arg0, %arg1 : i32\n%5 = nvvm.vote.sync  ballot %arg0, %4 -> i32'],
  ])('%s', (_name, body) => {
    const src = wrap(body);
    const decls = body.includes('@g') ? '  llvm.func @g(i32) -> f32\n  llvm.func @h()\n' : '';
    const full = decls ? src.replace('module {\n', `module {\n${decls}`) : src;
    expect(roundTrip(full)).toBe(full);
    expect(verifyError(full)).toBeUndefined();
  });

  test('ldmatrix / stmatrix with their nvvm attributes', () => {
    const src = wrap(
      '%0 = nvvm.ldmatrix %arg0 {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>\nnvvm.stmatrix %arg0, %arg1, %arg1 {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32',
      '%arg0: !llvm.ptr<3>, %arg1: i32',
    );
    expect(roundTrip(src)).toBe(src);
    // Parameters of `struct(params)` attributes may come in any order; they print in declaration order.
    expect(roundTrip(src.replace('<m = 8, n = 8>} : (', '<n = 8, m = 8>} : ('))).toBe(src);
  });

  test('mma.sync: segments in brackets, inferable PTX types left out', () => {
    const f16 = wrap(
      '%0 = nvvm.mma.sync A[%arg0, %arg0, %arg0, %arg0]  B[%arg0, %arg0]  C[%arg0, %arg0]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>',
      '%arg0: vector<2xf16>',
    );
    expect(roundTrip(f16)).toBe(f16);
    const bf16 = wrap(
      '%0 = nvvm.mma.sync A[%arg0, %arg0, %arg0, %arg0]  B[%arg0, %arg0]  C[%arg1, %arg1, %arg1, %arg1]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>',
      '%arg0: i32, %arg1: f32',
    );
    expect(roundTrip(bf16)).toBe(bf16);
  });

  test('functions and globals', () => {
    const src = [
      'module {',
      '  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>',
      '  llvm.mlir.global internal constant @msg("assert text\\00") {addr_space = 0 : i32}',
      '  llvm.mlir.global private @init() : i32 {',
      '    %0 = llvm.mlir.constant(7 : i32) : i32',
      '    llvm.return %0 : i32',
      '  }',
      '  llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32',
      '  llvm.func @__nv_log2f(f32) -> f32 attributes {libname = "libdevice", libpath = ""}',
      '  llvm.func @printf(!llvm.ptr, ...) -> i32',
      '  llvm.func internal @helper(%arg0: !llvm.ptr<1> {tt.divisibility = 16 : i32}) -> !llvm.struct<(i32)> attributes {passthrough = ["noinline"], sym_visibility = "private"} {',
      '    %0 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>',
      '    %1 = llvm.mlir.addressof @msg : !llvm.ptr',
      '    %2 = llvm.call @printf(%1, %1) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr) -> i32',
      '    %3 = llvm.mlir.undef : !llvm.struct<(i32)>',
      '    %4 = llvm.insertvalue %2, %3[0] : !llvm.struct<(i32)> ',
      '    llvm.return %4 : !llvm.struct<(i32)>',
      '  }',
      '}',
      '',
    ].join('\n');
    expect(roundTrip(src)).toBe(src);
    expect(verifyError(src)).toBeUndefined();
  });

  test('control flow with successor operands', () => {
    const src = [
      'module {',
      '  llvm.func @loop(%arg0: i32) -> i32 {',
      '    %0 = llvm.mlir.constant(0 : i32) : i32',
      '    %1 = llvm.mlir.constant(1 : i32) : i32',
      '    llvm.br ^bb1(%0, %0 : i32, i32)',
      '  ^bb1(%2: i32, %3: i32):  // 2 preds: ^bb0, ^bb2',
      '    %4 = llvm.icmp "slt" %2, %arg0 : i32',
      '    llvm.cond_br %4, ^bb2, ^bb3(%3 : i32)',
      '  ^bb2:  // pred: ^bb1',
      '    %5 = llvm.add %2, %1 : i32',
      '    %6 = llvm.add %3, %2 : i32',
      '    llvm.br ^bb1(%5, %6 : i32, i32)',
      '  ^bb3(%7: i32):  // pred: ^bb1',
      '    llvm.return %7 : i32',
      '  }',
      '}',
      '',
    ].join('\n');
    expect(roundTrip(src)).toBe(src);
    expect(verifyError(src)).toBeUndefined();
    const weighted = src.replace('llvm.cond_br %4, ', 'llvm.cond_br %4 weights([3, 1]), ');
    expect(roundTrip(weighted)).toBe(weighted);
  });

  test('operand types the format leaves out are fixed by the op, even for forward references', () => {
    const src = [
      'module {',
      '  llvm.func @f(%arg0: i32) -> i32 {',
      '    llvm.br ^bb2',
      '  ^bb1:  // pred: ^bb2',
      '    %0 = nvvm.shfl.sync  idx %1, %arg0, %1, %1 : i32 -> i32',
      '    llvm.cond_br %2, ^bb3, ^bb3',
      '  ^bb2:  // pred: ^bb0',
      '    %1 = llvm.mlir.constant(31 : i32) : i32',
      '    %2 = llvm.mlir.constant(true) : i1',
      '    llvm.br ^bb1',
      '  ^bb3:  // 2 preds: ^bb1, ^bb1',
      '    llvm.return %0 : i32',
      '  }',
      '}',
      '',
    ].join('\n');
    expect(roundTrip(src)).toBe(src);
  });
});

describe('malformed input', () => {
  const fn = (line: string, args = '%arg0: i32, %arg1: !llvm.ptr'): string => `module {\n  llvm.func @f(${args}) {\n    ${line}\n    llvm.return\n  }\n}\n`;

  test.each([
    ['bad address space', fn('%0 = llvm.mlir.undef : !llvm.ptr<x>'), /expected integer/, 3, 38],
    ['array without x', fn('%0 = llvm.mlir.undef : !llvm.array<4 i32>'), /expected 'x' in dimension list/, 3, 41],
    ['unknown LLVM type in a struct', fn('%0 = llvm.mlir.undef : !llvm.struct<(i32, ptrr)>'), /expected non-function type/, 3, 47],
    ['icmp predicate', fn('%0 = llvm.icmp "less" %arg0, %arg0 : i32'), /'less' is an incorrect value of the 'predicate' attribute/, 3, 20],
    ['extractvalue position', fn('%0 = llvm.extractvalue %arg0[2] : !llvm.struct<(i32, i32)> ', '%arg0: !llvm.struct<(i32, i32)>'), /position out of bounds: 2/, 4, 5],
    ['insertvalue into a non-aggregate', fn('%0 = llvm.insertvalue %arg0, %arg0[0] : i32 '), /expected LLVM IR structure\/array type/, 3, 48],
    ['GEP index range', fn('%0 = llvm.getelementptr %arg1[4294967296] : (!llvm.ptr) -> !llvm.ptr, i8'), /out of range/, 3, 35],
    ['shfl kind', fn('%0 = nvvm.shfl.sync sideways %arg0, %arg0, %arg0, %arg0 : i32 -> i32'), /expected shfl_kind to be one of: bfly, up, down, idx/, 3, 25],
    ['asm dialect', fn('%0 = llvm.inline_asm asm_dialect = gas "", "=r" : () -> i32'), /expected asm_dialect to be one of: att, intel/, 3, 40],
    ['call type', fn('%0 = llvm.call @g(%arg0) : i32'), /expected trailing function type/, 3, 32],
    ['global without a type', 'module {\n  llvm.mlir.global external @g(1 : i32) {addr_space = 0 : i32}\n}\n', /type can only be omitted for string globals/, 3, 1],
    ['function body with unnamed arguments', 'module {\n  llvm.func @f(i32) {\n    llvm.return\n  }\n}\n', /expected named arguments for a function with a body/, 2, 20],
    ['two function results', 'module {\n  llvm.func @f() -> (i32, i32)\n}\n', /expected zero or one function result/, 2, 13],
  ])('%s', (_name, src, message, line, col) => {
    const e = parseError(src);
    expect(e.message).toMatch(message);
    expect({ line: e.line, col: e.col }).toEqual({ line, col });
  });
});

describe('verifier', () => {
  const fn = (body: string, args = '%arg0: i32, %arg1: i64, %arg2: !llvm.ptr', result = ''): string =>
    `module {\n  llvm.func @f(${args})${result} {\n    ${body.split('\n').join('\n    ')}\n  }\n}\n`;

  test.each([
    ['mismatched operand types', fn('%0 = "llvm.add"(%arg0, %arg1) : (i32, i64) -> i32\nllvm.return'), /requires the same type for all operands and results/],
    ['inserting the wrong type', fn('%0 = llvm.mlir.undef : !llvm.struct<(i32, i64)>\n%1 = "llvm.insertvalue"(%0, %arg0) <{position = array<i64: 1>}> : (!llvm.struct<(i32, i64)>, i32) -> !llvm.struct<(i32, i64)>\nllvm.return'), /Type mismatch: cannot insert i32 into/],
    ['extracting the wrong type', fn('%0 = llvm.mlir.undef : !llvm.struct<(i32, i64)>\n%1 = "llvm.extractvalue"(%0) <{position = array<i64: 1>}> : (!llvm.struct<(i32, i64)>) -> i32\nllvm.return'), /should produce i64 but this op returns i32/],
    ['return type', fn('llvm.return %arg1 : i64', undefined, ' -> i32'), /mismatching result types/],
    ['missing return value', fn('llvm.return', undefined, ' -> i32'), /expected 1 operand/],
    ['branch operand count', fn('llvm.br ^bb1(%arg0 : i32)\n^bb1(%0: i32, %1: i32):\nllvm.return'), /branch has 1 operands for successor #0, but target block has 2/],
    ['dynamic struct index in a GEP', fn('%0 = llvm.getelementptr %arg2[0, %arg0] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(i32, f32)>\nllvm.return'), /expected index 1 indexing a struct to be constant/],
    ['bitcast between address spaces', fn('%0 = llvm.bitcast %arg2 : !llvm.ptr to !llvm.ptr<3>\nllvm.return'), /cannot cast pointers of different address spaces/],
    ['zext that narrows', fn('%0 = llvm.zext %arg1 : i64 to i32\nllvm.return'), /integer width of the output type is smaller or equal/],
    ['shuffle without its kind', fn('%0 = "nvvm.shfl.sync"(%arg0, %arg0, %arg0, %arg0) : (i32, i32, i32, i32) -> i32\nllvm.return'), /requires attribute 'kind'/],
    ['shuffle result type', fn('%0 = nvvm.shfl.sync  up %arg0, %arg0, %arg0, %arg0 : i32 -> f32\nllvm.return'), /expected return type to be of the same type as 'val'/],
  ])('%s', (_name, src, message) => {
    expect(verifyError(src)).toMatch(message);
  });

  test('string globals need an i8 array of the string length', () => {
    const src = 'module {\n  llvm.mlir.global internal constant @s("abc") : !llvm.array<4 x i8>\n}\n';
    expect(verifyError(src)).toMatch(/requires an i8 array type of the length equal to that of the string attribute/);
  });
});
