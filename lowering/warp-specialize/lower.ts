/**
 * The lowering of the `ttg.warp_specialize` ops of one kernel (Triton's lowerWarpSpecialize), after their types
 * are LLVM types.
 *
 * Every warp runs the kernel from its first instruction. A new entry block sends the default warps (warp id below
 * `ttg.num-warps`) to the kernel's old entry and the worker warps to a switch loop:
 *
 *   ^switch_loop:   barrier.cta.sync.all 1; state = smem_state[warp_id - num_warps]; switch state
 *     state k    -> partition k (of whichever warp_specialize op owns it), which loads its captures from shared
 *                   memory, synchronizes, runs, synchronizes and branches back to the switch loop;
 *     last state -> return (the kernel is done);
 *     otherwise  -> two barriers (the warp has no work in this warp_specialize) and back to the loop.
 *
 * Before each `ttg.warp_specialize` the default warps write every worker warp's state (its partition's number, or
 * -1) and the captures to shared memory, then meet the workers at two barriers (the second lets the workers read
 * the captures before the memory is reused), run the default region and meet them again at its end. Before the
 * kernel returns they write the exit state. The state bytes live at the function's `allocation.offset`, the
 * captures (a packed struct) at the op's.
 */
import { DenseArrayAttr, IntegerAttr, TypeAttr, type Attribute } from '../../dialect/ir/attribute.js';
import { Block, type Operation, type Value } from '../../dialect/ir/ir.js';
import { Builder } from '../../dialect/ir/builder.js';
import { IntegerType, type Type } from '../../dialect/ir/type.js';
import { licmDisabledAnnotation } from '../../dialect/llvm/loop-annotation.js';
import { LLVMPointerType, LLVMStructType } from '../../dialect/llvm/types.js';
import { ReturnOp } from '../../dialect/llvm/ops.js';
import { switchOpInit } from '../../dialect/llvm/switch.js';
import { WarpReturnOp, WarpSpecializeOp, WarpYieldOp } from '../../dialect/ttg/ops.js';
import { lookupNumWarps, lookupThreadsPerWarp } from '../../dialect/ttg/context.js';
import { LLVMBuilder } from '../builder.js';
import { ctaBarrier, rewriteWarpGroupBarriers, SWITCH_LOOP_BARRIER } from './barriers.js';
import { elideTrivialCaptures, partitionRegions, partitionsOf } from './captures.js';
import { reallocateRegisters, registerBudget, type RegisterBudget } from './registers.js';

const SMEM = 'global_smem';
const i8 = (): IntegerType => IntegerType.get(8);
const smemPtr = (): LLVMPointerType => LLVMPointerType.get(3);
/** The most partitions one kernel's switch can tell apart (states are bytes). */
const MAX_STATES = 255;

export interface WarpSpecializeError {
  op: Operation;
  message: string;
}

function builderAt(loc: Operation['loc'], place: (b: Builder) => void): LLVMBuilder {
  const b = new Builder();
  place(b);
  return new LLVMBuilder(b, loc);
}

/** The shared memory at `op`'s `allocation.offset` (Triton's getSharedMemoryBase of a kernel). */
function sharedMemoryBase(b: LLVMBuilder, op: Operation): Value {
  const offset = op.getAttr('allocation.offset');
  const off = b.i32(offset instanceof IntegerAttr ? offset.num : 0);
  const base = b.addressOf(SMEM, smemPtr());
  return b.gep(base, i8(), off);
}

/** `getelementptr base[0, i] : struct` (field i of the packed capture struct). */
function fieldPtr(b: LLVMBuilder, base: Value, struct: Type, field: number): Value {
  return b.op('llvm.getelementptr', [base], smemPtr(), [
    ['rawConstantIndices', DenseArrayAttr.get(IntegerType.get(32), [0, field])],
    ['elem_type', TypeAttr.get(struct)],
  ]);
}

function branch(b: LLVMBuilder, dest: Block, operands: readonly Value[] = [], attrs: [string, Attribute][] = []): Operation {
  return b.create('llvm.br', operands, [], attrs, { successors: [dest] });
}

/** Where a partition gets its captures and ends: loads at the top, barriers and the branch back at each return. */
function rewritePartitionRegions(ws: Operation, switchLoop: Block, lowRegs: number): void {
  const actual = WarpSpecializeOp.actualRegisters(ws)?.values;
  partitionRegions(ws).forEach((partition, k) => {
    const entry = partition.blocks[0]!;
    const b = builderAt(ws.loc, (x) => x.setInsertionPointToStart(entry));
    if (actual) reallocateRegisters(b, lowRegs, actual[k + 1]!);
    if (entry.args.length) {
      const struct = LLVMStructType.getLiteral(entry.args.map((a) => a.type), true);
      const base = sharedMemoryBase(b, ws);
      entry.args.forEach((arg, i) => {
        // Every thread of the warp group loads its own copy.
        arg.replaceAllUsesWith(b.load(fieldPtr(b, base, struct, i), arg.type, 1));
      });
      for (let i = entry.args.length - 1; i >= 0; i--) entry.eraseArgument(i);
    }
    // The capture memory is only read on entry: one more barrier frees it.
    ctaBarrier(b, SWITCH_LOOP_BARRIER);
    const returns: Operation[] = [];
    for (const block of partition.blocks) for (const op of block.ops) op.walk((o) => void (WarpReturnOp.is(o) && returns.push(o)));
    for (const ret of returns) {
      const rb = builderAt(ret.loc, (x) => x.setInsertionPoint(ret));
      ctaBarrier(rb, SWITCH_LOOP_BARRIER);
      if (actual) reallocateRegisters(rb, actual[k + 1]!, lowRegs);
      branch(rb, switchLoop);
      ret.erase();
    }
  });
}

/** Writes the default warps' side of one `ttg.warp_specialize` and inlines its default region in its place. */
function lowerDefaultSide(func: Operation, ws: Operation, stateMap: readonly number[], defRegs: number): void {
  const before = ws.parent!;
  const region = before.parent!;
  // Split: `ws` and what follows it move to `after`.
  const after = region.insertBlock(region.blocks.indexOf(before) + 1, new Block());
  for (let op: Operation | undefined = ws; op; ) {
    const next: Operation | undefined = op.nextOp;
    op.remove();
    after.append(op);
    op = next;
  }
  const b = builderAt(ws.loc, (x) => x.setInsertionPointToEnd(before));
  const statePtr = sharedMemoryBase(b, func);
  stateMap.forEach((state, i) => {
    const value = b.i8(state);
    b.store(value, b.gep(statePtr, i8(), i));
  });
  const captures = partitionsOf(ws)?.operandValues ?? [];
  if (captures.length) {
    const struct = LLVMStructType.getLiteral(captures.map((v) => v.type), true);
    const base = sharedMemoryBase(b, ws);
    captures.forEach((v, i) => b.store(v, fieldPtr(b, base, struct, i), 1));
  }
  // The first barrier releases the workers, the second waits until they have read the captures.
  const actual = WarpSpecializeOp.actualRegisters(ws)?.values;
  ctaBarrier(b, SWITCH_LOOP_BARRIER);
  if (actual) reallocateRegisters(b, defRegs, actual[0]!);
  ctaBarrier(b, SWITCH_LOOP_BARRIER);
  const defaultRegion = ws.regions[0]!;
  branch(b, defaultRegion.blocks[0]!);
  const yields: Operation[] = [];
  for (const block of defaultRegion.blocks) for (const op of block.ops) op.walk((o) => void (WarpYieldOp.is(o) && yields.push(o)));
  for (const y of yields) {
    const yb = builderAt(y.loc, (x) => x.setInsertionPoint(y));
    ctaBarrier(yb, SWITCH_LOOP_BARRIER);
    if (actual) reallocateRegisters(yb, actual[0]!, defRegs);
    branch(yb, after, y.operandValues);
    y.erase();
  }
  for (const block of [...defaultRegion.blocks]) region.insertBlock(region.blocks.indexOf(after), block);
  ws.results.forEach((r) => r.replaceAllUsesWith(after.addArgument(r.type, ws.loc)));
  partitionsOf(ws)?.dropAllReferences();
  ws.erase();
}

/** Lowers the `ttg.warp_specialize` ops of kernel `func`; returns the error that stops it, if any. */
export function lowerWarpSpecialize(func: Operation): WarpSpecializeError | undefined {
  const wsOps: Operation[] = [];
  func.walk((op) => void (WarpSpecializeOp.is(op) && wsOps.push(op)));
  if (!wsOps.length) return undefined;
  const module = func.parentOp!;
  const threadsPerWarp = lookupThreadsPerWarp(func);
  const defaultNumWarps = lookupNumWarps(func);
  const barrierError = rewriteWarpGroupBarriers(func, wsOps, threadsPerWarp, threadsPerWarp * defaultNumWarps);
  if (barrierError) return { op: func, message: barrierError };
  const totalAttr = module.getAttr('ttg.total-num-warps');
  if (!(totalAttr instanceof IntegerAttr)) return { op: module, message: "module missing 'ttg.total-num-warps' attribute" };
  const totalNumWarps = totalAttr.num;
  for (const ws of wsOps) {
    if (!WarpSpecializeOp.warpGroupStartIds(ws)) return { op: ws, message: "requires 'warpGroupStartIds' (run tritongpu-allocate-warp-groups first)" };
  }
  const maxnregAttr = module.getAttr('ttg.maxnreg');
  const maxnreg = maxnregAttr instanceof IntegerAttr ? maxnregAttr.num : undefined;
  const budget: RegisterBudget = maxnreg !== undefined ? registerBudget(maxnreg, totalNumWarps, defaultNumWarps) : { lowRegs: -1, defRegs: -1 };

  elideTrivialCaptures(func, wsOps);

  const region = func.regions[0]!;
  const entry = region.blocks[0]!;
  const header = region.insertBlock(0, new Block());
  for (const a of entry.args) header.addArgument(a.type, a.loc);
  const switchLoop = region.insertBlock(1, new Block());

  // ^header: which warp am I, and is it one of the default warps?
  const h = builderAt(func.loc, (x) => x.setInsertionPointToEnd(header));
  const tid = h.sreg('tid.x');
  // The shuffle tells ptxas the warp id is uniform across the warp.
  const wid = h.shflSync('idx', h.udiv(tid, h.i32(threadsPerWarp)), h.i32(0), h.i32(threadsPerWarp - 1));
  const isDefault = h.icmp('ult', wid, h.i32(defaultNumWarps));
  h.create('llvm.cond_br', [isDefault], [], [], { successors: [entry, switchLoop], operandSegments: [1, 0, 0] });
  entry.args.forEach((a, i) => a.replaceAllUsesWith(header.args[i]!));
  for (let i = entry.args.length - 1; i >= 0; i--) entry.eraseArgument(i);
  if (maxnreg !== undefined) reallocateRegisters(builderAt(func.loc, (x) => x.setInsertionPointToStart(entry)), maxnreg, budget.defRegs);

  // ^switch_loop: wait for work and read this warp's state.
  const s = builderAt(func.loc, (x) => x.setInsertionPointToEnd(switchLoop));
  if (maxnreg !== undefined) reallocateRegisters(s, maxnreg, budget.lowRegs);
  ctaBarrier(s, SWITCH_LOOP_BARRIER);
  const stateBase = sharedMemoryBase(s, func);
  const relWid = s.sub(wid, s.i32(defaultNumWarps));
  // Every lane of a warp reads the same byte: no bank conflict, and cheaper than a predicated load.
  const warpState = s.load(s.gep(stateBase, i8(), relWid), i8());

  const maxWorkerWarps = totalNumWarps - defaultNumWarps;
  const stateMaps: number[][] = [];
  const partitionBlocks: Block[] = [];
  let numStates = 0;
  for (const ws of wsOps) {
    const stateMap = new Array<number>(maxWorkerWarps).fill(-1);
    rewritePartitionRegions(ws, switchLoop, budget.lowRegs);
    const numWarps = WarpSpecializeOp.partitionNumWarps(ws).values;
    const startIds = WarpSpecializeOp.warpGroupStartIds(ws)!.values;
    partitionRegions(ws).forEach((partition, k) => {
      const state = numStates++;
      partitionBlocks.push(partition.blocks[0]!);
      for (let w = 0; w < numWarps[k]!; w++) {
        const slot = startIds[k]! - defaultNumWarps + w;
        if (slot >= 0 && slot < stateMap.length) stateMap[slot] = state;
      }
    });
    stateMaps.push(stateMap);
  }
  if (numStates > MAX_STATES) return { op: func, message: 'FIXME: too many warp group partitions' };

  // The partitions' blocks follow the switch loop, in order.
  for (const block of [...partitionBlocks].reverse()) {
    const from = block.parent!;
    const at = region.blocks.indexOf(switchLoop) + 1;
    [...from.blocks].reverse().forEach((blk) => region.insertBlock(at, blk));
  }
  // No work for this warp in this warp_specialize: take part in its two barriers and wait again.
  const idle = region.insertBlock(region.blocks.indexOf(switchLoop) + 1, new Block());
  const ib = builderAt(func.loc, (x) => x.setInsertionPointToEnd(idle));
  ctaBarrier(ib, SWITCH_LOOP_BARRIER);
  ctaBarrier(ib, SWITCH_LOOP_BARRIER);
  // LLVM's LICM would hoist partition code out of this loop; nothing sinks it back, and the values would then
  // stay live (and spill) across the partitions' reduced register budgets.
  branch(ib, switchLoop, [], [['loop_annotation', licmDisabledAnnotation()]]);
  const exit = region.insertBlock(region.blocks.indexOf(idle) + 1, new Block());
  const cases: [bigint, Block][] = partitionBlocks.map((blk, i) => [BigInt(i), blk]);
  cases.push([BigInt(numStates), exit]);
  s.builder.create({ ...switchOpInit(warpState, idle, cases), loc: func.loc });

  wsOps.forEach((ws, i) => lowerDefaultSide(func, ws, stateMaps[i]!, budget.defRegs));

  // Before returning, the default warps send every worker warp to the exit.
  const returns: Operation[] = [];
  func.walk((op) => void (ReturnOp.is(op) && returns.push(op)));
  for (const ret of returns) {
    const rb = builderAt(ret.loc, (x) => x.setInsertionPoint(ret));
    const base = sharedMemoryBase(rb, func);
    const exitState = rb.i8(numStates);
    for (let w = 0; w < maxWorkerWarps; w++) rb.store(exitState, rb.gep(base, i8(), w));
    ctaBarrier(rb, SWITCH_LOOP_BARRIER);
  }
  builderAt(func.loc, (x) => x.setInsertionPointToEnd(exit)).create('llvm.return', [], []);
  return undefined;
}
