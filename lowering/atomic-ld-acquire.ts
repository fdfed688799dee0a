/**
 * Triton 3.6's promotion of a scalar atomic that cannot change memory to a plain acquire/relaxed load
 * (isPromotableToNVPTXLD in LoadStoreOpToLLVM.cpp): `tt.atomic_rmw add|fadd, acquire|relaxed, cta|gpu|sys` of
 * a constant 0 on a scalar pointer reads the value with `nvg.ld_acquire` (`ld.global.<scope>.<sem>.bN` once
 * convert-nv-gpu-to-llvm runs) instead of an `atom`. The result still reaches every thread through shared memory.
 */
import { FloatAttr, IntegerAttr } from '../dialect/ir/attribute.js';
import type { Operation } from '../dialect/ir/ir.js';
import { FloatType, IntegerType, RankedTensorType, type Type } from '../dialect/ir/type.js';
import { ConstantOp } from '../dialect/arith/ops.js';
import { AtomicRMWOp } from '../dialect/tt/ops.js';

/** The load to emit instead of the atomic (`sem`, `scope`), or undefined when the atomic must stay. */
export function ldAcquirePromotion(
  op: Operation,
  elemTy: Type,
  rmw: string,
  sem: string,
  scope: string,
): { sem: 'acquire' | 'relaxed'; scope: 'cta' | 'gpu' | 'sys' } | undefined {
  if (!(elemTy instanceof IntegerType) && !(elemTy instanceof FloatType)) return undefined;
  if (sem !== 'acquire' && sem !== 'relaxed') return undefined;
  if (scope !== 'cta' && scope !== 'gpu' && scope !== 'sys') return undefined;
  if (rmw !== 'add' && rmw !== 'fadd') return undefined;
  if (op.result(0).type instanceof RankedTensorType) return undefined;
  const def = AtomicRMWOp.val(op).definingOp;
  if (!def || !ConstantOp.is(def)) return undefined;
  const v = ConstantOp.value(def);
  if (v instanceof FloatAttr) {
    if (v.value !== 0) return undefined;
  } else if (v instanceof IntegerAttr) {
    if (v.num !== 0) return undefined;
  } else return undefined;
  return { sem, scope };
}
