/**
 * Shared encodings of tensor descriptors (Triton 3.6's TMAUtilities): the CGA layout of an encoding adapted to a
 * tensor of another rank (leading dims dropped, or added as size-1 dims for rank-reducing loads), and an NVMMA /
 * swizzled shared encoding re-ranked for the descriptor's block shape.
 */
import type { Attribute } from '../../dialect/ir/attribute.js';
import { Diagnostic, DiagnosticError } from '../../dialect/ir/diagnostics.js';
import type { Operation } from '../../dialect/ir/ir.js';
import type { Bases } from '../../dialect/ttg/attrs/common.js';
import { NVMMASharedEncodingAttr, SwizzledSharedEncodingAttr } from '../../dialect/ttg/attrs/shared.js';

/** updateCTALayoutForShape: bases over `rank` dims (the first dims dropped, or size-1 dims put in front). */
export function cgaForRank(cga: Bases, rank: number): Bases {
  if (cga.length === 0) return cga;
  const have = cga[0]!.length;
  if (have === rank) return cga;
  if (have > rank) return cga.map((b) => b.slice(have - rank));
  return cga.map((b) => [...new Array<number>(rank - have).fill(0), ...b]);
}

/** updateEncodingForShape: `enc` for a block of `shape`. */
export function encodingForShape(op: Operation | undefined, enc: Attribute, shape: readonly number[]): Attribute {
  const rank = shape.length;
  if (enc instanceof NVMMASharedEncodingAttr) {
    return NVMMASharedEncodingAttr.get({
      swizzlingByteWidth: enc.swizzlingByteWidth,
      transposed: enc.transposed,
      elementBitWidth: enc.elementBitWidth,
      fp4Padded: enc.fp4Padded,
      cgaLayout: cgaForRank(enc.cgaLayout, rank),
      rank,
    });
  }
  if (enc instanceof SwizzledSharedEncodingAttr) {
    const order: number[] = [];
    for (let i = 0; i + enc.order.length < rank; i++) order.push(rank - i - 1);
    for (const o of enc.order) if (o < rank) order.push(o);
    return SwizzledSharedEncodingAttr.get({ vec: enc.vec, perPhase: enc.perPhase, maxPhase: enc.maxPhase, order, cgaLayout: cgaForRank(enc.cgaLayout, rank) });
  }
  throw new DiagnosticError(new Diagnostic('error', 'Internal Error: Unhandled tensor descriptor encoding', op?.loc));
}
