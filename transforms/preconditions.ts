// Pass-entry preconditions of the passes that work on TritonGPU IR only (the lowering to LLVM and the layout
// passes): a warp count in scope and a layout encoding on every tensor. Run on Triton IR (before
// --convert-triton-to-tritongpu), such a pass reports a located error at the first op that breaks them, with
// Triton's own message where Triton has one (`lookupNumWarps`), instead of failing somewhere inside.
import type { Operation } from '../dialect/ir/ir.js';
import { RankedTensorType, type Type } from '../dialect/ir/type.js';
import type { PassContext } from './pass.js';
import { maybeLookupNumWarps } from '../dialect/ttg/context.js';
import { FuncOp } from '../dialect/tt/ops.js';

/** Whether `t` is a tensor type without an encoding. */
function isUnencoded(t: Type): t is RankedTensorType {
  return t instanceof RankedTensorType && t.encoding === undefined;
}

/** The first unencoded tensor type among the results of `op` (this runs on every op before several passes: no copies). */
function unencodedResult(op: Operation): RankedTensorType | undefined {
  for (const r of op.results) if (isUnencoded(r.type)) return r.type;
  return undefined;
}

/** The first unencoded tensor type among the block arguments of `op`'s regions. */
function unencodedArgument(op: Operation): RankedTensorType | undefined {
  for (const r of op.regions) {
    for (const b of r.blocks) for (const a of b.args) if (isUnencoded(a.type)) return a.type;
  }
  return undefined;
}

/** What is wrong with `op` as TritonGPU IR, or undefined. */
function violation(op: Operation, pass: string): string | undefined {
  if (FuncOp.is(op) && maybeLookupNumWarps(op) === undefined) {
    return `'${op.name}' op is not contained within a context that specifies the number of warps`;
  }
  const resultType = unencodedResult(op);
  const t = resultType ?? unencodedArgument(op);
  if (t === undefined) return undefined;
  const where = resultType ? 'result' : 'block argument';
  return `'${op.name}' op ${where} of type '${t.key}' has no layout encoding: --${pass} takes TritonGPU IR (run --convert-triton-to-tritongpu first)`;
}

/**
 * Checks `module` before `pass` runs on it; on the first violation reports it at its op, marks the pass failed and
 * returns false.
 */
export function requireTritonGpuIR(module: Operation, ctx: PassContext, pass: string): boolean {
  let found: { op: Operation; message: string } | undefined;
  module.walk((op) => {
    if (found) return 'skip';
    const message = violation(op, pass);
    if (message !== undefined) found = { op, message };
    return undefined;
  });
  if (!found) return true;
  ctx.emitError(found.op, found.message);
  ctx.signalPassFailure();
  return false;
}
