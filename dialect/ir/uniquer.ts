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

interface TrieNode<T> {
  next: Map<unknown, TrieNode<T>> | undefined;
  value: T | undefined;
}

/**
 * A front table for a class's `get`: finds the uniqued instance by the parts it is built from (uniqued types
 * and attributes by identity, numbers, strings) without printing its key. Hot constructors (a tensor type per
 * op result, the position array of every `llvm.extractvalue`) otherwise print the fresh object just to look it
 * up. Parts that are equal must give the same printed key: then the table only remembers what `unique` returned.
 * Numbers are told apart by value, except that -0 and 0 (one key for a Map) are kept apart here.
 */
export class StructuralTable<T> {
  private readonly root: TrieNode<T> = { next: undefined, value: undefined };

  get(parts: readonly unknown[], make: () => T): T {
    let node = this.root;
    for (const raw of parts) {
      const part = raw === 0 && Object.is(raw, -0) ? NEGATIVE_ZERO : raw;
      let next = (node.next ??= new Map()).get(part);
      if (!next) node.next.set(part, (next = { next: undefined, value: undefined }));
      node = next;
    }
    return (node.value ??= make());
  }
}
const NEGATIVE_ZERO = Symbol('-0');
