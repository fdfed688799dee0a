/**
 * `--convert-triton-to-tritongpu`: gives every tensor of a Triton (TTIR) module a TritonGPU layout, reproducing
 * Triton 3.6's TritonToTritonGPUPass (a partial dialect conversion with TritonGPUTypeConverter). Every
 * encoding-less tensor type becomes `getDefaultBlockedEncoding(shape)` (one element per thread, threads and
 * warps spread from the last dim); ops whose layouts are constrained get the patterns' special layouts:
 * `tt.expand_dims` takes a slice of a blocked parent with the new dim inserted, `tt.dot` a blocked
 * accumulator with 1/2/4 elements per thread and `#ttg.dot_op` operands, `tt.reduce` a slice result,
 * `tt.broadcast` keeps its source layout, `tt.trans`/`tt.join`/`tt.split` infer "nop" layouts, `tt.cat`
 * widens sizePerThread. Wherever a value's layout differs from what a converted user expects, a
 * `ttg.convert_layout` is materialized right after the value's definition (and reused), as MLIR's
 * dialect conversion does. The module gets `ttg.num-warps`, `ttg.threads-per-warp`, `ttg.num-ctas` and
 * `ttg.target`. The conversion runs in place: ops keep their identity, operands are remapped and types
 * rewritten in the pre-order in which MLIR's driver legalizes them.
 */
import { DenseElementsAttr, IntegerAttr, StringAttr } from '../dialect/ir/attribute.js';
import { createOperation } from '../dialect/ir/create.js';
import { OpResult, type BlockArgument, type Operation, type Region, type Value } from '../dialect/ir/ir.js';
import type { Location } from '../dialect/ir/location.js';
import { FunctionType, RankedTensorType, type Type } from '../dialect/ir/type.js';
import { BlockedEncodingAttr, DistributedEncodingAttr, DotOperandEncodingAttr, SliceEncodingAttr } from '../dialect/ttg/attrs/index.js';
import { cgaFromSplitParams } from '../dialect/ttg/attrs/cga.js';
import { registerPass, type PassContext } from './pass.js';
import { Builder } from '../dialect/ir/builder.js';
import { isConstantLike } from '../dialect/ir/traits.js';
import { constantValueOfOp, dialectOf as dialectOfName, foldOperationWith, isValue, materializeConstant, type OpFoldResult } from '../dialect/ir/rewrite/registry.js';
import '../dialect/arith/folds.js';
import '../dialect/tt/canonicalize.js';
import type { Attribute } from '../dialect/ir/attribute.js';
import { ATTR_NUM_CTAS, ATTR_NUM_WARPS, ATTR_TARGET, ATTR_THREADS_PER_WARP } from '../dialect/ttg/context.js';
import {
  blockedFromShapeNumCTAs,
  blockedTotalElemsPerThread,
  defaultBlockedEncoding,
  intsOf,
  iota,
  isIota,
  nextPowOf2,
} from '../dialect/ttg/utils/layout.js';
import { inferJoinOpEncoding, inferSplitOpEncoding, inferTransOpEncoding } from '../dialect/ttg/utils/layout-utils.js';
import { BroadcastOp, CatOp, DescriptorGatherOp, DescriptorScatterOp, DotOp, ExpandDimsOp, FuncOp, JoinOp, ReduceOp, ScanOp, SplitOp, TransOp } from '../dialect/tt/ops.js';
import { ConstantOp } from '../dialect/arith/ops.js';
import { ExecuteRegionOp, ForOp, IfOp, WhileOp } from '../dialect/scf/ops.js';
import { BranchOp, CondBranchOp } from '../dialect/cf/ops.js';
import { ConvertLayoutOp } from '../dialect/ttg/ops.js';

export interface TritonToTritonGPUOptions {
  numWarps: number;
  threadsPerWarp: number;
  numCTAs: number;
  target: string;
}

/** Dialects whose ops are legal only once all their types carry encodings (TritonGPUConversionTarget). */
const DYNAMIC_DIALECTS = new Set(['arith', 'math', 'tt', 'cf', 'scf', 'ub']);
/** SCF ops the target declares illegal (no pattern converts them). */
/** scf.parallel / scf.reduce have no declaration here (nothing can build them); named for parity with Triton. */
const UNDECLARED_ILLEGAL_OPS = new Set(['scf.parallel', 'scf.reduce', 'scf.reduce.return']);

function dialectOf(name: string): string {
  const i = name.indexOf('.');
  return i < 0 ? name : name.slice(0, i);
}

function isLegalType(t: Type): boolean {
  if (t instanceof RankedTensorType) return t.encoding !== undefined;
  if (t instanceof FunctionType) return t.inputs.every(isLegalType) && t.results.every(isLegalType);
  return true;
}

function locOf(v: Value): Location {
  return v instanceof OpResult ? v.owner.loc : (v as BlockArgument).loc;
}

/** The conversion state: original types of rewritten values and the materialization cache. */
class Converter {
  /** Types values had before the conversion rewrote them in place. */
  private readonly origTypes = new Map<Value, Type>();
  /** ttg.convert_layout materializations, per value and target type. */
  private readonly materialized = new Map<Value, Map<Type, Value>>();
  /** The value attributes constants had before being converted (what m_Constant sees in MLIR's rollback mode). */
  private readonly origConstants = new Map<Operation, Attribute>();
  /** Results of folded ops and what replaces them (the folded ops stay in place until the end, as in MLIR). */
  private readonly replacements = new Map<Value, Value>();
  readonly folded: Operation[] = [];

  constructor(private readonly opts: TritonToTritonGPUOptions) {}

  /** TritonGPUTypeConverter: tensors without an encoding get the default blocked layout. */
  convertType(t: Type): Type {
    if (t instanceof RankedTensorType && !t.encoding) {
      return t.withEncoding(defaultBlockedEncoding(t.shape, this.opts.numWarps, this.opts.threadsPerWarp, this.opts.numCTAs));
    }
    if (t instanceof FunctionType) return FunctionType.get(t.inputs.map((x) => this.convertType(x)), t.results.map((x) => this.convertType(x)));
    return t;
  }

  origType(v: Value): Type {
    return this.origTypes.get(v) ?? v.type;
  }

  /** The constant value defining `v` as the conversion's folder sees it (unconverted types). */
  originalConstant(v: Value): Attribute | undefined {
    const def = v.definingOp;
    if (!def || !isConstantLike(def)) return undefined;
    return this.origConstants.get(def) ?? constantValueOfOp(def);
  }

  rememberConstant(op: Operation): void {
    if (this.origConstants.has(op)) return;
    const v = constantValueOfOp(op);
    if (v) this.origConstants.set(op, v);
  }

  /** Rewrites a value's type in place, remembering what it was. */
  setType(v: Value, t: Type): void {
    if (v.type === t) return;
    if (!this.origTypes.has(v)) this.origTypes.set(v, v.type);
    v.type = t;
  }

  /**
   * The value a converted op should use for `v`: `v` itself when it already has the converted type of its
   * original type, otherwise a (cached) `ttg.convert_layout` right after its definition.
   */
  /** The value currently standing for `v` (following fold replacements). */
  lookup(v: Value): Value {
    let cur = v;
    for (let next = this.replacements.get(cur); next; next = this.replacements.get(cur)) cur = next;
    return cur;
  }

  replaceFolded(op: Operation, values: readonly Value[]): void {
    op.results.forEach((r, i) => this.replacements.set(r, values[i]!));
    this.folded.push(op);
  }

  remap(orig: Value): Value {
    const desired = this.convertType(this.origType(orig));
    const v = this.lookup(orig);
    if (v.type === desired) return v;
    let cache = this.materialized.get(v);
    const hit = cache?.get(desired);
    if (hit) return hit;
    const cvt = createOperation({ name: ConvertLayoutOp.opName, operands: [v], resultTypes: [desired], loc: locOf(v) });
    if (v instanceof OpResult) v.owner.parent!.insertAfter(v.owner, cvt);
    else {
      const b = v.parentBlock!;
      if (b.ops.length) b.insertBefore(b.ops[0]!, cvt);
      else b.append(cvt);
    }
    if (!cache) this.materialized.set(v, (cache = new Map()));
    cache.set(desired, cvt.result(0));
    return cvt.result(0);
  }

  // ---- legality ----------------------------------------------------------------------------------

  private regionsLegal(op: Operation): boolean {
    return op.regions.every((r) => r.blocks.every((b) => b.args.every((a) => isLegalType(this.origType(a)))));
  }

  isLegal(op: Operation): boolean {
    if (ExecuteRegionOp.is(op) || UNDECLARED_ILLEGAL_OPS.has(op.name)) return false;
    if (!DYNAMIC_DIALECTS.has(dialectOf(op.name))) return true;
    if (DotOp.is(op)) {
      const enc = (v: Value): unknown => (this.origType(v) as RankedTensorType).encoding;
      return enc(DotOp.a(op)) instanceof DotOperandEncodingAttr && enc(DotOp.b(op)) instanceof DotOperandEncodingAttr;
    }
    if (FuncOp.is(op)) {
      return isLegalType(FuncOp.function_type(op).value);
    }
    return (
      op.operands.every((o) => isLegalType(this.origType(o.value))) &&
      op.results.every((r) => isLegalType(this.origType(r))) &&
      this.regionsLegal(op)
    );
  }

  // ---- helpers used by the patterns ------------------------------------------------------------

  /** Remaps every operand of `op` (the pattern's adaptor), in operand order. */
  remapOperands(op: Operation): Value[] {
    return op.operandValues.map((v) => this.remap(v));
  }

  /** Inserts `ttg.convert_layout %v -> type` right before `op` (a pattern-created conversion). */
  convertBefore(op: Operation, v: Value, type: Type, loc: Location = op.loc): Value {
    const cvt = createOperation({ name: ConvertLayoutOp.opName, operands: [v], resultTypes: [type], loc });
    op.parent!.insertBefore(op, cvt);
    return cvt.result(0);
  }

  /** Converts the block argument types of every block of `region` (convertRegionTypes). */
  convertRegionTypes(region: Region): void {
    for (const b of region.blocks) for (const a of b.args) this.setType(a, this.convertType(this.origType(a)));
  }

  defaultEncoding(shape: readonly number[]): BlockedEncodingAttr {
    return defaultBlockedEncoding(shape, this.opts.numWarps, this.opts.threadsPerWarp, this.opts.numCTAs);
  }

  get options(): TritonToTritonGPUOptions {
    return this.opts;
  }
}

// ---- patterns -------------------------------------------------------------------------------------

type Pattern = (op: Operation, c: Converter, ctx?: PassContext) => void;

/** GenericOpPattern: remapped operands, converted result types, attributes kept. */
const generic: Pattern = (op, c) => {
  op.setOperands(c.remapOperands(op));
  for (const r of op.results) c.setType(r, c.convertType(c.origType(r)));
};

const tensorOf = (v: Value): RankedTensorType => v.type as RankedTensorType;

const patterns = new Map<string, Pattern>([
  [ConstantOp.opName, (op, c) => {
    c.rememberConstant(op);
    generic(op, c);
    const t = op.result().type;
    const v = ConstantOp.value(op);
    if (t instanceof RankedTensorType && v instanceof DenseElementsAttr) op.setAttr('value', v.withType(t));
  }],

  [ExpandDimsOp.opName, (op, c) => {
    const src = c.remap(ExpandDimsOp.src(op));
    const argType = tensorOf(src);
    const argEnc = argType.encoding;
    if (!(argEnc instanceof BlockedEncodingAttr)) return generic(op, c);
    const axis = Number(ExpandDimsOp.axis(op).value);
    const ins = (xs: readonly number[]): number[] => [...xs.slice(0, axis), 1, ...xs.slice(axis)];
    const retEnc = BlockedEncodingAttr.get({
      sizePerThread: ins(argEnc.sizePerThread),
      threadsPerWarp: ins(argEnc.threadsPerWarp),
      warpsPerCTA: ins(argEnc.warpsPerCTA),
      order: iota(argType.rank + 1),
      cgaLayout: argEnc.cgaLayout.map((b) => ins(b).map((v, i) => (i === axis ? 0 : v))),
    });
    const newSrc = c.convertBefore(op, src, argType.withEncoding(SliceEncodingAttr.get(axis, retEnc)));
    op.setOperands([newSrc]);
    const res = op.result();
    const resType = c.origType(res) as RankedTensorType;
    c.setType(res, RankedTensorType.get(resType.shape, resType.elementType, retEnc));
  }],

  [DotOp.opName, (op, c) => {
    const [a0, b0, c0] = c.remapOperands(op) as [Value, Value, Value];
    const res = op.result();
    const origType = c.origType(res) as RankedTensorType;
    const shape = origType.shape;
    const { numWarps, threadsPerWarp, numCTAs } = c.options;
    const rank = shape.length;
    const spt = new Array<number>(rank).fill(1);
    const perThread = Math.trunc(origType.numElements / (numWarps * threadsPerWarp));
    if (perThread >= 4) spt[rank - 1] = spt[rank - 2] = 2;
    if (perThread >= 16) spt[rank - 1] = spt[rank - 2] = 4;
    spt[rank - 1] = Math.min(spt[rank - 1]!, shape[rank - 1]!);
    spt[rank - 2] = Math.min(spt[rank - 2]!, shape[rank - 2]!);
    const order = iota(rank).reverse();
    const dEnc = blockedFromShapeNumCTAs(shape, spt, order, numWarps, threadsPerWarp, numCTAs);
    const retType = RankedTensorType.get(shape, origType.elementType, dEnc);
    let a = a0;
    let b = b0;
    if (!(tensorOf(a).encoding instanceof DotOperandEncodingAttr)) {
      a = c.convertBefore(op, a, tensorOf(a).withEncoding(DotOperandEncodingAttr.get(0, dEnc, 0)), locOf(a));
    }
    if (!(tensorOf(b).encoding instanceof DotOperandEncodingAttr)) {
      b = c.convertBefore(op, b, tensorOf(b).withEncoding(DotOperandEncodingAttr.get(1, dEnc, 0)), locOf(b));
    }
    const acc = c.convertBefore(op, c0, retType, locOf(c0));
    op.setOperands([a, b, acc]);
    c.setType(res, retType);
  }],

  [CatOp.opName, (op, c) => {
    const [lhs, rhs] = c.remapOperands(op) as [Value, Value];
    const res = op.result();
    const retType = c.convertType(c.origType(res)) as RankedTensorType;
    const retEnc = retType.encoding;
    op.setOperands([lhs, rhs]);
    if (!(retEnc instanceof BlockedEncodingAttr)) return c.setType(res, retType);
    const elems = (t: RankedTensorType): number => (t.encoding instanceof BlockedEncodingAttr ? blockedTotalElemsPerThread(t.encoding, t.shape) : 1);
    const newTotal = nextPowOf2(elems(tensorOf(lhs)) + elems(tensorOf(rhs)));
    const spt = [...retEnc.sizePerThread];
    spt[retEnc.order[0]!]! *= Math.trunc(newTotal / elems(retType));
    const enc = BlockedEncodingAttr.get({ sizePerThread: spt, threadsPerWarp: retEnc.threadsPerWarp, warpsPerCTA: retEnc.warpsPerCTA, order: retEnc.order, cgaLayout: retEnc.cgaLayout });
    c.setType(res, retType.withEncoding(enc));
  }],

  [JoinOp.opName, (op, c) => {
    const [lhs, rhs] = c.remapOperands(op) as [Value, Value];
    op.setOperands([lhs, rhs]);
    const res = op.result();
    const t = c.origType(res) as RankedTensorType;
    const enc = inferJoinOpEncoding(tensorOf(lhs).encoding!, tensorOf(lhs).shape);
    c.setType(res, enc ? RankedTensorType.get(t.shape, t.elementType, enc) : c.convertType(t));
  }],

  [SplitOp.opName, (op, c) => {
    let src = c.remap(SplitOp.src(op));
    let srcTy = tensorOf(src);
    const enc = srcTy.encoding;
    const rank = srcTy.rank;
    if (!(enc instanceof BlockedEncodingAttr) || enc.sizePerThread[rank - 1] !== 2 || enc.order[0] !== rank - 1) {
      const outShape = (c.origType(SplitOp.outLHS(op)) as RankedTensorType).shape;
      const d = c.defaultEncoding(outShape);
      const cga = d.cgaLayout.map((b) => [...b, 0]);
      const newEnc = BlockedEncodingAttr.get({
        sizePerThread: [...d.sizePerThread, 2],
        threadsPerWarp: [...d.threadsPerWarp, 1],
        warpsPerCTA: [...d.warpsPerCTA, 1],
        order: [rank - 1, ...d.order],
        cgaLayout: cga,
      });
      srcTy = srcTy.withEncoding(newEnc);
      src = c.convertBefore(op, src, srcTy);
    }
    op.setOperands([src]);
    const outEnc = inferSplitOpEncoding(srcTy.encoding!, srcTy.shape);
    for (const r of op.results) {
      const t = c.origType(r) as RankedTensorType;
      c.setType(r, outEnc ? RankedTensorType.get(t.shape, t.elementType, outEnc) : c.convertType(t));
    }
  }],

  [TransOp.opName, (op, c) => {
    const src = c.remap(TransOp.src(op));
    if (!tensorOf(src).encoding) return;
    op.setOperands([src]);
    const order = intsOf(TransOp.order(op)) ?? [];
    const res = op.result();
    const t = c.origType(res) as RankedTensorType;
    const srcEnc = tensorOf(src).encoding!;
    const enc = isIota(order) ? srcEnc : inferTransOpEncoding(srcEnc, tensorOf(src).shape, order);
    c.setType(res, enc ? RankedTensorType.get(t.shape, t.elementType, enc) : c.convertType(t));
  }],

  [BroadcastOp.opName, (op, c) => {
    const src = c.remap(BroadcastOp.src(op));
    const srcEnc = tensorOf(src).encoding;
    if (!srcEnc) return;
    op.setOperands([src]);
    const res = op.result();
    const t = c.origType(res) as RankedTensorType;
    c.setType(res, RankedTensorType.get(t.shape, t.elementType, srcEnc));
  }],

  [ReduceOp.opName, (op, c) => {
    const srcs = c.remapOperands(op);
    op.setOperands(srcs);
    const axis = Number(ReduceOp.axis(op).value);
    op.results.forEach((r, i) => {
      const st = tensorOf(srcs[i]!);
      if (st.rank === 1) return c.setType(r, st.elementType);
      const shape = st.shape.filter((_, d) => d !== axis);
      const enc = st.encoding instanceof DistributedEncodingAttr ? SliceEncodingAttr.get(axis, st.encoding) : undefined;
      c.setType(r, RankedTensorType.get(shape, st.elementType, enc));
    });
  }],

  [ScanOp.opName, (op, c) => {
    const srcs = c.remapOperands(op);
    op.setOperands(srcs);
    op.results.forEach((r, i) => c.setType(r, srcs[i]!.type));
  }],

  // TritonFuncOpPattern keeps the function type as it was and only converts the body's argument types
  // (functions taking or returning tensors are then rejected by the verifier, as in Triton).
  [FuncOp.opName, (op, c) => {
    for (const r of op.regions) c.convertRegionTypes(r);
  }],

  [DescriptorGatherOp.opName, (op, c) => gatherScatter(op, c, DescriptorGatherOp)],
  [DescriptorScatterOp.opName, (op, c) => gatherScatter(op, c, DescriptorScatterOp)],

  [ForOp.opName, (op, c) => {
    op.setOperands(c.remapOperands(op));
    c.convertRegionTypes(ForOp.region(op));
    for (const r of op.results) c.setType(r, c.convertType(c.origType(r)));
  }],
  [IfOp.opName, generic],
  [WhileOp.opName, (op, c) => {
    op.setOperands(c.remapOperands(op));
    for (const r of op.regions) c.convertRegionTypes(r);
    for (const r of op.results) c.setType(r, c.convertType(c.origType(r)));
  }],
  [BranchOp.opName, (op, c) => {
    generic(op, c);
    for (const s of op.successors) if (s.parent) c.convertRegionTypes(s.parent);
  }],
  [CondBranchOp.opName, (op, c) => {
    generic(op, c);
    for (const s of op.successors) if (s.parent) c.convertRegionTypes(s.parent);
  }],
]);

/** Gather/scatter descriptor ops want their x offsets as 4 consecutive indices per thread (getNewIndicesType). */
function gatherScatter(op: Operation, c: Converter, handle: typeof DescriptorGatherOp | typeof DescriptorScatterOp): void {
  generic(op, c);
  const idx = handle.x_offsets(op);
  const t = tensorOf(idx);
  const { numWarps, threadsPerWarp, numCTAs } = c.options;
  const order = [1, 0];
  const parent = BlockedEncodingAttr.get({
    sizePerThread: [1, 4],
    threadsPerWarp: [threadsPerWarp, 1],
    warpsPerCTA: [1, numWarps],
    order,
    cgaLayout: cgaFromSplitParams([1, numCTAs], [1, numCTAs], order),
  });
  const enc = SliceEncodingAttr.get(0, parent);
  if (t.encoding === enc) return;
  // x_offsets is operand 1 of both ops
  op.setOperand(1, c.convertBefore(op, idx, t.withEncoding(enc)));
}

/**
 * legalizeWithFold: MLIR's conversion driver first tries to fold an illegal op. An in-place fold (constant
 * operands of a commutative op moved last) is retried; a fold to values or constants replaces the op, the
 * constants being materialized before it and legalized at once. Returns true when the op was replaced.
 */
function tryFold(op: Operation, c: Converter, legalize: (op: Operation) => void): boolean {
  if (isConstantLike(op) || op.regions.length) return false;
  for (let attempt = 0; attempt < 4; attempt++) {
    const results: OpFoldResult[] = [];
    const operands = op.operandValues.map((v) => c.originalConstant(v));
    if (!foldOperationWith(op, operands, results)) return false;
    if (results.length === 0) continue; // folded in place: try again
    const b = new Builder();
    b.setInsertionPoint(op);
    const created: Operation[] = [];
    const repl: Value[] = [];
    for (let i = 0; i < results.length; i++) {
      const r = results[i]!;
      if (isValue(r)) {
        repl.push(r);
        continue;
      }
      const type = c.origType(op.result(i));
      const cst =
        materializeConstant(dialectOfName(op.name), b, r as Attribute, type, op.loc) ?? materializeConstant('arith', b, r as Attribute, type, op.loc);
      if (!cst) {
        for (const x of created) x.erase();
        return false;
      }
      created.push(cst);
      repl.push(cst.result(0));
    }
    c.replaceFolded(op, repl);
    for (const x of created) legalize(x);
    return true;
  }
  return false;
}

/** Runs the conversion on `module` with the given options. */
export function convertTritonToTritonGPU(module: Operation, opts: TritonToTritonGPUOptions, ctx: PassContext): void {
  const c = new Converter(opts);
  module.setAttr(ATTR_NUM_WARPS, IntegerAttr.i32(opts.numWarps));
  module.setAttr(ATTR_THREADS_PER_WARP, IntegerAttr.i32(opts.threadsPerWarp));
  module.setAttr(ATTR_NUM_CTAS, IntegerAttr.i32(opts.numCTAs));
  module.setAttr(ATTR_TARGET, StringAttr.get(opts.target));

  // MLIR's driver collects the ops to legalize in pre-order before rewriting anything.
  const worklist: Operation[] = [];
  for (const r of module.regions) for (const b of r.blocks) for (const op of b.ops) op.walk((o) => void worklist.push(o));
  const done = new Set<Operation>();
  const legalize = (op: Operation): void => {
    if (done.has(op)) return;
    done.add(op);
    if (c.isLegal(op)) return;
    if (tryFold(op, c, legalize)) return;
    const p = patterns.get(op.name) ?? generic;
    p(op, c, ctx);
  };
  for (const op of worklist) {
    if (!op.parent) continue;
    legalize(op);
  }
  // Folded ops go away once every user has been rewritten.
  for (const op of c.folded) for (const r of op.results) r.replaceAllUsesWith(c.lookup(r));
  for (const op of [...c.folded].reverse()) op.erase();
}

registerPass({
  name: 'convert-triton-to-tritongpu',
  className: 'ConvertTritonToTritonGPU',
  description: 'Convert Triton to TritonGPU',
  options: {
    target: { type: 'string', default: '', description: 'the GPU target, e.g., cuda:80, hip:gfx942' },
    'num-warps': { type: 'int', default: 4, description: 'number of warps' },
    'threads-per-warp': { type: 'int', default: 32, description: 'number of threads per warp' },
    'num-ctas': { type: 'int', default: 1, description: 'number of ctas in a cga' },
    'enable-source-remat': { type: 'bool', default: false, description: 'enable trivial source rematerialization' },
  },
  run(module, options, ctx) {
    const target = options.target;
    if (!target) {
      ctx.emitError(module, "'convert-triton-to-tritongpu' requires 'target' option to be set");
      ctx.signalPassFailure();
      return;
    }
    convertTritonToTritonGPU(
      module,
      {
        target,
        numWarps: options['num-warps'],
        threadsPerWarp: options['threads-per-warp'],
        numCTAs: options['num-ctas'],
      },
      ctx,
    );
  },
});
