/**
 * Folders of MLIR's LLVM dialect that clean up the converted IR under `--canonicalize` (LLVMDialect.cpp):
 *
 * - `llvm.extractvalue` of an `llvm.insertvalue` chain folds to the inserted value at the same position; a chain
 *   of inserts at other positions is skipped (the container operand is updated in place); extracting from an
 *   `llvm.extractvalue` composes the positions. This removes the struct packing/unpacking between ops.
 * - `llvm.bitcast` / `llvm.addrspacecast` to the same type fold to the operand, and a cast of a cast back to
 *   the original type folds to the original value.
 */
import { DenseArrayAttr } from '../dialect/ir/attribute.js';
import { IntegerType } from '../dialect/ir/type.js';
import type { Value } from '../dialect/ir/ir.js';
import { registerFolder } from '../dialect/ir/rewrite/registry.js';

function position(op: { getAttr(n: string): unknown }): readonly number[] {
  const a = op.getAttr('position');
  return a instanceof DenseArrayAttr ? a.values : [];
}

const eq = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && samePrefix(a, b, a.length);
/** The first `n` entries of `a` and `b` agree (the folder walks long insertvalue chains: no slices). */
function samePrefix(a: readonly number[], b: readonly number[], n: number): boolean {
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

registerFolder('llvm.extractvalue', (op) => {
  const container = op.operand(0);
  const def = container.definingOp;
  if (def && def.name === 'llvm.extractvalue') {
    op.setAttr('position', DenseArrayAttr.get(IntegerType.get(64), [...position(def), ...position(op)]));
    op.setOperand(0, def.operand(0));
    return op.result(0);
  }
  let ins = def && def.name === 'llvm.insertvalue' ? def : undefined;
  let extractPos = position(op);
  let result: Value | undefined;
  let switched = false;
  while (ins) {
    const insertPos = position(ins);
    if (eq(extractPos, insertPos)) return ins.operand(1);
    if (extractPos.length > insertPos.length && samePrefix(extractPos, insertPos, insertPos.length)) {
      const v = ins.operand(1).definingOp;
      ins = v && v.name === 'llvm.insertvalue' ? v : undefined;
      extractPos = extractPos.slice(insertPos.length);
      switched = true;
      continue;
    }
    const min = Math.min(extractPos.length, insertPos.length);
    if (samePrefix(extractPos, insertPos, min)) return result;
    if (!switched) {
      op.setOperand(0, ins.operand(0));
      result = op.result(0);
    }
    const c = ins.operand(0).definingOp;
    ins = c && c.name === 'llvm.insertvalue' ? c : undefined;
  }
  return result;
});

for (const name of ['llvm.bitcast', 'llvm.addrspacecast']) {
  registerFolder(name, (op) => {
    const arg = op.operand(0);
    if (arg.type === op.result(0).type) return arg;
    const prev = arg.definingOp;
    if (prev && prev.name === name && prev.operand(0).type === op.result(0).type) return prev.operand(0);
    return undefined;
  });
}
