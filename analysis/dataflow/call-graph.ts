/**
 * The call graph of a module for interprocedural dataflow (MLIR's CallGraph / SymbolTable as the dataflow
 * analyses use them): callables by symbol name, the call sites naming them, callables whose callers are not
 * all known (public ones, or ones referenced other than by a call), and an order that visits callers before
 * their callees.
 */
import type { Attribute } from '../../dialect/ir/attribute.js';
import { StringAttr, SymbolRefAttr } from '../../dialect/ir/attribute.js';
import type { Operation } from '../../dialect/ir/ir.js';
import type { Type } from '../../dialect/ir/type.js';

/** A function-like op (FunctionOpInterface / CallableOpInterface). */
export function isCallable(op: Operation | undefined): boolean {
  return op !== undefined && (op.hasTrait('FunctionOpInterface') || op.hasTrait('CallableOpInterface'));
}

/** A direct call (CallOpInterface with a symbol `callee`). */
export function isCall(op: Operation): boolean {
  return op.hasTrait('CallOpInterface') && op.getAttr('callee') instanceof SymbolRefAttr;
}

/** The symbol a direct call names. */
export function calleeName(call: Operation): string | undefined {
  const c = call.getAttr('callee');
  return c instanceof SymbolRefAttr ? c.root : undefined;
}

export function symbolName(op: Operation): string | undefined {
  const a = op.getAttr('sym_name');
  return a instanceof StringAttr ? a.value : undefined;
}

export class CallGraph {
  /** Callables in walk order (nested callables are not looked into). */
  readonly callables: Operation[] = [];
  private readonly byName = new Map<string, Operation>();
  /** Callable → the callables it calls (once per call site, in walk order). */
  private readonly callees = new Map<Operation, Operation[]>();
  private readonly called = new Set<Operation>();

  constructor(readonly top: Operation) {
    top.walk((op) => {
      if (op === top || !isCallable(op)) return undefined;
      this.callables.push(op);
      return 'skip';
    });
    for (const f of this.callables) {
      const n = symbolName(f);
      if (n !== undefined) this.byName.set(n, f);
    }
    for (const f of this.callables) {
      const list: Operation[] = [];
      f.walk((op) => {
        if (!isCall(op)) return;
        const g = this.resolve(op);
        if (g) {
          list.push(g);
          this.called.add(g);
        }
      });
      this.callees.set(f, list);
    }
  }

  /** The callable a call names, if it is in this graph. */
  resolve(call: Operation): Operation | undefined {
    const n = calleeName(call);
    return n === undefined ? undefined : this.byName.get(n);
  }

  /** The callable named `name`. */
  lookup(name: string): Operation | undefined {
    return this.byName.get(name);
  }

  /** Callables in an order where every caller comes before its callees (reverse post-order from the roots). */
  callersFirst(): Operation[] {
    const post: Operation[] = [];
    const seen = new Set<Operation>();
    const dfs = (f: Operation): void => {
      if (seen.has(f)) return;
      seen.add(f);
      for (const g of this.callees.get(f) ?? []) dfs(g);
      post.push(f);
    };
    for (const f of this.callables) if (!this.called.has(f)) dfs(f);
    return post.reverse();
  }

  /**
   * Callables whose callers are not all visible: public ones and ones whose symbol is used other than as a
   * call's callee (their arguments may hold anything).
   */
  externallyCalled(): Set<Operation> {
    const refs = new Set<string>();
    const collect = (a: Attribute | Type, seen: Set<Attribute | Type>): void => {
      if (seen.has(a)) return;
      seen.add(a);
      if (a instanceof SymbolRefAttr) refs.add(a.root);
      for (const c of a.children()) collect(c, seen);
    };
    this.top.walk((op) => {
      for (const [k, a] of op.attributes) {
        if ((isCall(op) && k === 'callee') || k === 'sym_name') continue;
        collect(a, new Set());
      }
    });
    const out = new Set<Operation>();
    for (const f of this.callables) {
      const n = symbolName(f);
      if (n === undefined) continue;
      const vis = f.getAttr('sym_visibility');
      const isPrivate = vis instanceof StringAttr && vis.value === 'private';
      if (!isPrivate || refs.has(n)) out.add(f);
    }
    return out;
  }
}
