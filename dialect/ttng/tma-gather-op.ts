/**
 * `ttng.async_tma_gather` (Triton 3.6's AsyncTMAGatherOp): rows of a global matrix, each at its own x offset and a
 * common y offset, copied through a tensor descriptor into shared memory, arriving on an mbarrier.
 */
import { IntegerType, RankedTensorType } from '../ir/type.js';
import { defineOp } from '../ir/op-definition.js';
import { constraint } from '../common/type-constraints.js';
import { TensorDescType } from '../tt/types.js';
import { memDesc } from '../ttg/ops.js';
import './ops.js';

const i1 = constraint('1-bit signless integer', (t) => t instanceof IntegerType && t.width === 1);
const i32 = constraint('32-bit signless integer', (t) => t instanceof IntegerType && t.width === 32);
const tensorDesc = constraint('tensor descriptor', (t) => t instanceof TensorDescType);

const i32Tensor = constraint('ranked tensor of 32-bit signless integer values', (t) => t instanceof RankedTensorType && t.elementType instanceof IntegerType && t.elementType.width === 32);

export const AsyncTMAGatherOp = defineOp({
  name: 'ttng.async_tma_gather',
  operands: [
    { name: 'desc', kind: 'single', type: tensorDesc },
    { name: 'x_offsets', kind: 'single', type: i32Tensor },
    { name: 'y_offset', kind: 'single', type: i32 },
    { name: 'barrier', kind: 'single', type: memDesc },
    { name: 'result', kind: 'single', type: memDesc },
    { name: 'pred', kind: 'single', type: i1 },
  ],
  format: '$desc `[` $x_offsets `,` $y_offset `]` $result `,` $barrier `,` $pred attr-dict `:` type(operands)',
});
