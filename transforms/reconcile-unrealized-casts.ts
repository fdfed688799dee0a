/**
 * `reconcile-unrealized-casts` (MLIR's ReconcileUnrealizedCastsPass, run by Triton's make_llir after the
 * conversions): `builtin.unrealized_conversion_cast` chains that lead back to the types they started from are
 * bypassed, unused casts are erased, and a cast that is still needed stays (the pass never fails).
 */
import { registerPass } from './pass.js';
import { reconcileUnrealizedCasts } from './convert-warp-specialize-to-llvm.js';

registerPass({
  name: 'reconcile-unrealized-casts',
  className: 'ReconcileUnrealizedCastsPass',
  description: 'Simplify and eliminate unrealized conversion casts',
  run(module) {
    reconcileUnrealizedCasts(module);
  },
});
