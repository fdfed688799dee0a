/**
 * `--symbol-dce` (MLIR's SymbolDCE): erases private symbols (`sym_visibility = "private"`) that no live op
 * references. Public symbols and non-symbol ops are live; every `@symbol` reference found in the attributes of
 * a live op (or of ops nested in it) makes the referenced symbol live, transitively.
 */
import { Attribute, StringAttr, SymbolRefAttr } from '../dialect/ir/attribute.js';
import type { Operation } from '../dialect/ir/ir.js';
import { Type } from '../dialect/ir/type.js';
import { registerPass } from './pass.js';

function symbolName(op: Operation): string | undefined {
  const n = op.getAttr('sym_name');
  return n instanceof StringAttr ? n.value : undefined;
}

function isPrivate(op: Operation): boolean {
  const v = op.getAttr('sym_visibility');
  return v instanceof StringAttr && v.value === 'private';
}

/** Root names of every symbol reference nested in an attribute. */
function collectRefs(a: Attribute | Type, out: Set<string>, seen: Set<Attribute | Type>): void {
  if (seen.has(a)) return;
  seen.add(a);
  if (a instanceof SymbolRefAttr) out.add(a.root);
  for (const c of a.children()) collectRefs(c, out, seen);
}

/** Runs symbol DCE on one symbol table op (and symbol tables nested in it). */
export function symbolDCE(table: Operation): void {
  const body = table.regions[0]?.blocks[0];
  if (!body) return;
  const symbols = new Map<string, Operation>();
  for (const op of body.ops) {
    const n = symbolName(op);
    if (n !== undefined) symbols.set(n, op);
  }
  const live = new Set<Operation>();
  const work: Operation[] = [];
  for (const op of body.ops) {
    if (symbolName(op) === undefined || !isPrivate(op)) {
      live.add(op);
      work.push(op);
    }
  }
  const seen = new Set<Attribute | Type>();
  while (work.length) {
    const op = work.pop()!;
    const refs = new Set<string>();
    op.walk((x) => {
      for (const [name, a] of x.attributes) if (name !== 'sym_name') collectRefs(a, refs, seen);
    });
    seen.clear();
    for (const r of refs) {
      const target = symbols.get(r);
      if (target && !live.has(target)) {
        live.add(target);
        work.push(target);
      }
    }
  }
  for (const op of [...body.ops]) {
    if (!live.has(op)) op.erase();
  }
  for (const op of body.ops) if (op.hasTrait('SymbolTable')) symbolDCE(op);
}

registerPass({
  name: 'symbol-dce',
  className: 'SymbolDCE',
  description: 'Eliminate dead symbols',
  run(module) {
    symbolDCE(module);
  },
});
