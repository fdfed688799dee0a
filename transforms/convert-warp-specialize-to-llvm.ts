/**
 * `--convert-warp-specialize-to-llvm` (Triton 3.6's ConvertWarpSpecializeToLLVM), run on the LLVM dialect: first
 * reconciles `builtin.unrealized_conversion_cast`s (MLIR's reconcile-unrealized-casts: casts that go back to the
 * types they came from are bypassed, identity and unused casts removed; a cast still needed is an error), then
 * lowers the `ttg.warp_specialize` ops of each public `llvm.func`. A kernel without them is left as it is (Triton:
 * nothing to do); the lowering itself (worker-warp state machine, barriers, register reallocation) is not
 * implemented, so a warp-specialized kernel is reported as a located error.
 */
import { StringAttr } from '../dialect/ir/attribute.js';
import type { Operation } from '../dialect/ir/ir.js';
import type { PassContext } from './pass.js';
import { registerPass } from './pass.js';
import { WarpSpecializeOp } from '../dialect/ttg/ops.js';
import { LLVMFuncOp } from '../dialect/llvm/ops.js';

const CAST = 'builtin.unrealized_conversion_cast';

function sameTypes(a: readonly { type: unknown }[], b: readonly { type: unknown }[]): boolean {
  return a.length === b.length && a.every((x, i) => x.type === b[i]!.type);
}

/** The cast whose results are exactly `cast`'s inputs, in order, if any. */
function producingCast(cast: Operation): Operation | undefined {
  const ins = cast.operandValues;
  const def = ins[0]?.definingOp;
  if (!def || def.name !== CAST || def.results.length !== ins.length) return undefined;
  return ins.every((v, i) => v === def.results[i]) ? def : undefined;
}

export function reconcileUnrealizedCasts(mod: Operation, ctx: PassContext): boolean {
  const casts: Operation[] = [];
  mod.walk((op) => {
    if (op.name === CAST) casts.push(op);
  });
  const erased = new Set<Operation>();
  let changed = true;
  while (changed) {
    changed = false;
    for (const cast of casts) {
      if (erased.has(cast)) continue;
      if (cast.results.every((r) => r.useEmpty)) {
        cast.erase();
        erased.add(cast);
        changed = true;
        continue;
      }
      let source: Operation | undefined = cast;
      // Walk up the chain of casts feeding this one, looking for values of the result types.
      const visited = new Set<Operation>();
      while (source && !visited.has(source)) {
        visited.add(source);
        if (sameTypes(source.operandValues, cast.results)) {
          const inputs = source.operandValues;
          cast.results.forEach((r, i) => r.replaceAllUsesWith(inputs[i]!));
          cast.erase();
          erased.add(cast);
          changed = true;
          break;
        }
        source = producingCast(source);
      }
    }
  }
  const live = casts.filter((c) => !erased.has(c));
  for (const c of live) ctx.emitError(c, `failed to legalize operation '${CAST}' that was explicitly marked illegal`);
  return live.length === 0;
}

registerPass({
  name: 'convert-warp-specialize-to-llvm',
  className: 'ConvertWarpSpecializeToLLVM',
  description: 'lower `ttg.warp_specialize` to LLVM',
  run(mod, _options, ctx) {
    if (!reconcileUnrealizedCasts(mod, ctx)) {
      ctx.signalPassFailure();
      return;
    }
    for (const func of mod.region(0).blocks[0]?.ops ?? []) {
      if (!LLVMFuncOp.is(func)) continue;
      const vis = func.getAttr('sym_visibility');
      if (vis instanceof StringAttr && vis.value !== 'public') continue;
      let ws: Operation | undefined;
      func.walk((op) => {
        if (!ws && WarpSpecializeOp.is(op)) ws = op;
      });
      if (ws) {
        ctx.emitError(ws, 'lowering of ttg.warp_specialize to LLVM is not supported yet');
        ctx.signalPassFailure();
        return;
      }
    }
  },
});
