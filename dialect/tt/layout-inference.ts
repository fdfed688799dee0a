/**
 * What Triton ops ask of the layout dialect that gives their tensors encodings (Triton's
 * DialectInferLayoutInterface, implemented by TritonGPU): the tt dialect names the questions, ttg registers the
 * answers (dialect/ttg/layout-inference.ts), so tt never imports ttg. Without a registered layout dialect an
 * encoding is kept as it is and no layout is checked.
 */
import type { Attribute } from '../ir/attribute.js';
import type { Operation } from '../ir/ir.js';

export interface LayoutInference {
  /** The operand encoding a join result of `shape` implies (inferSplitOpEncoding), or why there is none. */
  splitEncoding(enc: Attribute, shape: readonly number[]): Attribute | string;
  /** Structural equality of two layouts of a tensor of `shape` (verifyLayoutsAreEqual). */
  layoutsEqual(shape: readonly number[], a: Attribute, b: Attribute | undefined): boolean;
  /** The encoding of tt.expand_dims' result at `axis` (inferExpandDimsOpEncoding); throws Triton's error. */
  expandDimsEncoding(enc: Attribute, axis: number): Attribute;
  /** The encoding of a reduction's result along `axis` (inferReduceOpEncoding). */
  reduceEncoding(enc: Attribute | undefined, axis: number): Attribute | undefined;
  /** tt.dot's operand encoding check (verifyDotOpEncodingCompatibility): Triton's emitError or emitOpError text. */
  verifyDotEncodings(dot: Operation, aEnc: Attribute, bEnc: Attribute): { plain: string } | { opError: string } | undefined;
}

let registered: LayoutInference | undefined;

export function registerLayoutInference(i: LayoutInference): void {
  registered = i;
}

/** The registered layout dialect's answers, or undefined when none is registered. */
export function layoutInference(): LayoutInference | undefined {
  return registered;
}
