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
import type { Operation, Value } from '../dialect/ir/ir.js';
import { registerFolder } from '../dialect/ir/rewrite/registry.js';
import { AddrSpaceCastOp, BitcastOp, ExtractValueOp, InsertValueOp } from '../dialect/llvm/ops.js';

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

registerFolder(ExtractValueOp, (op) => {
  const container = ExtractValueOp.container(op);
  const def = container.definingOp;
  if (def && ExtractValueOp.is(def)) {
    op.setAttr('position', DenseArrayAttr.get(IntegerType.get(64), [...position(def), ...position(op)]));
    op.setOperand(0, ExtractValueOp.container(def));
    return op.result(0);
  }
  // MLIR updates the container operand at every insert it skips; only the last update is observable (the
  // intermediate containers' use lists get the use and lose it again), so it is made once, on the way out.
  const walk = walkInsertChain(def && InsertValueOp.is(def) ? def : undefined, position(op));
  if (walk.skippedTo !== undefined) op.setOperand(0, walk.skippedTo);
  return walk.found ?? (walk.skippedTo !== undefined ? op.result(0) : undefined);
});

/** What extracting a position from an insertvalue chain finds (see the ExtractValueOp folder). */
interface ChainWalk {
  /** The inserted value at the position, when the chain has it. */
  found: Value | undefined;
  /** The container past the inserts that cannot hold the position (undefined: none skipped). */
  skippedTo: Value | undefined;
}

/** MLIR's ExtractValueOp::fold walk down an insertvalue chain from `first` for the extract position `pos`. */
function walkInsertChain(first: Operation | undefined, pos: readonly number[]): ChainWalk {
  const walkResult: ChainWalk = { found: undefined, skippedTo: undefined };
  let ins = first;
  let extractPos = pos;
  let switched = false;
  while (ins) {
    const insertPos = position(ins);
    if (eq(extractPos, insertPos)) {
      walkResult.found = InsertValueOp.value(ins);
      break;
    }
    if (extractPos.length > insertPos.length && samePrefix(extractPos, insertPos, insertPos.length)) {
      const v = InsertValueOp.value(ins).definingOp;
      ins = v && InsertValueOp.is(v) ? v : undefined;
      extractPos = extractPos.slice(insertPos.length);
      switched = true;
      continue;
    }
    const min = Math.min(extractPos.length, insertPos.length);
    if (samePrefix(extractPos, insertPos, min)) break;
    const next = InsertValueOp.container(ins);
    if (!switched) walkResult.skippedTo = next;
    const c = next.definingOp;
    ins = c && InsertValueOp.is(c) ? c : undefined;
  }
  return walkResult;
}

for (const cast of [BitcastOp, AddrSpaceCastOp]) {
  registerFolder(cast, (op) => {
    const arg = cast.arg(op);
    if (arg.type === op.result(0).type) return arg;
    const prev = arg.definingOp;
    if (prev && cast.is(prev) && cast.arg(prev).type === op.result(0).type) return cast.arg(prev);
    return undefined;
  });
}
