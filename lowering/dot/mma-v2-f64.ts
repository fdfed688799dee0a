/**
 * f64 `tt.dot` on `#ttg.nvidia_mma` version 2 (Triton 3.6's MMAv2.cpp FP64 path).
 *
 * The fragment unit is "m16n8k4": per lane one f64 of A in rows g and g+8 (g = lane / 4) at K = lane % 4, one
 * f64 of B at K = lane % 4, column g, and the usual 4 accumulators of an m16n8 tile; planMmaV2 finds those
 * registers (kPerReg 1, kHalves 1). Triton issues four consecutive K units (K 16) per inline asm:
 * - sm80 / sm89 / sm100+: each K unit is two `mma.sync.m8n8k4` (rows g, then rows g+8; both read the same B
 *   register), so one asm holds 8 instructions;
 * - sm90 exactly: one `mma.sync.m16n8k16.f64` with 8 A, 4 B and 4 C registers.
 * The asms go in Triton's order (batch, K chunk of 16, m tile, n tile). Operands are `vector<1xf64>` ("d").
 */
import type { Value } from '../../dialect/ir/ir.js';
import { FloatType, VectorType } from '../../dialect/ir/type.js';
import type { LLVMBuilder } from '../builder.js';
import { ptx } from '../ptx.js';

/** One planned K unit of an m16n8 tile (planMmaV2's instruction with kHalves = kPerReg = 1). */
export interface F64Unit {
  batch: number;
  m0: number;
  n0: number;
  /** ks[0][0]: the K value of lane 0. */
  ks: number[][];
}

export interface F64DotInputs {
  b: LLVMBuilder;
  units: readonly F64Unit[];
  hopper: boolean;
  aVals: readonly Value[];
  bVals: readonly Value[];
  aMap: ReadonlyMap<string, number>;
  bMap: ReadonlyMap<string, number>;
  /** Accumulators by C coordinate key; updated in place. */
  acc: Map<string, Value>;
  /** The coordinate key of (batch, x, y), and the row / column maps for broadcast dimensions. */
  coord: (bt: number, x: number, y: number) => string;
  row: (m: number) => number;
  col: (n: number) => number;
}

const K_UNITS_PER_ASM = 4;
const AMPERE = 'mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64';
const HOPPER = 'mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64';

/** Emits the f64 mma asms; returns an error message when K does not split in chunks of 16 per tile. */
export function emitF64Mma(p: F64DotInputs): string | void {
  const { b } = p;
  const f64 = FloatType.get('f64');
  const v1 = VectorType.get([1], f64);
  // Tiles in first-seen order; the units of a tile are already in increasing K group order.
  const byTile = new Map<string, F64Unit[]>();
  for (const u of p.units) {
    const k = `${u.batch},${u.m0},${u.n0}`;
    const l = byTile.get(k) ?? [];
    l.push(u);
    byTile.set(k, l);
  }
  const asms: { chunk: number; units: F64Unit[] }[] = [];
  for (const l of byTile.values()) {
    if (l.length % K_UNITS_PER_ASM !== 0) return `f64 mma needs K in chunks of ${4 * K_UNITS_PER_ASM} per tile (lane 0 has ${l.length} K groups)`;
    for (let c = 0; c < l.length / K_UNITS_PER_ASM; c++) asms.push({ chunk: c, units: l.slice(c * K_UNITS_PER_ASM, (c + 1) * K_UNITS_PER_ASM) });
  }
  const head = (a: { units: F64Unit[] }): F64Unit => a.units[0]!;
  asms.sort((x, y) => head(x).batch - head(y).batch || x.chunk - y.chunk || head(x).m0 - head(y).m0 || head(x).n0 - head(y).n0);

  // One vector<1xf64> per operand register (Triton's packVec for 64-bit elements), built once.
  const packed = new Map<string, Value>();
  const pack = (vals: readonly Value[], reg: number, tag: string): Value => {
    const k = tag + reg;
    let v = packed.get(k);
    if (!v) {
      v = b.insertElement(b.undef(v1), b.bitcast(vals[reg]!, f64), 0);
      packed.set(k, v);
    }
    return v;
  };

  for (const { units } of asms) {
    const { batch, m0, n0 } = units[0]!;
    const aLo: Value[] = [];
    const aHi: Value[] = [];
    const bs: Value[] = [];
    for (const u of units) {
      const k = u.ks[0]![0]!;
      aLo.push(pack(p.aVals, p.aMap.get(p.coord(batch, p.row(m0), k))!, 'a'));
      aHi.push(pack(p.aVals, p.aMap.get(p.coord(batch, p.row(m0 ^ 8), k))!, 'a'));
      bs.push(pack(p.bVals, p.bMap.get(p.coord(batch, k, p.col(n0)))!, 'b'));
    }
    const cKeys = [0, 1, 2, 3].map((i) => p.coord(batch, p.row(m0 ^ (8 * (i >> 1))), p.col(n0 ^ (i & 1))));
    const cIns = cKeys.map((k, i): [Value, string] => [p.acc.get(k)!, String(i)]);
    let asm: string;
    let ins: [Value, string][];
    if (p.hopper) {
      // A: (rows g, g+8) per K unit; then B per K unit.
      const aRegs = aLo.flatMap((lo, i) => [lo, aHi[i]!]);
      const list = (from: number, n: number): string => Array.from({ length: n }, (_, i) => `$${from + i}`).join(', ');
      asm = `${HOPPER} { $0, $1, $2, $3 }, { ${list(8, aRegs.length)} }, { ${list(8 + aRegs.length, bs.length)} }, { $4, $5, $6, $7 };`;
      ins = [...cIns, ...aRegs.map((v): [Value, string] => [v, 'd']), ...bs.map((v): [Value, string] => [v, 'd'])];
    } else {
      // Per K unit the operands are numbered A (rows g), B, A (rows g+8); B is shared by the two m8n8k4.
      const lines: string[] = [];
      ins = [...cIns];
      units.forEach((_, vk) => {
        const base = 8 + 3 * vk;
        lines.push(`${AMPERE} { $0, $1 }, { $${base} }, { $${base + 1} }, { $4, $5 };`);
        lines.push(`${AMPERE} { $2, $3 }, { $${base + 2} }, { $${base + 1} }, { $6, $7 };`);
        ins.push([aLo[vk]!, 'd'], [bs[vk]!, 'd'], [aHi[vk]!, 'd']);
      });
      asm = lines.join('\n\t');
    }
    const outs = ptx(b, asm, ['=d', '=d', '=d', '=d'], ins, [f64, f64, f64, f64], true);
    outs.forEach((o, i) => p.acc.set(cKeys[i]!, o));
  }
}
