/**
 * bf16 atomics before sm90 (Triton 3.6's AtomicRMWOpConversion, `valueElemTy.isBF16() && cc < 90`): PTX has no
 * `atom.add.bf16` there, so each element is an LLVM `atomicrmw <op> ... syncscope("device") <ordering>` that
 * LLVM expands into a compare-and-swap loop, guarded by a branch on the element's predicate:
 *
 *   cond_br %pred, ^atomic, ^end(%undef)      ^atomic: %old = llvm.atomicrmw ...; br ^end(%old)
 *
 * A scalar atomic whose result is used stores the old value to its scratch slot in ^atomic; after a barrier in
 * ^end every thread reads it. (Tensor results come from the block argument of ^end.)
 */
import { IntegerAttr, StringAttr } from '../dialect/ir/attribute.js';
import { Block, type Operation, type Value } from '../dialect/ir/ir.js';
import { IntegerType, type Type } from '../dialect/ir/type.js';
import { LLVMPointerType } from '../dialect/llvm/types.js';
import type { LoweringContext } from './conversion.js';

const BIN_OPS: Readonly<Record<string, number>> = { exch: 0, add: 1, and: 3, or: 5, xor: 6, max: 7, min: 8, umax: 9, umin: 10, fadd: 11 };
const ORDERINGS: Readonly<Record<string, number>> = { relaxed: 2, acquire: 4, release: 5, acq_rel: 6 };
const i64Attr = (v: number): IntegerAttr => IntegerAttr.get(IntegerType.get(64), v);

/** Splits the current block before the insertion point; returns the block that holds the rest. */
function splitAtInsertionPoint(ctx: LoweringContext): Block {
  const builder = ctx.b.builder;
  const cur = builder.insertionBlock!;
  const region = cur.parent!;
  const rest = new Block();
  region.insertBlock(region.blocks.indexOf(cur) + 1, rest);
  const at = builder.insertionPointOp;
  if (at) for (const o of cur.ops.slice(cur.ops.indexOf(at))) rest.append(o);
  return rest;
}

/**
 * Emits the guarded atomics of `ptrs`/`vals` (one per unique register); returns the old values, or for a scalar
 * op whose result is used, the value every thread reads back from shared memory.
 */
export function lowerAtomicAsLLVMWithBranches(
  op: Operation,
  ctx: LoweringContext,
  rmw: string,
  sem: string,
  elemTy: Type,
  ptrs: readonly Value[],
  vals: readonly Value[],
  preds: readonly (Value | undefined)[],
  isTensor: boolean,
): Value[] {
  const b = ctx.b;
  const builder = b.builder;
  const binOp = BIN_OPS[rmw];
  const ordering = ORDERINGS[sem];
  if (binOp === undefined || ordering === undefined) ctx.error(`atomic ${rmw} (${sem}) has no LLVM atomicrmw form`);
  const needsSmem = !isTensor && !op.result(0).useEmpty;
  const results: Value[] = [];
  ptrs.forEach((ptr, i) => {
    const pred = preds[i] ?? b.i1(true);
    const undef = b.undef(elemTy);
    const cur = builder.insertionBlock!;
    const end = splitAtInsertionPoint(ctx);
    builder.setInsertionPointToEnd(cur);
    const region = end.parent!;
    const atomic = new Block();
    region.insertBlock(region.blocks.indexOf(end), atomic);
    const ret = end.addArgument(elemTy, op.loc);
    const scratch = needsSmem ? b.bitcast(ctx.sharedMemoryBase(), LLVMPointerType.get(3)) : undefined;
    b.create('llvm.cond_br', [pred, undef], [], [], { operandSegments: [1, 0, 1], successors: [atomic, end] });
    builder.setInsertionPointToEnd(atomic);
    const old = b.op('llvm.atomicrmw', [ptr, vals[i]!], elemTy, [
      ['bin_op', i64Attr(binOp!)],
      ['ordering', i64Attr(ordering!)],
      ['syncscope', StringAttr.get('device')],
    ]);
    if (scratch) b.store(old, scratch);
    b.create('llvm.br', [old], [], [], { successors: [end] });
    if (end.ops.length) builder.setInsertionPoint(end.ops[0]!);
    else builder.setInsertionPointToEnd(end);
    if (scratch) {
      b.barrier();
      results.push(b.load(scratch, elemTy));
    } else results.push(ret);
  });
  return results;
}
