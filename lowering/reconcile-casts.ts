/**
 * `--reconcile-unrealized-casts` (MLIR's ReconcileUnrealizedCasts): removes `builtin.unrealized_conversion_cast`
 * chains a conversion left behind. A cast whose results are unused goes; a cast of a cast chain that leads back to
 * the original types is replaced by the chain's input. A cast still needed is an error, as in MLIR. (Our
 * conversion leaves none: the pass exists so that pipelines written for triton-opt run unchanged.)
 */
import type { Operation, Value } from '../dialect/ir/ir.js';
import { getPass, registerPass } from '../transforms/pass.js';

const CAST = 'builtin.unrealized_conversion_cast';

/** The values at the start of a chain of casts ending in `op`, if the chain leads back to `op`'s result types. */
function chainSource(op: Operation): Value[] | undefined {
  let ins: readonly Value[] = op.operandValues;
  for (;;) {
    if (ins.length === op.results.length && ins.every((v, i) => v.type === op.results[i]!.type)) return [...ins];
    const def = ins[0]?.definingOp;
    if (!def || def.name !== CAST || ins.some((v) => v.definingOp !== def) || ins.length !== def.results.length) return undefined;
    ins = def.operandValues;
  }
}

if (!getPass('reconcile-unrealized-casts')) {
  registerPass({
    name: 'reconcile-unrealized-casts',
    className: 'ReconcileUnrealizedCastsPass',
    description: 'Simplify and eliminate unrealized conversion casts',
    run(module, _options, ctx) {
      const casts: Operation[] = [];
      module.walk((op) => {
        if (op.name === CAST) casts.push(op);
      });
      // Users first, so that a chain's inner casts lose their uses before they are looked at.
      for (const op of casts.reverse()) {
        if (op.results.every((r) => r.uses.length === 0)) {
          op.erase();
          continue;
        }
        const src = chainSource(op);
        if (!src) continue;
        op.results.forEach((r, i) => r.replaceAllUsesWith(src[i]!));
        op.erase();
      }
      const left: Operation[] = [];
      module.walk((op) => {
        if (op.name === CAST && op.results.some((r) => r.uses.length > 0)) left.push(op);
      });
      for (const op of left) ctx.emitError(op, `failed to legalize operation '${CAST}' that was explicitly marked illegal`);
      if (left.length) ctx.signalPassFailure();
    },
  });
}
