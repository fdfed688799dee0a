/**
 * One batch of cases of a kind, for one oracle: layouts and conversions go to the oracle as one request of many
 * seeds (computed in one forked child, a new child only after a Triton crash), passes and kernels one case per
 * request (a case is long: a pass over a corpus stage, a kernel compile).
 */
import { conversionResult } from './conversions.js';
import { kernelCase } from './kernels.js';
import { layoutResult } from './layouts.js';
import type { StageSeed } from './mutate-stage.js';
import { passCase } from './passes.js';
import type { CaseResult, KindContext } from './types.js';

export const KINDS = ['layouts', 'conversions', 'passes', 'kernels'] as const;
export type Kind = (typeof KINDS)[number];

/** Cases per oracle request (and per unit of work a job takes). */
export function batchSize(kind: Kind): number {
  return kind === 'layouts' || kind === 'conversions' ? 250 : 1;
}

/** The oracle seed of case `index` (a case is reproducible from --seed and its index alone). */
export function caseSeed(seed: number, index: number): number {
  return seed * 1_000_003 + index;
}

export async function runBatch(kind: Kind, ctx: KindContext, seeds: readonly StageSeed[], indices: readonly number[]): Promise<CaseResult[]> {
  if (kind === 'layouts' || kind === 'conversions') {
    const r = await ctx.oracle.request({ op: kind, seeds: indices.map((i) => caseSeed(ctx.seed, i)) });
    const results = Array.isArray(r['results']) ? (r['results'] as Record<string, unknown>[]) : undefined;
    if (!results || results.length !== indices.length) {
      const why = typeof r['crash'] === 'string' ? r['crash'] : typeof r['error'] === 'string' ? r['error'] : 'no results';
      return indices.map(() => ({ outcome: 'triton-crash', cls: `${kind}: oracle failed`, detail: why.slice(0, 400) }));
    }
    return results.map((x) => (kind === 'layouts' ? layoutResult(x) : conversionResult(x)));
  }
  const out: CaseResult[] = [];
  for (const i of indices) out.push(kind === 'passes' ? await passCase(ctx, seeds, i) : await kernelCase(ctx, i));
  return out;
}
