/**
 * `--tritongpu-prefetch` (Triton 3.6's PrefetchPass): software prefetching of dot operands from shared memory
 * inside loops. After canonicalizing `ttg.convert_layout`s, every `scf.for` whose body holds exactly one `tt.dot`
 * (with an MMA v2 or MFMA result) whose A and B come, through single-use one-operand ops, from a `ttg.local_load`
 * into a dot-operand layout of a loop-carried shared buffer is rewritten: the first K-slice (prefetchWidth =
 * 8·kWidth, or 256 bits of elements without kWidth) of both operands is loaded before the loop and carried as an
 * extra iteration argument; in the body the dot is split along K into the carried slice and slices loaded from
 * the current buffers (the loads of a slice placed just before the dot that uses them, the last dot sunk as
 * late as possible), and the next iteration's first slices are loaded from the yielded buffers. Elementwise ops
 * between the load and the dot are cloned onto each slice.
 */
import { DenseArrayAttr } from '../dialect/ir/attribute.js';
import { IRMapping, cloneOperation } from '../dialect/ir/builder.js';
import { createOperation } from '../dialect/ir/create.js';
import { BlockArgument, type Block, type Operation, type Value } from '../dialect/ir/ir.js';
import { IntegerType, RankedTensorType } from '../dialect/ir/type.js';
import { AMDMfmaEncodingAttr } from '../dialect/ttg/attrs/amd.js';
import { DotOperandEncodingAttr } from '../dialect/ttg/attrs/dot-operand.js';
import { NvidiaMmaEncodingAttr } from '../dialect/ttg/attrs/mma.js';
import { CONVERT_LAYOUT_CANONICALIZATIONS } from '../dialect/ttg/canonicalize.js';
import { MemDescType, elementBitWidth } from '../dialect/ttg/types.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import { registerPass } from './pass.js';
import { ForOp, YieldOp } from '../dialect/scf/ops.js';
import { LocalLoadOp, MemDescSubsliceOp } from '../dialect/ttg/ops.js';
import { DotOp } from '../dialect/tt/ops.js';
import { OneOperand } from '../dialect/ir/operand-traits.js';

/** Where new ops go: before `anchor`, or at the end of `block` when there is none. */
interface InsertPoint {
  block: Block;
  anchor: Operation | undefined;
}

class Inserter {
  ip: InsertPoint;
  constructor(ip: InsertPoint) {
    this.ip = ip;
  }
  insert(op: Operation): Operation {
    if (this.ip.anchor) this.ip.block.insertBefore(this.ip.anchor, op);
    else this.ip.block.append(op);
    return op;
  }
  before(op: Operation): void {
    this.ip = { block: op.parent!, anchor: op };
  }
  /** Before the block's terminator when it has one (MLIR's setInsertionPoint(getTerminator())), else at its end. */
  beforeTerminator(block: Block): void {
    const last = block.ops[block.ops.length - 1];
    this.ip = { block, anchor: YieldOp.is(last) ? last : undefined };
  }
}

interface DotInfo {
  dot: Operation;
  aVals: Value[];
  bVals: Value[];
  aHeader: Value;
  bHeader: Value;
  aLoopArg: Value;
  bLoopArg: Value;
  aYield: Value;
  bYield: Value;
}

function encodingOf(v: Value): unknown {
  const t = v.type;
  return t instanceof RankedTensorType || t instanceof MemDescType ? t.encoding : undefined;
}

/** The chain from a shared buffer to a dot operand: [smem, local_load, single-use one-operand ops..., operand]. */
function prefetchSource(v: Value): Value[] {
  let op = v.definingOp;
  if (!op) return [];
  const rets: Value[] = [op.result(0)];
  let found = false;
  while (op) {
    if (!OneOperand.is(op)) break;
    if (!op.result(0).hasOneUse()) break;
    rets.push(OneOperand.operand(op));
    if (LocalLoadOp.is(op)) {
      const t = op.result(0).type;
      if (t instanceof RankedTensorType && t.encoding instanceof DotOperandEncodingAttr) found = true;
      break;
    }
    op = OneOperand.operand(op).definingOp;
  }
  rets.reverse();
  return found ? rets : [];
}

class Prefetcher {
  private prefetchWidth = 32;
  private readonly dots: DotInfo[] = [];
  private readonly headPrefetch = new Map<Value, Value>();
  private readonly yieldOp: Operation;

  constructor(private readonly loop: Operation) {
    this.yieldOp = loop.region(0).blocks[0]!.terminator!;
  }

  private get body(): Block {
    return this.loop.region(0).blocks[0]!;
  }

  initialize(): boolean {
    const dotsInFor: Operation[] = [];
    for (const op of this.body.ops) {
      if (!DotOp.is(op)) continue;
      const enc = encodingOf(op.result(0));
      const mma = enc instanceof NvidiaMmaEncodingAttr ? enc : undefined;
      if (!(enc instanceof AMDMfmaEncodingAttr) && (!mma || mma.versionMajor !== 2)) return false;
      dotsInFor.push(op);
    }
    if (dotsInFor.length !== 1) return false;
    const incoming = (v: Value): Value | undefined =>
      v instanceof BlockArgument && v.owner.parentOp === this.loop && v.index > 0 ? ForOp.initArgs(this.loop)[v.index - 1] : undefined;
    const yielded = (v: Value): Value => this.yieldOp.operand((v as BlockArgument).index - 1);
    for (const dot of dotsInFor) {
      const aType = DotOp.a(dot).type as RankedTensorType;
      const aEnc = aType.encoding as DotOperandEncodingAttr;
      const kSize = aType.shape[aType.shape.length - 1]!;
      this.prefetchWidth = aEnc.kWidth === 0 ? Math.trunc(256 / elementBitWidth(aType.elementType)) : 8 * aEnc.kWidth;
      if (kSize < this.prefetchWidth) continue;
      const aVals = prefetchSource(DotOp.a(dot));
      const bVals = prefetchSource(DotOp.b(dot));
      if (aVals.length === 0 || bVals.length === 0) continue;
      const aHeader = incoming(aVals[0]!);
      const bHeader = incoming(bVals[0]!);
      if (!aHeader || !bHeader) continue;
      this.dots.push({ dot, aVals, bVals, aHeader, bHeader, aLoopArg: aVals[0]!, bLoopArg: bVals[0]!, aYield: yielded(aVals[0]!), bYield: yielded(bVals[0]!) });
    }
    return true;
  }

  /** A K-slice of the shared buffer `v` loaded into the dot-operand layout of `opIdx`. */
  private prefetch(ins: Inserter, v: Value, opIdx: number, prologue: boolean, dotEnc: unknown, offsetK?: number, shapeK?: number): Value {
    const type = v.type as MemDescType;
    const shape = [...type.shape];
    const rank = shape.length;
    const offset = new Array<number>(rank).fill(0);
    const kIdx = opIdx === 0 ? rank - 1 : rank - 2;
    offset[kIdx] = prologue ? 0 : this.prefetchWidth;
    shape[kIdx] = prologue ? this.prefetchWidth : shape[kIdx]! - this.prefetchWidth;
    if (shapeK !== undefined) shape[kIdx] = shapeK;
    if (offsetK !== undefined) offset[kIdx] = offsetK;
    const loc = v instanceof BlockArgument ? v.loc : v.definingOp!.loc;
    const sliceType = MemDescType.get({ shape, elementType: type.elementType, encoding: type.encoding, memorySpace: type.memorySpace, mutableMemory: type.mutableMemory, allocShape: type.allocShape });
    const slice = ins.insert(
      createOperation({ name: MemDescSubsliceOp.opName, operands: [v], resultTypes: [sliceType], attributes: [['offsets', DenseArrayAttr.get(IntegerType.get(32), offset)]], loc }),
    );
    const enc = DotOperandEncodingAttr.get(opIdx, dotEnc as DotOperandEncodingAttr['parent'], Math.trunc(this.prefetchWidth / 8));
    return ins.insert(createOperation({ name: LocalLoadOp.opName, operands: [slice.result(0)], resultTypes: [RankedTensorType.get(shape, type.elementType, enc)], loc })).result(0);
  }

  /** Clones the ops between the load and the dot operand (vals[2..]) onto the slice `ret`. */
  private cloneElementwise(ins: Inserter, ret: Value, vals: readonly Value[]): Value {
    const mapping = new IRMapping();
    mapping.map(vals[1]!, ret);
    for (const v of vals.slice(2)) {
      const copy = ins.insert(cloneOperation(v.definingOp!, mapping));
      const cur = copy.result(0);
      if (cur.type instanceof RankedTensorType) {
        const src = OneOperand.operand(copy).type as RankedTensorType;
        cur.type = RankedTensorType.get((ret.type as RankedTensorType).shape, cur.type.elementType, src.encoding);
      }
      mapping.map(v, cur);
    }
    return vals.length > 1 ? mapping.lookup(vals[vals.length - 1]!)! : ret;
  }

  emitPrologue(): void {
    const ins = new Inserter({ block: this.loop.parent!, anchor: this.loop });
    for (const d of this.dots) {
      const enc = encodingOf(d.dot.result(0));
      const a = this.cloneElementwise(ins, this.prefetch(ins, d.aHeader, 0, true, enc), d.aVals);
      const b = this.cloneElementwise(ins, this.prefetch(ins, d.bHeader, 1, true, enc), d.bVals);
      this.headPrefetch.set(DotOp.a(d.dot), a);
      this.headPrefetch.set(DotOp.b(d.dot), b);
    }
  }

  createNewForOp(): Operation {
    const loop = this.loop;
    const inits = [...ForOp.initArgs(loop)];
    for (const d of this.dots) inits.push(this.headPrefetch.get(DotOp.a(d.dot))!, this.headPrefetch.get(DotOp.b(d.dot))!);
    const [lb, ub, step] = [ForOp.lowerBound(loop), ForOp.upperBound(loop), ForOp.step(loop)];
    const newLoop = createOperation({ name: ForOp.opName, operands: [lb, ub, step, ...inits], resultTypes: inits.map((v) => v.type), regions: 1, loc: loop.loc });
    loop.parent!.insertBefore(loop, newLoop);
    const body = newLoop.region(0).addBlock();
    const iv = body.addArgument(lb.type, loop.loc);
    for (const v of inits) body.addArgument(v.type, v instanceof BlockArgument ? v.loc : v.definingOp!.loc);
    // Without iteration arguments scf.for's builder gives the body its (empty) terminator right away.
    if (inits.length === 0) body.append(createOperation({ name: YieldOp.opName, loc: loop.loc }));
    const mapping = new IRMapping();
    this.body.args.forEach((a, i) => mapping.map(a, i === 0 ? iv : body.args[i]!));
    const ins = new Inserter({ block: body, anchor: body.ops[0] });
    const isPrefetchedDot = (op: Operation | undefined): boolean => op !== undefined && this.dots.some((d) => d.dot === op);
    const carried = (v: Value): Value => body.args[1 + inits.indexOf(v)]!;
    for (const op of this.body.ops) {
      if (op === this.body.terminator) break;
      if (op.regions.length > 0) ins.beforeTerminator(body);
      for (const o of op.operandValues) if (isPrefetchedDot(o.definingOp)) ins.beforeTerminator(body);
      let newOp = ins.insert(cloneOperation(op, mapping));
      const d = this.dots.find((x) => x.dot === op);
      if (d) {
        const enc = encodingOf(op.result(0));
        const first = ins.insert(cloneOperation(op, mapping));
        const a = this.headPrefetch.get(DotOp.a(op));
        const b = this.headPrefetch.get(DotOp.b(op));
        if (a) first.setOperand(0, carried(a));
        if (b) first.setOperand(1, carried(b));
        let kOff = this.prefetchWidth;
        let kRem = (DotOp.a(op).type as RankedTensorType).shape.at(-1)! - this.prefetchWidth;
        let prev = first;
        if (kRem === 0) {
          ins.before(prev);
          newOp = first;
        }
        while (kRem !== 0) {
          const kShape = this.prefetchWidth;
          const saved = ins.ip;
          ins.before(prev);
          const aRem = this.cloneElementwise(ins, this.prefetch(ins, mapping.lookup(d.aLoopArg)!, 0, false, enc, kOff, kShape), d.aVals);
          const bRem = this.cloneElementwise(ins, this.prefetch(ins, mapping.lookup(d.bLoopArg)!, 1, false, enc, kOff, kShape), d.bVals);
          ins.ip = saved;
          newOp = ins.insert(cloneOperation(op, mapping));
          newOp.setOperand(0, aRem);
          newOp.setOperand(1, bRem);
          newOp.setOperand(2, prev.result(0));
          prev = newOp;
          kOff += kShape;
          kRem -= kShape;
          if (kRem === 0) ins.before(prev);
        }
      }
      op.results.forEach((r, i) => mapping.map(r, newOp.result(i)));
    }
    const yields = this.yieldOp.operandValues.map((v) => mapping.lookupOrDefault(v));
    for (const d of this.dots) {
      const enc = encodingOf(d.dot.result(0));
      yields.push(this.cloneElementwise(ins, this.prefetch(ins, mapping.lookup(d.aYield)!, 0, true, enc), d.aVals));
      yields.push(this.cloneElementwise(ins, this.prefetch(ins, mapping.lookup(d.bYield)!, 1, true, enc), d.bVals));
    }
    if (yields.length > 0) body.append(createOperation({ name: YieldOp.opName, operands: yields, loc: this.yieldOp.loc }));
    return newLoop;
  }
}

export function prefetchDotOperands(mod: Operation): void {
  applyPatternsGreedily(mod, [...CONVERT_LAYOUT_CANONICALIZATIONS]);
  const loops: Operation[] = [];
  mod.walkPostOrder((op) => {
    if (ForOp.is(op)) loops.push(op);
  });
  for (const loop of loops) {
    const p = new Prefetcher(loop);
    if (!p.initialize()) continue;
    p.emitPrologue();
    const newLoop = p.createNewForOp();
    loop.results.forEach((r, i) => r.replaceAllUsesWith(newLoop.result(i)));
    loop.erase();
  }
}

registerPass({
  name: 'tritongpu-prefetch',
  className: 'TritonGPUPrefetch',
  description: 'prefetch',
  run(mod) {
    prefetchDotOperands(mod);
  },
});
