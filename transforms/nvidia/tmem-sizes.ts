/**
 * The tensor-memory footprint of a TMEM memdesc (Triton 3.6's getTmemAllocSizes): rows and 32-bit columns of its
 * last two dimensions' layout, times the buffer count of a 3-D (multi-buffered) memdesc. Read off the shape of
 * Triton's TMEM linear layouts (tensorMemoryToLinearLayout / tensorMemoryScalesToLinearLayout) without building
 * them: the `row` in-dimension spans 128 lanes (halved when the 16-row basis is a zero, i.e. one 16-row block per
 * warp), the `col` in-dimension the column stride × block columns × repetitions; CTA splits divide out.
 */
import { MemDescType } from '../../dialect/ttg/types.js';
import { TensorMemoryEncodingAttr, TensorMemoryScalesEncodingAttr } from '../../dialect/ttng/attrs.js';
import { IntegerType, FloatType, type Type } from '../../dialect/ir/type.js';

export interface TmemAllocation {
  numRows: number;
  numCols: number;
}

function bitWidth(t: Type): number {
  if (t instanceof IntegerType) return t.width;
  if (t instanceof FloatType) return t.width;
  return 32;
}

function pow2Above(n: number): number {
  let p = 1;
  while (p <= n) p *= 2;
  return p;
}

/** `row`/`col` in-dimension sizes and whether the 16-row basis is zero, of an unsplit TMEM encoding. */
function tmemShape(shape: readonly number[], enc: TensorMemoryEncodingAttr): { rows: number; cols: number; row16Zero: boolean } {
  const [m, n] = [shape[0]!, shape[1]!];
  const blockN = Math.min(enc.blockN, n);
  if (enc.blockM === 64) {
    // Rows: 16 lanes, then one of (64, 0) / (0, blockN) / zero, then (16, 0), (32, 0).
    let outM = 64;
    let outN = blockN;
    let row16Zero = false;
    if (m > 64) outM = 128;
    else if (n > blockN) outN = 2 * blockN;
    else row16Zero = true;
    // The out-dimension sizes are the powers of two above the largest basis values.
    outM = pow2Above(outM - 1);
    outN = pow2Above(outN - 1);
    const reps = Math.max(1, m / outM) * Math.max(1, n / outN);
    return { rows: 128, cols: enc.colStride * blockN * reps, row16Zero };
  }
  const reps = Math.max(1, m / enc.blockM) * Math.max(1, n / blockN);
  return { rows: enc.blockM, cols: enc.colStride * blockN * reps, row16Zero: false };
}

function splitShape(shape: readonly number[], enc: TensorMemoryEncodingAttr): { rows: number; cols: number; row16Zero: boolean } {
  if (enc.ctaSplitN > 1) {
    const inner = splitShape([shape[0]!, shape[1]! / enc.ctaSplitN], TensorMemoryEncodingAttr.get({ ...encParams(enc), ctaSplitN: 1 }));
    return { ...inner, cols: inner.cols * enc.ctaSplitN };
  }
  if (enc.ctaSplitM > 1) {
    let blockM = enc.blockM;
    let splitM = enc.ctaSplitM;
    if (blockM === 64 && enc.twoCTAs) {
      blockM *= 2;
      splitM /= 2;
    }
    const inner = tmemShape([shape[0]! / splitM, shape[1]!], TensorMemoryEncodingAttr.get({ ...encParams(enc), blockM, ctaSplitM: 1 }));
    return { ...inner, cols: inner.cols * splitM };
  }
  return tmemShape(shape, enc);
}

function encParams(enc: TensorMemoryEncodingAttr): { blockM: number; blockN: number; colStride: number; ctaSplitM: number; ctaSplitN: number; twoCTAs: boolean } {
  return { blockM: enc.blockM, blockN: enc.blockN, colStride: enc.colStride, ctaSplitM: enc.ctaSplitM, ctaSplitN: enc.ctaSplitN, twoCTAs: enc.twoCTAs };
}

function scalesShape(shape: readonly number[], enc: TensorMemoryScalesEncodingAttr): { rows: number; cols: number; row16Zero: boolean } {
  const m = shape[0]! / enc.ctaSplitM;
  const n = shape[1]! / enc.ctaSplitN;
  // 32 lanes × 4 broadcast warps; columns: 4 along N, 2 along M, then repetitions.
  const cols = 8 * Math.ceil(m / 64) * Math.ceil(n / 4) * enc.ctaSplitM * enc.ctaSplitN;
  return { rows: 128, cols, row16Zero: m <= 16 };
}

/** Rows and 32-bit columns a TMEM memdesc occupies, or undefined when its encoding is not a TMEM one. */
export function tmemAllocSizes(t: MemDescType): TmemAllocation | undefined {
  const shape = t.shape.slice(-2);
  let s: { rows: number; cols: number; row16Zero: boolean };
  let split = 1;
  if (t.encoding instanceof TensorMemoryEncodingAttr) {
    s = splitShape(shape, t.encoding);
    split = t.encoding.ctaSplitM * t.encoding.ctaSplitN;
  } else if (t.encoding instanceof TensorMemoryScalesEncodingAttr) {
    s = scalesShape(shape, t.encoding);
    split = t.encoding.ctaSplitM * t.encoding.ctaSplitN;
  } else return undefined;
  let numRows = s.rows;
  let numCols = Math.trunc(s.cols / Math.trunc(32 / bitWidth(t.elementType)));
  if (s.row16Zero) numRows /= 2;
  numCols = Math.trunc(numCols / split);
  if (t.shape.length > 2) numCols *= t.shape[0]!;
  return { numRows, numCols };
}
