import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import {
  BlockedEncodingAttr,
  DotOperandEncodingAttr,
  LinearEncodingAttr,
  NvidiaMmaEncodingAttr,
  SharedMemorySpaceAttr,
  SliceEncodingAttr,
  SwizzledSharedEncodingAttr,
  type NVMMASharedEncodingAttr,
} from '../dialect/ttg/attrs/index.js';
import { EncodingTextError, parseEncodingText } from '../parser/encoding-text.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { memDescLinearLayout, toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { f16 } from '../dialect/ir/type.js';

/** Parses a module whose attributes hold `values`, prints it back. */
function roundtrip(aliases: string[], values: string[]): string {
  const src =
    aliases.map((a) => a + '\n').join('') +
    `module attributes {${values.map((v, i) => `x.v${i} = ${v}`).join(', ')}} {\n}\n`;
  return printOperation(new Parser(src, { filename: 't' }).parseModule(), {});
}

function errorOf(enc: string, aliases: string[] = []): string {
  try {
    parseEncodingText(enc, aliases);
  } catch (e) {
    if (e instanceof EncodingTextError) return e.describe();
    throw e;
  }
  return 'no error';
}

const BLOCKED = '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>';
const MMA = '#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>';

describe('TritonGPU layout attributes: parse and print', () => {
  const cases: string[] = [
    BLOCKED,
    '#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0], CGALayout = [[1, 0]]}>',
    MMA,
    '#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[0, 1]], instrShape = [16, 64, 16]}>',
    '#ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 2], instrShape = [32, 32, 8], isTransposed = true}>',
    '#ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [16, 16, 128], isTransposed = false, elementBitWidth = 64}>',
    '#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true, CGALayout = [[1, 0]], tilesPerWarp = [2, 1]}>',
    '#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [4, 1]}>',
    '#ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [4, 1], instrShape = [16, 16, 4]}>',
    '#ttg.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [0, 0]], block = []}>',
    '#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>',
    '#ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [0, 1]}>',
    '#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>',
    '#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8, fp4Padded = true, rank = 3}>',
    '#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>',
    '#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0]]}, alignment = 16>',
    '#ttg.shared_linear<{offset = [[0, 1], [1, 0]], block = [[0, 2]]}, alignment = 128>',
    '#ttg.padded_shared<[32:+4, 64:+8] {order = [1, 0], shape = [64, 64]}>',
    '#ttg.padded_shared<[16:+1] {offset = [[1, 0], [0, 1], [2, 0]], block = []}>',
  ];
  for (const c of cases) {
    it(`round-trips ${c.slice(5, 60)}`, () => {
      const a = parseEncodingText(c);
      expect(a.key).toBe(c);
      expect(parseEncodingText(c)).toBe(a); // uniqued
    });
  }

  it('aliases follow TritonGPUOpAsmInterface; slice and dot_op print inline', () => {
    const out = roundtrip(
      [`#blocked = ${BLOCKED}`, `#mma = ${MMA}`],
      [
        `tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>`,
        `tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>`,
        `tensor<64x64xf32, #mma>`,
        `!ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>, #ttg.shared_memory, mutable>`,
        `tensor<64x64xf32, #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], warp = [[1, 0], [2, 0]], block = []}>>`,
      ],
    );
    expect(out).toContain(`#blocked = ${BLOCKED}\n`);
    expect(out).toContain(`#mma = ${MMA}\n`);
    expect(out).toContain('#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>\n');
    expect(out).toContain('#smem = #ttg.shared_memory\n');
    expect(out).toContain('#linear = #ttg.linear<');
    expect(out).toContain('tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>');
    expect(out).toContain('tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>');
    expect(out).toContain('!ttg.memdesc<64x64xf16, #shared, #smem, mutable>');
  });

  it('prints nested slices and dot operands of blocked parents', () => {
    const s = `#ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = ${BLOCKED.replace('[1, 4]', '[1, 4, 1]').replace('[2, 16]', '[2, 16, 1]').replace('[4, 1]', '[4, 1, 1]').replace('[1, 0]', '[2, 1, 0]')}}>}>`;
    expect(parseEncodingText(s).key).toBe(s);
    const d = `#ttg.dot_op<{opIdx = 1, parent = ${BLOCKED}}>`;
    expect(parseEncodingText(d).key).toBe(d);
  });

  it('builds attributes programmatically, uniqued', () => {
    const b = BlockedEncodingAttr.get({ sizePerThread: [1, 4], threadsPerWarp: [2, 16], warpsPerCTA: [4, 1], order: [1, 0] });
    expect(b.key).toBe(BLOCKED);
    expect(parseEncodingText(BLOCKED)).toBe(b);
    const s = SliceEncodingAttr.get(1, b);
    expect(s.rank).toBe(1);
    const m = NvidiaMmaEncodingAttr.get({ versionMajor: 2, warpsPerCTA: [2, 2], instrShape: [16, 8] });
    expect(m.key).toBe(MMA);
    expect(DotOperandEncodingAttr.get(0, m, 2).verify()).toBeUndefined();
    expect(SharedMemorySpaceAttr.get()).toBe(parseEncodingText('#ttg.shared_memory'));
    const l = LinearEncodingAttr.get({ register: [], lane: [], warp: [], block: [] }, 2);
    expect(l.verify()).toBeUndefined();
    expect(l.rank).toBe(2);
    const sw = SwizzledSharedEncodingAttr.get({ vec: 1, perPhase: 1, maxPhase: 1, order: [0] });
    expect(sw.key).toBe('#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>');
  });

  it('accepts what Triton 3.6 accepts without checking', () => {
    // Triton 3.6 checks neither the swizzle width nor the element width of nvmma_shared when parsing.
    const n = parseEncodingText('#ttg.nvmma_shared<{swizzlingByteWidth = 100, transposed = false, elementBitWidth = 0}>');
    expect(n.key).toBe('#ttg.nvmma_shared<{swizzlingByteWidth = 100, transposed = false, elementBitWidth = 0}>');
    expect((n as NVMMASharedEncodingAttr).checkSupported()).toBe('elementBitWidth must be non-zero');
    expect(roundtrip(['#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>'], ['!ttg.memdesc<64x8xf16, #shared1, #ttg.shared_memory>'])).toContain(
      '!ttg.memdesc<64x8xf16, #shared, #smem>',
    );
    expect(parseEncodingText('#ttg.blocked<{}>').key).toBe('#ttg.blocked<{sizePerThread = [], threadsPerWarp = [], warpsPerCTA = [], order = []}>');
  });

  it('gives nvmma_shared without elementBitWidth the width Triton 3.6 prints (23), and no linear layout', () => {
    const n = parseEncodingText('#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false}>') as NVMMASharedEncodingAttr;
    expect(n.key).toBe('#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 23}>');
    const mem = MemDescType.get({ shape: [64, 64], elementType: f16(), encoding: n });
    for (const swizzle of [0, 32, 64, 128]) {
      const e = parseEncodingText(`#ttg.nvmma_shared<{swizzlingByteWidth = ${swizzle}, transposed = true}>`);
      expect(() => toLinearLayout([64, 64], e)).toThrow('nvmma_shared elementBitWidth 23 is not a power of two');
    }
    expect(() => memDescLinearLayout(mem)).toThrow('nvmma_shared elementBitWidth 23 is not a power of two');
  });

  it('accepts legacy keys where Triton 3.6 ignores them', () => {
    const a = parseEncodingText(
      '#ttg.amd_mfma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [32, 32], isTransposed = true}>',
    );
    expect(a.key).toBe('#ttg.amd_mfma<{version = 0, warpsPerCTA = [1, 1], instrShape = [32, 32], isTransposed = true}>');
    const m = parseEncodingText('#ttg.nvidia_mma<{versionMajor = 3, warpsPerCTA = [8, 1], instrShape = [16, 256, 32]}>');
    expect(m.key).toBe('#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 32]}>');
  });
});

describe('TritonGPU layout attributes: errors', () => {
  const bad: [string, RegExp][] = [
    ['#ttg.blocked<{sizePerThread = [1, 3], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>', /sizePerThread must be a power of two/],
    ['#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 1]}>', /order must be a permutation/],
    ['#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>', /same rank/],
    ['#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>', /unexpected key: CTAOrder/],
    ['#ttg.blocked<{sizePerThread = 4}>', /expected an array for number of elements per thread/],
    ['#ttg.blocked<{sizePerThread = [-1]}>', /expected an unsigned integer value/],
    ['#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1]]}>', /'CGALayout' entry length does not match rank 2/],
    ['#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[2, 0]]}>', /CGALayout must be surjective/],
    ['#ttg.blocked<{sizePerThread = [1, 1]', /./],
    ['#ttg.slice<{dim = 2, parent = ' + BLOCKED + '}>', /slice dim=2 must be less than the parent rank=2/],
    ['#ttg.slice<{dim = 0, parent = #ttg.shared_memory}>', /expected a distributed encoding trait/],
    ['#ttg.dot_op<{opIdx = 0, parent = ' + MMA + '}>', /kWidth parameter is mandatory/],
    ['#ttg.dot_op<{opIdx = 2, parent = ' + MMA + ', kWidth = 2}>', /opIdx parameter can be 0 or 1/],
    ['#ttg.dot_op<{opIdx = 0, parent = ' + BLOCKED + ', unpacked = 1}>', /duplicate or unknown struct parameter name: unpacked/],
    ['#ttg.dot_op<{parent = ' + BLOCKED + '}>', /missing required parameter: opIdx/],
    ['#ttg.amd_mfma<{version = 5, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = true}>', /version must be in the \[0, 4\] range/],
    ['#ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [8, 8, 8], isTransposed = true}>', /invalid \(mDim, nDim\)/],
    ['#ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [1, 1], instrShape = [16, 16, 32]}>', /invalid WMMA v1 instruction shape/],
    ['#ttg.amd_wmma<{version = 1, isTranspose = 3, warpsPerCTA = [1, 1]}>', /expected a bool type in isTranspose/],
    ['#ttg.linear<{register = [[1, 1]], lane = [], warp = [], block = []}>', /each base must move in at most one dimension/],
    ['#ttg.linear<{register = [[0, 1]], lane = [], warp = []}>', /Expected basis of 'block' not found/],
    ['#ttg.linear<{register = [], lane = [], warp = [], block = []}>', /Empty Layout not supported/],
    ['#ttg.linear<{register = [[0, 2]], lane = [], warp = [], block = []}>', /surjective/],
    ['#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>', /unexpected key: hasLeadingOffset/],
    ['#ttg.shared_linear<{offset = [[0, 1]]}>', /expected ','/],
    ['#ttg.shared_linear<{offset = [[0, 1]], alignment = 16}>', /alignment must be specified outside/],
    ['#ttg.shared_linear<{offset = [[0, 1], [0, 1]]}, alignment = 16>', /surjective|bijective/],
    ['#ttg.padded_shared<[32:+3] {order = [1, 0], shape = [64, 64]}>', /padding values must all be power of two/],
    ['#ttg.padded_shared<[32:+4, 32:+8] {order = [1, 0], shape = [64, 64]}>', /cannot have duplicates/],
    ['#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64]}>', /Mismatch of shape and order ranks/],
  ];
  for (const [text, re] of bad) {
    it(`rejects ${text.slice(5, 70)}`, () => {
      const msg = errorOf(text);
      expect(msg).not.toBe('no error');
      expect(msg).toMatch(re);
      expect(msg).toMatch(/^encoding:\d+: /);
    });
  }

  it("locates errors where Triton 3.6 does", () => {
    // Hand-written parsers and verifiers report at the mnemonic.
    expect(errorOf('#ttg.blocked<{foo = 1}>')).toBe('encoding:6: unexpected key: foo');
    // The generated dot_op parser reports verifier errors at `<`, a missing parameter at `}`, an unknown one at its value.
    const mma = '#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>';
    expect(errorOf(`#ttg.dot_op<{opIdx = 0, parent = ${mma}}>`)).toBe('encoding:12: ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent');
    const noIdx = `#ttg.dot_op<{parent = ${mma}, kWidth = 2}>`;
    expect(errorOf(noIdx)).toBe(`encoding:${noIdx.length - 1}: struct is missing required parameter: opIdx`);
    const extra = `#ttg.dot_op<{opIdx = 0, parent = ${mma}, kWidth = 2, unpacked = 1}>`;
    expect(errorOf(extra)).toBe(`encoding:${extra.length - 2}: duplicate or unknown struct parameter name: unpacked`);
    // Linear-layout bases are read after the closing `>`.
    expect(errorOf('#ttg.linear<{register = [[0, 1]], lane = [], warp = []}>')).toMatch(/^encoding:57: Expected basis of 'block' not found/);
  });

  it('locates syntax errors at the offending token', () => {
    expect(errorOf('#ttg.swizzled_shared<{vec = 8 perPhase = 1}>')).toMatch(/^encoding:30: expected '}'/);
  });

  it('reports errors in alias definitions', () => {
    expect(errorOf('#blocked', ['#blocked = #ttg.blocked<{order = [0, 0], sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1]}>'])).toMatch(
      /^alias 0:\d+: order must be a permutation/,
    );
  });
});

describe('!ttg.memdesc', () => {
  const aliases = [
    '#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>',
    '#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>',
    '#smem = #ttg.shared_memory',
  ];
  it('round-trips the forms Triton prints', () => {
    const types = [
      '!ttg.memdesc<64x64xf16, #shared, #smem>',
      '!ttg.memdesc<64x64xf16, #shared, #smem, mutable>',
      '!ttg.memdesc<64x64xf16, #shared1, #smem, mutable, 3x64x64>',
      '!ttg.memdesc<32x64xf16, #shared, #smem, 2x64x64>',
      '!ttg.async.token',
    ];
    const out = roundtrip(aliases, types);
    for (const t of types) expect(out).toContain(t);
  });
  it('elides the alloc shape when it equals the shape', () => {
    expect(roundtrip(aliases, ['!ttg.memdesc<2x64x64xf16, #shared, #smem, mutable, 2x64x64>'])).toContain(
      '!ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>}',
    );
  });
  it('builds programmatically', () => {
    const enc = SwizzledSharedEncodingAttr.get({ vec: 8, perPhase: 1, maxPhase: 8, order: [1, 0] });
    const t = MemDescType.get({ shape: [64, 64], elementType: f16(), encoding: enc, mutableMemory: true });
    expect(t.key).toBe(
      '!ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>, #ttg.shared_memory, mutable>',
    );
    expect(t.verify()).toBeUndefined();
    expect(t.withShape([32, 64]).key).toContain('mutable, 64x64>');
  });
  const bad: [string, RegExp][] = [
    ['!ttg.memdesc<f32, #shared, #smem>', /rank 0 memdesc is not allowed/],
    ['!ttg.memdesc<64x48xf16, #shared, #smem>', /power-of-2/],
    ['!ttg.memdesc<64x64xf16, #shared, #smem, mutable, 32x64>', /less than or equal to allocShape/],
    ['!ttg.memdesc<64x64x64x64xf16, #shared, #smem>', /rank must be equal to or one less than the shape size/],
    ['!ttg.memdesc<64x64xf16, #shared>', /expected ','/],
  ];
  for (const [t, re] of bad) {
    it(`rejects ${t}`, () => {
      expect(() => roundtrip(aliases, [t])).toThrow(re);
    });
  }
});
