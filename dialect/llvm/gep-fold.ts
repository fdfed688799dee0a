/**
 * MLIR's LLVM::GEPOp::fold (LLVMDialect.cpp), which canonicalize and every greedy rewrite apply:
 * - `gep %p[0]` to the pointer's own type is `%p`;
 * - a dynamic index that is a constant fitting the 29 bits a static GEP index keeps becomes static
 *   (`gep %p[%c65536]` → `gep %p[65536]`, in place), so the constant may die.
 */
import { DenseArrayAttr, IntegerAttr } from '../ir/attribute.js';
import { IntegerType } from '../ir/type.js';
import { registerFolder } from '../ir/rewrite/registry.js';

const K_DYNAMIC_INDEX = -2147483648;
const fitsStatic = (v: number): boolean => Number.isInteger(v) && v >= -(2 ** 28) && v < 2 ** 28;

registerFolder('llvm.getelementptr', (op, operands) => {
  const raw = op.getAttr('rawConstantIndices');
  if (!(raw instanceof DenseArrayAttr)) return undefined;
  const indices = [...raw.values];
  // The constant value of each index (static, or a dynamic operand known to be constant).
  let dyn = 1;
  const constants = indices.map((v) => {
    if (v !== K_DYNAMIC_INDEX) return v;
    const a = operands[dyn++];
    return a instanceof IntegerAttr ? a.num : undefined;
  });
  const base = op.operand(0);
  if (base.type === op.result(0).type && indices.length === 1 && constants[0] === 0) return base;
  let changed = false;
  const dynamicOperands = op.operandValues.slice(1);
  const keptDynamic = [];
  let k = 0;
  for (let i = 0; i < indices.length; i++) {
    if (indices[i] !== K_DYNAMIC_INDEX) continue;
    const c = constants[i];
    if (c !== undefined && fitsStatic(c)) {
      indices[i] = c;
      changed = true;
    } else keptDynamic.push(dynamicOperands[k]!);
    k++;
  }
  if (!changed) return undefined;
  op.setOperands([base, ...keptDynamic]);
  op.setAttr('rawConstantIndices', DenseArrayAttr.get(IntegerType.get(32), indices));
  return op.result(0);
});
