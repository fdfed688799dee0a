/**
 * f64 `tt.dot` on mma v2 (lowering/dot/mma-v2-f64.ts) checked on the CPU warp simulator: every f64
 * `mma.sync` inline asm (sm80: eight m8n8k4 per asm; sm90: one m16n8k16) is replaced by an integer emulation
 * that follows the PTX ISA fragment layouts, instruction by instruction through the asm's `$n` operands:
 * - m8n8k4: A row groupID, K threadID_in_group; B K threadID_in_group, column groupID; C/D row groupID,
 *   columns 2·threadID_in_group + {0, 1};
 * - m16n8k16: A register i at row groupID + 8·(i % 2), K threadID_in_group + 4·(i / 2); B register i at K
 *   threadID_in_group + 4·i, column groupID; C/D register i at row groupID + 8·(i / 2), column
 *   2·threadID_in_group + i % 2.
 * The operands' raw 64-bit patterns are multiplied and added as integers (mod 2^64), so D = C + Σ_k A·B
 * checks which register goes to which fragment slot, in which instruction.
 */
import { describe, expect, test } from 'vitest';
import { Builder } from '../dialect/ir/builder.js';
import { DenseArrayAttr, IntegerAttr, StringAttr } from '../dialect/ir/attribute.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import { FloatType, IntegerType, RankedTensorType, VectorType, type Type } from '../dialect/ir/type.js';
import { LLVMStructType } from '../dialect/llvm/types.js';
import { NVVMEnumAttr } from '../dialect/nvvm/attrs.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { parseModule } from './simulator/harness.js';
import { coordsOf, hashCoords, simulate } from './lowering-compute-sim.js';

interface DotCase {
  shape: [number, number, number]; // M, N, K
  batch?: number;
  enc: string;
  numWarps: number;
  cc: number;
}

function dotModuleText(c: DotCase): string {
  const [M, N, K] = c.shape;
  const pre = c.batch ? `${c.batch}x` : '';
  const opEnc = (i: number): string => `#ttg.dot_op<{opIdx = ${i}, parent = ${c.enc}, kWidth = 1}>`;
  const aT = `tensor<${pre}${M}x${K}xf64, ${opEnc(0)}>`;
  const bT = `tensor<${pre}${K}x${N}xf64, ${opEnc(1)}>`;
  const cT = `tensor<${pre}${M}x${N}xf64, ${c.enc}>`;
  return `module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = ${c.numWarps} : i32, ttg.target = "cuda:${c.cc}", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @f(%a: ${aT}, %b: ${bT}, %c: ${cT}) -> ${cT} {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : ${aT} * ${bT} -> ${cT}
    tt.return %d : ${cT}
  }
}
`;
}

const INSTR = /mma\.sync\.aligned\.m(8n8k4|16n8k16)\.row\.col\.f64\.f64\.f64\.f64 \{([^}]*)\}, \{([^}]*)\}, \{([^}]*)\}, \{([^}]*)\};/g;

const regs = (list: string): number[] => list.split(',').map((s) => Number(s.trim().slice(1)));

/** Replaces every f64 mma inline asm of `func` by its integer emulation; returns the number of instructions. */
function emulateF64Mma(func: Operation): number {
  const ops: Operation[] = [];
  func.walk((op) => {
    if (op.name === 'llvm.inline_asm' && (op.getAttr('asm_string') as StringAttr).value.includes('.f64.f64.f64.f64')) ops.push(op);
  });
  const bld = new Builder();
  const i32 = IntegerType.get(32);
  const i64 = IntegerType.get(64);
  const f64 = FloatType.get('f64');
  let count = 0;
  for (const op of ops) {
    bld.setInsertionPoint(op);
    const loc = op.loc;
    const mk = (name: string, operands: Value[], t: Type, attrs: [string, IntegerAttr | NVVMEnumAttr | DenseArrayAttr][] = []): Value =>
      bld.create({ name, operands, resultTypes: [t], attributes: attrs, loc }).result(0);
    const c = (v: number, t: Type = i32): Value => mk('llvm.mlir.constant', [], t, [['value', IntegerAttr.get(t as IntegerType, BigInt(v))]]);
    const lane = mk('llvm.and', [mk('nvvm.read.ptx.sreg.tid.x', [], i32), c(31)], i32);
    const g4 = mk('llvm.and', [lane, c(~3)], i32); // groupID * 4
    const t = mk('llvm.and', [lane, c(3)], i32);
    const shfl32 = (v: Value, src: Value): Value => mk('nvvm.shfl.sync', [c(-1), v, src, c(31)], i32, [['kind', NVVMEnumAttr.get('shfl_kind', 'idx')]]);
    const shfl = (v: Value, src: Value): Value => {
      const lo = shfl32(mk('llvm.trunc', [v], i32), src);
      const hi = shfl32(mk('llvm.trunc', [mk('llvm.lshr', [v, c(32, i64)], i64)], i32), src);
      return mk('llvm.or', [mk('llvm.zext', [lo], i64), mk('llvm.shl', [mk('llvm.zext', [hi], i64), c(32, i64)], i64)], i64);
    };
    // $0..$3 outputs, $4.. the inputs; $4..$7 are the accumulators tied to $0..$3 (the same registers: an
    // instruction that reads $4 after another wrote $0 sees the new value).
    const env = new Map<number, Value>();
    const reg = (n: number): number => (n >= 4 && n < 8 ? n - 4 : n);
    op.operandValues.forEach((v, i) => {
      const x = v.type instanceof VectorType ? mk('llvm.extractelement', [v, c(0)], f64) : v;
      env.set(reg(i + 4), mk('llvm.bitcast', [x], i64));
    });
    const asm = (op.getAttr('asm_string') as StringAttr).value;
    for (const m of asm.matchAll(INSTR)) {
      count++;
      const [d, a, b, cc] = [regs(m[2]!), regs(m[3]!), regs(m[4]!), regs(m[5]!)].map((l) => l.map(reg)) as [number[], number[], number[], number[]];
      const big = m[1] === '16n8k16';
      const K = big ? 16 : 4;
      const outs = d.map((_, i) => {
        const half = big ? i >> 1 : 0;
        const e = big ? i & 1 : i;
        const nu = mk('llvm.add', [mk('llvm.shl', [t, c(1)], i32), c(e)], i32);
        let sum = env.get(cc[i]!)!;
        for (let k = 0; k < K; k++) {
          const aReg = big ? a[half + 2 * (k >> 2)]! : a[0]!;
          const bReg = big ? b[k >> 2]! : b[0]!;
          const av = shfl(env.get(aReg)!, mk('llvm.or', [g4, c(k & 3)], i32));
          const bv = shfl(env.get(bReg)!, mk('llvm.or', [mk('llvm.shl', [nu, c(2)], i32), c(k & 3)], i32));
          sum = mk('llvm.add', [sum, mk('llvm.mul', [av, bv], i64)], i64);
        }
        return sum;
      });
      outs.forEach((v, i) => env.set(d[i]!, v));
    }
    const st = op.result(0).type as LLVMStructType;
    let s = mk('llvm.mlir.undef', [], st);
    for (let i = 0; i < 4; i++) {
      s = mk('llvm.insertvalue', [s, mk('llvm.bitcast', [env.get(i)!], f64)], st, [['position', DenseArrayAttr.get(i64, [i])]]);
    }
    op.result(0).replaceAllUsesWith(s);
    op.erase();
  }
  return count;
}

function runF64Case(c: DotCase): { first?: string; mmas: number; asms: string[] } {
  const text = dotModuleText(c);
  let dTy: RankedTensorType | undefined;
  parseModule(text).walk((op) => {
    if (op.name === 'tt.dot') dTy = op.result(0).type as RankedTensorType;
  });
  const ll = toLinearLayout(dTy!.shape, dTy!.encoding!);
  const raw = (arg: number, coords: number[]): bigint => (BigInt(hashCoords(coords, 11 + arg)) << 32n) | BigInt(hashCoords(coords, 57 + arg));
  let mmas = 0;
  const asms: string[] = [];
  const run = simulate(text, c.numWarps, c.cc, raw, (f) => {
    f.walk((op) => {
      if (op.name === 'llvm.inline_asm') asms.push((op.getAttr('asm_string') as StringAttr).value);
    });
    mmas = emulateF64Mma(f);
  });
  const K = c.shape[2];
  let first: string | undefined;
  for (let th = 0; th < c.numWarps * 32 && !first; th++) {
    run.results[0]![th]!.forEach((got, r) => {
      const co = coordsOf(ll, th, r);
      const bt = c.batch ? [co[0]!] : [];
      const [m, n] = c.batch ? [co[1]!, co[2]!] : [co[0]!, co[1]!];
      let sum = raw(2, co);
      for (let k = 0; k < K; k++) sum += raw(0, [...bt, m, k]) * raw(1, [...bt, k, n]);
      const want = BigInt.asUintN(64, sum);
      if (got !== want) first ??= `thread ${th} register ${r} (coords ${co.join(',')}): got ${got}, want ${want}`;
    });
  }
  return { ...(first ? { first } : {}), mmas, asms };
}

const mmaV2 = (wpc: number[], instr = '[16, 8]'): string => `#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [${wpc.join(', ')}], instrShape = ${instr}}>`;

describe('f64 tt.dot (mma v2) on the warp simulator', () => {
  const cases: DotCase[] = [];
  for (const cc of [80, 90]) {
    // Triton's lit case (tritongpu_to_llvm.mlir f64_mma_cvt), more K, more tiles, several warps, rank 3.
    cases.push({ shape: [16, 16, 16], enc: mmaV2([1, 1]), numWarps: 1, cc });
    cases.push({ shape: [32, 16, 64], enc: mmaV2([1, 1]), numWarps: 1, cc });
    cases.push({ shape: [64, 32, 32], enc: mmaV2([2, 2]), numWarps: 4, cc });
    cases.push({ shape: [16, 16, 16], batch: 2, enc: mmaV2([2, 1, 1], '[1, 16, 8]'), numWarps: 2, cc });
  }
  test.each(cases.map((c) => [JSON.stringify(c), c] as const))('%s', (_, c) => {
    const r = runF64Case(c);
    const [M, N, K] = c.shape;
    // One asm per (batch, 16 K, m16 tile, n8 tile per warp); 8 m8n8k4 or 1 m16n8k16 each.
    const perWarp = ((c.batch ?? 1) * M * N) / (16 * 8) / c.numWarps;
    expect(r.mmas).toBe((perWarp * K) / 16 * (c.cc === 90 ? 1 : 8));
    expect(r.asms.some((a) => a.includes(c.cc === 90 ? 'm16n8k16.row.col.f64' : 'm8n8k4.row.col.f64'))).toBe(true);
    expect(r.first ?? '').toBe('');
  });
});
