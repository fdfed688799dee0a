/**
 * Sparse conditional constant propagation (MLIR's SCCP pass: DeadCodeAnalysis + SparseConstantPropagation,
 * then the rewrite).
 *
 * Analysis (an optimistic fixpoint; every value starts uninitialized):
 * - Live code: the module's blocks; public functions (and functions referenced other than by calls) are
 *   entered with unknown arguments; private functions become live through live calls, their arguments
 *   joining the call operands; call results join the callee's returned values.
 * - Branches: with all operands known, a conditional branch on a constant takes one successor, otherwise
 *   all; forwarded operands join into the successor's arguments.
 * - Region ops with region control flow (scf.if / for / while / execute_region, see region-branch.ts): with
 *   all operands known, the entered regions (an scf.if on a constant enters one) receive the forwarded
 *   values; region terminators forward to the next region or the op's results. Other region ops (tt.reduce,
 *   ...) have all their region entries live with unknown arguments, and unknown results.
 * - Other ops: once all operand states are known, the op is folded with the constant operands (in-place
 *   folds are undone and count as unknown); constant results join as constants of the op's dialect, value
 *   results join that value's state.
 * Rewrite: blocks in order (nested regions right after their op): every result (then block argument) known
 * to be constant is replaced by a uniqued constant materialized at the front of its insertion region (each
 * new constant goes first, so the last created ends up on top; location unknown); ops whose results were all
 * replaced and that are trivially dead are erased.
 */
import type { Attribute } from '../dialect/ir/attribute.js';
import { IntegerAttr, StringAttr, SymbolRefAttr } from '../dialect/ir/attribute.js';
import type { Block, Operation, Region, Value } from '../dialect/ir/ir.js';
import type { Type } from '../dialect/ir/type.js';
import { isTerminator, successorOperandRange, wouldOpBeTriviallyDead } from '../dialect/ir/traits.js';
import { registerPass } from './pass.js';
import { OperationFolder } from '../dialect/ir/rewrite/fold-utils.js';
import { getRegionBranchModel } from '../dialect/ir/rewrite/region-branch.js';
import { dialectOf, foldOperationWith, isValue, type OpFoldResult } from '../dialect/ir/rewrite/registry.js';

interface Const {
  readonly attr: Attribute;
  readonly dialect: string;
}
/** undefined: uninitialized; 'unknown': overdefined. */
type Lattice = Const | 'unknown' | undefined;

function isCallable(op: Operation): boolean {
  return op.hasTrait('FunctionOpInterface') || op.hasTrait('CallableOpInterface');
}
function isCall(op: Operation): boolean {
  return op.hasTrait('CallOpInterface') && op.getAttr('callee') instanceof SymbolRefAttr;
}
function symName(op: Operation): string | undefined {
  const a = op.getAttr('sym_name');
  return a instanceof StringAttr ? a.value : undefined;
}

export class SCCPAnalysis {
  private readonly lattices = new Map<Value, Lattice>();
  readonly liveBlocks = new Set<Block>();
  private readonly queue: Operation[] = [];
  private readonly queued = new Set<Operation>();
  /** Symbol name → callable op (in the module's symbol table). */
  private readonly callables = new Map<string, Operation>();
  /** Callables with unknown callers (public, or referenced other than by calls). */
  private readonly external = new Set<Operation>();
  /** Callable → live call sites. */
  private readonly callSites = new Map<Operation, Set<Operation>>();
  /** Callable → live return ops. */
  private readonly returns = new Map<Operation, Set<Operation>>();

  constructor(readonly top: Operation) {}

  get(v: Value): Lattice {
    return this.lattices.get(v);
  }

  private join(v: Value, l: Lattice): void {
    if (l === undefined) return;
    const cur = this.lattices.get(v);
    let next: Lattice;
    if (cur === undefined) next = l;
    else if (cur === 'unknown') return;
    else if (l === 'unknown') next = 'unknown';
    else if (cur.attr === l.attr) return;
    else next = 'unknown';
    if (next === cur) return;
    this.lattices.set(v, next);
    for (const u of v.uses) this.enqueue(u.owner);
  }

  private setUnknown(v: Value): void {
    this.join(v, 'unknown');
  }

  private enqueue(op: Operation): void {
    if (this.queued.has(op)) return;
    this.queued.add(op);
    this.queue.push(op);
  }

  private markBlockLive(b: Block | undefined): void {
    if (!b || this.liveBlocks.has(b)) return;
    this.liveBlocks.add(b);
    for (const op of b.ops) this.enqueue(op);
  }

  private markRegionEntryLive(r: Region): void {
    this.markBlockLive(r.blocks[0]);
  }

  run(): void {
    for (const r of this.top.regions) this.markRegionEntryLive(r);
    this.initializeCallables();
    while (this.queue.length) {
      const op = this.queue.shift()!;
      this.queued.delete(op);
      this.visit(op);
    }
  }

  private initializeCallables(): void {
    const body = this.top.regions[0]?.blocks[0];
    if (!body) return;
    for (const op of body.ops) {
      const n = symName(op);
      if (n !== undefined && isCallable(op)) this.callables.set(n, op);
    }
    // Symbol references other than call targets make a callable's callers unknown.
    const nonCallRefs = new Set<string>();
    const collect = (a: Attribute | Type, out: Set<string>, seen: Set<Attribute | Type>): void => {
      if (seen.has(a)) return;
      seen.add(a);
      if (a instanceof SymbolRefAttr) out.add(a.root);
      for (const c of a.children()) collect(c, out, seen);
    };
    this.top.walk((op) => {
      for (const [k, a] of op.attributes) {
        if (isCall(op) && k === 'callee') continue;
        if (k === 'sym_name') continue;
        collect(a, nonCallRefs, new Set());
      }
    });
    for (const [name, f] of this.callables) {
      const vis = f.getAttr('sym_visibility');
      const isPrivate = vis instanceof StringAttr && vis.value === 'private';
      if (!isPrivate || nonCallRefs.has(name)) {
        this.external.add(f);
        const entry = f.regions[0]?.blocks[0];
        if (entry) {
          this.markBlockLive(entry);
          for (const a of entry.args) this.setUnknown(a);
        }
      }
    }
  }

  /** Constant values of `op`'s operands, or undefined if some operand state is still uninitialized. */
  private operandConstants(op: Operation): (Attribute | undefined)[] | undefined {
    const out: (Attribute | undefined)[] = [];
    for (const v of op.operandValues) {
      const l = this.get(v);
      if (l === undefined) return undefined;
      out.push(l === 'unknown' ? undefined : l.attr);
    }
    return out;
  }

  private visit(op: Operation): void {
    if (!op.parent || !this.liveBlocks.has(op.parent)) return;
    if (isCall(op)) return this.visitCall(op);
    if (op.regions.length) return this.visitRegionOp(op);
    if (isTerminator(op)) return this.visitTerminator(op);
    this.visitPlainOp(op);
  }

  private visitCall(op: Operation): void {
    const callee = this.callables.get((op.getAttr('callee') as SymbolRefAttr).root);
    const entry = callee?.regions[0]?.blocks[0];
    if (!callee || !entry) {
      for (const r of op.results) this.setUnknown(r);
      return;
    }
    let sites = this.callSites.get(callee);
    if (!sites) this.callSites.set(callee, (sites = new Set()));
    sites.add(op);
    this.markBlockLive(entry);
    if (!this.external.has(callee)) {
      op.operandValues.forEach((v, i) => {
        const a = entry.args[i];
        if (a) this.join(a, this.get(v));
      });
    }
    for (const ret of this.returns.get(callee) ?? []) ret.operandValues.forEach((v, i) => op.results[i] && this.join(op.results[i]!, this.get(v)));
  }

  private visitRegionOp(op: Operation): void {
    const model = getRegionBranchModel(op);
    if (model) {
      const c = this.operandConstants(op);
      if (!c) return;
      for (const s of model.entrySuccessors(op, c)) this.forward(op, model, s.region, s.operands);
      return;
    }
    if (isCallable(op)) return;
    for (const r of op.regions) {
      this.markRegionEntryLive(r);
      for (const a of r.blocks[0]?.args ?? []) this.setUnknown(a);
    }
    for (const r of op.results) this.setUnknown(r);
  }

  /** Joins `operands` into the inputs of `region` (marking it live) or into `op`'s results. */
  private forward(op: Operation, model: NonNullable<ReturnType<typeof getRegionBranchModel>>, region: Region | undefined, operands: readonly Value[]): void {
    if (region) {
      this.markRegionEntryLive(region);
      const inputs = model.regionInputs(op, region);
      const entryArgs = region.blocks[0]?.args ?? [];
      for (const a of entryArgs) if (!inputs.includes(a)) this.setUnknown(a);
      inputs.forEach((a, i) => {
        const v = operands[i];
        if (v) this.join(a, this.get(v));
      });
    } else {
      op.results.forEach((r, i) => {
        const v = operands[i];
        if (v) this.join(r, this.get(v));
      });
    }
  }

  private visitTerminator(op: Operation): void {
    if (op.successors.length) return this.visitBranch(op);
    const parent = op.parentOp;
    if (!parent) return;
    const model = getRegionBranchModel(parent);
    if (model) {
      const c = this.operandConstants(op);
      if (!c) return;
      for (const s of model.terminatorSuccessors(parent, op, c)) this.forward(parent, model, s.region, s.operands);
      return;
    }
    if (isCallable(parent)) {
      let rets = this.returns.get(parent);
      if (!rets) this.returns.set(parent, (rets = new Set()));
      rets.add(op);
      for (const call of this.callSites.get(parent) ?? []) op.operandValues.forEach((v, i) => call.results[i] && this.join(call.results[i]!, this.get(v)));
    }
  }

  private visitBranch(op: Operation): void {
    const c = this.operandConstants(op);
    if (!c) return;
    let live = op.successors.map((_s, i) => i);
    const condIdx = op.def?.operands.findIndex((o) => o.name === 'condition') ?? -1;
    if (condIdx === 0 && op.successors.length === 2) {
      const cond = c[0];
      if (cond instanceof IntegerAttr) live = [cond.value !== 0n ? 0 : 1];
    }
    for (const i of live) {
      const succ = op.successors[i]!;
      this.markBlockLive(succ);
      const range = successorOperandRange(op, i);
      if (!range) {
        for (const a of succ.args) this.setUnknown(a);
        continue;
      }
      succ.args.forEach((a, k) => {
        const v = k < range.count ? op.operand(range.start + k) : undefined;
        this.join(a, v ? this.get(v) : 'unknown');
      });
    }
  }

  private visitPlainOp(op: Operation): void {
    const constants = this.operandConstants(op);
    if (!constants) return;
    const originalOperands = op.operandValues;
    const originalAttrs = [...op.attributes];
    const results: OpFoldResult[] = [];
    const folded = foldOperationWith(op, constants, results);
    if (!folded || results.length === 0) {
      if (folded) {
        // In-place folds are undone: the constants may not be the runtime values.
        op.setOperands(originalOperands);
        op.attributes.clear();
        for (const [k, v] of originalAttrs) op.attributes.set(k, v);
      }
      for (const r of op.results) this.setUnknown(r);
      return;
    }
    op.results.forEach((r, i) => {
      const fr = results[i]!;
      if (isValue(fr)) this.join(r, this.get(fr));
      else this.join(r, { attr: fr as Attribute, dialect: dialectOf(op.name) });
    });
  }
}

/** Rewrites `regions` with the analysis results (MLIR's SCCP rewrite). */
function rewrite(analysis: SCCPAnalysis, regions: readonly Region[]): void {
  const folder = new OperationFolder();
  const worklist: Block[] = [];
  const addRegions = (rs: readonly Region[]): void => {
    for (const r of rs) for (const b of [...r.blocks].reverse()) worklist.push(b);
  };
  const replaceWithConstant = (v: Value): boolean => {
    const l = analysis.get(v);
    if (l === undefined || l === 'unknown') return false;
    const block = v.parentBlock;
    if (!block) return false;
    const c = folder.getOrCreateConstant(block, l.dialect, l.attr, v.type);
    if (!c) return false;
    v.replaceAllUsesWith(c);
    return true;
  };
  addRegions(regions);
  while (worklist.length) {
    const block = worklist.pop()!;
    for (const op of [...block.ops]) {
      if (op.parent !== block) continue;
      let replacedAll = op.results.length !== 0;
      for (const r of op.results) replacedAll = replaceWithConstant(r) && replacedAll;
      if (replacedAll && wouldOpBeTriviallyDead(op)) {
        op.erase();
        continue;
      }
      addRegions(op.regions);
    }
    for (const a of block.args) replaceWithConstant(a);
  }
}

/** Runs SCCP on `op` (usually the module). */
export function runSCCP(op: Operation): void {
  const analysis = new SCCPAnalysis(op);
  analysis.run();
  rewrite(analysis, op.regions);
}

export const SCCP_PASS = registerPass({
  name: 'sccp',
  className: 'SCCP',
  description: 'Sparse Conditional Constant Propagation',
  run(module) {
    runSCCP(module);
  },
});
