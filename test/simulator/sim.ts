/**
 * A CPU interpreter for the LLVM / NVVM dialect ops the data movement lowerings emit, executing one CTA
 * (numWarps × 32 threads) in lock-step: every op is evaluated for all threads at once (the code is
 * straight-line and convergent; branches must be uniform).
 *
 * Values are per-thread arrays: integers up to 32 bits, f16/bf16/f32 bit patterns and `!llvm.ptr<3>` byte
 * addresses in a Uint32Array; 64-bit integers, f64 and other pointers in a BigUint64Array; vectors and structs
 * as lists of those. Floats are only moved (bit patterns), never computed.
 *
 * Shared memory is a byte array checked for races: an access of thread t to a byte that another thread wrote
 * (or, for a write, read) since the last `nvvm.barrier0` is reported (cross-warp hazards are errors;
 * same-warp ones, which lock-step warps order, are counted apart). Each warp-wide `llvm.load` / `llvm.store` /
 * `ldmatrix` / `stmatrix` is also costed in bank wavefronts (phases of 128 bytes; distinct 4-byte words in one
 * bank serialize).
 *
 * Supported: llvm.mlir.constant/undef/poison/zero/addressof, integer arithmetic, bitwise ops, shifts, icmp,
 * select, llvm.intr.ctpop/umin/umax, zext/sext/trunc/bitcast/ptrtoint/inttoptr, getelementptr, load/store (scalars and vectors) on
 * `!llvm.ptr<3>`, integer llvm.atomicrmw on `!llvm.ptr<3>` (threads in order; atomics of several threads on one
 * address do not race with each other, but do with plain accesses of other threads between two barriers),
 * insert/extractvalue, insert/extractelement, llvm.br/cond_br (uniform), llvm.return,
 * nvvm.read.ptx.sreg.{tid.x,laneid,warpid,ctaid.*,cluster.ctarank}, nvvm.barrier0, nvvm.bar.warp.sync,
 * nvvm.shfl.sync (idx/bfly/up/down with member mask and clamp/segment mask semantics), nvvm.vote.sync
 * (ballot/any/all/uni over the member mask), nvvm.ldmatrix and nvvm.stmatrix (m8n8 b16, x1/x2/x4, row/col), and
 * the inline PTX predicated `st.shared` the lowering emits; `cp.async` (inline PTX) from a read-only global
 * memory given as a function, completing at once (commit/wait group ops are no-ops); mbarriers (init / inval /
 * arrive / arrive.expect_tx / the parity wait loop, `cp.async.mbarrier.arrive`), with a wait that can never be
 * released reported as a timeout (mbarrier.ts).
 */
import { DenseArrayAttr, FloatAttr, IntegerAttr, StringAttr, SymbolRefAttr, TypeAttr } from '../../dialect/ir/attribute.js';
import type { Block, Operation, Value } from '../../dialect/ir/ir.js';
import { FloatType, IntegerType, VectorType, type Type } from '../../dialect/ir/type.js';
import { floatBits } from '../../dialect/ir/float-format.js';
import { ICMP_PREDICATES } from '../../dialect/llvm/attrs.js';
import { LLVMPointerType, LLVMStructType, LLVMVoidType } from '../../dialect/llvm/types.js';
import { NVVMEnumAttr } from '../../dialect/nvvm/attrs.js';

export type RV = { k: 's'; w: number; a: Uint32Array } | { k: 'w'; a: BigUint64Array } | { k: 'a'; parts: RV[] };

import { SimError } from './sim-error.js';
import { Mbarriers, parseMbarrierAsm } from './mbarrier.js';

export { SimError };

export interface SimStats {
  /** Executed instructions by op name (warp-level: once per op). */
  ops: Map<string, number>;
  shuffles: number;
  sharedLoads: number;
  sharedStores: number;
  ldmatrix: number;
  stmatrix: number;
  barriers: number;
  /** Bank wavefronts of shared accesses, and the minimum they could take. */
  wavefronts: number;
  idealWavefronts: number;
  /** Same-warp (lock-step ordered) shared memory hazards. */
  warpHazards: number;
  /** Wavefronts and ideal wavefronts per access kind (`llvm.load`, `llvm.store`, `nvvm.ldmatrix`, `nvvm.stmatrix`). */
  byKind: Map<string, [number, number]>;
}

export interface SimOptions {
  numWarps: number;
  threadsPerWarp?: number;
  sharedBytes: number;
  /** Fill value of undef/poison (per 32-bit word). */
  undefPattern?: number;
  /** Contents of global memory (read-only, byte per address) for `cp.async`. */
  globalByte?: (addr: bigint) => number;
  /** The most steps one mbarrier wait may spin before it is reported as a timeout (default 1000). */
  maxWaitSteps?: number;
}

type TInfo = { k: 's'; w: number } | { k: 'w' } | { k: 'a'; parts: Type[] };

function tinfo(t: Type): TInfo {
  if (t instanceof IntegerType) return t.width <= 32 ? { k: 's', w: t.width } : t.width === 64 ? { k: 'w' } : bad(`i${t.width}`);
  if (t instanceof FloatType) return t.width <= 32 ? { k: 's', w: t.width } : t.width === 64 ? { k: 'w' } : bad(t.key);
  if (t instanceof LLVMPointerType) return t.addressSpace === 3 ? { k: 's', w: 32 } : { k: 'w' };
  if (t instanceof VectorType) return { k: 'a', parts: new Array<Type>(t.shape[0]!).fill(t.elementType) };
  if (t instanceof LLVMStructType) return { k: 'a', parts: [...t.body] };
  return bad(t.key);
}
function bad(what: string): never {
  throw new SimError(`simulator: unsupported type ${what}`);
}

/** Bit width of a scalar type (pointers in shared memory: 32). */
function widthOf(t: Type): number {
  const i = tinfo(t);
  if (i.k === 's') return i.w;
  if (i.k === 'w') return 64;
  return i.parts.reduce((a, p) => a + widthOf(p), 0);
}

function mask32(w: number): number {
  return w >= 32 ? 0xffffffff : (1 << w) - 1;
}

export class Simulator {
  readonly n: number;
  readonly tpw: number;
  readonly smem: Uint8Array;
  private readonly lastWriter: Int32Array;
  private readonly writeEpoch: Int32Array;
  private readonly reader: Int32Array;
  private readonly readEpoch: Int32Array;
  /** Thread of the last atomic on each byte in `atomicEpoch` (-2: several threads). */
  private readonly atomicUser: Int32Array;
  private readonly atomicEpoch: Int32Array;
  private epoch = 1;
  readonly stats: SimStats = {
    ops: new Map(),
    shuffles: 0,
    sharedLoads: 0,
    sharedStores: 0,
    ldmatrix: 0,
    stmatrix: 0,
    barriers: 0,
    wavefronts: 0,
    idealWavefronts: 0,
    warpHazards: 0,
    byKind: new Map(),
  };
  private readonly vals = new Map<Value, RV>();
  /** The CTA's mbarriers (see mbarrier.ts). */
  readonly mbarriers: Mbarriers;
  private readonly undefPattern: number;

  constructor(readonly opts: SimOptions) {
    this.tpw = opts.threadsPerWarp ?? 32;
    this.n = opts.numWarps * this.tpw;
    const size = Math.max(16, opts.sharedBytes);
    this.smem = new Uint8Array(size);
    this.lastWriter = new Int32Array(size).fill(-1);
    this.writeEpoch = new Int32Array(size);
    this.reader = new Int32Array(size).fill(-1);
    this.readEpoch = new Int32Array(size);
    this.atomicUser = new Int32Array(size).fill(-1);
    this.atomicEpoch = new Int32Array(size);
    this.undefPattern = opts.undefPattern ?? 0xdeadbeef;
    this.mbarriers = new Mbarriers(opts.maxWaitSteps);
  }

  // ----- value helpers -----

  /** A value of type `t` with per-thread contents from `f(thread, partIndex)` (bigint for 64-bit parts). */
  make(t: Type, f: (tid: number, path: number[]) => number | bigint, path: number[] = []): RV {
    const i = tinfo(t);
    if (i.k === 's') {
      const a = new Uint32Array(this.n);
      const m = mask32(i.w);
      for (let x = 0; x < this.n; x++) {
        const v = f(x, path);
        a[x] = (typeof v === 'number' ? v : Number(BigInt.asUintN(32, v))) & m;
      }
      return { k: 's', w: i.w, a };
    }
    if (i.k === 'w') {
      const a = new BigUint64Array(this.n);
      for (let x = 0; x < this.n; x++) a[x] = BigInt.asUintN(64, BigInt(f(x, path)));
      return { k: 'w', a };
    }
    return { k: 'a', parts: i.parts.map((p, j) => this.make(p, f, [...path, j])) };
  }

  private get(v: Value): RV {
    const r = this.vals.get(v);
    if (!r) throw new SimError(`simulator: value used before definition (${v.definingOp?.name ?? 'block argument'})`);
    return r;
  }
  private set(v: Value, r: RV): void {
    this.vals.set(v, r);
  }
  private scal(v: Value): Uint32Array {
    const r = this.get(v);
    if (r.k !== 's') throw new SimError('simulator: expected a scalar of at most 32 bits');
    return r.a;
  }

  /**
   * A 32-bit "r" operand of inline asm: a scalar, or (as NVPTX packs it) the low 32 bits of an aggregate, which is
   * its first field; Triton's mbarrier.arrive passes a memdesc's whole struct, whose first field is the address.
   */
  private regOperand(v: Value): Uint32Array {
    const r = this.get(v);
    if (r.k === 's') return r.a;
    const a = new Uint32Array(this.n);
    for (let x = 0; x < this.n; x++) a[x] = Number(BigInt.asUintN(32, this.bitsOf(r, v.type, x)));
    return a;
  }

  /** Per-thread bits of a value as bigints (little-endian packing of aggregates). */
  private bitsOf(r: RV, t: Type, tid: number): bigint {
    if (r.k === 's') return BigInt(r.a[tid]!);
    if (r.k === 'w') return r.a[tid]!;
    const parts = tinfo(t) as { k: 'a'; parts: Type[] };
    let acc = 0n;
    let shift = 0n;
    r.parts.forEach((p, j) => {
      const pt = parts.parts[j]!;
      acc |= BigInt.asUintN(widthOf(pt), this.bitsOf(p, pt, tid)) << shift;
      shift += BigInt(widthOf(pt));
    });
    return acc;
  }
  private fromBits(t: Type, bits: (tid: number) => bigint): RV {
    const i = tinfo(t);
    if (i.k === 's') {
      const a = new Uint32Array(this.n);
      for (let x = 0; x < this.n; x++) a[x] = Number(BigInt.asUintN(i.w, bits(x)));
      return { k: 's', w: i.w, a };
    }
    if (i.k === 'w') {
      const a = new BigUint64Array(this.n);
      for (let x = 0; x < this.n; x++) a[x] = BigInt.asUintN(64, bits(x));
      return { k: 'w', a };
    }
    let shift = 0n;
    const parts: RV[] = [];
    for (const p of i.parts) {
      const s = shift;
      const w = BigInt(widthOf(p));
      parts.push(this.fromBits(p, (x) => BigInt.asUintN(Number(w), bits(x) >> s)));
      shift += w;
    }
    return { k: 'a', parts };
  }

  // ----- execution -----

  /** Runs `func` (an llvm.func) with per-argument values; returns the value of its llvm.return (if any). */
  run(func: Operation, args: readonly RV[]): RV | undefined {
    const region = func.region(0);
    let block: Block | undefined = region.blocks[0];
    if (!block) throw new SimError('simulator: function has no body');
    block.args.forEach((a, i) => {
      const v = args[i];
      if (!v) throw new SimError(`simulator: missing argument #${i}`);
      this.set(a, v);
    });
    for (let steps = 0; block && steps < 100000; steps++) {
      let next: Block | undefined;
      for (const op of block.ops) {
        if (op.name === 'llvm.return') return op.operands.length ? this.get(op.operand(0)) : undefined;
        if (op.name === 'llvm.br' || op.name === 'llvm.cond_br') {
          next = this.branch(op);
          break;
        }
        this.exec(op);
      }
      block = next;
    }
    throw new SimError('simulator: function did not return');
  }

  private branch(op: Operation): Block {
    let target: Block;
    let operands: Value[];
    if (op.name === 'llvm.br') {
      target = op.successors[0]!;
      operands = op.operandValues;
    } else {
      const c = this.scal(op.operand(0));
      const v = c[0]!;
      for (let x = 1; x < this.n; x++) if (c[x] !== v) throw new SimError('simulator: divergent branch');
      const seg = op.operandSegments ?? [1, op.operands.length - 1, 0];
      const tOps = op.operandValues.slice(1, 1 + seg[1]!);
      const fOps = op.operandValues.slice(1 + seg[1]!);
      target = v ? op.successors[0]! : op.successors[1]!;
      operands = v ? tOps : fOps;
    }
    const vals = operands.map((o) => this.get(o));
    target.args.forEach((a, i) => this.set(a, vals[i]!));
    return target;
  }

  private count(name: string): void {
    this.stats.ops.set(name, (this.stats.ops.get(name) ?? 0) + 1);
  }

  private unary(op: Operation, f: (x: number) => number): void {
    const a = this.scal(op.operand(0));
    const w = (tinfo(op.result().type) as { w: number }).w;
    const m = mask32(w);
    const out = new Uint32Array(this.n);
    for (let x = 0; x < this.n; x++) out[x] = (f(a[x]!) & m) >>> 0;
    this.set(op.result(), { k: 's', w, a: out });
  }

  private binary(op: Operation, f32: (a: number, b: number, w: number) => number, f64: (a: bigint, b: bigint) => bigint): void {
    const ra = this.get(op.operand(0));
    const rb = this.get(op.operand(1));
    if (ra.k === 's' && rb.k === 's') {
      const w = ra.w;
      const m = mask32(w);
      const out = new Uint32Array(this.n);
      for (let x = 0; x < this.n; x++) out[x] = (f32(ra.a[x]!, rb.a[x]!, w) & m) >>> 0;
      this.set(op.result(), { k: 's', w, a: out });
      return;
    }
    if (ra.k === 'w' && rb.k === 'w') {
      const out = new BigUint64Array(this.n);
      for (let x = 0; x < this.n; x++) out[x] = BigInt.asUintN(64, f64(ra.a[x]!, rb.a[x]!));
      this.set(op.result(), { k: 'w', a: out });
      return;
    }
    throw new SimError(`simulator: ${op.name} on vectors`);
  }

  exec(op: Operation): void {
    this.count(op.name);
    const n = this.n;
    switch (op.name) {
      case 'llvm.mlir.constant': {
        const a = op.getAttr('value');
        const t = op.result().type;
        let v: bigint;
        if (a instanceof IntegerAttr) v = a.value;
        else if (a instanceof FloatAttr) v = floatBits(Number(a.value), (a.type as FloatType).kind);
        else throw new SimError('simulator: unsupported constant');
        this.set(op.result(), this.make(t, () => v));
        return;
      }
      case 'llvm.mlir.undef':
      case 'llvm.mlir.poison':
        this.set(op.result(), this.make(op.result().type, () => this.undefPattern));
        return;
      case 'llvm.mlir.zero':
        this.set(op.result(), this.make(op.result().type, () => 0));
        return;
      case 'llvm.mlir.addressof': {
        const sym = op.getAttr('global_name') as SymbolRefAttr;
        if (sym.root !== 'global_smem') throw new SimError(`simulator: address of @${sym.root}`);
        this.set(op.result(), this.make(op.result().type, () => 0));
        return;
      }
      case 'llvm.add':
        return this.binary(op, (a, b) => a + b, (a, b) => a + b);
      case 'llvm.sub':
        return this.binary(op, (a, b) => a - b, (a, b) => a - b);
      case 'llvm.mul':
        return this.binary(op, (a, b) => Math.imul(a, b), (a, b) => a * b);
      case 'llvm.udiv':
        return this.binary(op, (a, b) => (b === 0 ? 0 : Math.floor(a / b)), (a, b) => (b === 0n ? 0n : a / b));
      case 'llvm.urem':
        return this.binary(op, (a, b) => (b === 0 ? 0 : a % b), (a, b) => (b === 0n ? 0n : a % b));
      case 'llvm.sdiv':
      case 'llvm.srem': {
        // Signed, rounding toward zero (LLVM's sdiv / srem); division by zero gives 0 (undefined in LLVM).
        const rem = op.name === 'llvm.srem';
        const sx = (a: number, w: number): number => (w === 32 ? a | 0 : (a << (32 - w)) >> (32 - w));
        return this.binary(
          op,
          (a, b, w) => {
            const [x, y] = [sx(a, w), sx(b, w)];
            return y === 0 ? 0 : rem ? x % y : Math.trunc(x / y);
          },
          (a, b) => {
            const [x, y] = [BigInt.asIntN(64, a), BigInt.asIntN(64, b)];
            return y === 0n ? 0n : rem ? x % y : x / y;
          },
        );
      }
      case 'llvm.and':
        return this.binary(op, (a, b) => a & b, (a, b) => a & b);
      case 'llvm.or':
        return this.binary(op, (a, b) => a | b, (a, b) => a | b);
      case 'llvm.xor':
        return this.binary(op, (a, b) => a ^ b, (a, b) => a ^ b);
      case 'llvm.shl':
        return this.binary(op, (a, b, w) => (b >= w ? 0 : a << b), (a, b) => (b >= 64n ? 0n : a << b));
      case 'llvm.lshr':
        return this.binary(op, (a, b, w) => (b >= w ? 0 : a >>> b), (a, b) => (b >= 64n ? 0n : a >> b));
      case 'llvm.ashr':
        return this.binary(
          op,
          (a, b, w) => {
            const s = w === 32 ? a | 0 : (a << (32 - w)) >> (32 - w);
            return s >> Math.min(b, w - 1);
          },
          (a, b) => BigInt.asIntN(64, a) >> b,
        );
      case 'llvm.icmp': {
        const pred = ICMP_PREDICATES[(op.getAttr('predicate') as IntegerAttr).num]!;
        const ra = this.get(op.operand(0));
        const rb = this.get(op.operand(1));
        const out = new Uint32Array(n);
        for (let x = 0; x < n; x++) {
          let a: bigint;
          let b: bigint;
          let w: number;
          if (ra.k === 's' && rb.k === 's') {
            a = BigInt(ra.a[x]!);
            b = BigInt(rb.a[x]!);
            w = ra.w;
          } else if (ra.k === 'w' && rb.k === 'w') {
            a = ra.a[x]!;
            b = rb.a[x]!;
            w = 64;
          } else throw new SimError('simulator: icmp on vectors');
          const sa = BigInt.asIntN(w, a);
          const sb = BigInt.asIntN(w, b);
          const r =
            pred === 'eq' ? a === b : pred === 'ne' ? a !== b : pred === 'ult' ? a < b : pred === 'ule' ? a <= b : pred === 'ugt' ? a > b : pred === 'uge' ? a >= b
            : pred === 'slt' ? sa < sb : pred === 'sle' ? sa <= sb : pred === 'sgt' ? sa > sb : sa >= sb;
          out[x] = r ? 1 : 0;
        }
        this.set(op.result(), { k: 's', w: 1, a: out });
        return;
      }
      case 'llvm.select': {
        const c = this.scal(op.operand(0));
        const t = this.get(op.operand(1));
        const f = this.get(op.operand(2));
        this.set(op.result(), this.selectRV(c, t, f));
        return;
      }
      case 'llvm.zext':
      case 'llvm.sext':
      case 'llvm.trunc':
      case 'llvm.bitcast':
      case 'llvm.ptrtoint':
      case 'llvm.inttoptr':
        return this.cast(op);
      case 'llvm.getelementptr': {
        const base = this.get(op.operand(0));
        const elemTy = (op.getAttr('elem_type') as TypeAttr).value;
        const raw = (op.getAttr('rawConstantIndices') as DenseArrayAttr).values;
        const size = Math.max(1, widthOf(elemTy) / 8);
        const dyn = op.operandValues.slice(1).map((v) => this.get(v));
        if (raw.length !== 1) throw new SimError('simulator: multi-index getelementptr');
        const idxAt = (x: number): number => {
          if (raw[0] !== -2147483648) return raw[0]!;
          const r = dyn[0]!;
          if (r.k === 's') return r.w === 32 ? r.a[x]! | 0 : r.a[x]!;
          if (r.k === 'w') return Number(BigInt.asIntN(64, r.a[x]!));
          throw new SimError('simulator: vector gep index');
        };
        if (base.k === 's') {
          const out = new Uint32Array(n);
          for (let x = 0; x < n; x++) out[x] = (base.a[x]! + idxAt(x) * size) >>> 0;
          this.set(op.result(), { k: 's', w: 32, a: out });
        } else if (base.k === 'w') {
          const out = new BigUint64Array(n);
          for (let x = 0; x < n; x++) out[x] = BigInt.asUintN(64, base.a[x]! + BigInt(idxAt(x) * size));
          this.set(op.result(), { k: 'w', a: out });
        } else throw new SimError('simulator: vector of pointers');
        return;
      }
      case 'llvm.load':
        return this.load(op);
      case 'llvm.store':
        return this.store(op);
      case 'llvm.atomicrmw':
        return this.atomicRMW(op);
      case 'llvm.extractvalue': {
        const pos = (op.getAttr('position') as DenseArrayAttr).values;
        let r = this.get(op.operand(0));
        for (const p of pos) {
          if (r.k !== 'a') throw new SimError('simulator: extractvalue from a scalar');
          r = r.parts[p]!;
        }
        this.set(op.result(), r);
        return;
      }
      case 'llvm.insertvalue': {
        const pos = (op.getAttr('position') as DenseArrayAttr).values;
        const agg = this.get(op.operand(0));
        const v = this.get(op.operand(1));
        const ins = (r: RV, depth: number): RV => {
          if (r.k !== 'a') throw new SimError('simulator: insertvalue into a scalar');
          const parts = [...r.parts];
          parts[pos[depth]!] = depth === pos.length - 1 ? v : ins(parts[pos[depth]!]!, depth + 1);
          return { k: 'a', parts };
        };
        this.set(op.result(), ins(agg, 0));
        return;
      }
      case 'llvm.extractelement': {
        const vec = this.get(op.operand(0));
        const idx = this.scal(op.operand(1));
        if (vec.k !== 'a') throw new SimError('simulator: extractelement from a scalar');
        const i0 = idx[0]!;
        if (idx.every((i) => i === i0)) {
          this.set(op.result(), vec.parts[i0]!);
          return;
        }
        const parts = vec.parts;
        this.set(
          op.result(),
          this.make(op.result().type, (x) => this.bitsOf(parts[idx[x]!]!, op.result().type, x)),
        );
        return;
      }
      case 'llvm.insertelement': {
        const vec = this.get(op.operand(0));
        const v = this.get(op.operand(1));
        const idx = this.scal(op.operand(2));
        if (vec.k !== 'a') throw new SimError('simulator: insertelement into a scalar');
        const i0 = idx[0]!;
        if (!idx.every((i) => i === i0)) throw new SimError('simulator: per-thread insertelement index');
        const parts = [...vec.parts];
        parts[i0] = v;
        this.set(op.result(), { k: 'a', parts });
        return;
      }
      case 'nvvm.read.ptx.sreg.tid.x':
        this.set(op.result(), this.make(op.result().type, (x) => x));
        return;
      case 'nvvm.read.ptx.sreg.laneid':
        this.set(op.result(), this.make(op.result().type, (x) => x % this.tpw));
        return;
      case 'nvvm.read.ptx.sreg.warpid':
      case 'nvg.warp_id': // convert-nv-gpu-to-llvm's tid.x / 32 made warp-uniform
        this.set(op.result(), this.make(op.result().type, (x) => Math.floor(x / this.tpw)));
        return;
      case 'nvvm.read.ptx.sreg.tid.y':
      case 'nvvm.read.ptx.sreg.tid.z':
      case 'nvvm.read.ptx.sreg.ctaid.x':
      case 'nvvm.read.ptx.sreg.ctaid.y':
      case 'nvvm.read.ptx.sreg.ctaid.z':
      case 'nvvm.read.ptx.sreg.cluster.ctarank':
      case 'nvg.cluster_id':
        this.set(op.result(), this.make(op.result().type, () => 0));
        return;
      case 'nvvm.barrier0':
      case 'nvvm.barrier':
        this.epoch++;
        this.stats.barriers++;
        return;
      case 'nvvm.bar.warp.sync':
      // cp.async copies complete when issued (below), so groups need no tracking.
      case 'nvvm.cp.async.commit.group':
      case 'nvvm.cp.async.wait.group':
        return;
      case 'nvvm.cp.async.mbarrier.arrive.shared': {
        const addr = this.scal(op.operand(0));
        const noinc = op.getAttr('noinc') instanceof IntegerAttr && (op.getAttr('noinc') as IntegerAttr).num !== 0;
        for (let x = 0; x < n; x++) this.mbarriers.cpAsyncArrive(addr[x]!, noinc, x);
        return;
      }
      case 'nvvm.shfl.sync':
        return this.shfl(op);
      case 'nvvm.vote.sync':
        return this.vote(op);
      case 'nvvm.ldmatrix':
        return this.ldmatrix(op);
      case 'nvvm.stmatrix':
        return this.stmatrix(op);
      case 'llvm.inline_asm':
        return this.inlineAsm(op);
      case 'llvm.intr.ctpop':
        return this.unary(op, (x) => {
          let c = 0;
          for (let v = x >>> 0; v; v &= v - 1) c++;
          return c;
        });
      case 'llvm.intr.umin':
        // biome-ignore lint/complexity/useMathMinMax: the 64-bit form works on bigints
        return this.binary(op, (a, b) => Math.min(a >>> 0, b >>> 0), (a, b) => (a < b ? a : b));
      case 'llvm.intr.umax':
        // biome-ignore lint/complexity/useMathMinMax: the 64-bit form works on bigints
        return this.binary(op, (a, b) => Math.max(a >>> 0, b >>> 0), (a, b) => (a > b ? a : b));
      default:
        throw new SimError(`simulator: unsupported op ${op.name}`);
    }
  }

  private selectRV(c: Uint32Array, t: RV, f: RV): RV {
    if (t.k === 's' && f.k === 's') {
      const out = new Uint32Array(this.n);
      for (let x = 0; x < this.n; x++) out[x] = c[x] ? t.a[x]! : f.a[x]!;
      return { k: 's', w: t.w, a: out };
    }
    if (t.k === 'w' && f.k === 'w') {
      const out = new BigUint64Array(this.n);
      for (let x = 0; x < this.n; x++) out[x] = c[x] ? t.a[x]! : f.a[x]!;
      return { k: 'w', a: out };
    }
    if (t.k === 'a' && f.k === 'a') return { k: 'a', parts: t.parts.map((p, i) => this.selectRV(c, p, f.parts[i]!)) };
    throw new SimError('simulator: select of mismatched values');
  }

  private cast(op: Operation): void {
    const src = this.get(op.operand(0));
    const st = op.operand(0).type;
    const dt = op.result().type;
    const sw = widthOf(st);
    const dw = widthOf(dt);
    if (op.name === 'llvm.sext') {
      this.set(op.result(), this.fromBits(dt, (x) => BigInt.asIntN(sw, this.bitsOf(src, st, x))));
      return;
    }
    if (op.name === 'llvm.bitcast' && sw !== dw) throw new SimError(`simulator: bitcast ${st.key} -> ${dt.key} changes the width`);
    // zext, trunc, bitcast, ptrtoint, inttoptr: bit patterns (truncated / zero-extended to the result width).
    const si = tinfo(st);
    const di = tinfo(dt);
    if (si.k === 's' && di.k === 's') {
      const m = mask32(di.w);
      const out = new Uint32Array(this.n);
      const a = (src as { a: Uint32Array }).a;
      for (let x = 0; x < this.n; x++) out[x] = (a[x]! & m) >>> 0;
      this.set(op.result(), { k: 's', w: di.w, a: out });
      return;
    }
    this.set(op.result(), this.fromBits(dt, (x) => this.bitsOf(src, st, x)));
  }

  // ----- shared memory -----

  private checkRange(addr: number, bytes: number): void {
    if (addr < 0 || addr + bytes > this.smem.length) throw new SimError(`simulator: shared memory access out of bounds (${addr}+${bytes} > ${this.smem.length})`);
  }

  private readByte(tid: number, addr: number): number {
    this.checkAtomic(tid, addr, 'read-after-atomic');
    if (this.writeEpoch[addr] === this.epoch && this.lastWriter[addr] !== tid && this.lastWriter[addr]! >= 0) this.hazard(tid, this.lastWriter[addr]!, 'read-after-write', addr);
    if (this.readEpoch[addr] === this.epoch && this.reader[addr] !== tid) this.reader[addr] = this.readers(this.reader[addr]!, tid);
    else {
      this.reader[addr] = tid;
      this.readEpoch[addr] = this.epoch;
    }
    return this.smem[addr]!;
  }
  private writeByte(tid: number, addr: number, v: number): void {
    this.checkAtomic(tid, addr, 'write-after-atomic');
    if (this.readEpoch[addr] === this.epoch && this.reader[addr] !== tid) {
      const other = this.reader[addr]!;
      this.hazard(tid, other, 'write-after-read', addr);
    }
    if (this.writeEpoch[addr] === this.epoch && this.lastWriter[addr] !== tid && this.smem[addr] !== v) this.hazard(tid, this.lastWriter[addr]!, 'write-after-write', addr);
    this.smem[addr] = v;
    this.lastWriter[addr] = tid;
    this.writeEpoch[addr] = this.epoch;
  }
  /** A plain access after another thread's atomic on the same byte (no barrier in between). */
  private checkAtomic(tid: number, addr: number, kind: string): void {
    if (this.atomicEpoch[addr] === this.epoch && this.atomicUser[addr] !== tid) this.hazard(tid, this.atomicUser[addr]!, kind, addr);
  }
  /**
   * The reader mark after `tid` reads a byte `prev` read: several threads of one warp w (-3 - w), so that a later
   * write of that warp is a same-warp hazard (ordered by the lock-step warp or its `nvvm.bar.warp.sync`), or
   * several threads of different warps (-2).
   */
  private readers(prev: number, tid: number): number {
    const w = Math.floor(tid / this.tpw);
    const pw = prev >= 0 ? Math.floor(prev / this.tpw) : prev <= -3 ? -3 - prev : -1;
    return pw === w ? -3 - w : -2;
  }
  private hazard(tid: number, other: number, kind: string, addr: number): void {
    const w = Math.floor(tid / this.tpw);
    const ow = other >= 0 ? Math.floor(other / this.tpw) : other <= -3 ? -3 - other : -1;
    if (ow === w) {
      this.stats.warpHazards++;
      return;
    }
    throw new SimError(`simulator: shared memory race (${kind}) at byte ${addr}: thread ${tid} vs ${other >= 0 ? `thread ${other}` : other <= -3 ? `several threads of warp ${-3 - other}` : 'several threads'} with no barrier in between`);
  }

  /** Wavefronts of a warp access: `addrs[i]` byte address of lane i (or -1 inactive), `bytes` per lane. */
  private wavefronts(addrs: readonly number[], bytes: number): [number, number] {
    const perPhase = bytes <= 4 ? this.tpw : Math.max(1, Math.floor(128 / bytes));
    let total = 0;
    let ideal = 0;
    for (let p = 0; p < addrs.length; p += perPhase) {
      const banks = new Map<number, Set<number>>();
      let any = false;
      for (let i = p; i < Math.min(addrs.length, p + perPhase); i++) {
        const a = addrs[i]!;
        if (a < 0) continue;
        any = true;
        for (let w = Math.floor(a / 4); w <= Math.floor((a + bytes - 1) / 4); w++) {
          const bank = w % 32;
          let s = banks.get(bank);
          if (!s) banks.set(bank, (s = new Set()));
          s.add(w);
        }
      }
      if (!any) continue;
      ideal++;
      let m = 0;
      for (const s of banks.values()) m = Math.max(m, s.size);
      total += m;
    }
    return [total, ideal];
  }
  private addWavefronts(kind: string, t: number, i: number): void {
    this.stats.wavefronts += t;
    this.stats.idealWavefronts += i;
    const k = this.stats.byKind.get(kind) ?? [0, 0];
    this.stats.byKind.set(kind, [k[0] + t, k[1] + i]);
  }
  private countWavefronts(addr: Uint32Array, bytes: number, kind: string): void {
    for (let w = 0; w < this.n / this.tpw; w++) {
      const lanes: number[] = [];
      for (let l = 0; l < this.tpw; l++) lanes.push(addr[w * this.tpw + l]!);
      const [t, i] = this.wavefronts(lanes, bytes);
      this.addWavefronts(kind, t, i);
    }
  }

  private load(op: Operation): void {
    const p = this.get(op.operand(0));
    if (p.k !== 's' || !(op.operand(0).type instanceof LLVMPointerType) || (op.operand(0).type as LLVMPointerType).addressSpace !== 3) {
      throw new SimError('simulator: load from a non-shared pointer');
    }
    const t = op.result().type;
    const bytes = widthOf(t) / 8;
    this.stats.sharedLoads++;
    this.countWavefronts(p.a, bytes, 'llvm.load');
    const fast = this.fastLoad(t, p.a);
    if (fast) {
      this.set(op.result(), fast);
      return;
    }
    this.set(
      op.result(),
      this.fromBits(t, (x) => {
        const addr = p.a[x]!;
        this.checkRange(addr, bytes);
        let v = 0n;
        for (let i = bytes - 1; i >= 0; i--) v = (v << 8n) | BigInt(this.readByte(x, addr + i));
        return v;
      }),
    );
  }

  private store(op: Operation): void {
    const v = this.get(op.operand(0));
    const p = this.get(op.operand(1));
    if (p.k !== 's' || (op.operand(1).type as LLVMPointerType).addressSpace !== 3) throw new SimError('simulator: store to a non-shared pointer');
    const t = op.operand(0).type;
    const bytes = widthOf(t) / 8;
    this.stats.sharedStores++;
    this.countWavefronts(p.a, bytes, 'llvm.store');
    if (this.fastStore(t, v, p.a)) return;
    for (let x = 0; x < this.n; x++) {
      const addr = p.a[x]!;
      this.checkRange(addr, bytes);
      let bits = this.bitsOf(v, t, x);
      for (let i = 0; i < bytes; i++) {
        this.writeByte(x, addr + i, Number(bits & 0xffn));
        bits >>= 8n;
      }
    }
  }

  /**
   * `llvm.atomicrmw` on shared memory (integer ops), applied thread by thread in thread order (any order gives
   * the same memory for these commutative ops; the returned old values follow this order). Atomics race with
   * plain accesses of other threads since the last barrier, not with each other.
   */
  private atomicRMW(op: Operation): void {
    const p = this.get(op.operand(0));
    const v = this.get(op.operand(1));
    const t = op.operand(1).type;
    if (p.k !== 's' || (op.operand(0).type as LLVMPointerType).addressSpace !== 3) throw new SimError('simulator: atomicrmw on a non-shared pointer');
    if (!(t instanceof IntegerType)) throw new SimError(`simulator: atomicrmw on ${t.key}`);
    const binOp = (op.getAttr('bin_op') as IntegerAttr).num;
    // LLVM's AtomicBinOp values: xchg 0, add 1, sub 2, and 3, nand 4, or 5, xor 6, max 7, min 8, umax 9, umin 10.
    const w = t.width;
    const f = (a: bigint, b: bigint): bigint => {
      const [sa, sb] = [BigInt.asIntN(w, a), BigInt.asIntN(w, b)];
      switch (binOp) {
        case 0: return b;
        case 1: return a + b;
        case 2: return a - b;
        case 3: return a & b;
        case 4: return ~(a & b);
        case 5: return a | b;
        case 6: return a ^ b;
        case 7: return sa > sb ? a : b;
        case 8: return sa < sb ? a : b;
        case 9: return a > b ? a : b;
        case 10: return a < b ? a : b;
        default: throw new SimError(`simulator: atomicrmw bin_op ${binOp}`);
      }
    };
    const bytes = w / 8;
    this.countWavefronts(p.a, bytes, 'llvm.atomicrmw');
    const old: bigint[] = [];
    for (let x = 0; x < this.n; x++) {
      const addr = p.a[x]!;
      this.checkRange(addr, bytes);
      let cur = 0n;
      for (let i = bytes - 1; i >= 0; i--) {
        const a = addr + i;
        if (this.writeEpoch[a] === this.epoch && this.lastWriter[a] !== x && this.lastWriter[a]! >= 0) this.hazard(x, this.lastWriter[a]!, 'atomic-after-write', a);
        if (this.readEpoch[a] === this.epoch && this.reader[a] !== x) this.hazard(x, this.reader[a]!, 'atomic-after-read', a);
        cur = (cur << 8n) | BigInt(this.smem[a]!);
      }
      old.push(cur);
      let nv = BigInt.asUintN(w, f(cur, this.bitsOf(v, t, x)));
      for (let i = 0; i < bytes; i++) {
        const a = addr + i;
        this.smem[a] = Number(nv & 0xffn);
        nv >>= 8n;
        this.atomicUser[a] = this.atomicEpoch[a] === this.epoch && this.atomicUser[a] !== x ? -2 : x;
        this.atomicEpoch[a] = this.epoch;
      }
    }
    this.set(op.result(), this.fromBits(t, (x) => old[x]!));
  }

  /** Loads of scalars (or vectors of scalars) of at most 32 bits each, without bigints. */
  private fastLoad(t: Type, addr: Uint32Array): RV | undefined {
    const i = tinfo(t);
    const elems: Type[] = i.k === 's' ? [t] : i.k === 'a' ? i.parts : [];
    if (!elems.length || !elems.every((e) => tinfo(e).k === 's' && widthOf(e) % 8 === 0)) return undefined;
    let off = 0;
    const parts: RV[] = elems.map((e) => {
      const w = widthOf(e);
      const nb = w / 8;
      const a = new Uint32Array(this.n);
      for (let x = 0; x < this.n; x++) {
        const base = addr[x]! + off;
        this.checkRange(base, nb);
        let v = 0;
        for (let b = nb - 1; b >= 0; b--) v = v * 256 + this.readByte(x, base + b);
        a[x] = v >>> 0;
      }
      off += nb;
      return { k: 's', w, a };
    });
    return i.k === 's' ? parts[0]! : { k: 'a', parts };
  }

  private fastStore(t: Type, v: RV, addr: Uint32Array): boolean {
    const i = tinfo(t);
    const elems: Type[] = i.k === 's' ? [t] : i.k === 'a' ? i.parts : [];
    if (!elems.length || !elems.every((e) => tinfo(e).k === 's' && widthOf(e) % 8 === 0)) return false;
    const parts = i.k === 's' ? [v] : (v as { parts: RV[] }).parts;
    let off = 0;
    elems.forEach((e, j) => {
      const nb = widthOf(e) / 8;
      const a = (parts[j] as { a: Uint32Array }).a;
      for (let x = 0; x < this.n; x++) {
        const base = addr[x]! + off;
        this.checkRange(base, nb);
        let val = a[x]!;
        for (let b = 0; b < nb; b++) {
          this.writeByte(x, base + b, val & 0xff);
          val >>>= 8;
        }
      }
      off += nb;
    });
    return true;
  }

  /**
   * `[@$p ]cp.async.{ca,cg}.shared.global [ $d + 0 ], [ $s + 0 ], size, srcSize;` with the source bytes from
   * `opts.globalByte`: copies `srcSize` bytes (a constant or an operand) and zero-fills the rest of `size`, at
   * once (the shared memory writes are race-checked like stores).
   */
  private cpAsync(op: Operation, asm: string): void {
    const m = /^(?:@\$(\d+) )?cp\.async\.(ca|cg)\.shared\.global \[ \$(\d+) \+ 0 \], \[ \$(\d+) \+ 0 \], 0x([0-9a-f]+), (?:0x([0-9a-f]+)|\$(\d+));$/.exec(asm);
    if (!m) throw new SimError(`simulator: unsupported inline asm '${asm}'`);
    const global = this.opts.globalByte;
    if (!global) throw new SimError('simulator: cp.async without global memory contents');
    const size = parseInt(m[5]!, 16);
    if (![4, 8, 16].includes(size) || (m[2] === 'cg' && size !== 16)) throw new SimError(`simulator: invalid cp.async.${m[2]} of ${size} bytes`);
    const pred = m[1] !== undefined ? this.scal(op.operand(Number(m[1]))) : undefined;
    const dst = this.scal(op.operand(Number(m[3])));
    const src = this.get(op.operand(Number(m[4])));
    if (src.k !== 'w') throw new SimError('simulator: cp.async source is not a 64-bit pointer');
    const srcSize = m[7] !== undefined ? this.scal(op.operand(Number(m[7]))) : undefined;
    this.stats.sharedStores++;
    for (let x = 0; x < this.n; x++) {
      if (pred && !pred[x]) continue;
      const d = dst[x]!;
      if (d % size !== 0) throw new SimError(`simulator: misaligned cp.async destination ${d} (${size} bytes)`);
      this.checkRange(d, size);
      const n = srcSize ? srcSize[x]! : parseInt(m[6]!, 16);
      for (let i = 0; i < size; i++) this.writeByte(x, d + i, i < n ? global(src.a[x]! + BigInt(i)) & 0xff : 0);
    }
  }

  /** The inline PTX forms the lowerings emit: predicated `@$p st.shared.bN [ $a + 0 ], $v;`. */
  private inlineAsm(op: Operation): void {
    const asm = (op.getAttr('asm_string') as StringAttr).value.trim();
    const mb = parseMbarrierAsm(asm);
    if (mb) return this.mbarrierAsm(op, mb);
    if (asm.includes('cp.async')) return this.cpAsync(op, asm);
    const m = /^@\$(\d+) st\.shared\.b(\d+) \[ \$(\d+) \+ 0 \], \$(\d+);$/.exec(asm);
    if (!m || op.results.some((r) => !(r.type instanceof LLVMVoidType))) throw new SimError(`simulator: unsupported inline asm '${asm}'`);
    const pred = this.scal(op.operand(Number(m[1])));
    const bytes = Number(m[2]) / 8;
    const addr = this.scal(op.operand(Number(m[3])));
    const val = this.get(op.operand(Number(m[4])));
    const vt = op.operand(Number(m[4])).type;
    this.stats.sharedStores++;
    const active = new Uint32Array(this.n);
    for (let x = 0; x < this.n; x++) active[x] = pred[x] ? addr[x]! : 0xffffffff;
    for (let w = 0; w < this.n / this.tpw; w++) {
      const lanes: number[] = [];
      for (let l = 0; l < this.tpw; l++) {
        const a = active[w * this.tpw + l]!;
        lanes.push(a === 0xffffffff ? -1 : a);
      }
      const [t, i] = this.wavefronts(lanes, bytes);
      this.addWavefronts('st.shared (asm)', t, i);
    }
    for (let x = 0; x < this.n; x++) {
      if (!pred[x]) continue;
      this.checkRange(addr[x]!, bytes);
      let bits = this.bitsOf(val, vt, x);
      for (let i = 0; i < bytes; i++) {
        this.writeByte(x, addr[x]! + i, Number(bits & 0xffn));
        bits >>= 8n;
      }
    }
  }

  /** The mbarrier PTX of the lowering: per thread whose predicate holds (wait: every thread, unless skipped). */
  private mbarrierAsm(op: Operation, mb: import('./mbarrier.js').MbarrierAsm): void {
    const addr = this.regOperand(op.operand(mb.addr));
    const pred = mb.pred === undefined ? undefined : this.scal(op.operand(mb.pred));
    const active = (x: number): boolean => pred === undefined || pred[x] !== 0;
    if (mb.kind === 'wait') {
      const parity = this.scal(op.operand(mb.parity));
      const waits: { tid: number; addr: number; parity: number }[] = [];
      for (let x = 0; x < this.n; x++) if (active(x)) waits.push({ tid: x, addr: addr[x]!, parity: parity[x]! });
      this.mbarriers.wait(waits);
      return;
    }
    for (let x = 0; x < this.n; x++) {
      if (!active(x)) continue;
      const a = addr[x]!;
      this.checkRange(a, 8);
      if (mb.kind === 'init') this.mbarriers.init(a, mb.count, x);
      else if (mb.kind === 'inval') this.mbarriers.inval(a, x);
      else if (mb.kind === 'arrive') this.mbarriers.arrive(a, mb.count, x);
      else this.mbarriers.expectTx(a, mb.bytes, x);
    }
  }

  // ----- warp operations -----

  private shfl(op: Operation): void {
    const kind = (op.getAttr('kind') as NVVMEnumAttr).value;
    const memberMask = this.scal(op.operand(0));
    const val = this.get(op.operand(1));
    const b = this.scal(op.operand(2));
    const c = this.scal(op.operand(3));
    if (op.getAttr('return_value_and_is_valid')) throw new SimError('simulator: shfl.sync with a validity result');
    this.stats.shuffles++;
    const src = new Int32Array(this.n);
    for (let x = 0; x < this.n; x++) {
      const w = Math.floor(x / this.tpw);
      const lane = x % this.tpw;
      if (((memberMask[x]! >>> lane) & 1) === 0) throw new SimError('simulator: shfl.sync by a lane outside its member mask');
      const bval = b[x]! & 31;
      const cval = c[x]! & 31;
      const segmask = (c[x]! >>> 8) & 31;
      const maxLane = (lane & segmask) | (cval & ~segmask);
      const minLane = lane & segmask;
      let j: number;
      let pval: boolean;
      switch (kind) {
        case 'up':
          j = lane - bval;
          pval = j >= maxLane;
          break;
        case 'down':
          j = lane + bval;
          pval = j <= maxLane;
          break;
        case 'bfly':
          j = lane ^ bval;
          pval = j <= maxLane;
          break;
        case 'idx':
          j = minLane | (bval & ~segmask);
          pval = j <= maxLane;
          break;
        default:
          throw new SimError(`simulator: shfl kind ${kind}`);
      }
      if (!pval) j = lane;
      if (((memberMask[x]! >>> j) & 1) === 0) throw new SimError('simulator: shfl.sync reads a lane outside the member mask');
      src[x] = w * this.tpw + j;
    }
    if (val.k !== 's') throw new SimError('simulator: shfl.sync of a non-32-bit value');
    const out = new Uint32Array(this.n);
    for (let x = 0; x < this.n; x++) out[x] = val.a[src[x]!]!;
    this.set(op.result(), { k: 's', w: val.w, a: out });
  }

  /** `vote.sync`: ballot gives the bits of the member lanes whose predicate is true; any / all / uni over them. */
  private vote(op: Operation): void {
    const kind = (op.getAttr('kind') as NVVMEnumAttr).value;
    const memberMask = this.scal(op.operand(0));
    const pred = this.scal(op.operand(1));
    const out = new Uint32Array(this.n);
    for (let x = 0; x < this.n; x++) {
      const w = Math.floor(x / this.tpw);
      const lane = x % this.tpw;
      const m = memberMask[x]!;
      if (((m >>> lane) & 1) === 0) throw new SimError('simulator: vote.sync by a lane outside its member mask');
      let bits = 0;
      let members = 0;
      for (let l = 0; l < this.tpw; l++) {
        if (((m >>> l) & 1) === 0) continue;
        if (memberMask[w * this.tpw + l] !== m) throw new SimError('simulator: vote.sync lanes with different member masks');
        members |= 1 << l;
        if (pred[w * this.tpw + l]) bits |= 1 << l;
      }
      out[x] = (kind === 'ballot' ? bits : kind === 'any' ? +(bits !== 0) : kind === 'all' ? +(bits === members) : +(bits === 0 || bits === members)) >>> 0;
    }
    const w = (tinfo(op.result().type) as { w: number }).w;
    this.set(op.result(), { k: 's', w, a: out });
  }

  private matrixInfo(op: Operation): { num: number; trans: boolean } {
    const layout = (op.getAttr('layout') as NVVMEnumAttr).value;
    const elt = op.getAttr('eltType') as NVVMEnumAttr | undefined;
    if (elt && elt.value !== 'b16') throw new SimError(`simulator: ${op.name} of ${elt.value}`);
    const num = op.name === 'nvvm.ldmatrix' ? (op.getAttr('num') as IntegerAttr).num : op.operands.length - 1;
    if (![1, 2, 4].includes(num)) throw new SimError(`simulator: ${op.name} with num = ${num}`);
    return { num, trans: layout === 'col' };
  }

  /**
   * ldmatrix m8n8 b16: lane 8k+i gives the address of row i of matrix k (16 bytes); lane t receives, for each
   * matrix k, the 16-bit cells (row t/4, cols 2(t%4), 2(t%4)+1) (non-transposed) or (rows 2(t%4), 2(t%4)+1,
   * col t/4) (`.trans`), packed low cell first.
   */
  private ldmatrix(op: Operation): void {
    const { num, trans } = this.matrixInfo(op);
    const p = this.scal(op.operand(0));
    this.stats.ldmatrix++;
    const res: Uint32Array[] = [];
    for (let k = 0; k < num; k++) res.push(new Uint32Array(this.n));
    for (let w = 0; w < this.n / this.tpw; w++) {
      const base = w * this.tpw;
      for (let k = 0; k < num; k++) {
        const rows: number[] = [];
        for (let i = 0; i < 8; i++) rows.push(p[base + 8 * k + i]!);
        const [t, id] = this.wavefronts(rows, 16);
        this.addWavefronts('nvvm.ldmatrix', t, id);
        for (const r of rows) this.checkRange(r, 16);
        const cell = (row: number, col: number, reader: number): number => this.readByte(reader, rows[row]! + 2 * col) | (this.readByte(reader, rows[row]! + 2 * col + 1) << 8);
        for (let lane = 0; lane < 32; lane++) {
          const x = base + lane;
          let lo: number;
          let hi: number;
          if (!trans) {
            lo = cell(lane >> 2, 2 * (lane & 3), x);
            hi = cell(lane >> 2, 2 * (lane & 3) + 1, x);
          } else {
            lo = cell(2 * (lane & 3), lane >> 2, x);
            hi = cell(2 * (lane & 3) + 1, lane >> 2, x);
          }
          res[k]![x] = (lo | (hi << 16)) >>> 0;
        }
      }
    }
    const parts: RV[] = res.map((a) => ({ k: 's', w: 32, a }));
    this.set(op.result(), num === 1 && !(op.result().type instanceof LLVMStructType) ? parts[0]! : { k: 'a', parts });
  }

  /** stmatrix m8n8 b16: the inverse of ldmatrix (lane t provides the cells ldmatrix would give it). */
  private stmatrix(op: Operation): void {
    const { num, trans } = this.matrixInfo(op);
    const p = this.scal(op.operand(0));
    const srcs = op.operandValues.slice(1).map((v) => this.scal(v));
    this.stats.stmatrix++;
    for (let w = 0; w < this.n / this.tpw; w++) {
      const base = w * this.tpw;
      for (let k = 0; k < num; k++) {
        const rows: number[] = [];
        for (let i = 0; i < 8; i++) rows.push(p[base + 8 * k + i]!);
        const [t, id] = this.wavefronts(rows, 16);
        this.addWavefronts('nvvm.stmatrix', t, id);
        for (const r of rows) this.checkRange(r, 16);
        const put = (row: number, col: number, writer: number, v: number): void => {
          this.writeByte(writer, rows[row]! + 2 * col, v & 0xff);
          this.writeByte(writer, rows[row]! + 2 * col + 1, (v >>> 8) & 0xff);
        };
        for (let lane = 0; lane < 32; lane++) {
          const x = base + lane;
          const v = srcs[k]![x]!;
          if (!trans) {
            put(lane >> 2, 2 * (lane & 3), x, v & 0xffff);
            put(lane >> 2, 2 * (lane & 3) + 1, x, v >>> 16);
          } else {
            put(2 * (lane & 3), lane >> 2, x, v & 0xffff);
            put(2 * (lane & 3) + 1, lane >> 2, x, v >>> 16);
          }
        }
      }
    }
  }
}
