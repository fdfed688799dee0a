/**
 * Sparse conditional constant propagation, the analysis (MLIR's DeadCodeAnalysis + SparseConstantPropagation)
 * on the shared sparse forward framework; the SCCP pass (transforms/sccp.ts) rewrites with its results.
 *
 * An optimistic fixpoint; every value starts uninitialized:
 * - Live code: the top op's region entries; callables whose callers are not all known (call-graph.ts) are
 *   entered with unknown arguments; private ones become live through live calls, their arguments joining the
 *   call operands; call results join the callee's returned values.
 * - Branches: with all operands known, a conditional branch on a constant takes one successor, otherwise all;
 *   forwarded operands join into the successor's arguments.
 * - Region ops with a region-branch model (scf.if / for / while / execute_region): with all operands known, the
 *   entered regions (an scf.if on a constant enters one) receive the forwarded values; region terminators
 *   forward to the next region or the op's results. Other region ops (tt.reduce, ...) have all their region
 *   entries live with unknown arguments, and unknown results.
 * - Other ops: once all operand states are known, the op is folded with the constant operands (in-place folds
 *   are undone and count as unknown); constant results join as constants of the op's dialect, value results
 *   join that value's state.
 */
import type { Attribute } from '../../dialect/ir/attribute.js';
import type { Block, Operation, Region, Value } from '../../dialect/ir/ir.js';
import { isTerminator } from '../../dialect/ir/traits.js';
import { dialectOf, foldOperationWith, isValue, type OpFoldResult } from '../../dialect/ir/rewrite/registry.js';
import { CallGraph, isCall, isCallable } from './call-graph.js';
import { getRegionBranchModel, successorOperandValues, takenSuccessors, type RegionBranchModel } from './control-flow.js';
import type { LatticeSpec } from './lattice.js';
import { SparseForwardSolver } from './sparse-solver.js';

/** A known constant, with the dialect that materializes it. */
export interface Const {
  readonly attr: Attribute;
  readonly dialect: string;
}
/** undefined: uninitialized; 'unknown': overdefined. */
export type ConstLattice = Const | 'unknown' | undefined;

const CONST_LATTICE: LatticeSpec<ConstLattice> = {
  uninitialized: undefined,
  join(a, b) {
    if (b === undefined || a === 'unknown') return a;
    if (a === undefined || b === 'unknown') return b;
    return a.attr === b.attr ? a : 'unknown';
  },
  equals: (a, b) => a === b,
};

export class SCCPAnalysis extends SparseForwardSolver<ConstLattice> {
  private readonly graph: CallGraph;
  /** Callables with unknown callers (public, or referenced other than by calls). */
  private readonly external: Set<Operation>;
  /** Callable → live call sites. */
  private readonly callSites = new Map<Operation, Set<Operation>>();
  /** Callable → live return ops. */
  private readonly returns = new Map<Operation, Set<Operation>>();

  constructor(readonly top: Operation) {
    // Constant states only grow, so the fixpoint does not depend on the visiting order; ops wait at most once.
    super(CONST_LATTICE, { dedupe: true, usersOldestFirst: true });
    this.graph = new CallGraph(top);
    this.external = this.graph.externallyCalled();
  }

  private setUnknown(v: Value): void {
    this.join(v, 'unknown');
  }

  /** A live block's ops are visited; its arguments receive what its predecessors push. */
  protected override onBlockLive(block: Block): void {
    for (const op of block.ops) this.enqueue(this.opPoint(op));
  }

  private markRegionEntryLive(r: Region): void {
    this.markLive(r.blocks[0]);
  }

  run(): void {
    for (const r of this.top.regions) this.markRegionEntryLive(r);
    for (const f of this.graph.callables) {
      if (!this.external.has(f)) continue;
      const entry = f.regions[0]?.blocks[0];
      if (!entry) continue;
      this.markLive(entry);
      for (const a of entry.args) this.setUnknown(a);
    }
    this.solve();
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

  protected visitOperation(op: Operation): void {
    if (!op.parent || !this.live.has(op.parent)) return;
    if (isCall(op)) return this.visitCall(op);
    if (op.regions.length) return this.visitRegionOp(op);
    if (isTerminator(op)) return this.visitTerminator(op);
    this.visitPlainOp(op);
  }

  private visitCall(op: Operation): void {
    const callee = this.graph.resolve(op);
    const entry = callee?.regions[0]?.blocks[0];
    if (!callee || !entry) {
      for (const r of op.results) this.setUnknown(r);
      return;
    }
    let sites = this.callSites.get(callee);
    if (!sites) this.callSites.set(callee, (sites = new Set()));
    sites.add(op);
    this.markLive(entry);
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
  private forward(op: Operation, model: RegionBranchModel, region: Region | undefined, operands: readonly Value[]): void {
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
    for (const i of takenSuccessors(op, c)) {
      const succ = op.successors[i]!;
      this.markLive(succ);
      const forwarded = successorOperandValues(op, i);
      if (!forwarded) {
        for (const a of succ.args) this.setUnknown(a);
        continue;
      }
      succ.args.forEach((a, k) => {
        const v = forwarded[k];
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
