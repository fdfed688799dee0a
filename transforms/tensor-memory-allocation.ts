/**
 * `--triton-tensor-memory-allocation` (Triton 3.6's TritonTensorMemoryAllocationPass): places every
 * `ttng.tmem_alloc` in tensor memory (2 blocks of 64 rows × columns) by a linear scan over the allocations in
 * post-order with first fit (columns aligned to 4), freeing chunks whose live range (MLIR liveness of the alloc
 * and its memdesc views, in post-order op ids) ended; allocations in other partitions of the same
 * `ttg.warp_specialize` are kept apart; a 64-row MMA A operand in TMEM shares its row block with the accumulator.
 * Each alloc gets `tensor_memory_col_offset` / `tensor_memory_row_offset`; the module gets
 * `ttg.tensor_memory_size` (rounded up to 0/32/64/128/256/512 columns when it fits) and, when any TMEM is used,
 * at least 4 bytes of `ttg.shared` (tcgen05.alloc returns the base address through shared memory).
 */
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { Diagnostic, DiagnosticError } from '../dialect/ir/diagnostics.js';
import { BlockArgument, type Operation, type Value } from '../dialect/ir/ir.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { TensorMemoryEncodingAttr } from '../dialect/ttng/attrs.js';
import { Liveness } from '../analysis/allocation.js';
import { tmemAllocSizes, type TmemAllocation } from './nvidia/tmem-sizes.js';
import { registerPass } from './pass.js';
import { MemDescIndexOp, MemDescReinterpretOp, WarpSpecializeOp, WarpSpecializePartitionsOp } from '../dialect/ttg/ops.js';
import { ConditionOp, ForOp, IfOp, WhileOp } from '../dialect/scf/ops.js';
import { TMEMAllocOp } from '../dialect/ttng/ops.js';
import { TMEMSubSliceOp } from '../dialect/ttng/tmem-subslice-op.js';
import { isMemDescView, memDescViewSource } from '../dialect/ttg/memdesc-view.js';
import { TCGen5MMAOp, TCGen5MMAScaledOp } from '../dialect/ttng/mma-v5-ops.js';
import { SelectOp } from '../dialect/arith/ops.js';
import { BranchOp, CondBranchOp } from '../dialect/cf/ops.js';

const GRANULARITY = 64;
const ROW_BLOCKS = 2;
const COLUMN_ALIGNMENT = 4;

interface Chunk {
  startRow: number;
  startCol: number;
  numCols: number;
  numRows: number;
}

/** Occupancy of (row block, column) cells. */
class TmemMap {
  private readonly used = new Set<number>();
  copy(): TmemMap {
    const m = new TmemMap();
    for (const k of this.used) m.used.add(k);
    return m;
  }
  private key(row: number, col: number): number {
    return row + col * ROW_BLOCKS;
  }
  set(c: Chunk, on: boolean): void {
    for (let i = 0; i < c.numCols; i++) {
      for (let j = 0; j < c.numRows; j++) {
        if (on) this.used.add(this.key(c.startRow + j, c.startCol + i));
        else this.used.delete(this.key(c.startRow + j, c.startCol + i));
      }
    }
  }
  firstFit(size: TmemAllocation, rowConstraint: number | undefined): Chunk {
    const numRows = size.numRows / GRANULARITY;
    for (let startCol = 0; ; startCol++) {
      if (startCol % COLUMN_ALIGNMENT !== 0) startCol = (Math.trunc(startCol / COLUMN_ALIGNMENT) + 1) * COLUMN_ALIGNMENT;
      for (let startRow = 0; startRow <= ROW_BLOCKS - numRows; startRow++) {
        if (rowConstraint !== undefined && rowConstraint !== startRow) continue;
        let fits = true;
        for (let i = 0; i < size.numCols && fits; i++) {
          for (let j = 0; j < numRows; j++) {
            if (this.used.has(this.key(startRow + j, startCol + i))) {
              fits = false;
              break;
            }
          }
        }
        if (fits) return { startRow, startCol, numRows, numCols: size.numCols };
      }
    }
  }
}

function fatal(op: Operation | undefined, msg: string): never {
  throw new DiagnosticError(new Diagnostic('error', msg, op?.loc));
}

/** The `ttng.tmem_alloc`s a TMEM memdesc value may come from (through views, selects, ifs, loops, captures). */
function allocsOf(value: Value): Operation[] {
  const out: Operation[] = [];
  const seen = new Set<Value>();
  const work: Value[] = [value];
  while (work.length) {
    const v = work.pop()!;
    if (seen.has(v)) continue;
    seen.add(v);
    if (v instanceof BlockArgument) {
      const block = v.owner;
      const parent = block.parentOp;
      if (block.parent && block.parent.blocks[0] !== block) {
        for (const pred of block.predecessors) {
          const term = pred.terminator!;
          const succ = term.successors.indexOf(block);
          const fwd = successorValues(term, succ);
          const operand = fwd[v.index];
          if (operand) work.push(operand);
        }
        continue;
      }
      if (WarpSpecializePartitionsOp.is(parent)) work.push(WarpSpecializePartitionsOp.explicitCaptures(parent)[v.index]!);
      else if (ForOp.is(parent)) {
        const i = v.index - 1;
        const body = ForOp.region(parent).blocks[0]!;
        work.push(body.terminator!.operand(i));
        work.push(ForOp.initArgs(parent)[i]!);
      } else if (WhileOp.is(parent)) {
        const i = v.index;
        if (block.parent === WhileOp.after(parent)) {
          const cond = WhileOp.before(parent).blocks[0]!.terminator!;
          work.push(ConditionOp.args(cond)[i]!);
        } else {
          work.push(WhileOp.after(parent).blocks[0]!.terminator!.operand(i));
          work.push(WhileOp.inits(parent)[i]!);
        }
      } else fatal(parent, `unhandled parent op when looking for TMEM alloc: ${parent?.name ?? 'none'}`);
      continue;
    }
    const def = v.definingOp!;
    const idx = def.results.indexOf(v as (typeof def.results)[number]);
    if (TMEMAllocOp.is(def)) out.push(def);
    else if (isMemDescView(def)) work.push(memDescViewSource(def));
    else if (TMEMSubSliceOp.is(def)) work.push(TMEMSubSliceOp.src(def));
    else if (SelectOp.is(def)) work.push(SelectOp.true_value(def), SelectOp.false_value(def));
    else if (IfOp.is(def)) {
      work.push(IfOp.thenRegion(def).blocks[0]!.terminator!.operand(idx));
      work.push(IfOp.elseRegion(def).blocks[0]!.terminator!.operand(idx));
    } else if (ForOp.is(def)) {
      work.push(ForOp.region(def).blocks[0]!.terminator!.operand(idx));
      work.push(ForOp.initArgs(def)[idx]!);
    } else if (WhileOp.is(def)) {
      const cond = WhileOp.before(def).blocks[0]!.terminator!;
      work.push(ConditionOp.args(cond)[idx]!);
    } else fatal(def, `unhandled op when looking for TMEM alloc: ${def.name}`);
  }
  return out;
}

/** The values a branch forwards to its `succ`-th successor (cf.br: all operands; cf.cond_br: by segment). */
function successorValues(term: Operation, succ: number): Value[] {
  if (CondBranchOp.is(term)) return succ === 0 ? CondBranchOp.trueDestOperands(term) : CondBranchOp.falseDestOperands(term);
  if (BranchOp.is(term)) return term.operandValues;
  return fatal(term, `unhandled branch op: ${term.name}`);
}

/** Union-find over allocs that must share a row block, with the row chosen for each class. */
class RowConstraints {
  private readonly parent = new Map<Operation, Operation>();
  private readonly rows = new Map<Operation, number>();
  private find(op: Operation): Operation | undefined {
    let cur = this.parent.get(op);
    if (!cur) return undefined;
    while (this.parent.get(cur) !== cur) cur = this.parent.get(cur)!;
    return cur;
  }
  join(a: Operation, b: Operation): void {
    if (!this.parent.has(a)) this.parent.set(a, a);
    if (!this.parent.has(b)) this.parent.set(b, b);
    const ra = this.find(a)!;
    const rb = this.find(b)!;
    if (ra !== rb) this.parent.set(rb, ra);
  }
  get(op: Operation): number | undefined {
    const r = this.find(op);
    return r ? this.rows.get(r) : undefined;
  }
  set(op: Operation, row: number): void {
    const r = this.find(op);
    if (r) this.rows.set(r, row);
  }
}

const MMAV5 = [TCGen5MMAOp, TCGen5MMAScaledOp];

function liveInterval(alloc: Operation, liveness: Liveness, ids: Map<Operation, number>): [number, number] {
  const live = liveness.resolveLiveness(alloc.result(0));
  const users = [...alloc.result(0).users];
  while (users.length) {
    const u = users.pop()!;
    if (!MemDescIndexOp.is(u) && !MemDescReinterpretOp.is(u)) continue;
    live.push(...liveness.resolveLiveness(u.result(0)));
    users.push(...u.result(0).users);
  }
  let lo = Number.MAX_SAFE_INTEGER;
  let hi = Number.MIN_SAFE_INTEGER;
  for (const op of live) {
    const id = ids.get(op) ?? 0;
    lo = Math.min(lo, id);
    hi = Math.max(hi, id + 1);
  }
  return [lo, hi];
}

function enclosingWarpSpecialize(op: Operation): Operation | undefined {
  return op.getParentWhere((p) => WarpSpecializeOp.is(p));
}

export function allocateTensorMemory(mod: Operation): number {
  const allocs: Operation[] = [];
  const ids = new Map<Operation, number>();
  const rows = new RowConstraints();
  mod.walkPostOrder((op) => {
    ids.set(op, ids.size);
    if (TMEMAllocOp.is(op)) allocs.push(op);
    const mma = MMAV5.find((h) => h.is(op));
    if (mma) {
      const a = mma.a(op);
      const aType = a.type;
      if (aType instanceof MemDescType && aType.encoding instanceof TensorMemoryEncodingAttr) {
        const size = tmemAllocSizes(aType);
        if (size?.numRows === 64) {
          const acc = mma.d(op);
          for (const l of allocsOf(a)) for (const c of allocsOf(acc)) rows.join(l, c);
        }
      }
    }
  });
  let total = 0;
  const map = new TmemMap();
  const liveness = new Liveness(mod);
  // Chunks by the end of their live range, kept sorted (std::multimap order: by key, then insertion).
  const ending: { end: number; chunk: Chunk }[] = [];
  const chunks = new Map<Operation, Chunk>();
  for (const [i, alloc] of allocs.entries()) {
    const coexisting: Chunk[] = [];
    const ws = enclosingWarpSpecialize(alloc);
    if (ws) {
      for (const prev of allocs.slice(0, i)) {
        if (enclosingWarpSpecialize(prev) === ws && prev.parent?.parent !== alloc.parent?.parent) coexisting.push(chunks.get(prev)!);
      }
    }
    const [start, end] = liveInterval(alloc, liveness, ids);
    const type = alloc.result(0).type;
    const size = type instanceof MemDescType ? tmemAllocSizes(type) : undefined;
    if (!size) fatal(alloc, "'ttng.tmem_alloc' op result does not have a tensor memory encoding");
    while (ending.length && ending[0]!.end <= start) map.set(ending.shift()!.chunk, false);
    const forAlloc = map.copy();
    for (const c of coexisting) forAlloc.set(c, true);
    const chunk = forAlloc.firstFit(size, rows.get(alloc));
    map.set(chunk, true);
    chunks.set(alloc, chunk);
    rows.set(alloc, chunk.startRow);
    let at = ending.length;
    while (at > 0 && ending[at - 1]!.end > end) at--;
    ending.splice(at, 0, { end, chunk });
    alloc.setAttr('tensor_memory_col_offset', IntegerAttr.i32(chunk.startCol));
    alloc.setAttr('tensor_memory_row_offset', IntegerAttr.i32(chunk.startRow * 16));
    total = Math.max(total, chunk.startCol + size.numCols);
  }
  return total;
}

registerPass({
  name: 'triton-tensor-memory-allocation',
  className: 'TritonTensorMemoryAllocationPass',
  description: 'Assign tensor memory allocation',
  run(mod) {
    let total = allocateTensorMemory(mod);
    // Beyond 512 columns the kernel cannot run; the size is kept so that the caller can report it.
    if (total <= 512) total = [0, 32, 64, 128, 256, 512].find((s) => total <= s)!;
    if (total > 0) {
      const shared = mod.getAttr('ttg.shared');
      if (!(shared instanceof IntegerAttr) || shared.num < 4) mod.setAttr('ttg.shared', IntegerAttr.i32(4));
    }
    mod.setAttr('ttg.tensor_memory_size', IntegerAttr.i32(total));
  },
});
