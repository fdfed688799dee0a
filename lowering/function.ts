/**
 * Functions, calls and returns (Triton 3.6's FuncOpToLLVM + ControlFlowOpToLLVM call/return patterns).
 *
 * `tt.func` becomes `llvm.func` with Triton's ABI:
 * - kernels (public functions): the signature gets two trailing `!llvm.ptr<1>` parameters (global scratch and
 *   profile scratch), attributes `nvvm.kernel = 1 : ui1` and `nvvm.reqntid = array<i32: 32 * numWarps>`,
 *   external linkage; the shared memory base is the module global `@global_smem`;
 * - device functions: a leading extra `!llvm.ptr<3>` (shared memory base) before the two scratch pointers,
 *   internal linkage, `passthrough = ["noinline"]` and `nvvm.reqntid`;
 * - every other attribute of the `tt.func` is kept (e.g. `noinline = false`), argument attributes are kept and
 *   padded with empty dictionaries for the extra parameters.
 * `tt.return` becomes `llvm.return` (several results packed in a struct); `tt.call` passes the caller's shared
 * memory base (plus the call's `allocation.offset`) and scratch pointers.
 */
import { UnsupportedInputError } from '../dialect/ir/diagnostics.js';
import { ArrayAttr, DenseArrayAttr, DictionaryAttr, IntegerAttr, StringAttr, SymbolRefAttr, TypeAttr, type Attribute } from '../dialect/ir/attribute.js';
import { createOperation } from '../dialect/ir/create.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import { FunctionType, IntegerType, type Type } from '../dialect/ir/type.js';
import { LLVMEnumAttr } from '../dialect/llvm/attrs.js';
import { LLVMFunctionType, LLVMPointerType, LLVMStructType, LLVMVoidType } from '../dialect/llvm/types.js';
import type { LLVMBuilder } from './builder.js';
import { registerLowering, type LoweringContext } from './conversion.js';
import { convertType, isAggregateType, loweredValueTypes } from './type-converter.js';
import { CallOp, FuncOp, ReturnOp } from '../dialect/tt/ops.js';
import { LLVMFuncOp } from '../dialect/llvm/ops.js';
import { withByvalTmaDescAttrs } from './tma-desc-args.js';

/** Triton's LLVM::isKernel: public functions are kernels. */
export function isKernel(func: Operation): boolean {
  const v = func.getAttr('sym_visibility');
  return !(v instanceof StringAttr) || v.value === 'public';
}

export interface ConvertedFunction {
  func: Operation;
  smemArg: Value | undefined;
  globalScratchArg: Value;
  profileScratchArg: Value;
  /** Number of original (TritonGPU-typed) entry arguments, before the converted ones. */
  numOrigArgs: number;
}

function functionType(op: Operation): FunctionType {
  const ft = FuncOp.function_type(op).value;
  if (!(ft instanceof FunctionType)) throw new Error(`${op.name} has no function type`);
  return ft;
}

/** Converts one `tt.func` into an `llvm.func` in place of it (the body region is moved, entry arguments retyped). */
export function convertFuncOp(op: Operation, numWarps: number): ConvertedFunction {
  const kernel = isKernel(op);
  const ft = functionType(op);
  const smemPtr = LLVMPointerType.get(3);
  const gPtr = LLVMPointerType.get(1);
  const inputs: Type[] = ft.inputs.map(convertType);
  if (!kernel) inputs.push(smemPtr);
  inputs.push(gPtr, gPtr);
  const results = ft.results;
  const ret: Type = results.length === 0 ? LLVMVoidType.get() : results.length === 1 ? convertType(results[0]!) : LLVMStructType.getLiteral(results.map(convertType));
  const llvmFt = LLVMFunctionType.get(ret, inputs);

  const attrs: [string, Attribute][] = [];
  for (const [k, v] of op.attributes) {
    if (k === 'sym_name' || k === 'function_type' || k === 'arg_attrs' || k === 'sym_visibility' || k === 'std.varargs') continue;
    attrs.push([k, v]);
  }
  attrs.unshift(['sym_name', op.getAttr('sym_name')!], ['function_type', TypeAttr.get(llvmFt)]);
  const argAttrs = op.getAttr('arg_attrs');
  if (argAttrs instanceof ArrayAttr) {
    const list = [...argAttrs.elements];
    while (list.length < inputs.length) list.push(DictionaryAttr.get([]));
    attrs.push(['arg_attrs', ArrayAttr.get(kernel ? list.map(withByvalTmaDescAttrs) : list)]);
  }
  if (kernel) {
    attrs.push(['nvvm.kernel', IntegerAttr.get(IntegerType.get(1, 'unsigned'), 1)]);
  } else {
    attrs.push(['passthrough', ArrayAttr.get([StringAttr.get('noinline')])]);
    attrs.push(['linkage', LLVMEnumAttr.get('linkage', 'internal')]);
  }
  const module = op.parentOp;
  const total = module?.getAttr('ttg.total-num-warps');
  const warps = total instanceof IntegerAttr ? total.num : numWarps;
  const maxnreg = module?.getAttr('ttg.maxnreg');
  if (maxnreg) attrs.push(['nvvm.maxnreg', maxnreg]);
  // A kernel of several CTAs asks PTX for that many CTAs per cluster (.reqnctapercluster).
  const numCTAs = module?.getAttr('ttg.num-ctas');
  if (numCTAs instanceof IntegerAttr && numCTAs.num > 1) attrs.push(['nvvm.cluster_dim', DenseArrayAttr.get(IntegerType.get(32), [numCTAs.num])]);
  attrs.push(['nvvm.reqntid', DenseArrayAttr.get(IntegerType.get(32), [32 * warps])]);

  const func = createOperation({ name: 'llvm.func', attributes: sortAttrs(attrs), regions: 1, loc: op.loc });
  op.parent!.insertBefore(op, func);
  func.region(0).takeBody(op.region(0));
  const entry = func.region(0).blocks[0];
  let smemArg: Value | undefined;
  let globalScratchArg: Value;
  let profileScratchArg: Value;
  const numOrigArgs = entry?.args.length ?? 0;
  if (entry) {
    // New arguments of the converted types follow the original ones (erased once the body is converted).
    for (let i = 0; i < numOrigArgs; i++) entry.addArgument(convertType(entry.args[i]!.type), entry.args[i]!.loc);
    if (!kernel) smemArg = entry.addArgument(smemPtr, op.loc);
    globalScratchArg = entry.addArgument(gPtr, op.loc);
    profileScratchArg = entry.addArgument(gPtr, op.loc);
  } else {
    throw new UnsupportedInputError('external tt.func declarations are not supported');
  }
  op.erase();
  return { func, smemArg, globalScratchArg, profileScratchArg, numOrigArgs };
}

/** Attributes in the order MLIR keeps them (sorted by name; the printer prints the attr-dict sorted anyway). */
function sortAttrs(a: [string, Attribute][]): [string, Attribute][] {
  return [...a].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
}

/** Packs a list of lowered values of TritonGPU type `t` into one LLVM value. */
export function packValue(b: LLVMBuilder, vals: readonly Value[], t: Type): Value {
  if (!isAggregateType(t)) return vals[0]!;
  return b.packStruct(vals, convertType(t));
}

registerLowering(ReturnOp, (op, ctx) => {
  const b = ctx.b;
  const func = ctx.fn.func;
  const ft = LLVMFuncOp.function_type(func).value as LLVMFunctionType;
  const vals = op.operandValues.map((_, i) => ctx.packedOperand(i));
  let operands: Value[] = [];
  if (vals.length === 1) operands = [vals[0]!];
  else if (vals.length > 1) operands = [b.packStruct(vals, ft.returnType)];
  b.create('llvm.return', operands, []);
});

function lowerCall(op: Operation, ctx: LoweringContext): void {
  const b = ctx.b;
  const callee = op.getAttr('callee');
  if (!(callee instanceof SymbolRefAttr)) ctx.error('indirect calls are not supported');
  const args = op.operandValues.map((_, i) => ctx.packedOperand(i));
  // Shared memory of the callee lives at the call's allocation offset within the caller's shared memory.
  args.push(op.getAttr('allocation.offset') ? ctx.sharedMemoryBase(op) : ctx.smemBase());
  const scratch = ctx.globalScratchBase();
  const gOff = op.getAttr('ttg.global_scratch_memory_offset');
  args.push(gOff instanceof IntegerAttr && gOff.num !== 0 ? b.gep(scratch, IntegerType.get(8), b.i32(gOff.num)) : scratch);
  args.push(ctx.fn.profileScratchArg ?? scratch);
  const results = op.results;
  const retType = results.length === 0 ? undefined : results.length === 1 ? convertType(results[0]!.type) : LLVMStructType.getLiteral(results.map((r) => convertType(r.type)));
  const r = b.call(callee.root, args, retType);
  if (results.length === 0) {
    ctx.replace([]);
    return;
  }
  if (results.length === 1) {
    ctx.replace([isAggregateType(results[0]!.type) ? b.unpackStruct(r!) : [r!]]);
    return;
  }
  const outs = results.map((res, i) => {
    const f = b.extractValue(r!, i);
    return isAggregateType(res.type) ? b.unpackStruct(f) : [f];
  });
  ctx.replace(outs);
}
registerLowering(CallOp, lowerCall);

/** The lowered-value types of a TritonGPU type (re-exported for patterns). */
export { loweredValueTypes };
