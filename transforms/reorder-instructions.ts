/**
 * `--tritongpu-reorder-instructions` (Triton's TritonGPUReorderInstructionsPass): local scheduling moves that
 * lower register pressure and shared-memory lifetime, in Triton's order: (1) sink each `ttg.convert_layout`
 * past any `ttg.local_dealloc` that precedes its first use in the block; (2) sink ops that raise register
 * pressure (`ttg.local_load`, converts to a dot operand) with a single user in another loop nest to right
 * before that user; (3) move each `ttg.local_alloc` of a value right after the op defining that value,
 * except from a splat or a constant; (4) move each transposition (`tt.trans`, `ttg.memdesc_trans`) right after its
 * operand's definition; (5) move the opIdx=1 dot-operand `ttg.local_load` right after the opIdx=0 one of the
 * same `tt.dot` when it comes first and no op in between may write memory.
 */
import { Attribute } from '../dialect/ir/attribute.js';
import type { Block, Operation } from '../dialect/ir/ir.js';
import { getEffectsRecursively } from '../dialect/ir/traits.js';
import { RankedTensorType } from '../dialect/ir/type.js';
import { DotOperandEncodingAttr } from '../dialect/ttg/attrs/dot-operand.js';
import { blockDominates } from '../dialect/ir/rewrite/dominance.js';
import { registerPass } from './pass.js';
import { requireTritonGpuIR } from './preconditions.js';
import { ConvertLayoutOp, LocalAllocOp, LocalDeallocOp, LocalLoadOp } from '../dialect/ttg/ops.js';
import type { OpHandleCore } from '../dialect/ir/op-handle.js';
import { ForOp } from '../dialect/scf/ops.js';
import { ConstantOp } from '../dialect/arith/ops.js';
import { DotOp, SplatOp } from '../dialect/tt/ops.js';

function encodingOf(op: Operation): Attribute | undefined {
  const t = op.results[0]?.type;
  return t instanceof RankedTensorType ? t.encoding : undefined;
}

function willIncreaseRegisterPressure(op: Operation): boolean {
  if (LocalLoadOp.is(op)) return true;
  return ConvertLayoutOp.is(op) && encodingOf(op) instanceof DotOperandEncodingAttr;
}

/** The ancestor of `op` (or `op` itself) that lies directly in `block`. */
function ancestorInBlock(block: Block, op: Operation): Operation | undefined {
  for (let o: Operation | undefined = op; o; o = o.parentOp) if (o.parent === block) return o;
  return undefined;
}

/** The earliest user of `op`'s results, taken as its ancestor in `op`'s block. */
function firstUse(op: Operation): Operation | undefined {
  let best: Operation | undefined;
  for (const r of op.results) {
    for (const u of r.uses) {
      const a = ancestorInBlock(op.parent!, u.owner);
      if (a && (!best || a.isBeforeInBlock(best))) best = a;
    }
  }
  return best;
}

function enclosingFor(op: Operation): Operation | undefined {
  return op.getParentWhere((p) => ForOp.is(p));
}

/** MLIR's DominanceInfo::dominates for two ops (an op dominates itself). */
function opDominates(a: Operation, b: Operation): boolean {
  if (a === b) return true;
  const block = a.parent!;
  const anc = ancestorInBlock(block, b);
  if (anc) return anc === a || a.isBeforeInBlock(anc);
  // Different blocks: walk b up to a's region and compare blocks.
  for (let o: Operation | undefined = b; o; o = o.parentOp) {
    if (o.parent?.parent === block.parent && o.parent) return blockDominates(block, o.parent);
  }
  return false;
}

/** Whether the op or its nested ops may write memory (effects known and not all reads, allocations, frees). */
function hasWriteSideEffect(op: Operation): boolean {
  const effects = getEffectsRecursively(op);
  return !!effects && effects.some((e) => e.kind === 'write');
}

/** Whether an op after `start`, up to the ancestor of `end` in `start`'s block, may write memory. */
function writesBetween(start: Operation, end: Operation): boolean {
  const stop = ancestorInBlock(start.parent!, end);
  if (!stop) return true;
  for (let cur = start.nextOp; cur; cur = cur.nextOp) {
    if (hasWriteSideEffect(cur)) return true;
    if (cur === stop) return false;
  }
  return true;
}

function walkOps(root: Operation, handle: OpHandleCore | undefined, fn: (op: Operation) => void): void {
  root.walkPostOrder((op) => {
    if (handle === undefined || handle.is(op)) fn(op);
  });
}

export function reorderInstructions(m: Operation): void {
  // (1) Sink conversions after the deallocs that precede their first use.
  walkOps(m, ConvertLayoutOp, (op) => {
    const block = op.parent!;
    const stop = firstUse(op);
    let i = block.ops.indexOf(op);
    for (let cur = block.ops[i]; cur && cur !== stop; cur = block.ops[++i]) {
      if (LocalDeallocOp.is(cur)) {
        op.moveAfter(cur);
        i = block.ops.indexOf(cur);
      }
    }
  });
  // (2) Sink register-pressure-raising ops next to their single user in another loop nest.
  const toMove: [Operation, Operation][] = [];
  walkOps(m, undefined, (op) => {
    if (!willIncreaseRegisterPressure(op)) return;
    const users = op.results.flatMap((r) => r.uses.map((u) => u.owner));
    if (users.length !== 1) return;
    const user = users[0]!;
    if (enclosingFor(user) === enclosingFor(op)) return;
    toMove.push([op, user]);
  });
  for (const [op, user] of toMove) op.moveBefore(user);
  // (3) Allocations of a value right after its definition (not of a splat or constant: no benefit).
  walkOps(m, LocalAllocOp, (op) => {
    const src = LocalAllocOp.src(op)?.definingOp;
    if (src && !ConstantOp.is(src) && !SplatOp.is(src)) op.moveAfter(src);
  });
  // (4) Transpositions (TransposeOpInterface: tt.trans, ttg.memdesc_trans) right after their operand's definition.
  walkOps(m, undefined, (op) => {
    if (!op.hasTrait('TransposeOpInterface')) return;
    // TransposeOpInterface: the source is the first operand of tt.trans and ttg.memdesc_trans
    const src = op.operandValues[0]!.definingOp;
    if (src) op.moveAfter(src);
  });
  // (5) The opIdx=1 operand load after the opIdx=0 one.
  walkOps(m, LocalLoadOp, (op) => {
    const enc = encodingOf(op);
    if (!(enc instanceof DotOperandEncodingAttr) || enc.opIdx !== 1) return;
    const uses = op.result(0).uses;
    if (uses.length !== 1) return;
    const dot = uses[0]!.owner;
    if (!DotOp.is(dot)) return;
    const a = DotOp.a(dot).definingOp;
    if (!a || !LocalLoadOp.is(a)) return;
    if (!opDominates(op, a)) return;
    if (writesBetween(op, a)) return;
    op.moveAfter(a);
  });
}

registerPass({
  name: 'tritongpu-reorder-instructions',
  className: 'TritonGPUReorderInstructions',
  description: 'Reorder instructions to reduce register pressure and shared-memory lifetimes',
  run(module, _options, ctx) {
    if (!requireTritonGpuIR(module, ctx, 'tritongpu-reorder-instructions')) return;
    reorderInstructions(module);
  },
});
