/**
 * `--triton-nvidia-optimize-descriptor-encoding` (Triton 3.6's OptimizeDescriptorEncodingPass): gives every tensor
 * descriptor value a shared encoding, which decides the TMA swizzle and message size. Seeds: a descriptor load
 * (or gather) wants the NVMMA (non-transposed) encoding of the first `ttg.local_alloc` / `ttg.local_store` that
 * consumes it, else the CGA layout of its result; a store the CGA layout of its source; kernel arguments,
 * calls, returns and `ttng.reinterpret_tensor_descriptor` force the default. Seeds are merged along scf.for /
 * scf.while / scf.if carried values to a fixed point (clashing encodings fall back to the default, clashing CGA
 * layouts to the trivial one, shapes to the elementwise minimum); the default is the NVMMA encoding of the block
 * (or usage) shape in row-major order. Functions without descriptors are left as they are.
 */
import type { Attribute } from '../dialect/ir/attribute.js';
import { StringAttr, TypeAttr } from '../dialect/ir/attribute.js';
import { BlockArgument, type Operation, type Value } from '../dialect/ir/ir.js';
import { FunctionType, RankedTensorType } from '../dialect/ir/type.js';
import { TensorDescType } from '../dialect/tt/types.js';
import type { Bases } from '../dialect/ttg/attrs/common.js';
import { NVMMASharedEncodingAttr } from '../dialect/ttg/attrs/shared.js';
import { MemDescType, elementBitWidth } from '../dialect/ttg/types.js';
import { cgaForRank, encodingForShape } from './nvidia/tma-encodings.js';
import { registerPass } from './pass.js';
import { nvmmaSharedForShape } from '../dialect/ttg/utils/mma-utils.js';
import { cgaBasesOf } from '../dialect/ttg/utils/layout.js';
import { LocalAllocOp, LocalStoreOp } from '../dialect/ttg/ops.js';
import { ConditionOp, ForOp, IfOp, WhileOp, YieldOp } from '../dialect/scf/ops.js';
import { CallOp, DescriptorGatherOp, DescriptorLoadOp, DescriptorReduceOp, DescriptorScatterOp, DescriptorStoreOp, FuncOp, ReturnOp } from '../dialect/tt/ops.js';
import { ReinterpretTensorDescOp } from '../dialect/ttng/ops.js';

interface EncodingInfo {
  desired?: Attribute;
  cga?: Bases;
  shape: number[];
  forcedToDefault: boolean;
}

const key = (i: EncodingInfo): string => JSON.stringify([i.cga ?? null, i.shape, i.forcedToDefault]);

function sameInfo(a: EncodingInfo, b: EncodingInfo): boolean {
  return a.desired === b.desired && key(a) === key(b);
}

function cgaOf(enc: Attribute | undefined): Bases {
  return cgaBasesOf(enc);
}

function isTmaCompatible(enc: Attribute): boolean {
  return enc instanceof NVMMASharedEncodingAttr && !enc.transposed;
}

function loadEncodingFromUsers(op: Operation): Attribute | undefined {
  for (const user of op.result(0).users) {
    let enc: Attribute | undefined;
    if (LocalAllocOp.is(user)) enc = (user.result(0).type as MemDescType).encoding;
    else if (LocalStoreOp.is(user)) enc = (LocalStoreOp.dst(user).type as MemDescType).encoding;
    if (enc && isTmaCompatible(enc)) return enc;
  }
  return undefined;
}

function expandToRank(shape: readonly number[], rank: number): number[] {
  return [...new Array<number>(rank - shape.length).fill(1), ...shape];
}

function descOf(v: Value): TensorDescType | undefined {
  return v.type instanceof TensorDescType ? v.type : undefined;
}

const LOADS = [DescriptorLoadOp, DescriptorGatherOp];
const STORES = [DescriptorStoreOp, DescriptorScatterOp, DescriptorReduceOp];

/** The descriptor an op uses through TMA, and what it asks of it. */
function useInfo(op: Operation): { desc: Value; info: EncodingInfo } | undefined {
  const load = LOADS.find((h) => h.is(op));
  if (load) {
    const desc = load.desc(op);
    const desired = loadEncodingFromUsers(op);
    const resTy = op.result(0).type as RankedTensorType;
    const rank = descOf(desc)!.blockType.shape.length;
    return { desc, info: { ...(desired ? { desired } : {}), cga: cgaOf(desired ?? resTy.encoding), shape: expandToRank(resTy.shape, rank), forcedToDefault: false } };
  }
  const store = STORES.find((h) => h.is(op));
  if (store) {
    const desc = store.desc(op);
    const srcTy = store.src(op).type as RankedTensorType;
    const rank = descOf(desc)!.blockType.shape.length;
    return { desc, info: { cga: cgaOf(srcTy.encoding), shape: expandToRank(srcTy.shape, rank), forcedToDefault: false } };
  }
  return undefined;
}

function combine(lhs: EncodingInfo, rhs: EncodingInfo): EncodingInfo {
  const forced = lhs.forcedToDefault || rhs.forcedToDefault;
  if (forced) return { shape: [], forcedToDefault: true };
  let shape: number[];
  if (lhs.shape.length === 0 || lhs.shape.join() === rhs.shape.join()) shape = rhs.shape;
  else if (rhs.shape.length === 0) shape = lhs.shape;
  else shape = lhs.shape.map((s, i) => Math.min(s, rhs.shape[i]!));
  const out: EncodingInfo = { shape, forcedToDefault: false };
  const cgas = [lhs.cga, rhs.cga].filter((c): c is Bases => c !== undefined);
  if (cgas.length === 2 && JSON.stringify(cgas[0]) !== JSON.stringify(cgas[1])) out.cga = [];
  else if (cgas.length > 0) out.cga = cgas[0]!;
  const desired = [lhs.desired, rhs.desired].filter((d): d is Attribute => d !== undefined);
  if (desired.length === 2 && desired[0] !== desired[1]) out.forcedToDefault = true;
  else if (desired.length > 0) out.desired = desired[0]!;
  return out;
}

function fallbackEncoding(block: RankedTensorType, cga: Bases | undefined, usageShape: readonly number[]): Attribute {
  const rank = block.shape.length;
  const order = Array.from({ length: rank }, (_, i) => rank - 1 - i);
  const shape = usageShape.length === 0 ? block.shape : usageShape;
  const bases = cga === undefined ? [] : cgaForRank(cga, rank);
  return nvmmaSharedForShape(shape, order, bases, elementBitWidth(block.elementType));
}

function withEncoding(op: Operation | undefined, block: RankedTensorType, enc: Attribute): TensorDescType {
  const e = encodingForShape(op, enc, block.shape);
  return TensorDescType.get(RankedTensorType.get(block.shape, block.elementType, e));
}

/** The values carried together with result/arg `idx` of a loop or if (Triton's getTiedArgs). */
function tiedValues(op: Operation, idx: number): Value[] {
  if (ForOp.is(op)) {
    const body = ForOp.region(op).blocks[0]!;
    return [body.args[idx + 1]!, op.result(idx), body.terminator!.operand(idx), ForOp.initArgs(op)[idx]!];
  }
  if (WhileOp.is(op)) {
    const before = WhileOp.before(op).blocks[0]!;
    const after = WhileOp.after(op).blocks[0]!;
    return [before.args[idx]!, op.result(idx), ConditionOp.args(before.terminator!)[idx]!, WhileOp.inits(op)[idx]!, after.args[idx]!];
  }
  if (IfOp.is(op)) {
    const out: Value[] = [];
    for (const r of op.regions) for (const b of r.blocks) if (YieldOp.is(b.terminator)) out.push(b.terminator.operand(idx));
    out.push(op.result(idx));
    return out;
  }
  return [];
}

function isKernel(func: Operation): boolean {
  const v = FuncOp.sym_visibility(func);
  return !(v instanceof StringAttr) || v.value === 'public';
}

function assignLayouts(func: Operation): void {
  const infos = new Map<Value, EncodingInfo>();
  const worklist: Value[] = [];
  const push = (v: Value): void => {
    const i = worklist.indexOf(v);
    if (i >= 0) worklist.splice(i, 1);
    worklist.push(v);
  };
  const update = (values: readonly Value[], seed: EncodingInfo): void => {
    let info = seed;
    for (const v of values) {
      const cur = infos.get(v);
      if (cur) info = combine(cur, info);
    }
    for (const v of values) {
      const cur = infos.get(v);
      if (!cur) {
        infos.set(v, info);
        push(v);
      } else if (!sameInfo(cur, info)) {
        infos.set(v, info);
        push(v);
      }
    }
  };
  const entry = func.region(0).blocks[0];
  if (!entry) return;
  const kernel = isKernel(func);
  for (const a of entry.args) if (descOf(a)) update([a], { shape: [], forcedToDefault: !kernel });
  func.walk((op) => {
    if (op === func) return;
    const use = useInfo(op);
    if (use) {
      update([use.desc], use.info);
      return;
    }
    const forced = CallOp.is(op) || ReturnOp.is(op) || ReinterpretTensorDescOp.is(op);
    const info: EncodingInfo = { shape: [], forcedToDefault: forced };
    for (const v of [...op.results, ...op.operandValues]) {
      if (!descOf(v)) continue;
      if (!infos.has(v)) infos.set(v, info);
      if (forced) push(v);
    }
  });
  while (worklist.length) {
    const desc = worklist.pop()!;
    for (const use of [...desc.uses]) {
      const op = use.owner;
      const n = op.operands.indexOf(use);
      if (ForOp.is(op) || WhileOp.is(op)) update(tiedValues(op, n - (ForOp.is(op) ? 3 : 0)), { shape: [], forcedToDefault: false });
      else if (YieldOp.is(op)) update(tiedValues(op.parentOp!, n), { shape: [], forcedToDefault: false });
    }
    const def = desc.definingOp;
    if (def && (ForOp.is(def) || WhileOp.is(def) || IfOp.is(def))) {
      update(tiedValues(def, def.results.indexOf(desc as (typeof def.results)[number])), { shape: [], forcedToDefault: false });
    } else if (desc instanceof BlockArgument) {
      const parent = desc.owner.parentOp;
      if (parent && (ForOp.is(parent) || WhileOp.is(parent))) {
        update(tiedValues(parent, desc.index - (ForOp.is(parent) ? 1 : 0)), { shape: [], forcedToDefault: false });
      }
    }
  }
  for (const [desc, info] of infos) {
    const block = descOf(desc)!.blockType;
    let enc: Attribute;
    if (info.desired) enc = info.desired;
    else if (info.forcedToDefault) enc = fallbackEncoding(block, undefined, []);
    else enc = fallbackEncoding(block, info.cga, info.shape);
    desc.type = withEncoding(desc.definingOp, block, enc);
  }
  const ft = FuncOp.function_type(func);
  if (ft.value instanceof FunctionType) {
    const results = ft.value.results.map((t) => (t instanceof TensorDescType ? withEncoding(undefined, t.blockType, fallbackEncoding(t.blockType, undefined, [])) : t));
    func.setAttr('function_type', TypeAttr.get(FunctionType.get(entry.args.map((a) => a.type), results)));
  }
}

registerPass({
  name: 'triton-nvidia-optimize-descriptor-encoding',
  className: 'TritonNvidiaGPUOptimizeDescriptorEncodingPass',
  description: 'Set encodings on tensor descriptor types',
  run(mod) {
    for (const op of mod.region(0).blocks[0]?.ops ?? []) if (FuncOp.is(op)) assignLayouts(op);
  },
});
