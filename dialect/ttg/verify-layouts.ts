/**
 * TritonGPU's tensor-layout check (Triton's DialectVerifyTensorLayoutInterface, run by tt's
 * VerifyTensorLayoutsTrait): every distributed layout is checked through its linear layout against the warps,
 * threads per warp and CTAs of the op's context (context.ts), so a layout that has no linear layout (e.g. an
 * nvidia_mma without an instrShape of its rank, on which Triton 3.6 aborts) is reported as an invalid layout.
 */
import type { Region } from '../ir/ir.js';
import type { Type } from '../ir/type.js';
import { registerTensorLayoutChecker, registerTensorLayoutDialect } from '../tt/verify-traits.js';
import { lookupNumCTAs, lookupThreadsPerWarp, maybeLookupNumWarps } from './context.js';
import { verifyTensorLayout } from './layout-queries.js';

registerTensorLayoutDialect('ttg');

/** Triton asks the encoding's own dialect; ttg and ttng (which defers to ttg) have the check, others none. */
const CHECKED_DIALECT_PREFIXES = ['#ttg.', '#ttng.'];

interface Context {
  numWarps: number | undefined;
  threadsPerWarp: number;
  numCTAs: number;
  /** Check results per tensor type in this context (null: fine). */
  checked: Map<Type, string | null>;
}

/**
 * The check depends only on the (uniqued, immutable) tensor type and the context's three numbers, so its results
 * are kept across verification runs: the pass manager verifies after most passes, and building each layout's
 * linear layout again every time showed in profiles.
 */
const resultsByContext = new Map<string, Map<Type, string | null>>();
function checkedIn(numWarps: number | undefined, threadsPerWarp: number, numCTAs: number): Map<Type, string | null> {
  const key = `${numWarps ?? '-'}/${threadsPerWarp}/${numCTAs}`;
  let m = resultsByContext.get(key);
  if (!m) resultsByContext.set(key, (m = new Map()));
  return m;
}

registerTensorLayoutChecker(() => {
  // An op's context depends only on its ancestors: one per region ops sit in, for this verification run.
  const contexts = new Map<Region, Context>();
  return (t, op) => {
    const enc = t.encoding!;
    if (!CHECKED_DIALECT_PREFIXES.some((p) => enc.key.startsWith(p))) return undefined;
    const region = op.parent?.parent;
    let ctx = region ? contexts.get(region) : undefined;
    if (!ctx) {
      const numWarps = maybeLookupNumWarps(op);
      const threadsPerWarp = lookupThreadsPerWarp(op);
      const numCTAs = lookupNumCTAs(op);
      ctx = { numWarps, threadsPerWarp, numCTAs, checked: checkedIn(numWarps, threadsPerWarp, numCTAs) };
      if (region) contexts.set(region, ctx);
    }
    let known = ctx.checked.get(t);
    if (known === undefined) {
      known = verifyTensorLayout(enc, t.shape, { ...ctx, requireNumWarps: true }) ?? null;
      ctx.checked.set(t, known);
    }
    return known ?? undefined;
  };
});
