/**
 * `tritongpu-hoist-tmem-alloc` (Triton 3.6's HoistTMEMAlloc.cpp), the Blackwell pipeline's preparation for loop
 * lowering: keep an MMAv5 accumulator in tensor memory across the iterations of its loop.
 *
 * Without `hoist-out-of-if` (the default): for every `ttng.tc_gen5_mma*` directly in an `scf.for` body,
 * 1. its immutable tensor-memory operands (scales) allocated in the loop from a loop-invariant value move before
 *    the loop, with the chain of pure one-operand ops between (a splat of a truncation, say);
 * 2. the `ttng.tmem_alloc` of its accumulator, when it has a token and sits in the MMA's region, moves before the
 *    loop without its initial value: the memory becomes loop-carried (a new token iter arg, yielding the last
 *    access of the iteration, which must be unique and in the loop body: else Triton stops with "FIXME: can't
 *    hoist TMEM alloc with multiple or conditional uses"), and the initial value, if any, is stored where the
 *    alloc was.
 * Then the patterns of hoist-tmem-alloc-patterns.ts run greedily with scf.for's canonicalizations (the
 * `hoist-out-of-if` mode skips the hoisting and adds its three patterns), and every mutable alloc that still has
 * an initial value is split into an alloc and a store of it (later passes expect that form).
 */
import type { Operation, Value } from '../dialect/ir/ir.js';
import { Builder } from '../dialect/ir/builder.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import { isPure } from '../dialect/ir/traits.js';
import { SCF_FOR_PATTERNS } from '../dialect/scf/canonicalize.js';
import { ForOp } from '../dialect/scf/ops.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { TMEMAllocOp, TMEMLoadOp, TMEMStoreOp } from '../dialect/ttng/ops.js';
import { registerPass, type PassContext } from './pass.js';
import { hoistTmemAllocPatterns } from './hoist-tmem-alloc-patterns.js';
import { definedOutsideOfLoop, forBody } from './pipeliner/expand/loop-utils.js';
import { addIterArgs, appendToYield, constTrue, createTokenStore, isTokenAlloc, isTokenLoad, isTokenMma, isTokenStore, mmaV5Handle } from './tmem-tokens.js';
import { IRRewriter } from '../dialect/ir/rewriter.js';

/** An error that stops the pass at an op (Triton aborts there). */
class HoistError extends Error {
  constructor(
    readonly op: Operation,
    message: string,
  ) {
    super(message);
  }
}

/** The token an access of a (not loop-carried) tensor-memory variable forwards (getTokenFromOp). */
function forwardedToken(user: Operation): Value {
  const name = user.name;
  if (isTokenMma(user)) return mmaV5Handle(user)!.token(user)!;
  if (isTokenLoad(user)) return TMEMLoadOp.token(user)!;
  if (isTokenStore(user)) return TMEMStoreOp.token(user)!;
  throw new HoistError(user as Operation, `unknown TMEM memory user '${name}' of a hoisted accumulator`);
}

/** The leaves of the token lattice that starts at `token` (findLastMemoryUses). */
function lastMemoryUses(token: Value, out: Value[], seen: Set<Value>): void {
  if (seen.has(token)) return;
  seen.add(token);
  if (token.useEmpty) {
    out.push(token);
    return;
  }
  for (const user of token.users) lastMemoryUses(forwardedToken(user), out, seen);
}

/** The single last access of the variable in the alloc's block (joinLastMemoryUses). */
function joinLastMemoryUses(alloc: Operation, token: Value): Value {
  const last: Value[] = [];
  lastMemoryUses(token, last, new Set());
  const only = last[0];
  if (last.length === 1 && only && only.definingOp?.parent === alloc.parent) return only;
  throw new HoistError(alloc, "FIXME: can't hoist TMEM alloc with multiple or conditional uses");
}

/** hoistTMEMAlloc: the accumulator alloc before the loop, its memory carried by a token iter arg. */
function hoistAlloc(alloc: Operation, forOp: Operation): Operation {
  const b = new Builder();
  b.setInsertionPoint(forOp);
  const vTrue = constTrue(b, alloc.loc);
  const src = TMEMAllocOp.src(alloc);
  const newAlloc = b.clone(alloc);
  newAlloc.setOperands([]);
  const r = new IRRewriter();
  r.setInsertionPoint(forOp);
  const newLoop = addIterArgs(r, forOp, [TMEMAllocOp.token(newAlloc)!]);
  const body = forBody(newLoop);
  let newTok: Value = body.args[body.args.length - 1]!;
  appendToYield(newLoop, [joinLastMemoryUses(alloc, TMEMAllocOp.token(alloc)!)]);
  if (src) {
    b.setInsertionPoint(alloc);
    newTok = createTokenStore(b, TMEMAllocOp.result(newAlloc), newTok, src, vTrue, alloc.loc).result(0);
  }
  TMEMAllocOp.result(alloc).replaceAllUsesWith(TMEMAllocOp.result(newAlloc));
  TMEMAllocOp.token(alloc)!.replaceAllUsesWith(newTok);
  alloc.erase();
  return newLoop;
}

/** Moves the loop-invariant immutable tensor-memory operands of `mma` out of `forOp` (hoistInvariantInputs). */
function hoistInvariantInputs(mma: Operation, forOp: Operation): void {
  for (const operand of mma.operandValues) {
    if (definedOutsideOfLoop(forOp, operand)) continue;
    const alloc = operand.definingOp;
    if (!alloc || !TMEMAllocOp.is(alloc) || (TMEMAllocOp.result(alloc).type as MemDescType).mutableMemory) continue;
    let src = TMEMAllocOp.src(alloc);
    if (!src) throw new HoistError(alloc, 'an immutable tensor-memory alloc needs an initial value');
    const toHoist: Operation[] = [alloc];
    // Also the pure one-operand ops (a splat, a conversion) that computed the value in the loop.
    for (let def = src.definingOp; def; def = src.definingOp) {
      if (definedOutsideOfLoop(forOp, src)) break;
      if (!(isPure(def) && def.operandValues.length === 1)) break;
      toHoist.push(def);
      src = def.operandValues[0]!;
    }
    if (!definedOutsideOfLoop(forOp, src)) continue;
    for (const op of toHoist.reverse()) op.moveBefore(forOp);
  }
}

/** Splits a mutable alloc with an initial value into an alloc and a store (the form later passes expect). */
function splitInitializedAllocs(module: Operation): void {
  const allocs: Operation[] = [];
  module.walk((op) => {
    if (TMEMAllocOp.is(op)) allocs.push(op);
  });
  for (const alloc of allocs) {
    const src = TMEMAllocOp.src(alloc);
    if (!src || !(TMEMAllocOp.result(alloc).type as MemDescType).mutableMemory) continue;
    const b = new Builder();
    b.setInsertionPointAfter(alloc);
    const pred = constTrue(b, alloc.loc);
    const token = TMEMAllocOp.token(alloc);
    const store = createTokenStore(b, TMEMAllocOp.result(alloc), token, src, pred, alloc.loc);
    if (token) token.replaceUsesWithIf(store.result(0), (u) => u.owner !== store);
    alloc.setOperands([]);
  }
}

function run(module: Operation, hoistOutOfIf: boolean): void {
  if (!hoistOutOfIf) {
    const mmas: Operation[] = [];
    module.walk((op) => {
      if (mmaV5Handle(op)) mmas.push(op);
    });
    for (const mma of mmas) {
      const forOp = mma.parentOp;
      if (!forOp || !ForOp.is(forOp)) continue;
      hoistInvariantInputs(mma, forOp);
      // Only the accumulator's alloc (the scales' stay in the loop).
      const alloc = mmaV5Handle(mma)!.d(mma).definingOp;
      if (!isTokenAlloc(alloc) || alloc.parent?.parent !== mma.parent?.parent) continue;
      hoistAlloc(alloc, forOp);
    }
  }
  applyPatternsGreedily(module, [...hoistTmemAllocPatterns(hoistOutOfIf), ...SCF_FOR_PATTERNS]);
  splitInitializedAllocs(module);
}

registerPass({
  name: 'tritongpu-hoist-tmem-alloc',
  className: 'TritonGPUHoistTMEMAlloc',
  description: 'Hoist TMEM allocations out of the loop. This is a preparation for the loop lowering.',
  options: {
    'hoist-out-of-if': { type: 'bool', default: false, description: 'Hoist TMEM allocations out of if statements' },
  },
  run(module, options, ctx: PassContext) {
    try {
      run(module, options['hoist-out-of-if']);
    } catch (e) {
      if (!(e instanceof HoistError)) throw e;
      ctx.emitError(e.op, e.message);
      ctx.signalPassFailure();
    }
  },
});
