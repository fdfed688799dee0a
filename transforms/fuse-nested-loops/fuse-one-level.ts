/**
 * One level of loop-nest fusion (Triton's fuseOneLevel): an outer `scf.for` and the inner loops directly in
 * its body whose bounds are, or can be made (by hoisting cheap scalar ops), outer-loop invariant, or whose
 * bounds can at least be recomputed from the outer induction variable ("sliced"), become one flat loop.
 *
 * The outer body is cut into logues: prologue k = the ops before inner loop k (after loop k-1), and the
 * epilogue after the last inner loop. The fused loop runs len(outer) * inner_len iterations, where inner_len
 * = sum(max(1, len_k)) - N for N + 1 inner loops (plus, for sliced loops, lengths summed by a peeled copy of
 * the outer loop); it carries a step counter T, the outer induction variable, the outer iter args, the inner
 * lengths, inner_len, each inner induction variable, each inner loop's results and each prologue's outputs
 * (results used after the logue). Per iteration: `scf.if T == start_k` runs prologue k (k = 0 also steps the
 * outer induction variable and recomputes sliced lengths) and yields j_k = lb_k, its outputs and inner inits;
 * `scf.if start_k <= T < start_k + len_k` runs inner body k and steps j_k (its condition is `true` when the
 * loop is marked `ttg.must-execute`); `scf.if T == inner_len - 1` runs the epilogue; T wraps to 0 after
 * inner_len - 1. Unused slots start as zero constants (or `ub.poison`). Inner inits defined outside the
 * fused loop become the fused loop's inits and are reset in the epilogue instead of the prologue.
 */
import { UnitAttr, IntegerAttr } from '../../dialect/ir/attribute.js';
import { IRMapping } from '../../dialect/ir/builder.js';
import type { BlockArgument, Block, Operation, Region, Value } from '../../dialect/ir/ir.js';
import { isMemoryEffectFree, hasSingleEffect } from '../../dialect/ir/traits.js';
import { FloatType, IndexType, IntegerType, type Type } from '../../dialect/ir/type.js';
import { PointerType } from '../../dialect/tt/types.js';
import { operationProperlyDominates } from '../../dialect/ir/rewrite/dominance.js';
import { castInt, CMP_EQ, CMP_SGE, CMP_SLT, computeNumIters, dominatingValueSetOpsToHoist, hoistOpsBefore, intWidth, LocBuilder, poisonOrZero, programOrder } from './ir-helpers.js';
import type { LoopNestNode } from './loop-nest.js';
import { ForOp, IfOp } from '../../dialect/scf/ops.js';
import { FuncOp } from '../../dialect/tt/ops.js';

export const MUST_EXECUTE_ATTR = 'ttg.must-execute';
const NUM_STAGES_ATTR = 'tt.num_stages';
const WARP_SPECIALIZE_ATTR = 'tt.warp_specialize';
const DISALLOW_ACC_MULTI_BUFFER_ATTR = 'tt.disallow_acc_multi_buffer';

// ---- scf.for accessors ------------------------------------------------------------------------------

const lbOf = (f: Operation): Value => ForOp.lowerBound(f);
const ubOf = (f: Operation): Value => ForOp.upperBound(f);
const stepOf = (f: Operation): Value => ForOp.step(f);
const initsOf = (f: Operation): Value[] => ForOp.initArgs(f);
const bodyOf = (op: Operation, region = 0): Block => op.region(region).blocks[0]!;
const ivOf = (f: Operation): BlockArgument => bodyOf(f).args[0]!;
const iterArgsOf = (f: Operation): BlockArgument[] => bodyOf(f).args.slice(1);
const yieldOf = (op: Operation, region = 0): Operation => bodyOf(op, region).terminator!;

function isScalar(t: Type): boolean {
  return t instanceof IntegerType || t instanceof IndexType || t instanceof FloatType || t instanceof PointerType;
}

/** Cheap scalar ops that may be hoisted to compute loop bounds (integer divisions included). */
function canHoistBoundComputation(op: Operation): boolean {
  return (
    (isMemoryEffectFree(op) || hasSingleEffect(op, 'read')) &&
    op.operandValues.every((v) => isScalar(v.type)) &&
    op.results.every((r) => isScalar(r.type))
  );
}

const isFuncArg = (arg: BlockArgument): boolean => FuncOp.is(arg.owner.parentOp);

/** Whether the inner loop bounds are (or can be made by hoisting into `toHoist`) invariant to `outer`. */
export function boundsOuterInvariant(outer: Operation, inner: Operation, toHoist: Set<Operation>): boolean {
  return dominatingValueSetOpsToHoist(outer, [lbOf(inner), ubOf(inner), stepOf(inner)], toHoist, canHoistBoundComputation, isFuncArg);
}

function boundsSliceable(outer: Operation, inner: Operation, sliced: Set<Operation>): boolean {
  return dominatingValueSetOpsToHoist(outer, [lbOf(inner), ubOf(inner), stepOf(inner)], sliced, canHoistBoundComputation, (arg) => arg === ivOf(outer) || isFuncArg(arg));
}

// ---- logues ---------------------------------------------------------------------------------------------

/** A contiguous range of ops of the outer body and its outputs (results used after its last op). */
interface Logue {
  ops: Operation[];
  outputs: Value[];
}

function logueFrom(ops: Operation[]): Logue {
  const last = ops[ops.length - 1];
  const outputs: Value[] = [];
  if (last) {
    for (const op of ops) for (const r of op.results) if (r.users.some((u) => operationProperlyDominates(last, u))) outputs.push(r);
  }
  return { ops, outputs };
}

function moveLogueToEnd(logue: Logue, block: Block): void {
  for (const op of logue.ops) {
    op.remove();
    block.append(op);
  }
}

function regionContains(region: Region, op: Operation): boolean {
  for (let o: Operation | undefined = op; o; o = o.parentOp) if (o.parent?.parent === region) return true;
  return false;
}

/** Points the uses of the logue's outputs that are not inside `region` (where the logue now is) at `values`. */
function replaceLogueOutputs(logue: Logue, values: readonly Value[], region: Region): void {
  logue.outputs.forEach((out, i) => out.replaceUsesWithIf(values[i]!, (use) => !regionContains(region, use.owner)));
}

/** Rebuilds `ifOp` without the results flagged in `drop`, whose uses take `replaceWith` (in order). */
function eraseIfResults(b: LocBuilder, ifOp: Operation, drop: readonly boolean[], replaceWith: readonly Value[]): Operation {
  const saved = b.saveInsertionPoint();
  b.setInsertionPoint(ifOp);
  const keep = (_: Value, i: number): boolean => !drop[i];
  for (const r of [0, 1]) {
    const y = yieldOf(ifOp, r);
    y.setOperands(y.operandValues.filter(keep));
  }
  const newIf = b.emptyIf(yieldOf(ifOp, 0).operandValues.map((v) => v.type), IfOp.condition(ifOp));
  newIf.region(0).takeBody(ifOp.region(0));
  newIf.region(1).takeBody(ifOp.region(1));
  let nextReplacement = 0;
  let nextResult = 0;
  ifOp.results.forEach((res, i) => res.replaceAllUsesWith(drop[i] ? replaceWith[nextReplacement++]! : newIf.result(nextResult++)));
  ifOp.erase();
  b.restoreInsertionPoint(saved);
  return newIf;
}

interface InnerLoop {
  op: Operation;
  /** Ops recomputing the bounds from the outer induction variable; empty when the bounds are invariant. */
  sliced: Set<Operation>;
}

/** Clones the sliced bound computations of `loop` (once per op across loops) and returns its trip count. */
function slicedTripCount(b: LocBuilder, loop: InnerLoop, mapping: IRMapping, intTy: Type): Value {
  for (const op of programOrder(loop.sliced)) if (!op.results.some((r) => mapping.contains(r))) b.clone(op, mapping);
  const n = computeNumIters(b, mapping.lookupOrDefault(lbOf(loop.op)), mapping.lookupOrDefault(ubOf(loop.op)), mapping.lookupOrDefault(stepOf(loop.op)));
  return castInt(b, n, intTy);
}

/** Fuses the (leaf) children of `parent` into its loop; `parent.loop` becomes the fused loop. */
export function fuseOneLevel(parent: LoopNestNode): void {
  const outer = parent.loop;
  const innerLoops: InnerLoop[] = [];
  const toHoist = new Set<Operation>();
  for (const child of parent.children) {
    const inner = child.loop;
    if (boundsOuterInvariant(outer, inner, toHoist)) {
      innerLoops.push({ op: inner, sliced: new Set() });
      continue;
    }
    const sliced = new Set<Operation>();
    if (boundsSliceable(outer, inner, sliced)) innerLoops.push({ op: inner, sliced });
  }
  parent.children = [];
  if (innerLoops.length === 0) return;
  hoistOpsBefore(outer.parent!, outer, toHoist);

  let width = intWidth(ivOf(outer).type);
  for (const l of innerLoops) width = Math.max(width, intWidth(ivOf(l.op).type));
  const intTy = IntegerType.get(width);
  const invariant = (l: InnerLoop): boolean => l.sliced.size === 0;
  const allInvariant = innerLoops.every(invariant);

  const b = new LocBuilder(outer.loc);
  b.setInsertionPoint(outer);
  const cst = (v: number): Value => b.intConstant(intTy, v);

  const lenOuter = computeNumIters(b, lbOf(outer), ubOf(outer), stepOf(outer));
  let lenInners: Value[] = innerLoops.map((l) =>
    invariant(l) ? castInt(b, computeNumIters(b, lbOf(l.op), ubOf(l.op), stepOf(l.op)), intTy) : poisonOrZero(b, intTy),
  );
  const N = innerLoops.length - 1;
  let innerLen = cst(0);
  innerLoops.forEach((l, k) => {
    if (invariant(l)) innerLen = b.binary('arith.addi', innerLen, b.binary('arith.maxsi', cst(1), lenInners[k]!));
  });
  innerLen = b.binary('arith.subi', innerLen, cst(N));
  let totalIters = b.binary('arith.muli', castInt(b, lenOuter, intTy), innerLen);

  // A peeled copy of the outer loop sums the lengths of the sliced inner loops.
  const peeled = b.forLoop(lbOf(outer), ubOf(outer), stepOf(outer), [totalIters]);
  {
    const mapping = new IRMapping();
    mapping.map(ivOf(outer), ivOf(peeled));
    b.setInsertionPointToStart(bodyOf(peeled));
    let acc: Value = iterArgsOf(peeled)[0]!;
    for (const l of innerLoops) {
      if (invariant(l)) continue;
      const n = slicedTripCount(b, l, mapping, intTy);
      acc = b.binary('arith.addi', acc, b.binary('arith.maxsi', cst(1), n));
    }
    b.yield([acc]);
    totalIters = peeled.result(0);
    b.setInsertionPointAfter(peeled);
  }

  // Logues.
  const outerBody = bodyOf(outer);
  const opsBetween = (from: Operation | undefined, to: Operation): Operation[] => {
    const start = from ? outerBody.ops.indexOf(from) + 1 : 0;
    return outerBody.ops.slice(start, outerBody.ops.indexOf(to));
  };
  const logues: Logue[] = [logueFrom(opsBetween(undefined, innerLoops[0]!.op))];
  for (let k = 0; k < N; k++) logues.push(logueFrom(opsBetween(innerLoops[k]!.op, innerLoops[k + 1]!.op)));
  logues.push(logueFrom(opsBetween(innerLoops[N]!.op, outerBody.terminator!)));

  // Iter args of the fused loop.
  const fusedInits: Value[] = [cst(0), b.binary('arith.subi', lbOf(outer), stepOf(outer))];
  const outerArgsStart = fusedInits.length;
  fusedInits.push(...initsOf(outer));
  const lenInnersStart = fusedInits.length;
  fusedInits.push(...lenInners);
  const innerLenIdx = fusedInits.length;
  fusedInits.push(innerLen);
  const ivarStart = fusedInits.length;
  for (const l of innerLoops) fusedInits.push(poisonOrZero(b, ivOf(l.op).type));
  const innerOutsStart = fusedInits.length;
  for (const l of innerLoops) for (const r of l.op.results) fusedInits.push(poisonOrZero(b, r.type));
  const logueOutsStart = fusedInits.length;
  for (const logue of logues.slice(0, -1)) for (const o of logue.outputs) fusedInits.push(poisonOrZero(b, o.type));

  const fused = b.forLoop(cst(0), totalIters, cst(1), fusedInits);
  const fusedArgs = iterArgsOf(fused);
  iterArgsOf(outer).forEach((a, i) => a.replaceAllUsesWith(fusedArgs[outerArgsStart + i]!));
  const lenInnersArgs = fusedArgs.slice(lenInnersStart, lenInnersStart + lenInners.length);
  lenInners = [...lenInnersArgs];
  b.setInsertionPointToStart(bodyOf(fused));

  const T = fusedArgs[0]!;
  const curI = fusedArgs[1]!;
  let i: Value = curI;
  let bodyOutsIdx = innerOutsStart;
  let logueOutsIdx = logueOutsStart;
  const prologueIfs: Operation[] = [];
  const bodyIfs: Operation[] = [];

  for (let k = 0; k <= N; k++) {
    let innerStartT = cst(0);
    for (let m = 0; m < k; m++) innerStartT = b.binary('arith.addi', innerStartT, b.binary('arith.maxsi', cst(1), lenInners[m]!));
    innerStartT = b.binary('arith.subi', innerStartT, cst(k));
    const prologueCond = b.cmpi(CMP_EQ, T, innerStartT);

    const inner = innerLoops[k]!.op;
    const prologue = logues[k]!;
    const outTypes: Type[] = [ivOf(inner).type, ...prologue.outputs.map((o) => o.type), ...initsOf(inner).map((v) => v.type)];
    if (k === 0) outTypes.push(curI.type, ...innerLoops.map(() => intTy), innerLen.type);
    const prologueIf = b.emptyIf(outTypes, prologueCond);
    prologueIfs.push(prologueIf);

    const thenBlock = b.createBlock(prologueIf.region(0));
    moveLogueToEnd(prologue, thenBlock);

    if (k === 0) {
      b.setInsertionPointToStart(thenBlock);
      i = b.binary('arith.addi', curI, stepOf(outer));
      const iv = ivOf(outer);
      iv.replaceUsesWithIf(i, (use) => regionContains(prologueIf.region(0), use.owner));
      const mapping = new IRMapping();
      innerLoops.forEach((l, m) => {
        if (invariant(l)) return;
        const len = slicedTripCount(b, l, mapping, intTy);
        lenInners[m] = len;
        innerLen = b.binary('arith.addi', innerLen, b.binary('arith.maxsi', cst(1), len));
      });
    }

    b.setInsertionPointToEnd(thenBlock);
    const thenOuts: Value[] = [lbOf(inner), ...prologue.outputs, ...initsOf(inner)];
    if (k === 0) thenOuts.push(i, ...lenInners, innerLen);
    b.yield(thenOuts);

    b.createBlock(prologueIf.region(1));
    const numOuts = prologue.outputs.length;
    const elseOuts: Value[] = [fusedArgs[ivarStart + k]!, ...fusedArgs.slice(logueOutsIdx, logueOutsIdx + numOuts), ...fusedArgs.slice(bodyOutsIdx, bodyOutsIdx + inner.results.length)];
    if (k === 0) elseOuts.push(curI, ...lenInnersArgs, allInvariant ? innerLen : fusedArgs[innerLenIdx]!);
    logueOutsIdx += numOuts;
    b.yield(elseOuts);

    const jk = prologueIf.result(0);
    const prologueOuts = prologueIf.results.slice(1, 1 + numOuts);
    const prologueInits = prologueIf.results.slice(1 + numOuts, 1 + numOuts + inner.results.length);
    ivOf(inner).replaceAllUsesWith(jk);
    replaceLogueOutputs(prologue, prologueOuts, prologueIf.region(0));
    iterArgsOf(inner).forEach((a, m) => a.replaceAllUsesWith(prologueInits[m]!));
    if (k === 0) {
      const results = prologueIf.results;
      const n = results.length;
      i = results[n - 2 - lenInners.length]!;
      lenInners = results.slice(n - 1 - lenInners.length, n - 1);
      innerLen = results[n - 1]!;
      ivOf(outer).replaceAllUsesWith(i);
    }

    b.setInsertionPointAfter(prologueIf);
    const innerEndT = b.binary('arith.addi', innerStartT, castInt(b, lenInners[k]!, intTy));
    const ge = b.cmpi(CMP_SGE, T, innerStartT);
    const lt = b.cmpi(CMP_SLT, T, innerEndT);
    const bodyCond = b.binary('arith.andi', ge, lt);
    const bodyIf = b.emptyIf([jk.type, ...inner.results.map((r) => r.type)], bodyCond);
    bodyIfs.push(bodyIf);

    const innerBody = bodyOf(inner);
    while (innerBody.args.length) innerBody.eraseArgument(innerBody.args.length - 1);
    bodyIf.region(0).takeBody(inner.region(0));
    const y = yieldOf(bodyIf, 0);
    b.setInsertionPoint(y);
    const nextJk = b.binary('arith.addi', jk, stepOf(inner));
    y.setOperands([nextJk, ...y.operandValues]);

    b.createBlock(bodyIf.region(1));
    b.yield([jk, ...fusedArgs.slice(bodyOutsIdx, bodyOutsIdx + inner.results.length)]);
    bodyOutsIdx += inner.results.length;

    inner.results.forEach((r, m) => r.replaceAllUsesWith(bodyIf.result(1 + m)));

    if (inner.getAttr(MUST_EXECUTE_ATTR) !== undefined) {
      b.setInsertionPoint(bodyIf);
      bodyIf.setOperand(0, b.boolConstant(true));
    }
    b.setInsertionPointAfter(bodyIf);
  }

  // The epilogue.
  const epilogue = logues[logues.length - 1]!;
  const outerYield = outerBody.terminator!;
  const usedIterArgs: Value[] = [];
  for (const out of epilogue.outputs) {
    for (const use of out.uses) if (use.owner === outerYield) usedIterArgs.push(fusedArgs[outerArgsStart + use.index]!);
  }
  const epilogueCond = b.cmpi(CMP_EQ, T, b.binary('arith.subi', innerLen, cst(1)));
  let epilogueIf = b.emptyIf(epilogue.outputs.map((o) => o.type), epilogueCond);
  const epiThen = b.createBlock(epilogueIf.region(0));
  moveLogueToEnd(epilogue, epiThen);
  b.setInsertionPointToEnd(epiThen);
  b.yield(epilogue.outputs);
  b.createBlock(epilogueIf.region(1));
  b.yield(usedIterArgs);
  replaceLogueOutputs(epilogue, epilogueIf.results, epilogueIf.region(0));

  b.setInsertionPointToEnd(bodyOf(fused));
  const nextT = b.binary('arith.addi', T, cst(1));
  const rollover = b.cmpi(CMP_EQ, T, b.binary('arith.subi', innerLen, cst(1)));
  const newT = b.op('arith.select', [rollover, cst(0), nextT], T.type);

  const outerOuts: Value[] = [newT, i, ...outerYield.operandValues, ...lenInners, innerLen];
  for (const bodyIf of bodyIfs) outerOuts.push(bodyIf.result(0));
  bodyIfs.forEach((bodyIf, k) => outerOuts.push(...bodyIf.results.slice(1, 1 + innerLoops[k]!.op.results.length)));
  prologueIfs.forEach((pIf, k) => outerOuts.push(...pIf.results.slice(1, 1 + logues[k]!.outputs.length)));
  const fusedYield = b.yield(outerOuts);
  outer.results.forEach((r, m) => r.replaceAllUsesWith(fused.result(outerArgsStart + m)));

  // Inner inits defined outside the fused loop: initialize them once, reset them in the epilogue.
  let initIdx = innerOutsStart;
  const yieldSlots: number[] = [];
  const reset: Value[] = [];
  const forwarded: Value[] = [];
  innerLoops.forEach((l, k) => {
    const numResults = l.op.results.length;
    const skip = 1 + logues[k]!.outputs.length;
    const drop: boolean[] = new Array<boolean>(skip + numResults).fill(false);
    const replaceWith: Value[] = [];
    initsOf(l.op).forEach((init, m) => {
      if (init.parentBlock?.parent === fused.region(0)) return;
      fused.setOperand(3 + initIdx + m, init);
      replaceWith.push(fusedArgs[initIdx + m]!);
      drop[skip + m] = true;
      yieldSlots.push(initIdx + m);
      forwarded.push(bodyIfs[k]!.result(1 + m));
      reset.push(init);
    });
    eraseIfResults(b, prologueIfs[k]!, drop, replaceWith);
    initIdx += numResults;
  });
  if (yieldSlots.length) {
    const thenY = yieldOf(epilogueIf, 0);
    const elseY = yieldOf(epilogueIf, 1);
    thenY.setOperands([...thenY.operandValues, ...reset]);
    elseY.setOperands([...elseY.operandValues, ...forwarded]);
    b.setInsertionPoint(epilogueIf);
    const newIf = b.emptyIf(thenY.operandValues.map((v) => v.type), IfOp.condition(epilogueIf));
    newIf.region(0).takeBody(epilogueIf.region(0));
    newIf.region(1).takeBody(epilogueIf.region(1));
    const oldCount = epilogueIf.results.length;
    epilogueIf.results.forEach((r, m) => r.replaceAllUsesWith(newIf.result(m)));
    yieldSlots.forEach((slot, m) => fusedYield.setOperand(slot, newIf.result(oldCount + m)));
    epilogueIf.erase();
    epilogueIf = newIf;
  }

  if (outer.getAttr(WARP_SPECIALIZE_ATTR) !== undefined || innerLoops.some((l) => l.op.getAttr(WARP_SPECIALIZE_ATTR) !== undefined)) {
    fused.setAttr(WARP_SPECIALIZE_ATTR, UnitAttr.get());
  }
  if ([outer, ...innerLoops.map((l) => l.op)].some((l) => l.getAttr(DISALLOW_ACC_MULTI_BUFFER_ATTR) !== undefined)) {
    fused.setAttr(DISALLOW_ACC_MULTI_BUFFER_ATTR, UnitAttr.get());
  }
  let numStages = 1;
  const stagesOf = (l: Operation): number | undefined => {
    const a = l.getAttr(NUM_STAGES_ATTR);
    return a instanceof IntegerAttr ? Number(a.value) : undefined;
  };
  numStages = stagesOf(outer) ?? 1;
  for (const l of innerLoops) {
    const s = stagesOf(l.op);
    if (s !== undefined) numStages = Math.max(numStages, s);
    l.op.erase();
  }
  outer.erase();
  parent.loop = fused;
  if (numStages > 1) fused.setAttr(NUM_STAGES_ATTR, IntegerAttr.get(IntegerType.get(32), numStages));
}
