/**
 * MLIR's reconcile-unrealized-casts: casts that go back to the types they came from are bypassed, identity and
 * unused casts removed. A cast still needed stays in place: MLIR's pass (since its `reconcileUnrealizedCasts`
 * rewrite) never fails, and Triton's `-reconcile-unrealized-casts` leaves such casts, e.g. the ones bridging a
 * `ttg.warp_specialize` that convert-triton-gpu-to-llvm kept legal. `--reconcile-unrealized-casts` runs it, and so does
 * `--convert-warp-specialize-to-llvm` (lowering/warp-specialize/pass.ts) before it lowers `ttg.warp_specialize`.
 */
import type { Operation } from '../dialect/ir/ir.js';
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

/** Returns the casts left in place. */
export function reconcileUnrealizedCasts(mod: Operation): Operation[] {
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
  return casts.filter((c) => !erased.has(c));
}
