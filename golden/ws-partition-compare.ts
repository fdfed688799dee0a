/**
 * Compares code partition before specializeRegion (every op in one body, labelled with its tasks) with Triton's
 * dump after doCodePartition (the ops cloned into the regions of a `ttg.warp_specialize`): per task, the ops that
 * task runs, in order, each printed alone with its task id set to that one task (as specializeRegion sets it),
 * SSA names dropped. Ops with regions (loops, ifs) print as their name only, and their terminators too: the
 * specialized loop keeps only the iter args its task uses. The region terminators of `ttg.warp_specialize`
 * (`ttg.warp_yield`, `ttg.warp_return`) and ops without task ids (the buffers, rings and tokens, which stay
 * outside) are not compared.
 */
import { BlockArgument, OpResult, type Operation, type Region, type Value } from '../dialect/ir/ir.js';
import { ForOp } from '../dialect/scf/ops.js';
import { FuncOp } from '../dialect/tt/ops.js';
import { WarpSpecializeOp } from '../dialect/ttg/ops.js';
import { printOperation } from '../printer/printer.js';
import { getAsyncTaskIds, setAsyncTaskIds } from '../transforms/nvgpu-ws/task-ids.js';

export type TaskOps = Map<number, string[]>;

const SKIP = new Set(['ttg.warp_yield', 'ttg.warp_return', 'tt.return']);

/**
 * Names of values independent of the two shapes: a function argument by its index, a value made outside the
 * tasks (untagged top-level op) by that op's position among them, a value of the task by the position of its op in
 * the task's list, a loop's iter arg and result by its init value (the specialized loop drops other tasks' args).
 * A partition's block argument is named as the capture it stands for.
 */
class Names {
  private readonly names = new Map<Value, string>();
  private count = 0;

  constructor(func: Operation, captures?: ReadonlyMap<Value, Value>) {
    const body = func.region(0).blocks[0]!;
    body.args.forEach((a, i) => this.names.set(a, `arg${i}`));
    let k = 0;
    for (const op of body.ops) {
      if (getAsyncTaskIds(op).length > 0 || WarpSpecializeOp.is(op)) continue;
      op.results.forEach((r, i) => this.names.set(r, `top${k}.${i}`));
      k++;
    }
    if (captures) for (const [arg, v] of captures) this.names.set(arg, this.of(v));
  }

  of(v: Value): string {
    const known = this.names.get(v);
    if (known) return known;
    if (v instanceof BlockArgument) {
      const loop = v.owner.parentOp;
      if (loop && ForOp.is(loop)) {
        if (v.index === 0) return `iv(${this.of(ForOp.lowerBound(loop))})`;
        const init = ForOp.initArgs(loop)[v.index - 1];
        if (init) return `iter(${this.of(init)})`;
      }
    }
    if (v instanceof OpResult && ForOp.is(v.owner)) {
      const init = ForOp.initArgs(v.owner)[v.index];
      if (init) return `res(${this.of(init)})`;
    }
    return '?';
  }

  define(op: Operation): void {
    if (ForOp.is(op)) return;
    for (const r of op.results) this.names.set(r, `v${this.count++}`);
  }
}

/** One op alone, with task `task`, without SSA names but with its operands' names (an op with regions: its name only). */
function opLine(op: Operation, task: number, names: Names): string {
  // Which iter args a task's loop keeps is specializeRegion's business: a loop lists its bounds only.
  if (ForOp.is(op)) return `${op.name} (${[ForOp.lowerBound(op), ForOp.upperBound(op), ForOp.step(op)].map((v) => names.of(v)).join(', ')})`;
  if (op.regions.length > 0) return `${op.name} (${op.operandValues.map((v) => names.of(v)).join(', ')})`;
  const saved = op.getAttr('async_task_id');
  setAsyncTaskIds(op, [task]);
  const text = printOperation(op, { localScope: true });
  if (saved) op.setAttr('async_task_id', saved);
  const shape = text
    .replace(/<<UNKNOWN SSA VALUE>>/g, '%')
    .replace(/%[\w.$#-]+(:\d+)?/g, '%')
    .replace(/\s+/g, ' ')
    .trim();
  return `${shape} (${op.operandValues.map((v) => names.of(v)).join(', ')})`;
}

function collect(ops: readonly Operation[], task: number, names: Names, out: string[]): void {
  for (const op of ops) {
    // Terminators are not compared: specializeRegion gives each task's loop a yield of its own iter args.
    if (SKIP.has(op.name) || op === op.parent?.terminator) continue;
    if (!getAsyncTaskIds(op).includes(task)) continue;
    out.push(opLine(op, task, names));
    names.define(op);
    for (const r of op.regions) for (const b of r.blocks) collect(b.ops, task, names, out);
  }
}

/** The ops of each task of a module's functions before specializeRegion. */
export function preSpecializeTaskOps(mod: Operation): TaskOps {
  const out: TaskOps = new Map();
  const tasks = new Set<number>();
  const funcs: Operation[] = [];
  mod.walk((op) => {
    if (FuncOp.is(op)) funcs.push(op);
    for (const t of getAsyncTaskIds(op)) tasks.add(t);
  });
  for (const task of [...tasks].sort((a, b) => a - b)) {
    const lines: string[] = [];
    for (const f of funcs) collect(f.region(0).blocks[0]!.ops, task, new Names(f), lines);
    out.set(task, lines);
  }
  return out;
}

/** The ops of each region of the module's `ttg.warp_specialize` ops (the task: the ids its ops carry). */
export function specializedTaskOps(mod: Operation): TaskOps {
  const out: TaskOps = new Map();
  mod.walk((ws) => {
    if (!WarpSpecializeOp.is(ws)) return;
    const func = ws.getParentWhere((p) => FuncOp.is(p))!;
    const parts = ws.regions[1]?.blocks[0]?.ops[0];
    const regions: [Region, Map<Value, Value> | undefined][] = [[ws.regions[0]!, undefined]];
    // the captures: operands of the partitions op (custom form) or of the warp_specialize op (generic form)
    const captured = parts && parts.operandValues.length > 0 ? parts.operandValues : ws.operandValues;
    for (const r of parts?.regions ?? []) {
      const captures = new Map<Value, Value>();
      r.blocks[0]?.args.forEach((a, i) => captures.set(a, captured[i]!));
      regions.push([r, captures]);
    }
    for (const [r, captures] of regions) {
      const ops = r.blocks[0]?.ops ?? [];
      const task = ops.map((o) => getAsyncTaskIds(o)).find((ids) => ids.length > 0)?.[0];
      if (task === undefined) continue;
      const lines = out.get(task) ?? [];
      collect(ops, task, new Names(func, captures), lines);
      out.set(task, lines);
    }
  });
  return out;
}

/** The first difference of two task op lists, or undefined when they are equal. */
export function firstTaskDifference(want: TaskOps, got: TaskOps): string | undefined {
  const tasks = [...new Set([...want.keys(), ...got.keys()])].sort((a, b) => a - b);
  for (const t of tasks) {
    const a = want.get(t) ?? [];
    const b = got.get(t) ?? [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (a[i] !== b[i]) return `task ${t}, op ${i + 1}:\n  - ${a[i] ?? '(none)'}\n  + ${b[i] ?? '(none)'}`;
    }
  }
  return undefined;
}

/**
 * Triton orders consecutive consumer releases by pointer-keyed maps (two compiles of a kernel may differ): each
 * run of consecutive `nvws.consumer_release` lines is compared as a sorted list.
 */
export function modReleaseOrder(ops: TaskOps): TaskOps {
  const out: TaskOps = new Map();
  for (const [t, lines] of ops) {
    const res: string[] = [];
    for (let i = 0; i < lines.length; ) {
      const run: string[] = [];
      while (i < lines.length && lines[i]!.startsWith('nvws.consumer_release')) run.push(lines[i++]!);
      if (run.length > 0) res.push(...run.sort());
      else res.push(lines[i++]!);
    }
    out.set(t, res);
  }
  return out;
}
