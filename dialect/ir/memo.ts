/**
 * Memo tables for pure functions of uniqued IR objects (types and attributes are interned, so identity is
 * equality), kept for one compilation: the pass manager empties them when a pipeline starts.
 *
 * Why: some layout queries (the conversion layout between two tensor types, the shared-memory layout of a
 * convert_layout) are asked again and again for the same pair of types, by several passes and by the lowering,
 * and each answer builds and composes linear layouts. Triton's C++ recomputes them too, but at C++ speed; here a
 * table keyed by the (uniqued) arguments makes the repeats free. Tables do not outlive a pipeline run, so a
 * compilation never profits from work done for an earlier one (what a benchmark of repeated runs would hide), and
 * memory does not grow across compilations.
 */
const tables: { clear(): void }[] = [];

/** Registers a table of facts about uniqued objects to empty with the others when a pipeline starts. */
export function registerCompilationMemo(table: { clear(): void }): void {
  tables.push(table);
}

/** Empties every memo table (the pass manager calls this when a pipeline starts). */
export function clearCompilationMemos(): void {
  for (const t of tables) t.clear();
}

/** `fn` memoized on the identity of its two (uniqued) arguments. */
export function memoOnIdentity<A extends object, B extends object, R>(fn: (a: A, b: B) => R): (a: A, b: B) => R {
  const memo = memoOnIdentityAndNumber((a: A, b: B, _n: number) => fn(a, b));
  return (a, b) => memo(a, b, 0);
}

/** `fn` memoized on the identity of its two (uniqued) arguments and a number (a compute capability, say). */
export function memoOnIdentityAndNumber<A extends object, B extends object, R>(fn: (a: A, b: B, n: number) => R): (a: A, b: B, n: number) => R {
  const table = new Map<A, Map<B, Map<number, R>>>();
  tables.push(table);
  return (a, b, n) => {
    let byB = table.get(a);
    if (!byB) table.set(a, (byB = new Map()));
    let byN = byB.get(b);
    if (!byN) byB.set(b, (byN = new Map()));
    if (byN.has(n)) return byN.get(n)!;
    const r = fn(a, b, n);
    byN.set(n, r);
    return r;
  };
}
