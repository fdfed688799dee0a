/**
 * MLIR's constant folders of `llvm.shl` and `llvm.or` (LLVMDialect.cpp: both operands constant; a shift by the
 * width or more is left alone) and the LLVM dialect's constant materializer (an integer result becomes an
 * `llvm.mlir.constant`), so canonicalize folds the index arithmetic the TritonGPU→LLVM lowering leaves with a
 * known CTA id as Triton's does.
 */
import { IntegerAttr } from '../ir/attribute.js';
import { createOperation } from '../ir/create.js';
import { IntegerType } from '../ir/type.js';
import { registerConstantMaterializer, registerFolder } from '../ir/rewrite/registry.js';

registerFolder('llvm.shl', (op, [lhs, rhs]) => {
  if (!(rhs instanceof IntegerAttr) || !(lhs instanceof IntegerAttr)) return undefined;
  const t = op.result(0).type;
  if (!(t instanceof IntegerType)) return undefined;
  const amount = BigInt.asUintN(t.width, rhs.value);
  if (amount >= BigInt(t.width)) return undefined;
  return IntegerAttr.get(t, lhs.value << amount);
});

registerFolder('llvm.or', (op, [lhs, rhs]) => {
  if (!(lhs instanceof IntegerAttr) || !(rhs instanceof IntegerAttr)) return undefined;
  const t = op.result(0).type;
  if (!(t instanceof IntegerType)) return undefined;
  return IntegerAttr.get(t, lhs.value | rhs.value);
});

registerConstantMaterializer('llvm', (builder, value, type, loc) => {
  if (!(value instanceof IntegerAttr) || !(type instanceof IntegerType) || value.type !== type) return undefined;
  return builder.insert(createOperation({ name: 'llvm.mlir.constant', resultTypes: [type], attributes: [['value', value]], loc }));
});
