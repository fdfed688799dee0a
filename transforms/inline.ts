/**
 * `inline` (MLIR's InlinerPass with its default pipeline, as Triton's make_ttir runs it): inlines `tt.call`s
 * of functions in the module, bottom-up over the call graph.
 *
 * What it decides, and from what:
 * - Order: the call graph's strongly connected components in post-order (callees before callers). For each
 *   component, up to 4 rounds of: canonicalize every function of the component (the default pipeline), then
 *   inline every call in it that may be inlined; stop after a round that inlined nothing.
 * - A call is inlined when its callee is a function of the module with a body, in another component (no
 *   recursion), not marked `noinline = true`, and every op of the body belongs to a dialect that allows
 *   inlining (Triton's dialects, arith, math, scf, cf, ub, llvm, nvvm).
 * - The callee body is cloned before the call (or moved, when this is the last use of a private function),
 *   `tt.return` operands replace the call's results (a multi-block body splits the caller's block and returns
 *   branch to it), and every inlined location becomes `callsite(callee-loc at call-loc)`.
 * - Private functions left without uses are erased.
 */
import { IntegerAttr, StringAttr, SymbolRefAttr } from '../dialect/ir/attribute.js';
import { cloneRegionInto, IRMapping } from '../dialect/ir/builder.js';
import { Block, Region, type Operation } from '../dialect/ir/ir.js';
import { CallSiteLoc, type Location } from '../dialect/ir/location.js';
import { createOperation } from '../dialect/ir/create.js';
import { runCanonicalizer } from './canonicalize.js';
import { registerPass } from './pass.js';
import { CallOp, FuncOp, ReturnOp } from '../dialect/tt/ops.js';
import { BranchOp } from '../dialect/cf/ops.js';

const INLINABLE_DIALECTS = new Set(['tt', 'ttg', 'ttng', 'arith', 'math', 'scf', 'cf', 'ub', 'llvm', 'nvvm', 'gluon']);

interface CallNode {
  func: Operation;
  name: string;
}

function symbolOf(op: Operation): string | undefined {
  const a = op.getAttr('sym_name');
  return a instanceof StringAttr ? a.value : undefined;
}

function calleeOf(call: Operation): string | undefined {
  const a = call.getAttr('callee');
  if (a instanceof SymbolRefAttr && a.nested.length === 0) return a.root;
  return undefined;
}

function isPrivate(func: Operation): boolean {
  const v = func.getAttr('sym_visibility');
  return v instanceof StringAttr && v.value === 'private';
}

function hasBody(func: Operation): boolean {
  return (func.regions[0]?.blocks.length ?? 0) > 0;
}

function walk(op: Operation, fn: (o: Operation) => void): void {
  for (const r of op.regions) for (const b of r.blocks) for (const o of [...b.ops]) {
    fn(o);
    walk(o, fn);
  }
}

function callsIn(func: Operation): Operation[] {
  const out: Operation[] = [];
  walk(func, (o) => {
    if (CallOp.is(o)) out.push(o);
  });
  return out;
}

/** Tarjan's strongly connected components, emitted callees first. */
function componentsPostOrder(nodes: readonly CallNode[], edges: Map<CallNode, CallNode[]>): CallNode[][] {
  const index = new Map<CallNode, number>();
  const low = new Map<CallNode, number>();
  const onStack = new Set<CallNode>();
  const stack: CallNode[] = [];
  const out: CallNode[][] = [];
  let next = 0;
  const visit = (n: CallNode): void => {
    index.set(n, next);
    low.set(n, next);
    next++;
    stack.push(n);
    onStack.add(n);
    for (const m of edges.get(n) ?? []) {
      if (!index.has(m)) {
        visit(m);
        low.set(n, Math.min(low.get(n)!, low.get(m)!));
      } else if (onStack.has(m)) low.set(n, Math.min(low.get(n)!, index.get(m)!));
    }
    if (low.get(n) === index.get(n)) {
      const scc: CallNode[] = [];
      let m: CallNode;
      do {
        m = stack.pop()!;
        onStack.delete(m);
        scc.push(m);
      } while (m !== n);
      out.push(scc);
    }
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  return out;
}

/** MLIR's stackLocations: the callee location re-rooted under the call site, nested call sites kept in order. */
function stackLocation(callee: Location, caller: Location): Location {
  const chain: CallSiteLoc[] = [];
  let last = callee;
  while (last instanceof CallSiteLoc) {
    chain.push(last);
    last = last.caller;
  }
  let loc: Location = CallSiteLoc.get(last, caller);
  for (let i = chain.length - 1; i >= 0; i--) loc = CallSiteLoc.get(chain[i]!.callee, loc);
  return loc;
}

function remapLocations(blocks: readonly Block[], callLoc: Location): void {
  const cache = new Map<Location, Location>();
  const remap = (l: Location): Location => {
    let r = cache.get(l);
    if (!r) {
      r = stackLocation(l, callLoc);
      cache.set(l, r);
    }
    return r;
  };
  const visitOp = (op: Operation): void => {
    op.loc = remap(op.loc);
    for (const r of op.regions) for (const b of r.blocks) visitBlock(b);
  };
  const visitBlock = (b: Block): void => {
    for (const a of b.args) a.loc = remap(a.loc);
    for (const o of b.ops) visitOp(o);
  };
  for (const b of blocks) visitBlock(b);
}

function bodyIsInlinable(func: Operation): boolean {
  let ok = true;
  walk(func, (o) => {
    if (!INLINABLE_DIALECTS.has(o.name.split('.')[0]!)) ok = false;
  });
  return ok;
}

/** Inlines `call` of `callee`, cloning the body unless `move` (the callee's last use: its body is taken). */
function inlineCall(call: Operation, callee: Operation, move: boolean): void {
  const block = call.parent!;
  const region = block.parent!;
  const body = callee.regions[0]!;
  const staging = new Region(undefined);
  const mapping = new IRMapping();
  if (move) staging.takeBody(body);
  else cloneRegionInto(body, staging, mapping);
  const entry = staging.blocks[0]!;
  const callArgs = call.operandValues;
  remapLocations(staging.blocks, call.loc);
  if (staging.blocks.length === 1) {
    const ret = entry.terminator!;
    for (const op of [...entry.ops]) if (op !== ret) block.insertBefore(call, op);
    entry.args.forEach((a, i) => a.replaceAllUsesWith(callArgs[i]!));
    const results = ret.operandValues;
    call.results.forEach((r, i) => r.replaceAllUsesWith(results[i]!));
    ret.erase();
  } else {
    // Split the caller's block after the call: the returns branch to the continuation, whose arguments
    // replace the call's results.
    const cont = new Block();
    const at = block.ops.indexOf(call);
    region.insertBlock(region.blocks.indexOf(block) + 1, cont);
    for (const op of block.ops.slice(at + 1)) cont.append(op);
    const resultArgs = call.results.map((r) => cont.addArgument(r.type, call.loc));
    call.results.forEach((r, i) => r.replaceAllUsesWith(resultArgs[i]!));
    const inlined = [...staging.blocks];
    let insertAt = region.blocks.indexOf(block) + 1;
    for (const b of inlined) region.insertBlock(insertAt++, b);
    for (const b of inlined) {
      const t = b.terminator;
      if (!ReturnOp.is(t)) continue;
      const br = createOperation({ name: BranchOp.opName, operands: t.operandValues, successors: [cont], loc: t.loc });
      b.insertBefore(t, br);
      t.erase();
    }
    // The entry block's ops run in the caller's block; its arguments are the call's operands.
    entry.args.forEach((a, i) => a.replaceAllUsesWith(callArgs[i]!));
    for (const op of [...entry.ops]) block.insertBefore(call, op);
    entry.remove();
  }
  call.erase();
}

export function inlineModule(module: Operation, maxRounds = 4): void {
  const funcs: CallNode[] = [];
  const byName = new Map<string, CallNode>();
  for (const r of module.regions) for (const b of r.blocks) for (const op of b.ops) {
    if (!FuncOp.is(op)) continue;
    const name = symbolOf(op);
    if (name === undefined) continue;
    const node = { func: op, name };
    funcs.push(node);
    byName.set(name, node);
  }
  const edges = new Map<CallNode, CallNode[]>();
  const uses = new Map<CallNode, number>();
  for (const n of funcs) {
    const targets: CallNode[] = [];
    for (const c of callsIn(n.func)) {
      const t = byName.get(calleeOf(c) ?? '');
      if (!t) continue;
      targets.push(t);
      uses.set(t, (uses.get(t) ?? 0) + 1);
    }
    edges.set(n, targets);
  }
  const erased = new Set<CallNode>();
  const isDead = (n: CallNode): boolean => isPrivate(n.func) && (uses.get(n) ?? 0) === 0;
  for (const scc of componentsPostOrder(funcs, edges)) {
    const members = new Set(scc);
    for (let round = 0; round < maxRounds; round++) {
      for (const n of scc) if (!erased.has(n) && hasBody(n.func)) runCanonicalizer(n.func);
      let inlinedAny = false;
      const work: { caller: CallNode; call: Operation }[] = [];
      for (const n of scc) {
        if (erased.has(n)) continue;
        if (isDead(n)) {
          n.func.erase();
          erased.add(n);
          continue;
        }
        for (const call of callsIn(n.func)) work.push({ caller: n, call });
      }
      for (let i = 0; i < work.length; i++) {
        const { caller, call } = work[i]!;
        const target = byName.get(calleeOf(call) ?? '');
        if (!target || erased.has(target) || members.has(target) || !hasBody(target.func)) continue;
        const noinline = target.func.getAttr('noinline');
        if (noinline instanceof IntegerAttr && noinline.value !== 0n) continue;
        if (!bodyIsInlinable(target.func)) continue;
        const move = isPrivate(target.func) && (uses.get(target) ?? 0) === 1;
        // Calls that the inlined body makes become calls of the caller, considered in this round too.
        const before = new Set(callsIn(caller.func));
        inlineCall(call, target.func, move);
        uses.set(target, (uses.get(target) ?? 0) - 1);
        for (const c of callsIn(caller.func)) {
          if (before.has(c)) continue;
          const t = byName.get(calleeOf(c) ?? '');
          if (t) uses.set(t, (uses.get(t) ?? 0) + 1);
          work.push({ caller, call: c });
        }
        inlinedAny = true;
        if (move) {
          target.func.erase();
          erased.add(target);
        }
      }
      if (!inlinedAny) break;
    }
  }
  for (const n of funcs) if (!erased.has(n) && isDead(n) && n.func.parent) n.func.erase();
}

export const INLINE_PASS = registerPass({
  name: 'inline',
  className: 'Inliner',
  description: 'Inline function calls',
  options: {
    'default-pipeline': { type: 'string', default: 'canonicalize', description: 'The optimizer pipeline used for callables that do not have a dedicated optimizer pipeline' },
    'max-iterations': { type: 'int', width: 'uint32', default: 4, description: 'Maximum number of iterations when inlining within an SCC' },
  },
  run(module, options, ctx) {
    if (options['default-pipeline'] !== 'canonicalize') {
      ctx.emitError(module, `inline: only the default pipeline 'canonicalize' is supported, not '${options['default-pipeline']}'`);
      ctx.signalPassFailure();
      return;
    }
    inlineModule(module, options['max-iterations']);
  },
});
