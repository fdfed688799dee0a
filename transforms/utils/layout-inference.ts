/**
 * Result-encoding inference of the shape ops, as Triton 3.6's TritonGPUInferLayoutInterface: the layout
 * that makes `tt.reduce`, `tt.expand_dims`, `tt.trans`, `tt.join` and `tt.split` "nops" (every thread keeps
 * the elements it held). Blocked layouts get blocked results; other distributed layouts would go through
 * linear layouts (returned as undefined here when no closed form exists, so callers can report it).
 */
import type { Attribute } from '../../dialect/ir/attribute.js';
import { BlockedEncodingAttr, DistributedEncodingAttr, SliceEncodingAttr, type Bases } from '../../dialect/ttg/attrs/index.js';
import { applyPermutation, inversePermutation, isIota } from './layout.js';

/** inferReduceOpEncoding: the operand's layout sliced along the reduced axis. */
export function inferReduceEncoding(operandEnc: Attribute, axis: number): Attribute | undefined {
  if (!(operandEnc instanceof DistributedEncodingAttr)) return undefined;
  return SliceEncodingAttr.get(axis, operandEnc);
}

/** inferExpandDimsOpEncoding: a slice along `axis` expands back to its parent. */
export function inferExpandDimsEncoding(operandEnc: Attribute, axis: number): Attribute | undefined {
  if (operandEnc instanceof SliceEncodingAttr && operandEnc.dim === axis) return operandEnc.parent;
  return undefined;
}

/** Permutes the out dims of CGA bases (transposeLinearLayout on the block bases). */
function permuteCGA(cga: Bases, order: readonly number[]): Bases {
  return cga.map((b) => applyPermutation(b, order));
}

/** inferTransOpEncoding: per-dim parameters permuted by `order`, the layout order renumbered. */
export function inferTransEncoding(operandEnc: Attribute, order: readonly number[]): Attribute | undefined {
  if (isIota(order)) return operandEnc;
  if (operandEnc instanceof BlockedEncodingAttr) {
    if (operandEnc.rank !== order.length) return undefined;
    const inv = inversePermutation(order);
    return BlockedEncodingAttr.get({
      sizePerThread: applyPermutation(operandEnc.sizePerThread, order),
      threadsPerWarp: applyPermutation(operandEnc.threadsPerWarp, order),
      warpsPerCTA: applyPermutation(operandEnc.warpsPerCTA, order),
      order: applyPermutation(inv, operandEnc.order),
      cgaLayout: permuteCGA(operandEnc.cgaLayout, order),
    });
  }
  return undefined;
}

/** inferDefaultJoinOpEncoding for blocked operands: a new fastest dim of two elements per thread. */
export function inferJoinEncoding(operandEnc: Attribute): Attribute | undefined {
  if (operandEnc instanceof BlockedEncodingAttr) {
    return BlockedEncodingAttr.get({
      sizePerThread: [...operandEnc.sizePerThread, 2],
      threadsPerWarp: [...operandEnc.threadsPerWarp, 1],
      warpsPerCTA: [...operandEnc.warpsPerCTA, 1],
      order: [operandEnc.rank, ...operandEnc.order],
      cgaLayout: operandEnc.cgaLayout.map((b) => [...b, 0]),
    });
  }
  return undefined;
}

/** Whether a blocked layout holds the last dim as 2 register elements (a "simple" split). */
export function isSimpleSplitSource(enc: Attribute | undefined): enc is BlockedEncodingAttr {
  if (!(enc instanceof BlockedEncodingAttr)) return false;
  const r = enc.rank;
  const lastDimCTAs = enc.cgaLayout.some((b) => b[r - 1] !== 0);
  return enc.sizePerThread[r - 1] === 2 && enc.threadsPerWarp[r - 1] === 1 && enc.warpsPerCTA[r - 1] === 1 && !lastDimCTAs;
}

/** inferSplitOpEncoding for a simple split: the last dim dropped. */
export function inferSplitEncoding(operandEnc: Attribute): Attribute | undefined {
  if (!isSimpleSplitSource(operandEnc)) return undefined;
  const r = operandEnc.rank;
  return BlockedEncodingAttr.get({
    sizePerThread: operandEnc.sizePerThread.slice(0, r - 1),
    threadsPerWarp: operandEnc.threadsPerWarp.slice(0, r - 1),
    warpsPerCTA: operandEnc.warpsPerCTA.slice(0, r - 1),
    order: operandEnc.order.filter((d) => d !== r - 1),
    cgaLayout: operandEnc.cgaLayout.map((b) => b.slice(0, r - 1)),
  });
}
