/**
 * Token lowering (Triton 3.6's doTokenLowering, WSLowerToken.cpp): each `nvws.create_token` (a tensor of tokens,
 * one per buffer of a channel) becomes a pair of mbarrier rings made before it, "full" (the producer's arrivals:
 * 1 for a TMA channel, whose copies arrive through the expected byte count, else one per thread of a warp group)
 * and "empty" (the consumers' arrivals, one per thread of a warp group), initialized and followed by a
 * `gpu.barrier`. Its users become barrier ops on the buffer's slot: producer_acquire waits on "empty" with the
 * phase flipped, consumer_wait waits on "full", producer_commit arrives on "full", consumer_release arrives on
 * "empty"; each new op that Triton labels keeps the user's task ids (the phase arithmetic has none, as in
 * Triton). A token captured by the `ttg.warp_specialize` is replaced by the two rings, appended at the end of
 * the captures (and of every partition's arguments), in the order of the tokens.
 */
import { IntegerAttr } from '../../dialect/ir/attribute.js';
import { Builder } from '../../dialect/ir/builder.js';
import type { Operation, Region, Value } from '../../dialect/ir/ir.js';
import { IntegerType } from '../../dialect/ir/type.js';
import { ConsumerReleaseOp, ConsumerWaitOp, CreateTokenOp, ProducerAcquireOp, ProducerCommitOp, TOKEN_LOAD_TYPE } from '../../dialect/nvws/ops.js';
import { SwizzledSharedEncodingAttr } from '../../dialect/ttg/attrs/shared.js';
import { SharedMemorySpaceAttr } from '../../dialect/ttg/attrs/memory-space.js';
import { WarpSpecializePartitionsOp } from '../../dialect/ttg/ops.js';
import { MemDescType } from '../../dialect/ttg/types.js';
import { getAsyncTaskIds, setAsyncTaskIds } from './task-ids.js';

/** A warp group: Hopper's consumers arrive once per thread. */
const THREADS_PER_TASK = 128;

/** A failure where Triton asserts: reported as a located error at `op`. */
export class TokenLoweringError extends Error {
  constructor(
    readonly op: Operation,
    message: string,
  ) {
    super(message);
  }
}

const i1 = (): IntegerType => IntegerType.get(1);
const i32 = (): IntegerType => IntegerType.get(32);

function barrierRingType(n: number): MemDescType {
  const encoding = SwizzledSharedEncodingAttr.get({ vec: 1, perPhase: 1, maxPhase: 1, order: [0], cgaLayout: [] });
  return MemDescType.get({ shape: [n, 1], elementType: IntegerType.get(64), encoding, memorySpace: SharedMemorySpaceAttr.get(), mutableMemory: true });
}

function slotType(ring: Value): MemDescType {
  const t = ring.type as MemDescType;
  return MemDescType.get({ shape: [1], elementType: t.elementType, encoding: t.encoding, memorySpace: t.memorySpace, mutableMemory: true });
}

function withIdsOf(op: Operation, user: Operation): Operation {
  setAsyncTaskIds(op, getAsyncTaskIds(user));
  return op;
}

function isInRegion(op: Operation, region: Region): boolean {
  for (let cur: Operation | undefined = op; cur; cur = cur.parentOp) {
    if (cur.parent?.parent === region) return true;
  }
  return false;
}

interface Rings {
  full: Value;
  empty: Value;
  fullCount: number;
  isTma: boolean;
}

/** The rings of one token, made (with their init and a gpu.barrier) before it. */
function createRings(b: Builder, token: Operation): Rings {
  const n = Number(CreateTokenOp.numBuffers(token).value);
  const isTma = Number(CreateTokenOp.loadType(token).value) === TOKEN_LOAD_TYPE.tmaLoadOp;
  const fullCount = isTma ? 1 : THREADS_PER_TASK;
  const loc = token.loc;
  b.setInsertionPoint(token);
  const full = b.create({ name: 'ttg.local_alloc', resultTypes: [barrierRingType(n)], loc }).result(0);
  const empty = b.create({ name: 'ttg.local_alloc', resultTypes: [barrierRingType(n)], loc }).result(0);
  for (let i = 0; i < n; i++) {
    const idx = b.create({ name: 'arith.constant', resultTypes: [i32()], attributes: [['value', IntegerAttr.i32(i)]], loc }).result(0);
    const fullSlot = b.create({ name: 'ttg.memdesc_index', operands: [full, idx], resultTypes: [slotType(full)], loc }).result(0);
    b.create({ name: 'ttng.init_barrier', operands: [fullSlot], attributes: [['count', IntegerAttr.i32(fullCount)]], loc });
    const emptySlot = b.create({ name: 'ttg.memdesc_index', operands: [empty, idx], resultTypes: [slotType(empty)], loc }).result(0);
    b.create({ name: 'ttng.init_barrier', operands: [emptySlot], attributes: [['count', IntegerAttr.i32(THREADS_PER_TASK)]], loc });
  }
  b.create({ name: 'gpu.barrier', loc });
  return { full, empty, fullCount, isTma };
}

/** The wait's phase operand: the op's phase bit (flipped for the empty ring), widened to i32. */
function waitPhase(b: Builder, op: Operation, phase: Value, flip: boolean): Value {
  let bit = phase;
  if (flip) {
    const one = b.create({ name: 'arith.constant', resultTypes: [i1()], attributes: [['value', IntegerAttr.bool(true)]], loc: op.loc }).result(0);
    bit = b.create({ name: 'arith.xori', operands: [bit, one], resultTypes: [i1()], loc: op.loc }).result(0);
  }
  return b.create({ name: 'arith.extui', operands: [bit], resultTypes: [i32()], loc: op.loc }).result(0);
}

/**
 * Replaces one token user (at `b`'s insertion point, before it) by its barrier ops; `ring` reads the ring as the
 * user sees it. Returns whether `user` was a token op (then it is to be erased).
 */
function lowerUser(b: Builder, user: Operation, rings: Rings, tokenLoc: Operation['loc']): boolean {
  const slot = (ring: Value, idx: Value): Value =>
    withIdsOf(b.create({ name: 'ttg.memdesc_index', operands: [ring, idx], resultTypes: [slotType(ring)], loc: tokenLoc }), user).result(0);
  if (ProducerAcquireOp.is(user)) {
    const view = slot(rings.empty, ProducerAcquireOp.idx(user));
    const phase = waitPhase(b, user, ProducerAcquireOp.phase(user), true);
    withIdsOf(b.create({ name: 'ttng.wait_barrier', operands: [view, phase], operandSegments: [1, 1, 0, 0], loc: user.loc }), user);
    return true;
  }
  if (ProducerCommitOp.is(user)) {
    const view = slot(rings.full, ProducerCommitOp.idx(user));
    if (!rings.isTma) throw new TokenLoweringError(user, 'producer commit of a channel that is not a TMA load is not supported (Triton asserts)');
    withIdsOf(b.create({ name: 'ttng.arrive_barrier', operands: [view], operandSegments: [1, 0], attributes: [['count', IntegerAttr.i32(rings.fullCount)]], loc: user.loc }), user);
    return true;
  }
  if (ConsumerWaitOp.is(user)) {
    const view = slot(rings.full, ConsumerWaitOp.idx(user));
    const phase = waitPhase(b, user, ConsumerWaitOp.phase(user), false);
    withIdsOf(b.create({ name: 'ttng.wait_barrier', operands: [view, phase], operandSegments: [1, 1, 0, 0], loc: user.loc }), user);
    return true;
  }
  if (ConsumerReleaseOp.is(user)) {
    const view = slot(rings.empty, ConsumerReleaseOp.idx(user));
    withIdsOf(b.create({ name: 'ttng.arrive_barrier', operands: [view], operandSegments: [1, 0], attributes: [['count', IntegerAttr.i32(THREADS_PER_TASK)]], loc: user.loc }), user);
    return true;
  }
  return false;
}

/** doTokenLowering on every token of `root`. */
export function doTokenLowering(root: Operation): void {
  const tokens: Operation[] = [];
  root.walk((op) => {
    if (CreateTokenOp.is(op)) tokens.push(op);
  });
  const b = new Builder();
  const lowered: Operation[] = [];
  const ringsOf = new Map<Operation, Rings>();
  for (const token of tokens) {
    const rings = createRings(b, token);
    ringsOf.set(token, rings);
    for (const use of token.result(0).uses) {
      const user = use.owner;
      b.setInsertionPoint(user);
      if (lowerUser(b, user, rings, token.loc)) {
        lowered.push(user);
        continue;
      }
      if (!WarpSpecializePartitionsOp.is(user)) throw new TokenLoweringError(user, 'unexpected user of a warp specialization token');
      for (const region of user.regions) {
        for (const argUser of region.blocks[0]!.args[use.index]!.users) {
          b.setInsertionPoint(argUser);
          if (lowerUser(b, argUser, rings, token.loc)) lowered.push(argUser);
        }
      }
    }
  }
  for (const op of lowered) op.erase();
  for (const token of tokens) {
    const rings = ringsOf.get(token)!;
    for (const use of token.result(0).uses) {
      const parts = use.owner;
      if (!WarpSpecializePartitionsOp.is(parts)) continue;
      const k = use.index;
      const captures = parts.operandValues.filter((_, i) => i !== k);
      parts.setOperands([...captures, rings.full, rings.empty]);
      for (const region of parts.regions) {
        const block = region.blocks[0]!;
        block.eraseArgument(k);
        const fullArg = block.addArgument(rings.full.type, token.loc);
        rings.full.replaceUsesWithIf(fullArg, (u) => isInRegion(u.owner, region));
        const emptyArg = block.addArgument(rings.empty.type, token.loc);
        rings.empty.replaceUsesWithIf(emptyArg, (u) => isInRegion(u.owner, region));
      }
    }
    token.erase();
  }
}
