/**
 * Inline PTX (Triton's PTXBuilder, reduced to what lowerings need): an instruction string whose operands are
 * `$0..$n` (outputs first, then inputs), a constraint list (`=r,=r,l,b`) and the input values.
 *
 *   const [v] = ptx(b, 'cvt.rn.f16.f32 $0, $1;', ['=h'], [[x, 'r']], [f16()]);
 *
 * Constraint letters: `h` 16-bit, `r` 32-bit, `l` 64-bit register (also pointers), `f` f32, `d` f64, `b`
 * predicate (i1), `c` 8-bit (Triton writes 8-bit values with `c`), `n` immediate; `=` marks an output.
 */
import type { Value } from '../dialect/ir/ir.js';
import { FloatType, IntegerType, type Type } from '../dialect/ir/type.js';
import { LLVMPointerType, LLVMStructType } from '../dialect/llvm/types.js';
import type { LLVMBuilder } from './builder.js';

/**
 * Emits `llvm.inline_asm` and returns the output values (one per entry of `outConstraints`, typed by
 * `outTypes`). Several outputs come back in a struct that is unpacked here.
 */
export function ptx(
  b: LLVMBuilder,
  asm: string,
  outConstraints: readonly string[],
  ins: readonly (readonly [Value, string])[],
  outTypes: readonly Type[],
  hasSideEffects = true,
): Value[] {
  const constraints = [...outConstraints, ...ins.map(([, c]) => c)].join(',');
  const operands = ins.map(([v]) => v);
  if (outConstraints.length === 0) {
    b.inlineAsm(asm, constraints, operands, undefined, hasSideEffects);
    return [];
  }
  if (outConstraints.length === 1) return [b.inlineAsm(asm, constraints, operands, outTypes[0]!, hasSideEffects)!];
  const st = LLVMStructType.getLiteral(outTypes);
  const r = b.inlineAsm(asm, constraints, operands, st, hasSideEffects)!;
  return outTypes.map((_, i) => b.extractValue(r, i));
}

/** The register constraint letter of a value type (`h`, `r`, `l`, `b`, ...). */
export function constraintOf(t: Type): string {
  if (t instanceof LLVMPointerType) return t.addressSpace === 3 ? 'r' : 'l';
  if (t instanceof IntegerType) {
    if (t.width === 1) return 'b';
    if (t.width <= 8) return 'c';
    if (t.width <= 16) return 'h';
    if (t.width <= 32) return 'r';
    return 'l';
  }
  if (t instanceof FloatType) {
    if (t.width <= 16) return 'h';
    if (t.width === 32) return 'f';
    return 'd';
  }
  return 'r';
}

/** The PTX register constraint for an integer of `bits` bits (Triton's getPtxRegisterSizeCode). */
export function regConstraint(bits: number): string {
  if (bits <= 8) return 'c';
  if (bits <= 16) return 'h';
  if (bits <= 32) return 'r';
  return 'l';
}
