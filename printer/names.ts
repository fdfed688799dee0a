/**
 * SSA value and block naming, as MLIR's SSANameState does it: a region is numbered completely before
 * the regions nested in it, which all start from the counters left by their parent (siblings reuse the
 * same numbers); names come from getAsmResultNames / NameLoc prefixes and are uniqued with one shared
 * `_N` conflict counter per naming context.
 */
import { Block, BlockArgument, Operation, Region, Value } from '../dialect/ir/ir.js';
import { CallSiteLoc, FusedLoc, Location, NameLoc } from '../dialect/ir/location.js';

interface Counters {
  value: number;
  arg: number;
  conflict: number;
}

/** A name scope: names visible here, with a link to the enclosing scope. */
class Scope {
  readonly names = new Set<string>();
  constructor(readonly parent: Scope | undefined) {}
  has(n: string): boolean {
    for (let s: Scope | undefined = this; s; s = s.parent) if (s.names.has(n)) return true;
    return false;
  }
}

export class NameState {
  private readonly ids = new Map<Value, string>();
  /** Printed references, by value (an operand is printed once per use). */
  private readonly refs = new Map<Value, string>();
  /** Result-group starts (other than 0) per op, for `%x:2, %y` style multi-result naming. */
  private readonly groups = new Map<Operation, number[]>();
  private readonly blockNames = new Map<Block, string>();
  private readonly blockOrder = new Map<Block, number>();
  private c: Counters = { value: 0, arg: 0, conflict: 0 };
  private scope: Scope = new Scope(undefined);

  constructor(
    top: Operation,
    private readonly nameLocAsPrefix: boolean,
    private readonly generic = false,
  ) {
    const stack: { region: Region; c: Counters; scope: Scope }[] = [];
    for (const r of top.regions) stack.push({ region: r, c: { ...this.c }, scope: this.scope });
    this.numberOp(top);
    while (stack.length) {
      const { region, c, scope } = stack.pop()!;
      if (!generic) this.c = { ...c };
      this.scope = new Scope(scope);
      this.numberRegion(region);
      const cur = this.scope;
      for (const b of region.blocks) {
        for (const op of b.ops) for (const r of op.regions) stack.push({ region: r, c: { ...this.c }, scope: cur });
      }
    }
  }

  /** `%name` of a value, with `#k` for non-head results of a multi-result group. */
  valueRef(v: Value): string {
    let r = this.refs.get(v);
    if (r === undefined) this.refs.set(v, (r = this.computeRef(v)));
    return r;
  }

  private computeRef(v: Value): string {
    if (v instanceof BlockArgument || !(v.definingOp instanceof Operation)) return '%' + (this.ids.get(v) ?? '<<UNKNOWN SSA VALUE>>');
    const op = v.definingOp;
    const idx = (v as import('../dialect/ir/ir.js').OpResult).index;
    const starts = [0, ...(this.groups.get(op) ?? [])];
    let head = 0;
    for (const s of starts) if (s <= idx) head = s;
    const end = starts.find((s) => s > head) ?? op.results.length;
    const id = this.ids.get(op.results[head]!) ?? '<<UNKNOWN SSA VALUE>>';
    return end - head > 1 ? `%${id}#${idx - head}` : `%${id}`;
  }

  /** The `%a:2, %b = ` prefix of an op's result list (without ` = `). */
  resultList(op: Operation): string {
    const groups = this.groups.size === 0 ? undefined : this.groups.get(op);
    if (groups === undefined) {
      if (op.results.length === 1) return this.valueRef(op.results[0]!);
      const id = '%' + (this.ids.get(op.results[0]!) ?? '<<UNKNOWN SSA VALUE>>');
      return op.results.length > 1 ? `${id}:${op.results.length}` : id;
    }
    const starts = [0, ...(this.groups.get(op) ?? [])];
    return starts
      .map((s, i) => {
        const end = starts[i + 1] ?? op.results.length;
        const id = '%' + (this.ids.get(op.results[s]!) ?? '<<UNKNOWN SSA VALUE>>');
        return end - s > 1 ? `${id}:${end - s}` : id;
      })
      .join(', ');
  }

  blockName(b: Block): string {
    return this.blockNames.get(b) ?? '^INVALIDBLOCK';
  }
  blockIndex(b: Block): number {
    return this.blockOrder.get(b) ?? -1;
  }

  private numberRegion(region: Region): void {
    const parent = region.parent;
    if (!this.generic && parent?.def) {
      const hook = blockArgNameHooks.get(parent.name);
      hook?.(region, (arg, name) => this.setName(arg, name));
    }
    let next = 0;
    for (const b of region.blocks) {
      if (!this.blockNames.has(b)) this.blockNames.set(b, `^bb${next}`);
      this.blockOrder.set(b, next++);
      this.numberBlock(b, region.blocks[0] === b);
    }
  }

  private numberBlock(b: Block, isEntry: boolean): void {
    for (const a of b.args) {
      if (this.ids.has(a)) continue;
      let name = isEntry ? `arg${this.c.arg++}` : '';
      if (this.nameLocAsPrefix) name = findNameLoc(a.loc) ?? name;
      this.setName(a, name);
    }
    for (const op of b.ops) this.numberOp(op);
  }

  private numberOp(op: Operation): void {
    const results = op.results;
    if (results.length === 0) return;
    const first = results[0]!;
    // Only getAsmResultNames and NameLoc prefixes name a result before the default numbering.
    let named = false;
    if (!this.generic && op.def?.resultNames) {
      const names = op.def.resultNames(op);
      const groups: number[] = [];
      names.forEach((n, i) => {
        if (n === undefined) return;
        let name = n;
        if (this.nameLocAsPrefix) name = findNameLoc(op.loc) ?? name;
        this.setName(results[i]!, name);
        if (i) groups.push(i);
      });
      if (groups.length) this.groups.set(op, groups.sort((a, b) => a - b));
      named = this.ids.has(first);
    }
    if (!named && this.nameLocAsPrefix) {
      const n = findNameLoc(op.loc);
      if (n !== undefined) {
        this.setName(first, n);
        named = true;
      }
    }
    if (named) return;
    // `%N`. A single result's reference is known now; a group's needs `#k` per result.
    const id = String(this.c.value++);
    if (results.length === 1) this.refs.set(first, '%' + id);
    else this.ids.set(first, id);
  }

  private setName(v: Value, name: string): void {
    if (name === '') {
      this.ids.set(v, String(this.c.value++));
      return;
    }
    this.ids.set(v, this.unique(sanitize(name)));
  }

  private unique(name: string): string {
    let out = name;
    if (this.scope.has(name)) {
      for (;;) {
        const probe = `${name}_${this.c.conflict++}`;
        if (!this.scope.has(probe)) {
          out = probe;
          break;
        }
      }
    }
    this.scope.names.add(out);
    return out;
  }
}

/** A name that sanitizing leaves alone. */
const IDENTIFIER = /^[a-zA-Z$._-][a-zA-Z0-9$._-]*$/;

/** MLIR's sanitizeIdentifier for value names: a leading digit gets `_`, other characters become `_`. */
function sanitize(name: string): string {
  if (IDENTIFIER.test(name)) return name;
  let s = name.replace(/[^a-zA-Z0-9$._-]/g, '_');
  if (/^[0-9]/.test(s)) s = '_' + s;
  return s;
}

/** The first NameLoc found in a pre-order walk of a location (callee before caller, fused in order). */
export function findNameLoc(l: Location): string | undefined {
  if (l instanceof NameLoc) return l.name;
  if (l instanceof CallSiteLoc) return findNameLoc(l.callee) ?? findNameLoc(l.caller);
  if (l instanceof FusedLoc) {
    for (const x of l.locations) {
      const n = findNameLoc(x);
      if (n !== undefined) return n;
    }
  }
  return undefined;
}

/** getAsmBlockArgumentNames hooks, by op name (e.g. none in Triton today; kept for dialects that need it). */
export const blockArgNameHooks = new Map<string, (region: Region, set: (arg: BlockArgument, name: string) => void) => void>();
