/**
 * `triton-nvidia-gpu-remove-tmem-tokens` (Triton 3.6's RemoveTMEMTokens.cpp): once the software pipeliner has
 * used the async tokens that order tensor-memory accesses, they are dropped. Every MMAv5 op, `ttng.tmem_store`
 * and `ttng.tmem_load` loses its token operand; those ops and `ttng.tmem_alloc` are rebuilt without their token
 * result, whose remaining uses (loop-carried tokens, yields) read a `ub.poison` token placed at the top of each
 * function for the canonicalizer to clean up.
 */
import { createOperation } from '../dialect/ir/create.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import { Builder } from '../dialect/ir/builder.js';
import { FuncOp } from '../dialect/tt/ops.js';
import { AsyncTokenType } from '../dialect/ttg/types.js';
import { TMEMAllocOp, TMEMLoadOp, TMEMStoreOp } from '../dialect/ttng/ops.js';
import { registerPass } from './pass.js';
import { PoisonOp } from '../dialect/ub/ops.js';
import type { OperandAccessor } from '../dialect/ir/op-handle.js';
import { mmaV5Handle } from './tmem-tokens.js';

/** Removes the optional operand `group` of `op` (keeping operandSegmentSizes in step). */
function clearOptionalGroup(op: Operation, group: OperandAccessor<'optional'>): void {
  const at = group.positions(op);
  if (!at.length) return;
  const values = op.operandValues;
  values.splice(at[0]!, at.length);
  const segments = op.operandSegments;
  op.setOperands(values);
  if (segments) {
    const idx = op.def!.operands.findIndex((o) => o.name === group.operandName);
    op.operandSegments = segments.map((n, i) => (i === idx ? 0 : n));
  }
}

/** Rebuilds `op` without result `index`, whose uses get `replacement` (eraseResult). */
function eraseResult(op: Operation, index: number, replacement: Value): void {
  const b = new Builder();
  b.setInsertionPoint(op);
  const newOp = b.insert(
    createOperation({
      name: op.name,
      operands: op.operandValues,
      resultTypes: op.results.filter((_, i) => i !== index).map((r) => r.type),
      attributes: [...op.attributes],
      ...(op.operandSegments ? { operandSegments: op.operandSegments } : {}),
      loc: op.loc,
    }),
  );
  const replacements: Value[] = [...newOp.results];
  replacements.splice(index, 0, replacement);
  op.results.forEach((r, i) => r.replaceAllUsesWith(replacements[i]!));
  op.erase();
}

function removeToken(op: Operation, dummy: Value): void {
  const mma = mmaV5Handle(op);
  if (mma) {
    clearOptionalGroup(op, mma.acc_dep);
    if (mma.token(op)) eraseResult(op, 0, dummy);
  } else if (TMEMStoreOp.is(op)) {
    clearOptionalGroup(op, TMEMStoreOp.dep);
    if (TMEMStoreOp.token(op)) eraseResult(op, 0, dummy);
  } else if (TMEMAllocOp.is(op)) {
    if (TMEMAllocOp.token(op)) eraseResult(op, 1, dummy);
  } else if (TMEMLoadOp.is(op)) {
    clearOptionalGroup(op, TMEMLoadOp.dep);
    if (TMEMLoadOp.token(op)) eraseResult(op, 1, dummy);
  }
}

registerPass({
  name: 'triton-nvidia-gpu-remove-tmem-tokens',
  className: 'TritonNvidiaGPURemoveTMEMTokensPass',
  description: 'remove TMEM tokens',
  run(module) {
    for (const func of module.region(0).blocks[0]!.ops) {
      if (!FuncOp.is(func)) continue;
      const b = new Builder();
      b.setInsertionPointToStart(func.region(0).blocks[0]!);
      // A placeholder the canonicalizer removes once nothing reads it.
      const dummy = b.create({ name: PoisonOp.opName, resultTypes: [AsyncTokenType.get()], loc: func.loc }).result(0);
      const ops: Operation[] = [];
      func.walkPostOrder((op) => void ops.push(op));
      for (const op of ops) removeToken(op, dummy);
    }
  },
});
