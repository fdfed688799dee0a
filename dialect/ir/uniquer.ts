/**
 * Types and attributes are immutable and uniqued: two structurally equal values are the same object, so
 * `===` is equality (as with MLIRContext storage uniquing). The structural key of a value is its canonical
 * printed form, computed once when it is created.
 */
const table = new Map<string, object>();

/** Returns the canonical instance for `key`, creating it with `make` the first time. */
export function unique<T extends object>(key: string, make: () => T): T {
  const hit = table.get(key);
  if (hit !== undefined) return hit as T;
  const made = make();
  table.set(key, made);
  return made;
}
