/**
 * `tritongpu-optimize-accumulator-init` (lib/Dialect/TritonGPU/Transforms/OptimizeAccumulatorInit.cpp): an MMA
 * whose accumulator is reset to zero (a zero constant, a loop argument that starts at zero, or a select / scf.if
 * that zeroes it in some iterations) stops materializing the zeros and instead gets a `useC` flag that says when
 * the accumulator holds a real value.
 *
 * What it decides, and from what: `ttng.warp_group_dot` ops (not those that need a partial accumulator: fp8 A with
 * an f32 accumulator and maxNumImpreciseAcc <= K) and Blackwell's MMAv5 ops (`ttng.tc_gen5_mma*`) directly in an
 * `scf.for` body. An MMAv5 accumulator is the initial value of its `ttng.tmem_alloc`, which must be in the MMA's
 * region and loaded (its first `ttng.tmem_load` user) in that region too; the flag is its `useD` operand. A zero
 * accumulator gets `useC = false`. Otherwise the accumulator is traced (through the loop's block argument to its yield) to a
 * select or scf.if with a zero arm; the loop gets a new i1 iter arg (false if the loop's initial accumulator is
 * zero, else true), the zeroing is replaced by the other arm, and a select on the same condition computes the flag
 * (before the MMA when the zeroing precedes it, else for the next iteration). An MMA that already has a
 * non-constant or false flag is left alone (the pass already ran, or the MMA ignores its accumulator).
 *
 * A final greedy rewrite (its folding and dead-constant removal are visible in the output) drops the initial value
 * of a tensor-memory alloc whose MMA (its only other user besides at most one later load) ignores it: its `useD`
 * is the constant false (TMEMAllocWithUnusedInit).
 */
import { DenseElementsAttr, FloatAttr, IntegerAttr } from '../dialect/ir/attribute.js';
import { Builder } from '../dialect/ir/builder.js';
import { BlockArgument, OpResult, type Operation, type Value } from '../dialect/ir/ir.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import { getConstantValue, intOrSplatValue } from '../dialect/ir/rewrite/registry.js';
import { IntegerType, ShapedType, FloatType } from '../dialect/ir/type.js';
import { ConstantOp, SelectOp } from '../dialect/arith/ops.js';
import { ForOp, IfOp } from '../dialect/scf/ops.js';
import { TMEMAllocOp, TMEMLoadOp, WarpGroupDotOp } from '../dialect/ttng/ops.js';
import type { RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import { mmaV5Handle } from './tmem-tokens.js';
import { registerPass } from './pass.js';
import { addIterArgsToLoop, constBool, forBody, forYield, select } from './pipeliner/expand/loop-utils.js';

/** MLIR's m_Zero / m_AnyZeroFloat: an integer or float zero, scalar or splat. */
function isZeroConstant(v: Value): boolean {
  const a = getConstantValue(v);
  if (intOrSplatValue(a) === 0n) return true;
  if (a instanceof FloatAttr) return a.value === 0;
  return a instanceof DenseElementsAttr && a.isSplat && a.type.elementType instanceof FloatType && Number(a.splatValue()) === 0;
}

const FP8 = new Set(['f8E5M2', 'f8E4M3FN', 'f8E5M2FNUZ', 'f8E4M3FNUZ']);

/** WarpGroupDotOp::needsPartialAccumulator: fp8 operands into f32 with few imprecise accumulations. */
function needsPartialAccumulator(dot: Operation): boolean {
  const aType = WarpGroupDotOp.a(dot).type;
  const dType = dot.result(0).type;
  if (!(aType instanceof ShapedType) || !(dType instanceof ShapedType)) return false;
  const aElem = aType.elementType;
  const isFp8 = aElem instanceof FloatType && FP8.has(aElem.kind);
  const accF32 = dType.elementType instanceof FloatType && dType.elementType.kind === 'f32';
  const maxImprecise = Number(WarpGroupDotOp.maxNumImpreciseAcc(dot).value) >>> 0;
  return isFp8 && accF32 && maxImprecise <= (aType.shape[1] ?? 0);
}

/** A boolean constant's value (an `arith.constant` of i1), else undefined. */
function boolConstant(v: Value): boolean | undefined {
  const def = v.definingOp;
  if (!def || !ConstantOp.is(def)) return undefined;
  const a = def.getAttr('value');
  return a instanceof IntegerAttr && a.type === IntegerType.get(1) ? a.value !== 0n : undefined;
}

interface ZeroInit {
  op: Operation;
  resultIndex: number;
}

function yieldOperand(region: Operation, regionIndex: number, i: number): Value | undefined {
  return region.region(regionIndex).blocks[0]?.terminator?.operandValues[i];
}

/**
 * Where the accumulator `accUse` is zeroed (findZeroInitOp): a select with a zero arm or an scf.if yielding zero
 * in one branch (the other value coming from outside the if), following a loop block argument to its yield.
 */
function findZeroInit(accUse: Value, forOp: Operation): { zeroInit: ZeroInit | undefined; loopArgIsZero: boolean } {
  let v = accUse;
  let loopArgIsZero = false;
  if (v instanceof BlockArgument) {
    if (v.owner !== forBody(forOp) || v.index === 0) return { zeroInit: undefined, loopArgIsZero };
    if (isZeroConstant(ForOp.initArgs(forOp)[v.index - 1]!)) loopArgIsZero = true;
    v = forYield(forOp).operand(v.index - 1);
  }
  const def = v.definingOp;
  if (!def) return { zeroInit: undefined, loopArgIsZero };
  if (SelectOp.is(def)) {
    const [cond, t, f] = def.operandValues;
    if (cond!.type === IntegerType.get(1) && (isZeroConstant(t!) || isZeroConstant(f!))) return { zeroInit: { op: def, resultIndex: 0 }, loopArgIsZero };
  }
  if (IfOp.is(def) && v instanceof OpResult) {
    const thenVal = yieldOperand(def, 0, v.index);
    const elseVal = yieldOperand(def, 1, v.index);
    if (thenVal && elseVal && (isZeroConstant(thenVal) || isZeroConstant(elseVal))) {
      // The other value must come from outside the if, not be computed in it.
      const inIf = (x: Value): boolean => x.parentBlock?.parentOp === def;
      if (inIf(thenVal) || inIf(elseVal)) return { zeroInit: undefined, loopArgIsZero };
      return { zeroInit: { op: def, resultIndex: v.index }, loopArgIsZero };
    }
  }
  return { zeroInit: undefined, loopArgIsZero };
}

const isMmaV5 = (op: Operation): boolean => mmaV5Handle(op) !== undefined;

/** The use-accumulator flag of a dot (warp-group dot: its optional useC; MMAv5: useD). */
function useAccFlag(dot: Operation): Value | undefined {
  const h = mmaV5Handle(dot);
  return h ? h.useD(dot) : WarpGroupDotOp.useC(dot);
}

function setUseC(dot: Operation, flag: Value): void {
  const h = mmaV5Handle(dot);
  if (h) {
    dot.setOperand(h.useD.positions(dot)[0]!, flag);
    return;
  }
  const [a, b, c] = dot.operandValues;
  dot.setOperands([a!, b!, c!, flag]);
}

/**
 * The accumulator value a dot reads (getAccumulatorUseAndDef): a warp-group dot's C; an MMAv5 op's tensor-memory
 * alloc's initial value, when the alloc and its first load are in the MMA's region (else undefined).
 */
function accumulatorUse(dot: Operation): Value | undefined {
  const h = mmaV5Handle(dot);
  if (!h) return WarpGroupDotOp.c(dot);
  const alloc = h.d(dot).definingOp;
  if (!alloc || !TMEMAllocOp.is(alloc) || alloc.parent?.parent !== dot.parent?.parent) return undefined;
  const load = TMEMAllocOp.result(alloc).users.find((u) => TMEMLoadOp.is(u));
  if (!load || load.parent?.parent !== dot.parent?.parent) return undefined;
  return TMEMAllocOp.src(alloc);
}

function isBeforeInBlock(a: Operation, b: Operation): boolean {
  return a.parent !== undefined && a.parent === b.parent && a.isBeforeInBlock(b);
}

function optimizeDot(dot: Operation): void {
  const parent = dot.parentOp;
  if (!parent || !ForOp.is(parent)) return;
  let forOp: Operation = parent;
  const b = new Builder();
  b.setInsertionPoint(forOp);
  // Created before any check, as Triton does (unused ones are removed by the greedy rewrite at the end).
  const vTrue = constBool(b, true);
  const vFalse = constBool(b, false);
  vTrue.definingOp!.loc = dot.loc;
  vFalse.definingOp!.loc = dot.loc;

  const accUse = accumulatorUse(dot);
  if (!accUse) return;
  if (isZeroConstant(accUse)) {
    setUseC(dot, vFalse);
    return;
  }
  const { zeroInit, loopArgIsZero } = findZeroInit(accUse, forOp);
  if (!zeroInit && !loopArgIsZero) return;
  const useC = useAccFlag(dot);
  if (useC && boolConstant(useC) !== true) return;

  forOp = addIterArgsToLoop(b, forOp, [loopArgIsZero ? vFalse : vTrue]);
  const body = forBody(forOp);
  const loopFlag = body.args[body.args.length - 1]!;
  const yieldOp = forYield(forOp);

  if (!zeroInit) {
    setUseC(dot, loopFlag);
    yieldOp.setOperands([...yieldOp.operandValues, vTrue]);
    return;
  }
  const zeroOp = zeroInit.op;
  let condition: Value;
  let thenVal: Value;
  let elseVal: Value;
  if (IfOp.is(zeroOp)) {
    condition = IfOp.condition(zeroOp);
    thenVal = yieldOperand(zeroOp, 0, zeroInit.resultIndex)!;
    elseVal = yieldOperand(zeroOp, 1, zeroInit.resultIndex)!;
  } else {
    [condition, thenVal, elseVal] = zeroOp.operandValues as [Value, Value, Value];
  }
  const thenInitsToZero = isZeroConstant(thenVal);
  const oldValue = thenInitsToZero ? elseVal : thenVal;

  b.setInsertionPoint(zeroOp);
  const zeroingBeforeMMA = isBeforeInBlock(zeroOp, dot);
  const prevFlag = zeroingBeforeMMA ? loopFlag : vTrue;
  const flag = select(b, condition, thenInitsToZero ? vFalse : prevFlag, thenInitsToZero ? prevFlag : vFalse);
  flag.definingOp!.loc = dot.loc;
  setUseC(dot, zeroingBeforeMMA ? flag : loopFlag);
  yieldOp.setOperands([...yieldOp.operandValues, zeroingBeforeMMA ? vTrue : flag]);

  // Stop zeroing the accumulator.
  if (IfOp.is(zeroOp)) {
    const zeroingYield = zeroOp.region(thenInitsToZero ? 0 : 1).blocks[0]!.terminator!;
    zeroingYield.setOperand(zeroInit.resultIndex, oldValue);
  } else {
    zeroOp.result(0).replaceAllUsesWith(oldValue);
    zeroOp.erase();
  }
}

/** TMEMAllocWithUnusedInit: an alloc's initial value that its MMA ignores (useD is the constant false) is dropped. */
const TMEM_ALLOC_WITH_UNUSED_INIT: RewritePattern = {
  rootName: TMEMAllocOp.opName,
  name: 'TMEMAllocWithUnusedInit',
  matchAndRewrite(alloc) {
    if (!TMEMAllocOp.src(alloc)) return false;
    const users = TMEMAllocOp.result(alloc).uses.map((u) => u.owner);
    if (users.length > 2) return false;
    let mma: Operation | undefined;
    let load: Operation | undefined;
    for (const u of users) {
      if (TMEMLoadOp.is(u)) load = u;
      else if (isMmaV5(u)) mma = u;
    }
    if (!mma) return false;
    if (load && !(mma.parent === load.parent && mma.isBeforeInBlock(load))) return false;
    const flag = useAccFlag(mma);
    const c = flag?.definingOp;
    if (!c || !ConstantOp.is(c)) return false;
    const v = c.getAttr('value');
    if (!(v instanceof IntegerAttr) || v.value !== 0n) return false;
    alloc.setOperands([]);
    return true;
  },
};

/** Runs the pass on a module. */
export function optimizeAccumulatorInit(module: Operation): void {
  const dots: Operation[] = [];
  module.walkPostOrder((op) => {
    if ((WarpGroupDotOp.is(op) && !needsPartialAccumulator(op)) || isMmaV5(op)) dots.push(op);
  });
  for (const dot of dots) optimizeDot(dot);
  applyPatternsGreedily(module, [TMEM_ALLOC_WITH_UNUSED_INIT]);
}

registerPass({
  name: 'tritongpu-optimize-accumulator-init',
  className: 'TritonGPUOptimizeAccumulatorInit',
  description: 'Replace accumulator zero-initialization with the flag indicating first use of the accumulator',
  run(module) {
    optimizeAccumulatorInit(module);
  },
});
