/**
 * A sparse forward dataflow solver (MLIR's DataFlowSolver running a SparseForwardDataFlowAnalysis): one lattice
 * state per SSA value, a FIFO worklist of program points, and executable (live) blocks.
 *
 * - Program points: an op (its transfer function, or for a region-branch op the join of the values flowing into
 *   its results), a block (its arguments: the values its predecessors forward), and the activation of a region
 *   op (its regions becoming executable).
 * - `join(v, state)` grows `v`'s state; when it changes, every point that read `v` through `dependOn` and every
 *   user of `v` is visited again (propagateIfChanged). Users are queued newest use first, as MLIR iterates its
 *   use lists.
 * - A block becomes live once (`markLive`); by default its argument point, its ops and the activation of its
 *   region ops are queued.
 *
 * An analysis extends this class with its transfer functions (`visitOperation`), the states of block arguments
 * (`visitBlock`) and what makes regions executable (`activate`). The control-flow edges (branches, region
 * branches, calls) come from control-flow.ts and call-graph.ts, so every analysis reads them the same way.
 */
import type { Block, Operation, Value } from '../../dialect/ir/ir.js';
import type { LatticeSpec } from './lattice.js';

export type ProgramPoint =
  | { readonly kind: 'op'; readonly op: Operation }
  | { readonly kind: 'block'; readonly block: Block }
  | { readonly kind: 'activate'; readonly op: Operation };

export interface SolverOptions {
  /** Queue a point only when it is not already waiting (the points then run at most once per change wave). */
  readonly dedupe?: boolean;
  /** Queue the users of a changed value oldest use first instead of MLIR's newest first. */
  readonly usersOldestFirst?: boolean;
}

export abstract class SparseForwardSolver<T> {
  private readonly states = new Map<Value, T>();
  private queue: ProgramPoint[] = [];
  private head = 0;
  private readonly waiting = new Set<ProgramPoint>();
  /** Blocks control can reach. */
  readonly live = new Set<Block>();
  /** Points that read a value's state (re-run when it changes). */
  private readonly dependents = new Map<Value, ProgramPoint[]>();
  private readonly opPoints = new Map<Operation, ProgramPoint>();
  private readonly blockPoints = new Map<Block, ProgramPoint>();
  private readonly activatePoints = new Map<Operation, ProgramPoint>();

  constructor(
    protected readonly lattice: LatticeSpec<T>,
    private readonly options: SolverOptions = {},
  ) {}

  // ---- the analysis ---------------------------------------------------------------------------------

  /** The transfer function of `op` (or the join into a region-branch op's results). */
  protected abstract visitOperation(op: Operation): void;
  /** The states of `block`'s arguments. */
  protected visitBlock(_block: Block): void {}
  /** `op`'s regions become executable. */
  protected activate(_op: Operation): void {}

  // ---- states -----------------------------------------------------------------------------------------

  /** The state of `v` (uninitialized until something reaches it). */
  get(v: Value): T {
    return this.states.get(v) ?? this.lattice.uninitialized;
  }

  /** Joins `state` into `v`'s; when that changes it, re-runs `v`'s dependents and users. Returns whether it changed. */
  join(v: Value, state: T): boolean {
    const old = this.get(v);
    const next = this.lattice.join(old, state);
    if (this.lattice.equals(old, next)) return false;
    this.states.set(v, next);
    for (const d of this.dependents.get(v) ?? []) this.enqueue(d);
    if (this.options.usersOldestFirst) for (const u of v.uses) this.enqueue(this.opPoint(u.owner));
    else for (let i = v.uses.length - 1; i >= 0; i--) this.enqueue(this.opPoint(v.uses[i]!.owner));
    return true;
  }

  /** Joins without re-running anyone (for a state the analysis reads back itself). */
  protected joinSilently(v: Value, state: T): void {
    this.states.set(v, this.lattice.join(this.get(v), state));
  }

  /** Reads `v`'s state for `point`, which re-runs when the state changes (getLatticeElementFor). */
  protected dependOn(v: Value, point: ProgramPoint): T {
    let deps = this.dependents.get(v);
    if (!deps) this.dependents.set(v, (deps = []));
    if (!deps.includes(point)) deps.push(point);
    return this.get(v);
  }

  // ---- program points and the worklist ---------------------------------------------------------------

  protected opPoint(op: Operation): ProgramPoint {
    let p = this.opPoints.get(op);
    if (!p) this.opPoints.set(op, (p = { kind: 'op', op }));
    return p;
  }
  protected blockPoint(block: Block): ProgramPoint {
    let p = this.blockPoints.get(block);
    if (!p) this.blockPoints.set(block, (p = { kind: 'block', block }));
    return p;
  }
  protected activatePoint(op: Operation): ProgramPoint {
    let p = this.activatePoints.get(op);
    if (!p) this.activatePoints.set(op, (p = { kind: 'activate', op }));
    return p;
  }

  protected enqueue(p: ProgramPoint): void {
    if (this.options.dedupe) {
      if (this.waiting.has(p)) return;
      this.waiting.add(p);
    }
    this.queue.push(p);
  }

  /** Takes the points queued so far off the worklist (to reorder them before the fixpoint starts). */
  protected takeQueued(): ProgramPoint[] {
    const out = this.queue.slice(this.head);
    this.queue = [];
    this.head = 0;
    this.waiting.clear();
    return out;
  }

  /** Runs the worklist to the fixpoint. */
  protected solve(): void {
    while (this.head < this.queue.length) {
      const p = this.queue[this.head++]!;
      if (this.options.dedupe) this.waiting.delete(p);
      if (p.kind === 'op') this.visitOperation(p.op);
      else if (p.kind === 'block') this.visitBlock(p.block);
      else this.activate(p.op);
      // Drop the consumed prefix now and then, so long runs do not keep every point ever queued.
      if (this.head > 4096 && this.head * 2 > this.queue.length) {
        this.queue.splice(0, this.head);
        this.head = 0;
      }
    }
  }

  // ---- executability -----------------------------------------------------------------------------------

  isLive(block: Block): boolean {
    return this.live.has(block);
  }

  /** Marks `block` executable (once) and queues what that makes visitable (`onBlockLive`). */
  protected markLive(block: Block | undefined): void {
    if (!block || this.live.has(block)) return;
    this.live.add(block);
    this.onBlockLive(block);
  }

  /** A block just became live: by default its arguments, its ops, then the activation of its region ops. */
  protected onBlockLive(block: Block): void {
    this.enqueue(this.blockPoint(block));
    for (const o of block.ops) this.enqueue(this.opPoint(o));
    for (const o of block.ops) if (o.regions.length) this.enqueue(this.activatePoint(o));
  }
}
