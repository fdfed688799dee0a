/**
 * `ttng.tmem_subslice` (Triton 3.6's TMEMSubSliceOp): a view of columns [N, N + n) of a 2-D tensor memory
 * descriptor (tensor memory is sliced along its inner dimension only). The result keeps the source's blockM,
 * CTA split and column stride; its blockN may shrink to the slice width.
 */
import { defineOp } from '../ir/op-definition.js';
import { i32Attr } from '../common/attr-kinds.js';
import { MemDescType } from '../ttg/types.js';
import { memDesc } from '../ttg/ops.js';
import { TensorMemoryEncodingAttr } from './attrs.js';
import './ops.js';

function tmemEncoding(t: unknown): TensorMemoryEncodingAttr | undefined {
  return t instanceof MemDescType && t.encoding instanceof TensorMemoryEncodingAttr ? t.encoding : undefined;
}

export const TMEMSubSliceOp = defineOp({
  name: 'ttng.tmem_subslice',
  operands: [{ name: 'src', kind: 'single', type: memDesc }],
  results: [{ name: 'result', kind: 'single', type: memDesc }],
  attributes: [{ name: 'N', kind: i32Attr }],
  traits: ['Pure'],
  format: '$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))',
  verify: (op) => {
    const src = tmemEncoding(op.operand(0).type);
    if (!src) return 'The source must be a tensor memory buffer.';
    if (src.blockM !== 64 && src.blockM !== 128) {
      return `The source tensor memory descriptor must have a 128xN or 64xN layout, got block_m=${src.blockM}`;
    }
    const dst = tmemEncoding(op.result(0).type);
    if (!dst) return 'The destination must be a tensor memory buffer.';
    if (dst.blockM !== src.blockM || dst.ctaSplitM !== src.ctaSplitM || dst.ctaSplitN !== src.ctaSplitN || dst.colStride !== src.colStride) {
      return 'The destination must have the same block size and CTASplit size as the source.';
    }
    return undefined;
  },
});
