/**
 * Dot lowerings (lowering/dot/*) checked on the CPU warp simulator:
 *
 * - mma v2 (`mma.sync`): the inline PTX instruction is replaced by an emulation written with `shfl.idx` and
 *   integer arithmetic that follows the PTX ISA fragment layouts of m16n8k{8,16,32} (A rows groupID / +8,
 *   K slots kPerReg·threadID_in_group + j (+ 4·kPerReg for the second half), B columns groupID, D rows
 *   groupID / +8 and columns 2·threadID_in_group + {0, 1}). Element bits are multiplied as integers (the float
 *   formats only move bits on the simulator), so D = C + Σ_k A·B must hold in integer arithmetic for the
 *   operands' raw bits: that checks which registers the lowering packs into which fragment slot, for
 *   f16 / bf16 / tf32 / fp8 / s8 operands, kWidth 1-16, f32 / f16 / s32 accumulators, 1-8 warps, rank 2 and 3,
 *   and the sm75 m16n8k8 variant.
 * - FMA (blocked accumulators): i32 and i8→i32 dots on random blocked layouts.
 * - wgmma: the shared-memory descriptors of the Triton 3.6 corpus kernels are compared with Triton's own
 *   lowering (same i64 constants in the same order).
 */
import { describe, expect, test } from 'vitest';
import { groundTruth } from '../golden/ground-truth.js';
import { Builder } from '../dialect/ir/builder.js';
import { DenseArrayAttr, IntegerAttr, StringAttr } from '../dialect/ir/attribute.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import { FloatType, IntegerType, RankedTensorType, type Type } from '../dialect/ir/type.js';
import { LLVMStructType } from '../dialect/llvm/types.js';
import { NVVMEnumAttr } from '../dialect/nvvm/attrs.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { printOperation } from '../printer/printer.js';
import { lowerModule, parseModule } from './simulator/harness.js';
import { Rng, blocked } from './simulator/layouts.js';
import { coordsOf, hashCoords, simulate } from './lowering-compute-sim.js';

// ---------------------------------------------------------------------------------------------------------
// mma.sync emulation

const MMA = /^mma\.sync\.aligned\.m16n8k(\d+)\.row\.col(?:\.satfinite)?\.(\w+)\.(\w+)\.(\w+)\.(\w+) /;

interface MmaInfo {
  kPerReg: number;
  kHalves: number;
  bits: number;
  signed: boolean;
  acc: 'f32' | 's32' | 'f16';
}

function mmaInfo(asm: string): MmaInfo | undefined {
  const m = MMA.exec(asm);
  if (!m) return undefined;
  const K = Number(m[1]);
  const at = m[3]!;
  const bits = at === 'f16' || at === 'bf16' ? 16 : at === 'tf32' ? 32 : 8;
  const kPerReg = 32 / bits;
  return { kPerReg, kHalves: K / (4 * kPerReg), bits, signed: at === 's8', acc: m[2] as MmaInfo['acc'] };
}

/** Replaces every mma.sync inline asm of `func` by its integer emulation. */
export function emulateMma(func: Operation): number {
  const ops: Operation[] = [];
  func.walk((op) => {
    if (op.name === 'llvm.inline_asm' && mmaInfo((op.getAttr('asm_string') as StringAttr).value)) ops.push(op);
  });
  const bld = new Builder();
  const i32 = IntegerType.get(32);
  for (const op of ops) {
    const info = mmaInfo((op.getAttr('asm_string') as StringAttr).value)!;
    bld.setInsertionPoint(op);
    const loc = op.loc;
    const mk = (name: string, operands: Value[], t: Type, attrs: [string, IntegerAttr | NVVMEnumAttr][] = []): Value =>
      bld.create({ name, operands, resultTypes: [t], attributes: attrs, loc }).result(0);
    const c = (v: number): Value => mk('llvm.mlir.constant', [], i32, [['value', IntegerAttr.get(i32, BigInt(v))]]);
    const tid = mk('nvvm.read.ptx.sreg.tid.x', [], i32);
    const lane = mk('llvm.and', [tid, c(31)], i32);
    const g4 = mk('llvm.and', [lane, c(~3)], i32); // groupID * 4
    const t = mk('llvm.and', [lane, c(3)], i32);
    const nOut = info.acc === 'f16' ? 2 : 4;
    const cIns = op.operandValues.slice(0, nOut);
    const aRegs = op.operandValues.slice(nOut, nOut + 2 * info.kHalves);
    const bRegs = op.operandValues.slice(nOut + 2 * info.kHalves);
    const shfl = (v: Value, src: Value): Value => mk('nvvm.shfl.sync', [c(-1), v, src, c(31)], i32, [['kind', NVVMEnumAttr.get('shfl_kind', 'idx')]]);
    const elem = (word: Value, j: number): Value => {
      // Element j of a 32-bit register: sign- or zero-extended.
      const sh = mk('llvm.shl', [word, c(32 - info.bits * (j + 1))], i32);
      return mk(info.signed ? 'llvm.ashr' : 'llvm.lshr', [sh, c(32 - info.bits)], i32);
    };
    const K = 4 * info.kPerReg * info.kHalves;
    const outs: Value[] = [];
    // Output element (ρ half, ν offset): D[ρ][ν] with ρ = g + 8·half, ν = 2t + e.
    const elemOut = (half: number, e: number, cInit: Value): Value => {
      let sum = cInit;
      const nu = mk('llvm.add', [mk('llvm.shl', [t, c(1)], i32), c(e)], i32);
      for (let k = 0; k < K; k++) {
        const h = Math.floor(k / (4 * info.kPerReg));
        const tk = Math.floor((k % (4 * info.kPerReg)) / info.kPerReg);
        const j = k % info.kPerReg;
        const a = elem(shfl(aRegs[half + 2 * h]!, mk('llvm.or', [g4, c(tk)], i32)), j);
        const srcB = mk('llvm.or', [mk('llvm.shl', [nu, c(2)], i32), c(tk)], i32);
        const bv = elem(shfl(bRegs[h]!, srcB), j);
        sum = mk('llvm.add', [sum, mk('llvm.mul', [a, bv], i32)], i32);
      }
      return sum;
    };
    if (info.acc === 'f16') {
      for (let half = 0; half < 2; half++) {
        const cw = cIns[half]!;
        const lo = elemOut(half, 0, mk('llvm.and', [cw, c(0xffff)], i32));
        const hi = elemOut(half, 1, mk('llvm.lshr', [cw, c(16)], i32));
        outs.push(mk('llvm.or', [mk('llvm.and', [lo, c(0xffff)], i32), mk('llvm.shl', [hi, c(16)], i32)], i32));
      }
    } else {
      for (let i = 0; i < 4; i++) {
        const cIn = cIns[i]!.type === i32 ? cIns[i]! : mk('llvm.bitcast', [cIns[i]!], i32);
        const r = elemOut(i >> 1, i & 1, cIn);
        outs.push(info.acc === 'f32' ? mk('llvm.bitcast', [r], FloatType.get('f32')) : r);
      }
    }
    const st = op.result(0).type as LLVMStructType;
    let s = mk('llvm.mlir.undef', [], st);
    outs.forEach((v, i) => {
      s = bld.create({ name: 'llvm.insertvalue', operands: [s, v], resultTypes: [st], attributes: [['position', denseI64(i)]], loc }).result(0);
    });
    op.result(0).replaceAllUsesWith(s);
    op.erase();
  }
  return ops.length;
}

function denseI64(i: number): DenseArrayAttr {
  return DenseArrayAttr.get(IntegerType.get(64), [i]);
}

// ---------------------------------------------------------------------------------------------------------
// Dot cases

export interface DotCase {
  shape: [number, number, number]; // M, N, K
  batch?: number;
  aElem: string;
  bElem: string;
  accElem: string;
  enc: string; // accumulator encoding
  kWidth?: number; // dot_op kWidth (mma)
  numWarps: number;
  cc: number;
  tf32?: boolean;
  /** Times each K value enters the sum (Triton 3.6 with K below the operand tile; see lowering/dot/mma-v2.ts). */
  kCopies?: number;
}

const BITS: Record<string, number> = { f16: 16, bf16: 16, f32: 32, i8: 8, i32: 32, f8E4M3FN: 8, f8E5M2: 8 };

export function dotModuleText(c: DotCase): string {
  const [M, N, K] = c.shape;
  const pre = c.batch ? `${c.batch}x` : '';
  const opEnc = (i: number): string => (c.kWidth !== undefined ? `#ttg.dot_op<{opIdx = ${i}, parent = ${c.enc}, kWidth = ${c.kWidth}}>` : `#ttg.dot_op<{opIdx = ${i}, parent = ${c.enc}}>`);
  const aT = `tensor<${pre}${M}x${K}x${c.aElem}, ${opEnc(0)}>`;
  const bT = `tensor<${pre}${K}x${N}x${c.bElem}, ${opEnc(1)}>`;
  const cT = `tensor<${pre}${M}x${N}x${c.accElem}, ${c.enc}>`;
  const prec = c.tf32 ? ', inputPrecision = tf32' : '';
  return `module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = ${c.numWarps} : i32, ttg.target = "cuda:${c.cc}", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @f(%a: ${aT}, %b: ${bT}, %c: ${cT}) -> ${cT} {
    %d = tt.dot %a, %b, %c${prec} : ${aT} * ${bT} -> ${cT}
    tt.return %d : ${cT}
  }
}
`;
}

export function runDotCase(c: DotCase): { mismatches: number; first?: string; mmas: number } {
  const text = dotModuleText(c);
  let dTy: RankedTensorType | undefined;
  parseModule(text).walk((op) => {
    if (op.name === 'tt.dot') dTy = op.result(0).type as RankedTensorType;
  });
  const ll = toLinearLayout(dTy!.shape, dTy!.encoding!);
  const seed = c.shape[0] * 7 + c.shape[1] * 13 + c.shape[2];
  const aBits = BITS[c.aElem]!;
  const bBits = BITS[c.bElem]!;
  const accBits = BITS[c.accElem] ?? 16;
  const signed = c.aElem === 'i8';
  const raw = (arg: number, coords: number[], bits: number): bigint => {
    const h = BigInt(hashCoords(coords, seed + arg)) & ((1n << BigInt(bits)) - 1n);
    return h;
  };
  const asSigned = (v: bigint, bits: number): bigint => (signed ? BigInt.asIntN(bits, v) : v);
  const argValue = (arg: number, coords: number[]): bigint => raw(arg, coords, arg === 0 ? aBits : arg === 1 ? bBits : accBits);
  let mmas = 0;
  const run = simulate(text, c.numWarps, c.cc, argValue, (f) => (mmas = emulateMma(f)));
  const accMask = (1n << BigInt(accBits)) - 1n;
  const [, , K] = c.shape;
  let mismatches = 0;
  let first: string | undefined;
  for (let t = 0; t < c.numWarps * 32 && mismatches < 50; t++) {
    run.results[0]![t]!.forEach((got, r) => {
      const co = coordsOf(ll, t, r);
      const bt = c.batch ? [co[0]!] : [];
      const [m, n] = c.batch ? [co[1]!, co[2]!] : [co[0]!, co[1]!];
      let sum = argValue(2, co);
      for (let k = 0; k < K * (c.kCopies ?? 1); k++) sum += asSigned(raw(0, [...bt, m, k % K], aBits), aBits) * asSigned(raw(1, [...bt, k % K, n], bBits), bBits);
      const want = BigInt.asUintN(accBits, sum) & accMask;
      if (got !== want) {
        mismatches++;
        first ??= `thread ${t} register ${r} (coords ${co.join(',')}): got ${got}, want ${want}`;
      }
    });
  }
  return { mismatches, ...(first ? { first } : {}), mmas };
}

const mmaV2 = (wpc: number[], instr = '[16, 8]'): string => `#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [${wpc.join(', ')}], instrShape = ${instr}}>`;

describe('tt.dot (mma v2) on the warp simulator with an mma.sync emulation', () => {
  const cases: DotCase[] = [];
  // The corpus kernels' configurations.
  cases.push({ shape: [64, 64, 32], aElem: 'f16', bElem: 'f16', accElem: 'f32', enc: mmaV2([2, 2]), kWidth: 2, numWarps: 4, cc: 80 });
  cases.push({ shape: [64, 64, 64], aElem: 'i8', bElem: 'i8', accElem: 'i32', enc: mmaV2([2, 2]), kWidth: 4, numWarps: 4, cc: 80 });
  cases.push({ shape: [128, 128, 32], aElem: 'f16', bElem: 'f16', accElem: 'f32', enc: mmaV2([2, 4]), kWidth: 2, numWarps: 8, cc: 80 });
  // Element types, kWidths, accumulators.
  for (const kw of [2, 4, 8]) cases.push({ shape: [32, 32, 64], aElem: 'f16', bElem: 'f16', accElem: 'f32', enc: mmaV2([2, 2]), kWidth: kw, numWarps: 4, cc: 80 });
  for (const kw of [2, 4, 8]) cases.push({ shape: [32, 16, 32], aElem: 'bf16', bElem: 'bf16', accElem: 'f32', enc: mmaV2([1, 2]), kWidth: kw, numWarps: 2, cc: 80 });
  cases.push({ shape: [32, 32, 32], aElem: 'f16', bElem: 'f16', accElem: 'f16', enc: mmaV2([2, 1]), kWidth: 2, numWarps: 2, cc: 80 });
  for (const kw of [1, 2]) cases.push({ shape: [32, 32, 16], aElem: 'f32', bElem: 'f32', accElem: 'f32', enc: mmaV2([2, 2]), kWidth: kw, numWarps: 4, cc: 80, tf32: true });
  for (const kw of [4, 8, 16]) cases.push({ shape: [64, 32, 64], aElem: 'i8', bElem: 'i8', accElem: 'i32', enc: mmaV2([4, 1]), kWidth: kw, numWarps: 4, cc: 80 });
  for (const kw of [4, 8, 16]) cases.push({ shape: [16, 64, 64], aElem: 'f8E4M3FN', bElem: 'f8E5M2', accElem: 'f32', enc: mmaV2([1, 4]), kWidth: kw, numWarps: 4, cc: 89 });
  // One warp, several m/n/k repetitions; warps broadcast along N.
  cases.push({ shape: [64, 16, 64], aElem: 'f16', bElem: 'f16', accElem: 'f32', enc: mmaV2([1, 1]), kWidth: 2, numWarps: 1, cc: 80 });
  cases.push({ shape: [16, 8, 16], aElem: 'f16', bElem: 'f16', accElem: 'f32', enc: mmaV2([1, 1]), kWidth: 2, numWarps: 1, cc: 80 });
  // M or N smaller than the instruction tile: the missing rows/columns are broadcast copies.
  cases.push({ shape: [4, 8, 16], aElem: 'f16', bElem: 'f16', accElem: 'f32', enc: mmaV2([1, 1]), kWidth: 2, numWarps: 1, cc: 80 });
  cases.push({ shape: [16, 2, 32], aElem: 'f16', bElem: 'f16', accElem: 'f32', enc: mmaV2([1, 1]), kWidth: 2, numWarps: 1, cc: 80 });
  // fp8 operands, f16 accumulators.
  cases.push({ shape: [16, 16, 64], aElem: 'f8E4M3FN', bElem: 'f8E5M2', accElem: 'f16', enc: mmaV2([1, 1]), kWidth: 4, numWarps: 1, cc: 89 });
  // Batched.
  cases.push({ shape: [32, 16, 32], batch: 2, aElem: 'f16', bElem: 'f16', accElem: 'f32', enc: mmaV2([2, 2, 1], '[1, 16, 8]'), kWidth: 2, numWarps: 4, cc: 80 });
  // sm75: m16n8k8.
  cases.push({ shape: [32, 32, 32], aElem: 'f16', bElem: 'f16', accElem: 'f32', enc: mmaV2([2, 2]), kWidth: 2, numWarps: 4, cc: 75 });
  cases.push({ shape: [32, 32, 32], aElem: 'f16', bElem: 'f16', accElem: 'f16', enc: mmaV2([2, 2]), kWidth: 2, numWarps: 4, cc: 75 });

  test.each(cases.map((c) => [JSON.stringify(c), c] as const))('%s', (_, c) => {
    const r = runDotCase(c);
    expect(r.mmas).toBeGreaterThan(0);
    expect(r.first ?? '').toBe('');
  });
});

describe('tt.dot (mma v2) with K below the operand tile: each K counted tile / K times, as Triton 3.6', () => {
  // The dot operand layout broadcasts K up to Triton's tile (256 / element bits) and Triton's MMAv2 lowering feeds
  // the copies to the instructions too (checked against Triton 3.6's own lowering: same instructions, operands
  // from the same coordinates). Upstream's tritongpu_to_llvm.mlir convert_dot_fp8 is the fp8 16x16x16 case.
  const cases: DotCase[] = [];
  const one = mmaV2([1, 1]);
  cases.push({ shape: [16, 16, 16], aElem: 'f8E5M2', bElem: 'f8E5M2', accElem: 'f32', enc: one, kWidth: 4, numWarps: 1, cc: 89, kCopies: 2 });
  cases.push({ shape: [32, 16, 16], aElem: 'f8E5M2', bElem: 'f8E4M3FN', accElem: 'f32', enc: mmaV2([2, 2]), kWidth: 4, numWarps: 4, cc: 89, kCopies: 2 });
  cases.push({ shape: [16, 8, 8], aElem: 'f8E5M2', bElem: 'f8E5M2', accElem: 'f32', enc: one, kWidth: 4, numWarps: 1, cc: 89, kCopies: 4 });
  cases.push({ shape: [16, 8, 16], aElem: 'f8E4M3FN', bElem: 'f8E5M2', accElem: 'f16', enc: one, kWidth: 4, numWarps: 1, cc: 89, kCopies: 2 });
  cases.push({ shape: [16, 8, 16], aElem: 'i8', bElem: 'i8', accElem: 'i32', enc: one, kWidth: 4, numWarps: 1, cc: 80, kCopies: 2 });
  cases.push({ shape: [16, 8, 8], aElem: 'f16', bElem: 'f16', accElem: 'f32', enc: one, kWidth: 2, numWarps: 1, cc: 80, kCopies: 2 });
  cases.push({ shape: [32, 8, 8], aElem: 'bf16', bElem: 'bf16', accElem: 'f32', enc: mmaV2([2, 1]), kWidth: 2, numWarps: 2, cc: 80, kCopies: 2 });
  cases.push({ shape: [16, 8, 4], aElem: 'f32', bElem: 'f32', accElem: 'f32', enc: one, kWidth: 1, numWarps: 1, cc: 80, tf32: true, kCopies: 2 });
  // sm75: two m16n8k8 per 16-wide tile, the second on the copies.
  cases.push({ shape: [16, 8, 8], aElem: 'f16', bElem: 'f16', accElem: 'f32', enc: one, kWidth: 2, numWarps: 1, cc: 75, kCopies: 2 });

  test.each(cases.map((c) => [JSON.stringify(c), c] as const))('%s', (_, c) => {
    const r = runDotCase(c);
    expect(r.mmas).toBeGreaterThan(0);
    expect(r.first ?? '').toBe('');
  });

  test('a kWidth wider than one register with K below the tile is still refused (Triton drops K values there)', () => {
    const c: DotCase = { shape: [16, 8, 16], aElem: 'f16', bElem: 'f16', accElem: 'f32', enc: one, kWidth: 8, numWarps: 1, cc: 80 };
    expect(() => runDotCase(c)).toThrow(/unsupported operand layouts/);
  });
});

describe('tt.dot (FMA) on the warp simulator', () => {
  test('random blocked layouts', () => {
    const rng = new Rng(0xd07);
    let ok = 0;
    const failures: string[] = [];
    for (let i = 0; i < 40; i++) {
      const numWarps = rng.pick([1, 2, 4]);
      const enc = blocked(rng, 2, numWarps);
      const shape: [number, number, number] = [rng.pick([4, 8, 16, 32]), rng.pick([4, 8, 16, 32]), rng.pick([1, 2, 4, 8])];
      const [ae, ce] = rng.pick([
        ['i32', 'i32'],
        ['i8', 'i32'],
      ] as const);
      const c: DotCase = { shape, aElem: ae, bElem: ae, accElem: ce, enc, numWarps, cc: 80 };
      try {
        const r = runDotCase(c);
        if (r.mismatches) failures.push(`${JSON.stringify(c)}: ${r.first}`);
        else ok++;
      } catch (e) {
        failures.push(`${JSON.stringify(c)}: ${(e as Error).message}`);
      }
    }
    if (failures.length) console.log(failures.join('\n'));
    expect(failures).toEqual([]);
    expect(ok).toBe(40);
  });
});

// ---------------------------------------------------------------------------------------------------------
// wgmma descriptors against Triton's lowering of the corpus

function descriptorSequence(text: string): bigint[] {
  const consts = new Map<string, bigint>();
  const out: bigint[] = [];
  for (const line of text.split('\n')) {
    let m = /^\s*(%\d+) = llvm\.mlir\.constant\((-?\d+) : i64\) : i64/.exec(line);
    if (m) {
      consts.set(m[1]!, BigInt(m[2]!));
      continue;
    }
    m = /^\s*(%\d+) = llvm\.add (%\d+), (%\d+) : i64/.exec(line);
    if (m) for (const x of [m[2]!, m[3]!]) if (consts.has(x)) out.push(consts.get(x)!);
  }
  return out;
}

describe('wgmma shared-memory descriptors', () => {
  const gt = groundTruth();
  const corpus = 'golden/corpus/';
  const names = ['int8_mm-BM64-BN64-BK64-sm90-w4', 'int8_mm-BM64-BN64-BK64-sm90-w8', 'matmul_f16-BM128-BN128-BK32-sak1-sbn1-scn1-sm90-w4', 'matmul_f16-BM128-BN128-BK32-sak1-sbn1-scn1-sm90-w8', 'matmul_f16-BM64-BN64-BK32-sak1-sbn1-scn1-sm90-w4', 'matmul_f16-BM64-BN64-BK32-sak1-sbn1-scn1-sm90-w8'];
  test.each(names)('%s', (name) => {
    const dir = corpus + name;
    const m = parseModule(gt.read(`${dir}/14-convert-scf-to-cf.mlir`));
    lowerModule(m, 90);
    const ours = descriptorSequence(printOperation(m, {}));
    const theirs = descriptorSequence(gt.read(`${dir}/llvm.mlir`));
    expect(ours.length).toBeGreaterThan(0);
    expect(ours).toEqual(theirs);
  });
});
