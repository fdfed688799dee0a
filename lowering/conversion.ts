/**
 * The TritonGPU → LLVM conversion driver and its pattern registry.
 *
 * ## Writing a lowering (the API other lowering files plug into)
 *
 * A lowering is a function registered for one or more op names:
 *
 *   import { registerLowering } from './conversion.js';
 *   registerLowering(ReduceOp, (op, ctx) => {
 *     const vals = ctx.lowered(ReduceOp.srcs)[0]!; // Value[]: the registers of the first source (see below)
 *     const b = ctx.b;                              // LLVMBuilder: ops go before `op` (or inline, see lowerRegion)
 *     const acc = ctx.lowerRegion(ReduceOp.combineOp(op), [[x], [y]]);  // applies the combine region to scalars
 *     ctx.replace([acc[0]!]);                       // one Value[] per result of `op`
 *   });
 *
 * Value representation. Every TritonGPU value is lowered to a list of LLVM values (`Value[]`):
 * - a distributed tensor: one value per register, index i = register i of the type's linear layout
 *   (`toLinearLayout(shape, encoding)`, in-dim `register`), i.e. the fields of Triton's `!llvm.struct`
 *   in order (`getTotalElemsPerThread` of them); elements are converted scalars (fp8 → i8, ptr → !llvm.ptr<as>);
 * - a shared-memory descriptor (`!ttg.memdesc`): `[base: !llvm.ptr<3>, offset_0: i32, ..., offset_{rank-1}: i32]`
 *   (Triton's SharedMemoryObject: base pointer of the allocation plus the view's offsets per dim);
 * - anything else (scalars, pointers, tokens): a single value.
 * As in Triton, every tensor / memdesc result is packed into its `!llvm.struct` (undef + insertvalue) and every
 * use unpacks it again with extractvalue (once per operand of the op: the adaptor caches by operand index);
 * canonicalize folds the pairs away. `ctx.packedOperand(i)` / `ctx.lookupPacked(v)` give the struct itself (block
 * arguments, calls, returns).
 *
 * Operands are read by name, as MLIR's generated `OpAdaptor` getters do (`adaptor.getSrc()`): `ctx.lowered(H.x)`
 * takes the operand accessor of op handle `H` (dialect/ir/op-handle.ts), which knows the operand's position
 * from the declaration (optional and variadic groups included), and gives its registers: `Value[]`,
 * `Value[] | undefined` for an absent optional operand, `Value[][]` for a variadic group. Lowerings of any op
 * of a shape (unary elementwise ops) use the structural accessors of dialect/ir/operand-traits.ts
 * (`ctx.lowered(OneOperand.operand)`). Positional reads (`ctx.operand(i)`) are only for code that visits every
 * operand (elementwise ops, calls, prints); test/architecture.test.ts rejects a digit there.
 *
 * A lowering returns nothing (or `true`) when it replaced the op, or `false` / a string (the reason) when it
 * does not apply; then the next registered lowering for that op name is tried (higher `benefit` first, then
 * registration order). An op nobody lowers is an error ("failed to legalize operation"), except ops of the
 * `llvm` / `nvvm` dialects, which are kept (their operands remapped). Ops without results need no `replace`.
 *
 * Context (`LoweringContext`):
 * - `op`, `b` (LLVMBuilder with the op's location), `state` (module-wide: target, warps, axis info, allocation),
 *   `numWarps`, `threadsPerWarp`, `numCTAs`, `computeCapability`, `ptxVersion`;
 * - `lowered(H.x)` (the registers of named operand `x`), `scalar(H.x)` (a single-valued operand), `operand(i)` /
 *   `operands()` (by position, for code that visits every operand), `replace(results)`;
 * - `lowerRegion(region, args)`: lowers a single-block region's ops with its block arguments bound to `args`
 *   (Value[] each) at the current insertion point and returns the lowered operands of its terminator (used for
 *   reduce/scan/sort combiners, which are applied many times);
 * - `threadId()`, `laneId()`, `warpId()`, `laneWarp()` (Triton's getThreadId / getLaneAndWarpId),
 *   `smemBase()` (the function's shared memory base pointer) and `sharedMemoryBase(op?)` (base + the op's
 *   `allocation.offset`), `globalScratchBase()`;
 * - `axisInfo` (ModuleAxisInfoAnalysis computed on the TTGIR before conversion), `error(msg)`.
 *
 * Shared layout/index helpers live in `layout-indices.ts` (`emitIndices`, `applyLinearLayout`), the LLVM op
 * helpers in `builder.ts`, inline PTX in `ptx.ts`, global memory helpers (vector sizes, unique registers, redundant
 * thread predicates) in `memory.ts`, the shared memory layout of conversions in
 * `analysis/allocation.ts` (`swizzledCvtLayout`). Register lowerings by importing the module from
 * `lowering/index.ts` (one import line per file).
 *
 * Files: function.ts (functions, calls, returns), control-flow.ts (cf), elementwise.ts (arith, math, fp conversions,
 * inline asm), view.ts (splat, broadcast, expand_dims, trans, reshape, join, split, cat, make_range, addptr,
 * constants), spmd.ts (program ids), memory.ts (tt.load / tt.store), atomics.ts, print-assert.ts, membar.ts
 * (barriers), nv-passes.ts (convert-nv-gpu-to-llvm / convert-nvvm-to-llvm), llvm-folds.ts (LLVM dialect folders).
 *
 * ## Driver
 *
 * The pass (`lowering/index.ts`) converts each `tt.func` into an `llvm.func` (function.ts), then visits the blocks
 * of each function in reverse post-order (definitions before uses) and their ops in order: block arguments are
 * retyped in place (aggregates become structs, unpacked at the top of their block), every op is lowered by its
 * pattern with the insertion point before it, barriers requested by the membar analysis are emitted before the
 * op, and at the end every original op is erased.
 */
import { opNameOf, type Grouped, type OperandAccessor, type OpRef } from '../dialect/ir/op-handle.js';
import type { OperandKind } from '../dialect/ir/op-definition.js';
import { type Attribute, IntegerAttr, StringAttr, TypeAttr } from '../dialect/ir/attribute.js';
import { createOperation } from '../dialect/ir/create.js';
import { exceptionAsOpError } from '../dialect/ir/diagnostics.js';
import { Builder } from '../dialect/ir/builder.js';
import { BlockArgument, type Block, type Operation, type Region, type Value } from '../dialect/ir/ir.js';
import { FloatType, IntegerType, RankedTensorType, ShapedType, type Type } from '../dialect/ir/type.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { LLVMFunctionType, LLVMStructType, LLVMPointerType } from '../dialect/llvm/types.js';
import type { ModuleAxisInfoAnalysis } from '../analysis/axis-info.js';
import { LLVMBuilder } from './builder.js';
import { convertType, isAggregateType, loweredValueTypes } from './type-converter.js';
import { LLVMFuncOp } from '../dialect/llvm/ops.js';

// ---------------------------------------------------------------------------------------------------------
// Registry

export type LoweringResult = void | boolean | string;
export type LoweringFn = (op: Operation, ctx: LoweringContext) => LoweringResult;

interface Entry {
  fn: LoweringFn;
  benefit: number;
  seq: number;
}

const registry = new Map<string, Entry[]>();
let seqCounter = 0;

/** Registers a lowering for `names` (op names such as `tt.reduce`). See the file header. */
export function registerLowering(ops: OpRef | readonly OpRef[], fn: LoweringFn, opts: { benefit?: number } = {}): void {
  for (const name of (Array.isArray(ops) ? (ops as readonly OpRef[]) : [ops as OpRef]).map(opNameOf)) {
    const list = registry.get(name) ?? [];
    list.push({ fn, benefit: opts.benefit ?? 1, seq: seqCounter++ });
    list.sort((a, b) => b.benefit - a.benefit || a.seq - b.seq);
    registry.set(name, list);
  }
}

export function hasLowering(name: string): boolean {
  return registry.has(name);
}

// ---------------------------------------------------------------------------------------------------------
// Module-wide state

export interface TargetInfo {
  computeCapability: number;
  ptxVersion: number;
}

/** What the conversion knows about the module (filled in by the pass). */
export interface ConversionState {
  target: TargetInfo;
  numWarps: number;
  threadsPerWarp: number;
  numCTAs: number;
  axisInfo: ModuleAxisInfoAnalysis;
  /** Ops before which a barrier must be emitted (membar analysis). */
  barrierBefore: Set<Operation>;
  /** Errors reported by patterns (the pass fails when not empty). */
  errors: { op: Operation; message: string }[];
}

/**
 * The widest tensor element the lowering takes. Registers of wider elements are moved in 32-bit pieces, so one
 * `tensor<32xi1000000>` layout conversion would unroll into a million shuffles (Triton would build them too).
 */
const MAX_ELEMENT_BITS = 1024;

/**
 * The most registers per thread a tensor's layout may hold. Lowering emits code per register: a layout with 8192
 * of them (sizePerThread = [1024, 8]) turns a 40-op epilogue into about a million LLVM ops (seconds and gigabytes,
 * in Triton too), and GPUs have 255 registers per thread. Real kernels stay far below: a 256x256 f32 tile on one
 * warp holds 2048.
 */
const MAX_REGISTERS = 4096;

function registersPerThread(t: Type): number {
  if (!(t instanceof RankedTensorType) || !t.encoding) return 0;
  try {
    return 2 ** toLinearLayout(t.shape, t.encoding).getInDimSizeLog2('register');
  } catch {
    // Not a distributed layout (or a bad one, which the op's own lowering reports).
    return 0;
  }
}

/**
 * Throws a LoweringError at `op` when one of `types` is beyond what the lowering takes: elements wider than
 * MAX_ELEMENT_BITS, or layouts of more than MAX_REGISTERS registers per thread.
 */
export function assertLowerableTypes(op: Operation, types: readonly Type[]): void {
  const wide = types.map(elementBits).find((w) => w > MAX_ELEMENT_BITS);
  if (wide !== undefined) throw new LoweringError(op, `cannot lower tensors of ${wide}-bit elements (at most ${MAX_ELEMENT_BITS} bits)`);
  assertRegisterBudget(op, types);
}

/** The register half of assertLowerableTypes (a function's signature is checked for it before it is converted). */
export function assertRegisterBudget(op: Operation, types: readonly Type[]): void {
  for (const t of types) {
    const regs = registersPerThread(t);
    if (regs > MAX_REGISTERS) throw new LoweringError(op, `cannot lower ${t.key}: its layout holds ${regs} registers per thread (at most ${MAX_REGISTERS})`);
  }
}

function elementBits(t: Type): number {
  const e = t instanceof ShapedType ? t.elementType : undefined;
  return e instanceof IntegerType || e instanceof FloatType ? e.width : 0;
}

export class LoweringError extends Error {
  constructor(
    readonly op: Operation,
    message: string,
  ) {
    super(message);
  }
}

/** Per-function conversion state. */
export class FunctionLowering {
  /** Lowered values of non-aggregate values (scalars, pointers, tokens). */
  readonly values = new Map<Value, Value[]>();
  /** The `!llvm.struct` holding the registers of each tensor / memdesc value (as Triton's packLLElements). */
  readonly structs = new Map<Value, Value>();
  readonly builder = new Builder();
  /** Original ops to erase once the function is converted. */
  readonly toErase: Operation[] = [];

  constructor(
    /** Module-wide state; `numWarps` is the partition's while a warp_specialize partition is lowered. */
    public state: ConversionState,
    /** The llvm.func being filled in. */
    readonly func: Operation,
    /** The shared memory base of this function (kernel: addressof @global_smem; device function: its argument). */
    readonly smemBaseOf: (b: LLVMBuilder) => Value,
    /** The global scratch argument of the function. */
    readonly globalScratchArg: Value | undefined,
    /** The profile scratch argument of the function. */
    readonly profileScratchArg: Value | undefined = undefined,
  ) {}

  /** A builder at the current insertion point with location `op.loc`. */
  llvmBuilder(op: Operation): LLVMBuilder {
    return new LLVMBuilder(this.builder, op.loc);
  }

  /**
   * Lowered values of `v` (throws when `v` was not lowered yet). Tensors and memdescs are unpacked from their
   * struct with `llvm.extractvalue` at the current insertion point (Triton's unpackLLElements).
   */
  lookup(v: Value, user?: Operation): Value[] {
    const st = this.structs.get(v);
    if (st) return new LLVMBuilder(this.builder, user?.loc ?? this.func.loc).unpackStruct(st);
    const hit = this.values.get(v);
    if (hit) return hit;
    if (this.kept.has(v)) return this.materializeKept(v, user);
    if (v instanceof BlockArgument && !isAggregateType(v.type)) return [v];
    throw new LoweringError(user ?? this.func, `operand of ${user?.name ?? 'op'} was not lowered (defined by ${v.definingOp?.name ?? 'a block argument'})`);
  }

  /** The single LLVM value of `v`: its struct for tensors / memdescs, else its lowered value. */
  lookupPacked(v: Value, user?: Operation): Value {
    const st = this.structs.get(v);
    if (st) return st;
    const l = this.lookup(v, user);
    if (l.length !== 1) throw new LoweringError(user ?? this.func, 'aggregate value without a struct');
    return l[0]!;
  }

  /**
   * Values that keep their TritonGPU type because the op defining them is kept as it is (an unregistered op,
   * `ttg.warp_specialize` and its regions' arguments, see kept-ops.ts); a lowered use reads them through an
   * `unrealized_conversion_cast` to the LLVM type (MLIR's target materialization).
   */
  readonly kept = new Set<Value>();
  /** Casts of lowered values back to their TritonGPU type, for kept ops (MLIR's source materialization). */
  readonly unlowered = new Map<Value, Value>();

  /** The LLVM value(s) of a kept value: a cast placed right after its definition (once per value). */
  private materializeKept(v: Value, user?: Operation): Value[] {
    const to = convertType(v.type);
    if (to === v.type) return [v];
    const b = new Builder();
    if (v instanceof BlockArgument) b.setInsertionPointToStart(v.parentBlock);
    else b.setInsertionPointAfterValue(v);
    // At the location of the first lowered user, as MLIR's target materialization.
    const cast = b.create({ name: 'builtin.unrealized_conversion_cast', operands: [v], resultTypes: [to], loc: user?.loc ?? v.definingOp?.loc ?? this.func.loc });
    if (isAggregateType(v.type)) this.structs.set(v, cast.result(0));
    else this.values.set(v, [cast.result(0)]);
    return this.lookup(v, user);
  }

  /**
   * `v` as a kept op sees it: itself when it is kept or was never lowered, else its lowered value, cast back to
   * `v`'s type right after that value's definition when the types differ.
   */
  unloweredValue(v: Value): Value {
    if (this.kept.has(v)) return v;
    const cached = this.unlowered.get(v);
    if (cached) return cached;
    const lowered = this.structs.get(v) ?? this.values.get(v)?.[0];
    if (!lowered || (lowered.type === v.type && !isAggregateType(v.type))) return lowered ?? v;
    const b = new Builder();
    if (lowered instanceof BlockArgument) b.setInsertionPointToStart(lowered.parentBlock);
    else b.setInsertionPointAfterValue(lowered);
    const cast = b.create({ name: 'builtin.unrealized_conversion_cast', operands: [lowered], resultTypes: [v.type], loc: v.definingOp?.loc ?? lowered.definingOp?.loc ?? this.func.loc });
    this.unlowered.set(v, cast.result(0));
    return cast.result(0);
  }

  /**
   * Lowers the ops of `blocks` (in dominance order) in place, as the function body is lowered: used for the
   * regions of ops that are kept (`ttg.warp_specialize`), whose block arguments are kept values.
   */
  lowerNestedBlocks(region: Region, warpGroup?: { numWarps: number; startWarp: number | undefined }): void {
    for (const a of region.blocks[0]?.args ?? []) this.kept.add(a);
    // Other blocks (a lowered loop's CFG) take converted arguments, as the function's own blocks do (run).
    for (const blk of region.blocks.slice(1)) {
      const n = blk.args.length;
      this.nestedOrigArgs.push([blk, n]);
      for (let i = 0; i < n; i++) {
        const old = blk.args[i]!;
        const neu = blk.addArgument(convertType(old.type), old.loc);
        if (isAggregateType(old.type)) this.structs.set(old, neu);
        else this.values.set(old, [neu]);
      }
    }
    const snapshot = new Map<Block, Operation[]>();
    for (const blk of region.blocks) snapshot.set(blk, [...blk.ops]);
    const saved = { state: this.state, start: this.warpGroupStartThread };
    if (warpGroup) {
      // A partition's ops are lowered for its own warps, as Triton's lookupNumWarps / getThreadId see them.
      this.state = { ...saved.state, numWarps: warpGroup.numWarps };
      this.warpGroupStartThread = warpGroup.startWarp === undefined ? undefined : warpGroup.startWarp * saved.state.threadsPerWarp;
    }
    try {
      for (const blk of reversePostOrder(region)) this.lowerOps(snapshot.get(blk) ?? []);
    } finally {
      this.state = saved.state;
      this.warpGroupStartThread = saved.start;
    }
  }

  /** Non-entry blocks of nested regions and their original argument counts (erased with the function's). */
  private readonly nestedOrigArgs: [Block, number][] = [];

  /** The first thread of the warp_specialize partition being lowered (undefined outside partitions). */
  private warpGroupStartThread: number | undefined = undefined;

  private lowerOps(ops: readonly Operation[]): void {
    for (const op of ops) {
      this.builder.setInsertionPoint(op);
      if (this.state.barrierBefore.has(op)) new LLVMBuilder(this.builder, op.loc).barrier();
      this.lowerOp(op);
      this.toErase.push(op);
    }
  }

  /** Records the lowered values of `v`; tensors / memdescs are packed into a struct (Triton's packLLElements). */
  define(v: Value, vals: readonly Value[], loc: Operation['loc']): void {
    if (isAggregateType(v.type)) {
      this.structs.set(v, new LLVMBuilder(this.builder, loc).packStruct(vals, convertType(v.type)));
      this.values.delete(v);
    } else {
      this.values.set(v, [...vals]);
      this.structs.delete(v);
    }
  }

  /** Thread id in the CTA, masked to the CTA's threads (Triton's getThreadId). */
  threadId(b: LLVMBuilder): Value {
    let tid = b.sreg('tid.x');
    // Inside a warp_specialize partition: the thread id relative to the partition's first warp.
    if (this.warpGroupStartThread !== undefined) tid = b.sub(tid, b.i32(this.warpGroupStartThread));
    return b.and(tid, b.i32(this.state.numWarps * this.state.threadsPerWarp - 1));
  }

  /** [laneId, warpId] = [tid % threadsPerWarp, tid / threadsPerWarp] (Triton's getLaneAndWarpId). */
  laneWarp(b: LLVMBuilder): [Value, Value] {
    const tid = this.threadId(b);
    if (this.state.numWarps === 1) return [tid, b.i32(0)];
    const w = b.i32(this.state.threadsPerWarp);
    return [b.urem(tid, w), b.udiv(tid, w)];
  }

  /** Lowers one op (at the builder's current insertion point). */
  lowerOp(op: Operation): void {
    assertLowerableTypes(op, [...op.operandValues, ...op.results].map((v) => v.type));
    const list = registry.get(op.name);
    const ctx = new LoweringContext(this, op);
    if (list) {
      const reasons: string[] = [];
      for (const e of list) {
        let r: ReturnType<typeof e.fn>;
        try {
          r = e.fn(op, ctx);
        } catch (err) {
          // Bad layout parameters that only the lowering's layout computations notice: an error at the op.
          if (err instanceof LoweringError) throw err;
          throw exceptionAsOpError(op, err) ?? err;
        }
        if (r === undefined || r === true) {
          if (!ctx.replaced && op.results.length > 0) {
            throw new LoweringError(op, `lowering of '${op.name}' did not replace its results`);
          }
          return;
        }
        if (typeof r === 'string') reasons.push(r);
      }
      throw new LoweringError(op, `failed to legalize operation '${op.name}'${reasons.length ? ': ' + reasons.join('; ') : ''}`);
    }
    if (op.name.startsWith('llvm.') || op.name.startsWith('nvvm.')) {
      // Already LLVM: remap operands, keep the op (clone at the insertion point so order is kept).
      const operands = op.operandValues.map((v) => {
        const l = this.lookup(v, op);
        if (l.length !== 1) throw new LoweringError(op, `aggregate operand of '${op.name}'`);
        return l[0]!;
      });
      const copy = this.builder.create({
        name: op.name,
        operands,
        resultTypes: op.results.map((r) => r.type),
        attributes: [...op.attributes],
        loc: op.loc,
        ...(op.operandSegments ? { operandSegments: op.operandSegments } : {}),
        successors: op.successors,
      });
      op.results.forEach((r, i) => this.define(r, [copy.result(i)], op.loc));
      return;
    }
    if (op.def === undefined) {
      // An op of an unknown dialect is legal: it stays, reading the TritonGPU-typed values it used before; the
      // ops in its regions are lowered (their block arguments keep their types).
      const kept = this.keepOp(op);
      for (const r of kept.regions) this.lowerNestedBlocks(r);
      return;
    }
    throw new LoweringError(op, `failed to legalize operation '${op.name}'`);
  }

  /**
   * Keeps `op` as it is (a copy at the insertion point, with its regions moved over): its operands are
   * `unloweredValue`s and its results kept values. Returns the copy.
   */
  keepOp(op: Operation): Operation {
    const copy = this.builder.create({
      name: op.name,
      operands: op.operandValues.map((v) => this.unloweredValue(v)),
      resultTypes: op.results.map((r) => r.type),
      attributes: [...op.attributes],
      loc: op.loc,
      regions: op.regions.length,
      ...(op.operandSegments ? { operandSegments: op.operandSegments } : {}),
      successors: op.successors,
      propertyNames: op.extraPropertyNames,
    });
    op.regions.forEach((r, i) => copy.region(i).takeBody(r));
    op.results.forEach((r, i) => {
      r.replaceAllUsesWith(copy.result(i));
      this.kept.add(copy.result(i));
    });
    return copy;
  }

  /**
   * Converts the function body. Every block gets new arguments of the converted types after its original ones
   * (the entry block's were added by the function conversion: `numOrigEntryArgs` originals first); the original
   * arguments map to them (aggregates are unpacked at the top of the block) and are erased at the end, with
   * every original op. Ops are lowered block by block in dominance order.
   */
  run(numOrigEntryArgs: number): void {
    const region = this.func.region(0);
    const blocks = reversePostOrder(region);
    const snapshot = new Map<Block, Operation[]>();
    for (const blk of region.blocks) snapshot.set(blk, [...blk.ops]);
    const origArgCount = new Map<Block, number>();
    for (const blk of region.blocks) {
      const n = blk === region.blocks[0] ? numOrigEntryArgs : blk.args.length;
      origArgCount.set(blk, n);
      for (let i = 0; i < n; i++) {
        const old = blk.args[i]!;
        const neu = blk === region.blocks[0] ? blk.args[n + i]! : blk.addArgument(convertType(old.type), old.loc);
        if (isAggregateType(old.type)) this.structs.set(old, neu);
        else this.values.set(old, [neu]);
      }
    }
    for (const blk of blocks) this.lowerOps(snapshot.get(blk) ?? []);
    for (const op of this.toErase) op.dropAllReferences();
    for (const op of this.toErase) {
      for (const r of op.results) r.dropAllUses();
      op.remove();
    }
    for (const [blk, n] of [...region.blocks.map((b) => [b, origArgCount.get(b) ?? 0] as [Block, number]), ...this.nestedOrigArgs]) {
      for (let i = n - 1; i >= 0; i--) {
        blk.args[i]!.dropAllUses();
        blk.eraseArgument(i);
      }
    }
  }

}

/** Blocks of a region in reverse post-order from the entry; unreachable blocks follow in region order. */
export function reversePostOrder(region: Region): Block[] {
  const entry = region.blocks[0];
  if (!entry) return [];
  const seen = new Set<Block>();
  const post: Block[] = [];
  const visit = (b: Block): void => {
    // Iterative DFS to avoid deep recursion on long CFGs.
    const stack: [Block, number][] = [[b, 0]];
    seen.add(b);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const succ = top[0].successors;
      if (top[1] < succ.length) {
        const s = succ[top[1]++]!;
        if (!seen.has(s)) {
          seen.add(s);
          stack.push([s, 0]);
        }
      } else {
        post.push(top[0]);
        stack.pop();
      }
    }
  };
  visit(entry);
  const order = post.reverse();
  for (const b of region.blocks) if (!seen.has(b)) order.push(b);
  return order;
}

// ---------------------------------------------------------------------------------------------------------
// Context given to lowerings

export class LoweringContext {
  readonly b: LLVMBuilder;
  replaced = false;

  constructor(
    readonly fn: FunctionLowering,
    readonly op: Operation,
  ) {
    this.b = fn.llvmBuilder(op);
  }

  get state(): ConversionState {
    return this.fn.state;
  }
  get numWarps(): number {
    return this.fn.state.numWarps;
  }
  get threadsPerWarp(): number {
    return this.fn.state.threadsPerWarp;
  }
  get numCTAs(): number {
    return this.fn.state.numCTAs;
  }
  get computeCapability(): number {
    return this.fn.state.target.computeCapability;
  }
  get ptxVersion(): number {
    return this.fn.state.target.ptxVersion;
  }
  get axisInfo(): ModuleAxisInfoAnalysis {
    return this.fn.state.axisInfo;
  }

  /**
   * The lowered operands by position. Keyed by operand index, not by value: an op using one value twice
   * (`arith.mulf %x, %x`) unpacks its struct once per use, as Triton's adaptor does.
   */
  private readonly operandCache = new Map<number, Value[]>();

  /**
   * The lowered values of the op's operand named by `operand` (MLIR's `OpAdaptor` getter): `Value[]` for a
   * single operand, `Value[] | undefined` for an optional one, one `Value[]` per operand of a variadic group.
   * `operand` is a handle's accessor (`ctx.lowered(LoadOp.mask)`) or a structural one of
   * dialect/ir/operand-traits.ts for lowerings of any op of a shape (`ctx.lowered(OneOperand.operand)`).
   */
  lowered<K extends OperandKind>(operand: OperandAccessor<K>): Grouped<K, Value[]> {
    const at = operand.positions(this.op);
    if (operand.kind === 'variadic') return at.map((i) => this.operand(i)) as Grouped<K, Value[]>;
    if (operand.kind === 'optional' && at.length === 0) return undefined as Grouped<K, Value[]>;
    return this.operand(at[0]!) as Grouped<K, Value[]>;
  }
  /** Lowered values of operand `i` of the op (unpacked once per op); for code that visits every operand. */
  operand(i: number): Value[] {
    let l = this.operandCache.get(i);
    if (!l) this.operandCache.set(i, (l = this.fn.lookup(this.op.operand(i), this.op)));
    return l;
  }
  /** Lowered values of every operand. */
  operands(): Value[][] {
    return this.op.operandValues.map((_, i) => this.operand(i));
  }
  /** The single LLVM value of operand `i`: the struct of a tensor / memdesc, else its value. */
  packedOperand(i: number): Value {
    return this.fn.lookupPacked(this.op.operand(i), this.op);
  }
  /** The single LLVM value of any lowered value (struct for tensors / memdescs). */
  lookupPacked(v: Value): Value {
    return this.fn.lookupPacked(v, this.op);
  }
  /** Lowered values of any value (e.g. an operand of another op that is already lowered). */
  lookup(v: Value): Value[] {
    return this.fn.lookup(v, this.op);
  }
  /** The single lowered value of the operand named by `operand` (scalars, pointers), which must be present. */
  scalar(operand: OperandAccessor<'single' | 'optional'>): Value {
    const l = this.lowered(operand);
    if (!l) throw new LoweringError(this.op, `'${this.op.name}' has no operand '${operand.operandName}'`);
    if (l.length !== 1) throw new LoweringError(this.op, `operand #${operand.positions(this.op)[0]} of '${this.op.name}' is not a scalar`);
    return l[0]!;
  }

  /** Replaces the op's results by lowered values (one Value[] per result). */
  replace(results: readonly (readonly Value[])[]): void {
    if (results.length !== this.op.results.length) {
      throw new LoweringError(this.op, `lowering of '${this.op.name}' gave ${results.length} results for ${this.op.results.length}`);
    }
    this.op.results.forEach((r, i) => {
      const vals = [...results[i]!];
      const expected = loweredValueTypes(r.type);
      if (vals.length !== expected.length) {
        throw new LoweringError(this.op, `lowering of '${this.op.name}' gave ${vals.length} values for result #${i} (${expected.length} expected)`);
      }
      this.fn.define(r, vals, this.op.loc);
    });
    this.replaced = true;
  }
  /** Replaces a single-result op by one value (scalar result) or a value list. */
  replaceWith(v: Value | readonly Value[]): void {
    this.replace([Array.isArray(v) ? (v as Value[]) : [v as Value]]);
  }

  /** Packs lowered values into the struct type of a TritonGPU type (for block arguments, calls). */
  pack(values: readonly Value[], ttType: Type): Value {
    if (!isAggregateType(ttType)) return values[0]!;
    return this.b.packStruct(values, convertType(ttType) as LLVMStructType);
  }
  /** Unpacks a struct value into its fields. */
  unpack(v: Value): Value[] {
    return this.b.unpackStruct(v);
  }

  /**
   * Lowers the ops of a single-block region at the current insertion point, its block arguments bound to
   * `args`, and returns the lowered operands of its terminator.
   */
  lowerRegion(region: Region, args: readonly (readonly Value[])[]): Value[][] {
    const block = region.blocks[0];
    if (!block) throw new LoweringError(this.op, 'empty region');
    block.args.forEach((a, i) => this.fn.define(a, args[i]!, this.op.loc));
    for (const op of block.ops) {
      if (op === block.terminator && op.hasTrait('Terminator')) {
        return op.operandValues.map((v) => this.fn.lookup(v, op));
      }
      this.fn.lowerOp(op);
    }
    throw new LoweringError(this.op, 'region has no terminator');
  }
  /** lowerRegion for scalar combiners: one value per argument and result. */
  lowerScalarRegion(region: Region, args: readonly Value[]): Value[] {
    return this.lowerRegion(
      region,
      args.map((a) => [a]),
    ).map((r) => r[0]!);
  }

  threadId(): Value {
    return this.fn.threadId(this.b);
  }
  laneWarp(): [Value, Value] {
    return this.fn.laneWarp(this.b);
  }
  laneId(): Value {
    return this.fn.laneWarp(this.b)[0];
  }
  warpId(): Value {
    return this.fn.laneWarp(this.b)[1];
  }

  /** The function's shared memory base (`!llvm.ptr<3>`). */
  smemBase(): Value {
    return this.fn.smemBaseOf(this.b);
  }
  /** Shared memory base of an op's allocation: smemBase + `allocation.offset` bytes (Triton's getSharedMemoryBase). */
  sharedMemoryBase(op: Operation = this.op): Value {
    const off = op.getAttr('allocation.offset');
    if (!(off instanceof IntegerAttr)) throw new LoweringError(op, `'${op.name}' has no allocation.offset (run allocate-shared-memory first)`);
    // As Triton: the offset constant, then the base (addressof @global_smem in kernels), then the GEP.
    const offVal = this.b.i32(off.num);
    return this.b.gep(this.smemBase(), IntegerType.get(8), offVal, LLVMPointerType.get(3));
  }
  /** The function's global scratch argument (`!llvm.ptr<1>`). */
  globalScratchBase(): Value {
    const v = this.fn.globalScratchArg;
    if (!v) throw new LoweringError(this.op, 'no global scratch argument');
    return v;
  }

  /**
   * Declares an external function in the module (once; Triton's appendOrGetExternFuncOp), e.g. a libdevice
   * function `__nv_logf` called by a lowering.
   */
  declareExternFunc(name: string, resultType: Type, argTypes: readonly Type[], extraAttrs: readonly [string, Attribute][] = []): void {
    const func = this.fn.func;
    const module = func.parent;
    if (!module) return;
    for (const o of module.ops) {
      const sym = o.getAttr('sym_name');
      if (LLVMFuncOp.is(o) && sym instanceof StringAttr && sym.value === name) return;
    }
    const decl = createOperation({
      name: 'llvm.func',
      attributes: [
        ['sym_name', StringAttr.get(name)],
        ['function_type', TypeAttr.get(LLVMFunctionType.get(resultType, argTypes))],
        ...extraAttrs,
      ],
      regions: 1,
      loc: this.op.loc,
    });
    module.insertBefore(func, decl);
  }

  /** Calls an external (e.g. libdevice) function, declaring it first. */
  callExtern(name: string, args: readonly Value[], resultType: Type, extraAttrs: readonly [string, Attribute][] = []): Value {
    this.declareExternFunc(name, resultType, args.map((a) => a.type), extraAttrs);
    return this.b.call(name, args, resultType)!;
  }

  /** Reports an error on the op and aborts its lowering. */
  error(message: string): never {
    throw new LoweringError(this.op, message);
  }
}
