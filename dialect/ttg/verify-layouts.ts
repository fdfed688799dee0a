/**
 * Registers TritonGPU's tensor-layout check with the IR verifier (Triton's VerifyTensorLayoutsTrait through
 * the TritonGPU DialectVerifyTensorLayoutInterface): every distributed layout is checked through its linear
 * layout, so a layout that has no linear layout (e.g. an nvidia_mma without an instrShape of its rank, on
 * which Triton 3.6 aborts) is reported as an invalid layout instead.
 */
import { registerTensorLayoutVerifier } from '../ir/verifier.js';
import { verifyTensorLayout } from './layout-queries.js';

/** Triton asks the encoding's own dialect; ttg and ttng (which defers to ttg) have the check, others none. */
const CHECKED_DIALECT_PREFIXES = ['#ttg.', '#ttng.'];

registerTensorLayoutVerifier((t, ctx) => {
  const enc = t.encoding!;
  if (!CHECKED_DIALECT_PREFIXES.some((p) => enc.key.startsWith(p))) return undefined;
  return verifyTensorLayout(enc, t.shape, { numWarps: ctx.numWarps, threadsPerWarp: ctx.threadsPerWarp, numCTAs: ctx.numCTAs });
});
