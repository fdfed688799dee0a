/**
 * The part of Triton 3.6's NVWS dialect that the Hopper automatic warp specialization uses between its code
 * partition and its token lowering (NVWSOps.td): `!nvws.token`, and the ops on a tensor of tokens (one per
 * buffer of a channel) that stand for the full/empty barrier pairs until doTokenLowering replaces them.
 * `loadType` is Triton's TokenLoadType, an i32 enum printed as its number (2 = a TMA load).
 */
import { defineOp } from '../ir/op-definition.js';
import { intern, IntegerType, RankedTensorType, Type } from '../ir/type.js';
import type { AsmPrinter } from '../ir/asm-interfaces.js';
import { registerTypeParser } from '../ir/dialect-registry.js';
import { i32Attr } from '../common/attr-kinds.js';
import { constraint } from '../common/type-constraints.js';

export class NvwsTokenType extends Type {
  static get(): NvwsTokenType {
    return intern(new NvwsTokenType());
  }
  print(p: AsmPrinter): void {
    p.write('!nvws.token');
  }
}
registerTypeParser('nvws.token', () => NvwsTokenType.get());

/** Triton's TokenLoadType: how the producer fills a channel's buffer. */
export const TOKEN_LOAD_TYPE = { none: 0, asyncLoadOp: 1, tmaLoadOp: 2, localStoreOp: 3, tmemLoadOp: 4 } as const;

const tokens = constraint('tensor of nvws tokens', (t) => t instanceof RankedTensorType && t.elementType instanceof NvwsTokenType);
const i1 = constraint('1-bit signless integer', (t) => t instanceof IntegerType && t.width === 1);
const i32 = constraint('32-bit signless integer', (t) => t instanceof IntegerType && t.width === 32);

export const CreateTokenOp = defineOp({
  name: 'nvws.create_token',
  attributes: [
    { name: 'numBuffers', kind: i32Attr },
    { name: 'loadType', kind: i32Attr },
  ],
  results: [{ name: 'result', kind: 'single', type: tokens }],
  format: 'attr-dict `:` type($result)',
});

export const ProducerAcquireOp = defineOp({
  name: 'nvws.producer_acquire',
  operands: [
    { name: 'token', kind: 'single', type: tokens },
    { name: 'idx', kind: 'single', type: i32 },
    { name: 'phase', kind: 'single', type: i1 },
  ],
  format: '$token `,` $idx `,` $phase attr-dict `:` type(operands)',
});

export const ProducerCommitOp = defineOp({
  name: 'nvws.producer_commit',
  operands: [
    { name: 'token', kind: 'single', type: tokens },
    { name: 'idx', kind: 'single', type: i32 },
  ],
  format: '$token `,` $idx attr-dict `:` type(operands)',
});

export const ConsumerWaitOp = defineOp({
  name: 'nvws.consumer_wait',
  operands: [
    { name: 'token', kind: 'single', type: tokens },
    { name: 'idx', kind: 'single', type: i32 },
    { name: 'phase', kind: 'single', type: i1 },
  ],
  format: '$token `,` $idx `,` $phase attr-dict `:` type(operands)',
});

export const ConsumerReleaseOp = defineOp({
  name: 'nvws.consumer_release',
  operands: [
    { name: 'token', kind: 'single', type: tokens },
    { name: 'idx', kind: 'single', type: i32 },
  ],
  format: '$token `,` $idx attr-dict `:` type(operands)',
});
