/**
 * Helpers of the reduce / scan / gather simulator tests: build a one-op TTGIR function, lower it, make the
 * predicated shared-memory inline PTX (`@$p st.shared.bN [ $a + 0 ], $v;`, `@$p ld.shared.bN $d, [ $a + 0 ];`)
 * executable on the warp simulator (a disabled access is redirected to a private per-thread slot past the real
 * shared memory, which keeps the race checks meaningful), run one CTA and read every result register.
 */
import '../dialect/index.js';
import '../tools/passes.js';
import { IntegerAttr, StringAttr, TypeAttr } from '../dialect/ir/attribute.js';
import { Builder } from '../dialect/ir/builder.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import { FunctionType, IntegerType, RankedTensorType, type Type } from '../dialect/ir/type.js';
import type { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { LLVMFunctionType, LLVMPointerType, LLVMStructType } from '../dialect/llvm/types.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { findFunc, lowerModule, parseModule } from './simulator/harness.js';
import { Simulator, type RV, type SimOptions, type SimStats } from './simulator/sim.js';

const ST = /^@\$(\d+) st\.shared\.b(\d+) \[ \$(\d+) \+ 0 \], \$(\d+);$/;
const LD = /^@\$(\d+) ld\.shared\.b(\d+) \$0, \[ \$(\d+) \+ 0 \];$/;

/** Bytes of private slots appended after the real shared memory (8 per thread). */
export function slotBytes(numThreads: number): number {
  return numThreads * 8;
}

/** Rewrites predicated shared ld/st inline PTX of `func` into select-addressed llvm.load / llvm.store. */
export function lowerPredicatedSharedAsm(func: Operation, sharedBytes: number): number {
  const builder = new Builder();
  const entry = func.region(0).blocks[0]!;
  const i32 = IntegerType.get(32);
  let tid: Value | undefined;
  const getSlot = (loc: Operation['loc']): Value => {
    if (!tid) {
      builder.setInsertionPointToStart(entry);
      const t = builder.create({ name: 'nvvm.read.ptx.sreg.tid.x', operands: [], resultTypes: [i32], loc }).result(0);
      const c8 = builder.create({ name: 'llvm.mlir.constant', operands: [], resultTypes: [i32], attributes: [['value', intAttr(8)]], loc }).result(0);
      const base = builder.create({ name: 'llvm.mlir.constant', operands: [], resultTypes: [i32], attributes: [['value', intAttr(sharedBytes)]], loc }).result(0);
      const m = builder.create({ name: 'llvm.mul', operands: [t, c8], resultTypes: [i32], loc }).result(0);
      tid = builder.create({ name: 'llvm.add', operands: [m, base], resultTypes: [i32], loc }).result(0);
    }
    return tid;
  };
  const asms: Operation[] = [];
  func.walk((op) => {
    if (op.name === 'llvm.inline_asm') asms.push(op);
  });
  let n = 0;
  for (const op of asms) {
    const asm = (op.getAttr('asm_string') as StringAttr).value;
    const st = ST.exec(asm);
    const ld = LD.exec(asm);
    if (!st && !ld) continue;
    const slot = getSlot(op.loc);
    builder.setInsertionPoint(op);
    const mk = (name: string, operands: Value[], t: Type | undefined, attrs: [string, ReturnType<typeof intAttr>][] = []): Value | undefined => {
      const o = builder.create({ name, operands, resultTypes: t ? [t] : [], attributes: attrs, loc: op.loc });
      return t ? o.result(0) : undefined;
    };
    const ptr3 = LLVMPointerType.get(3);
    if (st) {
      // Inputs are numbered after the outputs (none): $pred, $addr, $val.
      const [pIdx, width, aIdx, vIdx] = [Number(st[1]), Number(st[2]), Number(st[3]), Number(st[4])];
      const pred = op.operand(pIdx);
      const addr = op.operand(aIdx);
      let val = op.operand(vIdx);
      const a = mk('llvm.select', [pred, addr, slot], i32)!;
      const p = mk('llvm.inttoptr', [a], ptr3)!;
      const vw = (val.type as IntegerType).width;
      if (vw !== width) val = mk('llvm.trunc', [val], IntegerType.get(width))!;
      mk('llvm.store', [val, p], undefined);
      op.erase();
    } else if (ld) {
      // $0 is the output: inputs $1.. are operands 0..
      const [pIdx, width, aIdx] = [Number(ld[1]) - 1, Number(ld[2]), Number(ld[3]) - 1];
      const pred = op.operand(pIdx);
      const addr = op.operand(aIdx);
      const a = mk('llvm.select', [pred, addr, slot], i32)!;
      const p = mk('llvm.inttoptr', [a], ptr3)!;
      let x = mk('llvm.load', [p], IntegerType.get(width))!;
      const rt = op.result(0).type as IntegerType;
      if (rt.width !== width) x = mk('llvm.zext', [x], rt)!;
      op.result(0).replaceAllUsesWith(x);
      op.erase();
    }
    n++;
  }
  return n;
}

function intAttr(v: number): IntegerAttr {
  return IntegerAttr.get(IntegerType.get(32), BigInt(v));
}

/** Coordinates (one number per dim) of register `r` of thread `t` of a layout. */
export function coordsOf(ll: LinearLayout, t: number, r: number, tpw = 32): number[] {
  const ins: [string, number][] = ll.getInDimNames().map((d) => [d, d === 'register' ? r : d === 'lane' ? t % tpw : d === 'warp' ? Math.floor(t / tpw) : 0]);
  return ll.apply(ins).map(([, v]) => v);
}

export interface SimRun {
  /** results[i][t][r]: register r of thread t of result i (bigint bits). */
  results: bigint[][][];
  stats: SimStats;
  /** The lowered llvm.func (for instruction checks). */
  func: Operation;
}

/**
 * Lowers `text` (a module with `tt.func private @f(args...) -> results`), runs @f on one CTA with every tensor
 * argument register `r` of thread `t` set to `argValue(argIndex, coords)`, and returns every result register.
 */
export function simulate(
  text: string,
  numWarps: number,
  cc: number,
  argValue: (arg: number, coords: number[]) => bigint,
  prepare?: (func: Operation) => void,
  simOpts: Partial<SimOptions> = {},
): SimRun {
  const parsed = parseModule(text);
  const tfunc = parsed.region(0).blocks[0]!.ops.find((o) => o.name === 'tt.func')!;
  const argTypes = tfunc.region(0).blocks[0]!.args.map((a) => a.type);
  const { module, shared } = lowerModule(parsed, cc);
  const func = findFunc(module, 'f');
  const n = numWarps * 32;
  lowerPredicatedSharedAsm(func, shared);
  prepare?.(func);
  const sim = new Simulator({ ...simOpts, numWarps, sharedBytes: shared + slotBytes(n) });
  const ft = (func.getAttr('function_type') as TypeAttr).value as LLVMFunctionType;
  const args: RV[] = ft.params.map((pt, i) => {
    const tt = argTypes[i];
    if (tt instanceof RankedTensorType && tt.encoding) {
      const ll = toLinearLayout(tt.shape, tt.encoding);
      return sim.make(pt, (t, path) => argValue(i, coordsOf(ll, t, pt instanceof LLVMStructType ? path[0]! : 0)));
    }
    return sim.make(pt, () => 0);
  });
  const res = sim.run(func, args);
  if (!res) throw new Error('no result');
  const resTypes = ((tfunc.getAttr('function_type') as TypeAttr).value as FunctionType).results;
  const perResult: RV[] = resTypes.length > 1 ? (res as { k: 'a'; parts: RV[] }).parts : [res];
  const results = perResult.map((rv) => {
    const regs = rv.k === 'a' ? rv.parts : [rv];
    const out: bigint[][] = [];
    for (let t = 0; t < n; t++) out.push(regs.map((p) => (p.k === 's' ? BigInt(p.a[t]!) : p.k === 'w' ? p.a[t]! : -1n)));
    return out;
  });
  return { results, stats: sim.stats, func };
}

/** Deterministic pseudo-random 32-bit value of a coordinate and seed. */
export function hashCoords(coords: readonly number[], seed: number): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (const c of coords) {
    h = Math.imul(h ^ c, 0x85ebca6b) >>> 0;
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35) >>> 0;
    h ^= h >>> 16;
  }
  return h >>> 0;
}
