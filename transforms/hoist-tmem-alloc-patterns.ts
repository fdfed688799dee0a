/**
 * The rewrite patterns of `tritongpu-hoist-tmem-alloc` (Triton 3.6's HoistTMEMAlloc.cpp), applied greedily after
 * the accumulators are hoisted. They keep a value in tensor memory instead of carrying it through registers, and
 * only touch ops with async tokens (the tokens order the accesses, so they stand in for an alias analysis):
 *
 * - RotateTMEMStoreInLoop: a store at the top of a loop of a loop-carried tensor moves to the end of the previous
 *   iteration (a copy before the loop stores the initial value; a load after the loop replaces the result).
 * - RotateTMEMLoadInLoop: a load whose only use is the loop's yield moves to the top of the next iteration, when the
 *   memory enters the loop freshly allocated (a store before the loop writes the initial value).
 * - CombineTMEMLoadAndStore: storing back what was just loaded from the same memory is dropped.
 * - CombineTMEMStoreAndSelect: storing `select(c, loaded, x)` of the just-loaded memory becomes a store of `x`
 *   predicated on `!c` (`select(c, x, loaded)`: on `c`). As Triton, the store's own predicate is dropped.
 * - SinkTMEMLoad: a load sinks to the first of its users (into the nested block holding all of them, its token
 *   threaded out through the enclosing ifs and loops), unless it would pass an access ordered after it or only
 *   loads stand between.
 * - RemoveUnusedTMEMLoad: an unused load's token is bypassed (the load then dies).
 * With `hoist-out-of-if`, also:
 * - CombineTMEMStoreAndAlloc: an alloc followed by an unconditional store of a value defined before the alloc
 *   (or elsewhere) becomes an alloc with that initial value.
 * - HoistTMEMAllocOutOfIf: an alloc with an initial value inside an `scf.if` whose then-branch yields a load of it
 *   and whose else-branch yields the same initial value moves before the if; the if yields tokens instead and the
 *   load follows it.
 * - TMEMLoadForwarding: an alloc initialized with a load of another buffer of the same type (used only there)
 *   becomes that buffer.
 */
import type { Operation, Value } from '../dialect/ir/ir.js';
import { operationProperlyDominates } from '../dialect/ir/rewrite/dominance.js';
import type { RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import { getConstantValue, isOneInt } from '../dialect/ir/rewrite/registry.js';
import { SelectOp, XOrIOp } from '../dialect/arith/ops.js';
import { ForOp, IfOp, YieldOp } from '../dialect/scf/ops.js';
import { TMEMAllocOp, TMEMLoadOp, TMEMStoreOp } from '../dialect/ttng/ops.js';
import { definedOutsideOfLoop, forBody, forYield } from './pipeliner/expand/loop-utils.js';
import {
  constTrue,
  createTokenLoad,
  createTokenStore,
  isTokenAlloc,
  isTokenLoad,
  nearestCommonDominator,
  opProperlyPostDominates,
  setGroupOperand,
  sinkValueRedefinition,
  tokenType,
} from './tmem-tokens.js';

/** The body argument of `forOp` that `v` is (not the induction variable's index shift: iter arg `i` is `i + 1`). */
function loopArg(forOp: Operation, v: Value): number | undefined {
  const body = forBody(forOp);
  const i = body.args.indexOf(v as (typeof body.args)[number]);
  return i < 0 ? undefined : i;
}

function setInitArg(forOp: Operation, i: number, v: Value): void {
  forOp.setOperand(ForOp.initArgs.positions(forOp)[i]!, v);
}

const combineStoreAndSelect: RewritePattern = {
  rootName: TMEMStoreOp.opName,
  name: 'CombineTMEMStoreAndSelect',
  matchAndRewrite(store, r) {
    const dep = TMEMStoreOp.dep(store);
    if (!dep) return false;
    const select = TMEMStoreOp.src(store).definingOp;
    if (!select || !SelectOp.is(select)) return false;
    const [cond, trueSrc, falseSrc] = select.operandValues as [Value, Value, Value];
    const fromMemory = (v: Value): boolean => {
      const load = v.definingOp;
      return isTokenLoad(load) && TMEMLoadOp.src(load) === TMEMStoreOp.dst(store) && TMEMLoadOp.token(load) === dep;
    };
    let which: 'true' | 'false' | undefined;
    if (fromMemory(trueSrc)) which = 'true';
    if (fromMemory(falseSrc)) which = which === 'true' ? undefined : 'false';
    if (!which) return false;
    // Overwrite where the select would not keep the memory's value.
    let pred = cond;
    if (which === 'true') {
      const one = constTrue(r, select.loc);
      pred = r.create({ name: XOrIOp.opName, operands: [cond, one], resultTypes: [cond.type], loc: select.loc }).result(0);
    }
    const value = which === 'true' ? falseSrc : trueSrc;
    r.replaceOpWithNewOp(store, { name: TMEMStoreOp.opName, operands: [TMEMStoreOp.dst(store), dep, value, pred], resultTypes: [tokenType()], loc: store.loc });
    return true;
  },
};

const removeUnusedLoad: RewritePattern = {
  rootName: TMEMLoadOp.opName,
  name: 'RemoveUnusedTMEMLoad',
  matchAndRewrite(load, r) {
    const dep = TMEMLoadOp.dep(load);
    if (!dep || !TMEMLoadOp.result(load).useEmpty) return false;
    const token = TMEMLoadOp.token(load);
    if (token) r.replaceAllUsesWith(token, dep);
    return true;
  },
};

const combineLoadAndStore: RewritePattern = {
  rootName: TMEMStoreOp.opName,
  name: 'CombineTMEMLoadAndStore',
  matchAndRewrite(store, r) {
    const dep = TMEMStoreOp.dep(store);
    const load = dep?.definingOp;
    if (!isTokenLoad(load)) return false;
    if (TMEMLoadOp.result(load) !== TMEMStoreOp.src(store) || TMEMLoadOp.src(load) !== TMEMStoreOp.dst(store)) return false;
    r.replaceOp(store, [TMEMLoadOp.token(load)!]);
    return true;
  },
};

const sinkLoad: RewritePattern = {
  rootName: TMEMLoadOp.opName,
  name: 'SinkTMEMLoad',
  matchAndRewrite(load, r) {
    const dep = TMEMLoadOp.dep(load);
    if (!dep) return false;
    let forOp = load.parentOp;
    while (forOp && !ForOp.is(forOp)) forOp = forOp.parentOp;
    if (!forOp) return false;
    const users = TMEMLoadOp.result(load).uses.map((u) => u.owner);
    const domOp = nearestCommonDominator(users);
    if (!domOp || !operationProperlyDominates(load, domOp, true)) return false;
    // Do not sink past accesses that are ordered after the load.
    const token = TMEMLoadOp.token(load)!;
    const uses = token.uses;
    if (!uses.every((u) => opProperlyPostDominates(u.owner, domOp))) return false;
    // Loads right after each other stay in their order (else two loads would swap forever).
    let next = load.nextOp;
    while (next && TMEMLoadOp.is(next)) next = next.nextOp;
    if (domOp === next) return false;
    r.moveOpBefore(load, domOp);
    const newToken = sinkValueRedefinition(r, dep, token, domOp.parent!);
    if (newToken !== token) for (const u of uses) u.set(newToken);
    return true;
  },
};

const combineStoreAndAlloc: RewritePattern = {
  rootName: TMEMStoreOp.opName,
  name: 'CombineTMEMStoreAndAlloc',
  matchAndRewrite(store, r) {
    const dep = TMEMStoreOp.dep(store);
    if (!dep || !isOneInt(getConstantValue(TMEMStoreOp.pred(store)))) return false;
    const alloc = dep.definingOp;
    if (!isTokenAlloc(alloc) || TMEMStoreOp.dst(store) !== TMEMAllocOp.result(alloc) || alloc.parent !== store.parent) return false;
    const srcDef = TMEMStoreOp.src(store).definingOp;
    if (srcDef && srcDef.parent === alloc.parent && alloc.isBeforeInBlock(srcDef)) return false;
    alloc.setOperands([TMEMStoreOp.src(store)]);
    r.replaceOp(store, [TMEMAllocOp.token(alloc)!]);
    return true;
  },
};

const hoistAllocOutOfIf: RewritePattern = {
  rootName: TMEMAllocOp.opName,
  name: 'HoistTMEMAllocOutOfIf',
  matchAndRewrite(alloc, r) {
    const token = TMEMAllocOp.token(alloc);
    const init = TMEMAllocOp.src(alloc);
    const ifOp = alloc.parentOp;
    if (!token || !init || !ifOp || !IfOp.is(ifOp) || !ifOp.region(1).blocks.length) return false;
    const thenYield = ifOp.region(0).blocks[0]!.terminator!;
    const elseYield = ifOp.region(1).blocks[0]!.terminator!;
    const args: number[] = [];
    thenYield.operandValues.forEach((v, i) => {
      const load = v.definingOp;
      if (!isTokenLoad(load) || TMEMLoadOp.src(load) !== TMEMAllocOp.result(alloc)) return;
      if (elseYield.operandValues[i] !== init) return;
      args.push(i);
    });
    if (!args.length) return false;
    // The else branch yields `init`, so it dominates the if.
    alloc.moveBefore(ifOp);
    r.setInsertionPointAfter(ifOp);
    for (const i of args) {
      const load = thenYield.operandValues[i]!.definingOp!;
      const newLoad = r.clone(load);
      r.modifyOpInPlace(ifOp, () => {
        ifOp.result(i).replaceAllUsesWith(TMEMLoadOp.result(newLoad));
        setGroupOperand(newLoad, TMEMLoadOp.dep.positions(newLoad), ifOp.result(i));
        thenYield.setOperand(i, TMEMLoadOp.token(load)!);
        elseYield.setOperand(i, token);
        ifOp.result(i).type = TMEMLoadOp.token(newLoad)!.type;
      });
    }
    return true;
  },
};

const forwardLoadIntoAlloc: RewritePattern = {
  rootName: TMEMAllocOp.opName,
  name: 'TMEMLoadForwarding',
  matchAndRewrite(alloc, r) {
    const init = TMEMAllocOp.src(alloc);
    if (!TMEMAllocOp.token(alloc) || !init) return false;
    const load = init.definingOp;
    if (!isTokenLoad(load)) return false;
    const uses = load.results.reduce((n, x) => n + x.numberOfUses, 0);
    const dep = TMEMLoadOp.dep(load)!;
    if (uses !== 1 || !dep.hasOneUse()) return false;
    if (TMEMAllocOp.result(alloc).type !== TMEMLoadOp.src(load).type) return false;
    r.replaceOp(alloc, [TMEMLoadOp.src(load), dep]);
    return true;
  },
};

const rotateStoreInLoop: RewritePattern = {
  rootName: TMEMStoreOp.opName,
  name: 'RotateTMEMStoreInLoop',
  matchAndRewrite(store, r) {
    if (!TMEMStoreOp.dep(store)) return false;
    const forOp = store.parentOp;
    if (!forOp || !ForOp.is(forOp) || !definedOutsideOfLoop(forOp, TMEMStoreOp.pred(store)) || !definedOutsideOfLoop(forOp, TMEMStoreOp.dst(store))) return false;
    const srcArg = loopArg(forOp, TMEMStoreOp.src(store));
    if (srcArg === undefined || !TMEMStoreOp.src(store).hasOneUse()) return false;
    const tokArg = loopArg(forOp, TMEMStoreOp.dep(store)!);
    if (tokArg === undefined) return false;
    const tokNo = tokArg - 1;
    const argNo = srcArg - 1;
    const body = forBody(forOp);
    // Store the initial value before the loop and the carried value at the end of each iteration.
    r.setInsertionPoint(forOp);
    const inits = ForOp.initArgs(forOp);
    const initStore = createTokenStore(r, TMEMStoreOp.dst(store), inits[tokNo]!, inits[argNo]!, TMEMStoreOp.pred(store), store.loc);
    setInitArg(forOp, tokNo, initStore.result(0));
    const yieldOp = forYield(forOp);
    TMEMStoreOp.token(store)!.replaceAllUsesWith(body.args[tokArg]!);
    r.moveOpBefore(store, yieldOp);
    setGroupOperand(store, TMEMStoreOp.dep.positions(store), yieldOp.operandValues[tokNo]!);
    yieldOp.setOperand(tokNo, TMEMStoreOp.token(store)!);
    setGroupOperand(store, TMEMStoreOp.src.positions(store), yieldOp.operandValues[argNo]!);
    // Read the memory after the loop instead of the carried value.
    r.setInsertionPointAfter(forOp);
    const load = createTokenLoad(r, TMEMStoreOp.src(store).type, TMEMStoreOp.dst(store), forOp.result(tokNo), store.loc);
    forOp.result(argNo).replaceAllUsesWith(load.result(0));
    yieldOp.setOperand(argNo, body.args[srcArg]!);
    return true;
  },
};

const rotateLoadInLoop: RewritePattern = {
  rootName: TMEMLoadOp.opName,
  name: 'RotateTMEMLoadInLoop',
  matchAndRewrite(load, r) {
    if (!TMEMLoadOp.dep(load)) return false;
    const forOp = load.parentOp;
    const result = TMEMLoadOp.result(load);
    if (!forOp || !ForOp.is(forOp) || !definedOutsideOfLoop(forOp, TMEMLoadOp.src(load)) || !result.hasOneUse()) return false;
    const use = result.uses[0]!;
    const yieldOp = use.owner;
    if (!YieldOp.is(yieldOp)) return false;
    // Merging the carried tensor into the load's memory must not clobber it: no store between the load and the
    // end of the loop, and the memory enters the loop freshly allocated (its value is never read).
    const token = TMEMLoadOp.token(load)!;
    if (!token.users.includes(yieldOp)) return false;
    const tokNo = token.uses[0]!.index;
    const inits = ForOp.initArgs(forOp);
    const initAlloc = inits[tokNo]?.definingOp;
    if (!isTokenAlloc(initAlloc) || TMEMAllocOp.src(initAlloc)) return false;
    const argNo = use.index;
    r.setInsertionPoint(forOp);
    const vTrue = constTrue(r, load.loc);
    const initStore = createTokenStore(r, TMEMLoadOp.src(load), TMEMAllocOp.token(initAlloc)!, inits[argNo]!, vTrue, load.loc);
    setInitArg(forOp, tokNo, initStore.result(0));
    // Load at the top of the loop.
    const body = forBody(forOp);
    yieldOp.setOperand(tokNo, TMEMLoadOp.dep(load)!);
    r.moveOpBefore(load, body.ops[0]!);
    const tokArg = body.args[tokNo + 1]!;
    setGroupOperand(load, TMEMLoadOp.dep.positions(load), tokArg);
    tokArg.replaceUsesWithIf(token, (u) => u.owner !== load);
    body.args[argNo + 1]!.replaceAllUsesWith(result);
    // Read the memory after the loop instead of the carried value.
    r.setInsertionPointAfter(forOp);
    const after = createTokenLoad(r, result.type, TMEMLoadOp.src(load), forOp.result(tokNo), load.loc);
    forOp.result(argNo).replaceAllUsesWith(after.result(0));
    yieldOp.setOperand(argNo, body.args[argNo + 1]!);
    return true;
  },
};

/** The patterns in Triton's order (ties in benefit keep it); `hoistOutOfIf` adds the last three. */
export function hoistTmemAllocPatterns(hoistOutOfIf: boolean): RewritePattern[] {
  const out = [rotateStoreInLoop, rotateLoadInLoop, combineLoadAndStore, combineStoreAndSelect, sinkLoad, removeUnusedLoad];
  if (hoistOutOfIf) out.push(combineStoreAndAlloc, hoistAllocOutOfIf, forwardLoadIntoAlloc);
  return out;
}
