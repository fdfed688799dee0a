/**
 * `--gluon-inline` (Triton 3.6's GluonInline: MLIR's inliner with GluonSimplifyControlFlow as the simplification
 * pipeline). Functions are visited callees first; each is simplified (the scf canonicalization patterns, scf.for
 * dead-argument elimination and folding, applied greedily with aggressive region simplification: block merging and
 * redundant block-argument removal, and without constant CSE; Triton 3.6's own runs show no cf.br/cf.cond_br
 * canonicalization here: pass-through blocks and single-predecessor branches stay), then its `tt.call`s of functions that
 * are not `noinline = true` are inlined (a `tt.return` becomes the call's results, or a `cf.br` to the split-off
 * rest of the block for multi-block callees; locations become call-site locations) and it is simplified again,
 * up to 4 rounds. Private functions left without uses by inlining are erased.
 */
import { IntegerAttr, StringAttr, SymbolRefAttr } from '../dialect/ir/attribute.js';
import { IRMapping, cloneOperation } from '../dialect/ir/builder.js';
import { Block, type Operation, type Region } from '../dialect/ir/ir.js';
import { CallSiteLoc } from '../dialect/ir/location.js';
import { IRRewriter } from '../dialect/ir/rewriter.js';
import '../dialect/scf/canonicalize.js';
import { FOR_OP_DEAD_ARG_ELIMINATION } from './remove-layout-conversions/scf-cleanup.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import { PatternApplicator, type RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import { getCanonicalizationPatterns } from '../dialect/ir/rewrite/registry.js';
import { registerPass } from './pass.js';
import { CallOp, FuncOp, ReturnOp } from '../dialect/tt/ops.js';
import { BranchOp } from '../dialect/cf/ops.js';

const MAX_INLINING_ROUNDS = 4;

function simplifyPatterns(): PatternApplicator {
  const ofScf = (p: RewritePattern): boolean => p.rootName !== undefined && p.rootName.startsWith('scf.');
  return new PatternApplicator([...getCanonicalizationPatterns().filter(ofScf), FOR_OP_DEAD_ARG_ELIMINATION]);
}

function simplify(fn: Operation, patterns: PatternApplicator): void {
  applyPatternsGreedily(fn, patterns, { regionSimplification: 'aggressive', cseConstants: false });
}

function symName(op: Operation): string | undefined {
  const n = op.getAttr('sym_name');
  return n instanceof StringAttr ? n.value : undefined;
}

function isPrivate(op: Operation): boolean {
  const v = op.getAttr('sym_visibility');
  return v instanceof StringAttr && v.value === 'private';
}

function calleeName(call: Operation): string | undefined {
  const c = call.getAttr('callee');
  return c instanceof SymbolRefAttr ? c.root : undefined;
}

function calls(fn: Operation): Operation[] {
  const out: Operation[] = [];
  fn.walk((op) => {
    if (CallOp.is(op)) out.push(op);
  });
  return out;
}

function inlinable(callee: Operation): boolean {
  const a = callee.getAttr('noinline');
  if (a instanceof IntegerAttr && a.value !== 0n) return false;
  return callee.region(0).blocks.length > 0;
}

/** Callees before callers (a DFS post-order of the call graph); functions of one cycle keep their order. */
function bottomUpOrder(funcs: Map<string, Operation>): Operation[] {
  const order: Operation[] = [];
  const state = new Map<Operation, 'open' | 'done'>();
  const visit = (fn: Operation): void => {
    if (state.has(fn)) return;
    state.set(fn, 'open');
    for (const c of calls(fn)) {
      const callee = funcs.get(calleeName(c) ?? '');
      if (callee) visit(callee);
    }
    state.set(fn, 'done');
    order.push(fn);
  };
  for (const fn of funcs.values()) visit(fn);
  return order;
}

/** Replaces `call` with a copy of `callee`'s body. */
function inlineCall(call: Operation, callee: Operation): void {
  const rw = new IRRewriter();
  const body = callee.region(0);
  const mapping = new IRMapping();
  const callLoc = call.loc;
  const relocate = (op: Operation): void => {
    op.walk((o) => {
      o.loc = CallSiteLoc.get(o.loc, callLoc);
    });
  };
  const block = call.parent!;
  if (body.blocks.length === 1) {
    const entry = body.blocks[0]!;
    entry.args.forEach((a, i) => mapping.map(a, call.operand(i)));
    let results = call.results.map((r) => r as import('../dialect/ir/ir.js').Value);
    for (const op of entry.ops) {
      if (ReturnOp.is(op)) {
        results = op.operandValues.map((v) => mapping.lookupOrDefault(v));
        continue;
      }
      const copy = cloneOperation(op, mapping);
      relocate(copy);
      block.insertBefore(call, copy);
    }
    call.results.forEach((r, i) => rw.replaceAllUsesWith(r, results[i]!));
    call.erase();
    return;
  }
  // Multi-block callee: split the block after the call; returns branch to the rest, which receives the results.
  const region = block.parent as Region;
  const after = rw.splitBlock(block, call.nextOp);
  const resultArgs = call.results.map((r) => after.addArgument(r.type, callLoc));
  call.results.forEach((r, i) => rw.replaceAllUsesWith(r, resultArgs[i]!));
  const at = region.blocks.indexOf(after);
  const newBlocks: Block[] = [];
  for (const b of body.blocks) {
    const nb = new Block();
    for (const a of b.args) mapping.map(a, nb.addArgument(a.type, CallSiteLoc.get(a.loc, callLoc)));
    mapping.mapBlock(b, nb);
    newBlocks.push(nb);
  }
  body.blocks.forEach((b, i) => {
    const nb = newBlocks[i]!;
    for (const op of b.ops) {
      if (ReturnOp.is(op)) {
        const br = rw.create({ name: BranchOp.opName, operands: op.operandValues.map((v) => mapping.lookupOrDefault(v)), successors: [after], loc: CallSiteLoc.get(op.loc, callLoc) });
        br.remove();
        nb.append(br);
        continue;
      }
      const copy = cloneOperation(op, mapping);
      relocate(copy);
      nb.append(copy);
    }
  });
  newBlocks.forEach((nb, i) => region.insertBlock(at + i, nb));
  // The call's block falls into the inlined entry block (MLIR merges them).
  const entry = newBlocks[0]!;
  const args = call.operandValues;
  call.erase();
  rw.mergeBlocks(entry, block, args);
}

export function gluonInline(mod: Operation): void {
  const funcs = new Map<string, Operation>();
  for (const op of mod.region(0).blocks[0]?.ops ?? []) {
    const n = symName(op);
    if (n !== undefined && FuncOp.is(op)) funcs.set(n, op);
  }
  const useCount = new Map<string, number>();
  mod.walk((op) => {
    const n = CallOp.is(op) ? calleeName(op) : undefined;
    if (n !== undefined) useCount.set(n, (useCount.get(n) ?? 0) + 1);
  });
  const patterns = simplifyPatterns();
  const dead: Operation[] = [];
  const isDead = (fn: Operation): boolean => isPrivate(fn) && (useCount.get(symName(fn)!) ?? 0) === 0;
  for (const fn of bottomUpOrder(funcs)) {
    if (dead.includes(fn)) continue;
    for (let round = 0; round < MAX_INLINING_ROUNDS; round++) {
      simplify(fn, patterns);
      let inlined = false;
      for (const call of calls(fn)) {
        const name = calleeName(call);
        const callee = name !== undefined ? funcs.get(name) : undefined;
        if (!callee || callee === fn || callee.isAncestorOf(call) || !inlinable(callee)) continue;
        inlineCall(call, callee);
        inlined = true;
        useCount.set(name!, (useCount.get(name!) ?? 1) - 1);
        if (isDead(callee) && !dead.includes(callee)) dead.push(callee);
      }
      if (!inlined) break;
    }
  }
  for (const fn of dead) fn.erase();
}

registerPass({
  name: 'gluon-inline',
  className: 'GluonInline',
  description: 'reduced set of simplifications for TTGIR',
  run(mod) {
    gluonInline(mod);
  },
});
