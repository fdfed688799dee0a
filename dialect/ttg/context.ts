/**
 * The execution context TritonGPU layouts live in, looked up one way for the whole code base (verifier, passes,
 * lowering), as Triton 3.6 does: the warps per CTA from the nearest `tt.func` or `builtin.module` that sets
 * `ttg.num-warps` (or the count of the `ttg.warp_specialize` partition an op sits in), with no default (a
 * located op error where Triton reports one); the threads per warp and CTAs per CGA from the enclosing module,
 * 32 and 1 when it does not set them (TritonGPUDialect::getThreadsPerWarp / getNumCTAs).
 */
import { IntegerAttr, StringAttr } from '../ir/attribute.js';
import { DiagnosticError, opError } from '../ir/diagnostics.js';
import type { Operation, Region } from '../ir/ir.js';

export const ATTR_NUM_WARPS = 'ttg.num-warps';
export const ATTR_THREADS_PER_WARP = 'ttg.threads-per-warp';
export const ATTR_NUM_CTAS = 'ttg.num-ctas';
export const ATTR_TARGET = 'ttg.target';

function intAttr(op: Operation, name: string): number | undefined {
  const a = op.getAttr(name);
  return a instanceof IntegerAttr ? Number(a.value) : undefined;
}

/** The outermost op (normally the `builtin.module`). */
export function topLevelOp(op: Operation): Operation {
  let cur = op;
  while (cur.parentOp) cur = cur.parentOp;
  return cur;
}

/** `op` itself when it is a `builtin.module`, else its nearest enclosing module. */
export function moduleOf(op: Operation): Operation | undefined {
  for (let cur: Operation | undefined = op; cur; cur = cur.parentOp) if (cur.name === 'builtin.module') return cur;
  return undefined;
}

/** The warps of a `ttg.warp_specialize` partition region (its parent op lists one count per region). */
export function partitionNumWarps(region: Region): number | undefined {
  const owner = region.parent;
  if (!owner || owner.name !== 'ttg.warp_specialize.partitions') return undefined;
  const counts = owner.parentOp?.getAttr('partitionNumWarps') as { values?: readonly number[] } | undefined;
  const idx = owner.regions.indexOf(region);
  return idx >= 0 ? counts?.values?.[idx] : undefined;
}

/** Triton's maybeLookupNumWarps: `ttg.num-warps` of the enclosing function or module, or a warp-specialize partition's count. */
export function maybeLookupNumWarps(op: Operation): number | undefined {
  for (let cur: Operation | undefined = op; cur; cur = cur.parentOp) {
    if (cur.name === 'builtin.module' || cur.name === 'tt.func') {
      const n = intAttr(cur, ATTR_NUM_WARPS);
      if (n !== undefined) return n;
    }
    const region = cur.parent?.parent;
    const partition = region ? partitionNumWarps(region) : undefined;
    if (partition !== undefined) return partition;
  }
  return undefined;
}

/** Triton's lookupNumWarps: the warps of `op`'s context, or Triton's op error (located) when none sets them. */
export function lookupNumWarps(op: Operation): number {
  const n = maybeLookupNumWarps(op);
  // Triton emits this op error and then aborts; the error alone is the useful part.
  if (n === undefined) throw new DiagnosticError(opError(op, 'is not contained within a context that specifies the number of warps'));
  return n;
}

/** `ttg.threads-per-warp` of the module `op` is (or is in), 32 when it does not set it (TritonGPUDialect::getThreadsPerWarp). */
export function lookupThreadsPerWarp(op: Operation): number {
  const m = moduleOf(op);
  return (m && intAttr(m, ATTR_THREADS_PER_WARP)) ?? 32;
}

/** `ttg.num-ctas` of the module `op` is (or is in), 1 when it does not set it (TritonGPUDialect::getNumCTAs). */
export function lookupNumCTAs(op: Operation): number {
  const m = moduleOf(op);
  return (m && intAttr(m, ATTR_NUM_CTAS)) ?? 1;
}

/** `ttg.target` of the module (e.g. `cuda:80`), if set. */
export function lookupTarget(op: Operation): string | undefined {
  const a = topLevelOp(op).getAttr(ATTR_TARGET);
  return a instanceof StringAttr ? a.value : undefined;
}
