/**
 * `--triton-nvidia-interleave-tmem` (Triton 3.6's InterleaveTMem): sinks every `ttng.tmem_load` (and
 * `ttng.tmem_alloc`), together with the chain of pure single-use ops right after it that consume it, as far down
 * its block as possible, to shorten register live ranges: it stops at the terminator, at an op using the chain's
 * results (also inside its regions), at `ttng.arrive_barrier`, and at an op that may write or free memory that
 * may alias the buffer (any write/free on the default resource or of unknown effects; tensor-memory writes unless
 * a local alias analysis, through memdesc views and subslices with constant offsets, proves the accessed ranges
 * disjoint). As Triton, that analysis materializes the constant offsets of the views it inspects as
 * `arith.constant`s in front of them. Repeated until nothing moves.
 */
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { createOperation } from '../dialect/ir/create.js';
import { BlockArgument, type Operation, type Value } from '../dialect/ir/ir.js';
import { IntegerType } from '../dialect/ir/type.js';
import { getMemoryEffects, hasRecursiveMemoryEffects, isMemoryEffectFree, isPure, type MemoryEffect } from '../dialect/ir/traits.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { getConstantValue } from '../dialect/ir/rewrite/registry.js';
import { registerPass } from './pass.js';
import { MemDescIndexOp, MemDescReshapeOp, MemDescSubsliceOp, MemDescTransOp, WarpSpecializePartitionsOp } from '../dialect/ttg/ops.js';
import { ArriveBarrierOp, TMEMAllocOp, TMEMLoadOp } from '../dialect/ttng/ops.js';
import { TMEMSubSliceOp } from '../dialect/ttng/tmem-subslice-op.js';
import { AssertOp, AtomicCASOp, AtomicRMWOp, DescriptorReduceOp, DescriptorScatterOp, DescriptorStoreOp, PrintOp, StoreOp } from '../dialect/tt/ops.js';
import { isAnyOf } from '../dialect/ir/op-handle.js';
import { ConstantOp } from '../dialect/arith/ops.js';

type Range = { start: number; end: number } | undefined;

interface Access {
  alloc: Value;
  ranges: Range[];
  rankOffset: number;
}

/**
 * Ops whose effects are declared here by traits alone (so on the default resource) but on global memory in
 * Triton 3.6 (`MemWrite<GlobalMemory>` and the like): global writes never alias tensor memory.
 */
const GLOBAL_MEMORY_OPS = [StoreOp, AtomicRMWOp, AtomicCASOp, PrintOp, AssertOp, DescriptorStoreOp, DescriptorReduceOp, DescriptorScatterOp];

/** The effects of `op` (recursively through RecursiveMemoryEffects ops); unknown ones count as every effect. */
function collectEffects(op: Operation, out: MemoryEffect[]): boolean {
  const e = getMemoryEffects(op)?.map((x) => (isAnyOf(op, GLOBAL_MEMORY_OPS) && x.resource === 'default' ? { ...x, resource: 'global' } : x));
  if (e) {
    out.push(...e);
    return true;
  }
  if (hasRecursiveMemoryEffects(op)) {
    for (const r of op.regions) for (const b of r.blocks) for (const o of b.ops) if (!collectEffects(o, out)) return false;
    return true;
  }
  for (const kind of ['read', 'write', 'allocate', 'free'] as const) out.push({ kind, resource: 'default' });
  return false;
}

function constI32(before: Operation, v: number): Value {
  const c = createOperation({ name: ConstantOp.opName, resultTypes: [IntegerType.get(32)], attributes: [['value', IntegerAttr.i32(v)]], loc: before.loc });
  before.parent!.insertBefore(before, c);
  return c.result(0);
}

function subviewAccess(view: Operation): Access | undefined {
  const src = MemDescIndexOp.is(view) ? MemDescIndexOp.src(view) : MemDescSubsliceOp.src(view);
  const shape = [...(view.result(0).type as MemDescType).shape];
  let offsets: Value[];
  if (MemDescIndexOp.is(view)) {
    offsets = [MemDescIndexOp.index(view)];
    for (let i = 0; i < Math.max(0, shape.length - 1); i++) offsets.push(constI32(view, 0));
  } else {
    offsets = MemDescSubsliceOp.offsets(view).values.map((o) => constI32(view, o));
  }
  const parent = bufferAccess(src);
  if (!parent) return undefined;
  const ranges: Range[] = parent.ranges.slice(0, parent.rankOffset);
  const rankOffset = (src.type as MemDescType).shape.length - shape.length;
  offsets.forEach((offset, i) => {
    const pr = parent.ranges[i + parent.rankOffset];
    const c = getConstantValue(offset);
    if (!pr || !(c instanceof IntegerAttr)) {
      ranges.push(undefined);
      return;
    }
    const start = pr.start + Number(c.value);
    const size = i >= rankOffset ? shape[i - rankOffset]! : 1;
    ranges.push({ start, end: start + size });
  });
  return { alloc: parent.alloc, ranges, rankOffset };
}

/** The single allocation `v` views and the ranges it accesses per dimension (unknown: undefined). */
function bufferAccess(v: Value): Access | undefined {
  if (v instanceof BlockArgument) {
    const parent = v.owner.parentOp;
    if (WarpSpecializePartitionsOp.is(parent)) return bufferAccess(WarpSpecializePartitionsOp.explicitCaptures(parent)[v.index]!);
    return undefined;
  }
  const def = v.definingOp!;
  if (TMEMAllocOp.is(def)) {
    return { alloc: v, ranges: (v.type as MemDescType).shape.map((d) => ({ start: 0, end: d })), rankOffset: 0 };
  }
  if (MemDescTransOp.is(def)) return bufferAccess(MemDescTransOp.src(def));
  if (MemDescReshapeOp.is(def)) return bufferAccess(MemDescReshapeOp.src(def));
  if (MemDescIndexOp.is(def) || MemDescSubsliceOp.is(def)) return subviewAccess(def);
  if (TMEMSubSliceOp.is(def)) {
    const parent = bufferAccess(TMEMSubSliceOp.src(def));
    if (!parent) return undefined;
    const r = parent.ranges[1];
    if (!r) return parent;
    const start = r.start + TMEMSubSliceOp.N(def).num;
    const ranges = [...parent.ranges];
    ranges[1] = { start, end: start + (v.type as MemDescType).shape[1]! };
    return { ...parent, ranges };
  }
  return undefined;
}

function tmemMayAlias(a: Value, b: Value): boolean {
  const x = bufferAccess(a);
  const y = bufferAccess(b);
  if (!x || !y) return true;
  if (x.alloc !== y.alloc) return false;
  const n = Math.min(x.ranges.length, y.ranges.length);
  for (let i = 0; i < n; i++) {
    const p = x.ranges[i];
    const q = y.ranges[i];
    if (!p || !q) continue;
    if (!(p.start < q.end && q.start < p.end)) return false;
  }
  return true;
}

function nestedOperands(op: Operation): Set<Value> {
  const out = new Set<Value>();
  op.walk((o) => {
    for (const v of o.operandValues) out.add(v);
  });
  return out;
}

function sinkOps(buffer: Value, chain: readonly Operation[]): boolean {
  const last = chain[chain.length - 1]!;
  let insertBefore: Operation | undefined;
  let next = last.nextOp;
  const results = new Set<Value>(chain.flatMap((o) => o.results));
  while (next && !next.hasTrait('Terminator')) {
    insertBefore = next;
    let dep = [...nestedOperands(next)].some((v) => results.has(v));
    if (ArriveBarrierOp.is(next)) break;
    if (!dep && !isMemoryEffectFree(next)) {
      const effects: MemoryEffect[] = [];
      collectEffects(next, effects);
      for (const e of effects) {
        if (e.kind !== 'write' && e.kind !== 'free') continue;
        if (e.resource === 'default') {
          dep = true;
          break;
        }
        if (e.resource === 'tensor' && (!e.value || tmemMayAlias(e.value, buffer))) {
          dep = true;
          break;
        }
      }
    }
    if (dep) break;
    next = next.nextOp;
  }
  if (insertBefore && insertBefore !== last.nextOp) {
    for (const op of chain) op.moveBefore(insertBefore);
    return true;
  }
  return false;
}

function soleUser(op: Operation): Operation | undefined {
  const uses = op.results.flatMap((r) => r.uses);
  return uses.length === 1 ? uses[0]!.owner : undefined;
}

function trySink(op: Operation, buffer: Value): boolean {
  const chain = [op];
  for (;;) {
    const last = chain[chain.length - 1]!;
    const user = soleUser(last);
    if (!user || !isPure(user) || last.nextOp !== user) break;
    chain.push(user);
  }
  return sinkOps(buffer, chain);
}

export function interleaveTmem(mod: Operation): void {
  const toSink: [Operation, Value][] = [];
  mod.walkPostOrder((op) => {
    if (TMEMLoadOp.is(op)) toSink.push([op, TMEMLoadOp.src(op)]);
    else if (TMEMAllocOp.is(op)) toSink.push([op, op.result(0)]);
  });
  for (const [op, buffer] of toSink) while (trySink(op, buffer));
}

registerPass({
  name: 'triton-nvidia-interleave-tmem',
  className: 'TritonNvidiaGPUInterleaveTMemPass',
  description: 'Interleave TMEM loads/stores.',
  run(mod) {
    interleaveTmem(mod);
  },
});
