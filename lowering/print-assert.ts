/**
 * Device-side printing and assertions (Triton 3.6's PrintOpToLLVM / AssertOpToLLVM for NVIDIA).
 *
 * `tt.print` calls `vprintf(format, args)` once per register of each operand, where the format is
 *   "pid (%u, %u, %u) idx (%Nu, ...)<prefix>[(operand k) ]<elem>\n"
 * (`idx` are the element's coordinates, N the digits of each dim; `<elem>` is %f for floats, %i / %lli or %u /
 * %llu for integers following `isSigned`, %p for pointers, 0x%0Nx in hex) and the arguments are stored in an
 * `llvm.alloca`ed struct (integers widened to 32 bits, floats to f64). Formats are `printfFormat_<n>` string
 * globals. Without operands it prints "pid (%u, %u, %u)<prefix>".
 *
 * `tt.assert` ors "element is false" over the thread's registers, calls
 * `__assertfail(message, file, line, function, 1)` in a conditional block, and ends with a CTA barrier so no thread
 * runs ahead of a failing one. File, line and function come from the op's location (call sites unwrapped).
 */
import { ArrayAttr, DenseArrayAttr, IntegerAttr, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr } from '../dialect/ir/attribute.js';
import { createOperation } from '../dialect/ir/create.js';
import { Block, type Operation, type Value } from '../dialect/ir/ir.js';
import { CallSiteLoc, FileLineColLoc, NameLoc, FusedLoc, type Location } from '../dialect/ir/location.js';
import { FloatType, IntegerType, RankedTensorType, type Type } from '../dialect/ir/type.js';
import { LLVMEnumAttr } from '../dialect/llvm/attrs.js';
import { LLVMArrayType, LLVMFunctionType, LLVMPointerType, LLVMStructType, LLVMVoidType } from '../dialect/llvm/types.js';
import type { LLVMBuilder } from './builder.js';
import { registerLowering, type LoweringContext } from './conversion.js';
import { emitIndices } from './layout-indices.js';
import { AssertOp, PrintOp } from '../dialect/tt/ops.js';

const PTR = (): LLVMPointerType => LLVMPointerType.get(0);
const K_DYNAMIC_INDEX = -2147483648;

function moduleOf(ctx: LoweringContext): Operation {
  return ctx.fn.func.parentOp!;
}
function moduleBody(ctx: LoweringContext): NonNullable<Operation['parent']> {
  return moduleOf(ctx).region(0).blocks[0]!;
}

function hasSymbol(ctx: LoweringContext, name: string): boolean {
  return moduleBody(ctx).ops.some((o) => {
    const sym = o.getAttr('sym_name');
    return sym instanceof StringAttr && sym.value === name;
  });
}

/** Adds `@<prefix><n>` = the string (internal constant) at the start of the module and returns a pointer to it. */
export function addStringToModule(ctx: LoweringContext, prefix: string, text: string): Value {
  let n = 0;
  while (hasSymbol(ctx, `${prefix}${n}`)) n++;
  const name = `${prefix}${n}`;
  const global = createOperation({
    name: 'llvm.mlir.global',
    attributes: [
      ['global_type', TypeAttr.get(LLVMArrayType.get(IntegerType.get(8), Buffer.byteLength(text, 'utf8')))],
      ['constant', UnitAttr.get()],
      ['sym_name', StringAttr.get(name)],
      ['linkage', LLVMEnumAttr.get('linkage', 'internal')],
      ['value', StringAttr.get(text)],
      ['addr_space', IntegerAttr.i32(0)],
    ],
    regions: 1,
    loc: ctx.op.loc,
  });
  moduleBody(ctx).insertAt(0, global);
  const b = ctx.b;
  const zero = b.i32(0);
  return b.gep(b.op('llvm.mlir.addressof', [], PTR(), [['global_name', symbolRef(name)]]), IntegerType.get(8), zero, PTR());
}

const symbolRef = (n: string): SymbolRefAttr => SymbolRefAttr.get(n);

/** Declares `name : ret (args...)` at the start of the module once. */
function declareAtStart(ctx: LoweringContext, name: string, ret: Type, args: readonly Type[], passthrough?: string): void {
  if (hasSymbol(ctx, name)) return;
  const attrs: [string, import('../dialect/ir/attribute.js').Attribute][] = [
    ['sym_name', StringAttr.get(name)],
    ['function_type', TypeAttr.get(LLVMFunctionType.get(ret, args))],
  ];
  if (passthrough) attrs.push(['passthrough', ArrayAttr.get([StringAttr.get(passthrough)])]);
  moduleBody(ctx).insertAt(0, createOperation({ name: 'llvm.func', attributes: attrs, regions: 1, loc: ctx.op.loc }));
}

/** vprintf(format, struct of args) (Triton's llPrintf). */
function llPrintf(ctx: LoweringContext, format: Value, args: readonly Value[]): void {
  const b = ctx.b;
  declareAtStart(ctx, 'vprintf', IntegerType.get(32), [PTR(), PTR()]);
  const one = b.i32(1);
  const zero = b.i32(0);
  let buffer: Value = b.zero(PTR());
  if (args.length) {
    const promoted = args.map((a) => promote(b, a));
    const st = LLVMStructType.getLiteral(promoted.map((p) => p.type));
    const alloca = b.op('llvm.alloca', [one], PTR(), [['elem_type', TypeAttr.get(st)]]);
    promoted.forEach((v, i) => {
      const field = b.op('llvm.getelementptr', [alloca, zero], PTR(), [
        ['rawConstantIndices', DenseArrayAttr.get(IntegerType.get(32), [K_DYNAMIC_INDEX, i])],
        ['elem_type', TypeAttr.get(st)],
      ]);
      b.store(v, field);
    });
    buffer = b.op('llvm.bitcast', [alloca], PTR());
  }
  b.call('vprintf', [format, buffer], IntegerType.get(32));
}

/** vprintf arguments: integers below 32 bits sign/zero-extended, 16/32-bit floats extended to f64. */
function promote(b: LLVMBuilder, v: Value): Value {
  const t = v.type;
  if (t instanceof IntegerType && t.width < 32) return t.signedness === 'unsigned' ? b.zext(v, IntegerType.get(32)) : b.sext(v, IntegerType.get(32));
  if (t instanceof FloatType && t.width < 64) return b.fpext(v, FloatType.get('f64'));
  return v;
}

function elemFormat(t: Type, signed: boolean, hex: boolean, width?: number): string {
  if (t instanceof LLVMPointerType) return '%p';
  const w = t instanceof IntegerType || t instanceof FloatType ? t.width : 64;
  if (hex) return `0x%0${w / 4}${w > 32 ? 'll' : ''}x`;
  const p = '%' + (width !== undefined ? String(width) : '');
  if (t instanceof FloatType) return p + 'f';
  if (signed) return p + (w === 64 ? 'lli' : 'i');
  return p + (w === 64 ? 'llu' : 'u');
}

registerLowering(PrintOp, (op, ctx) => {
  const b = ctx.b;
  const prefix = PrintOp.prefix(op).value;
  const hex = PrintOp.hex(op).num === 1;
  const signed = PrintOp.isSigned(op).values;
  const pid = (): Value[] => ['x', 'y', 'z'].map((a) => b.sreg(`ctaid.${a}`));
  if (op.operands.length === 0) {
    const p = pid();
    const fmt = addStringToModule(ctx, 'printfFormat_', `pid (%u, %u, %u)${prefix}\n\0`);
    llPrintf(ctx, fmt, p);
    ctx.replace([]);
    return;
  }
  op.operandValues.forEach((v, k) => {
    const p = pid();
    const elems = ctx.operand(k);
    const t = v.type;
    let indices: Value[][];
    let widths: number[] = [];
    if (t instanceof RankedTensorType) {
      indices = emitIndices(ctx, t, true);
      widths = t.shape.map((d) => (d > 0 ? Math.ceil(Math.log10(d)) : 0));
    } else indices = [[]];
    let fmt: Value | undefined;
    elems.forEach((e, i) => {
      const idx = indices[i] ?? [];
      let text = 'pid (%u, %u, %u) idx (' + idx.map((_, d) => `%${widths[d]}u`).join(', ') + ')' + prefix;
      if (op.operands.length > 1) text += `(operand ${k}) `;
      text += elemFormat(e.type, (signed[k] ?? 0) !== 0, hex);
      fmt ??= addStringToModule(ctx, 'printfFormat_', text + '\n\0');
      llPrintf(ctx, fmt, [...p, ...idx, e]);
    });
  });
  ctx.replace([]);
});

/** File, line and function of a location (call sites unwrapped to the callee, names give the function). */
function locationInfo(loc: Location): { file: string; line: number; func: string } {
  let l: Location = loc;
  let func = 'unknown';
  for (;;) {
    if (l instanceof CallSiteLoc) l = l.callee;
    else if (l instanceof NameLoc) {
      func = l.name;
      l = l.child;
    } else if (l instanceof FusedLoc && l.locations.length) l = l.locations[0]!;
    else break;
  }
  if (l instanceof FileLineColLoc) return { file: l.file, line: l.line, func };
  return { file: 'unknown', line: 0, func };
}

registerLowering(AssertOp, (op, ctx) => {
  const b = ctx.b;
  const vals = ctx.lowered(AssertOp.condition);
  const message = AssertOp.message(op).value;
  // Any element false?
  let anyFalse = b.i1(false);
  const f = b.i1(false);
  for (const v of vals) anyFalse = b.or(anyFalse, b.icmp('eq', v, f));
  const builder = b.builder;
  const cur = builder.insertionBlock!;
  const region = cur.parent!;
  // Split: the rest of the block (the assert op and after) moves to a new block.
  const after = new Block();
  region.insertBlock(region.blocks.indexOf(cur) + 1, after);
  const at = builder.insertionPointOp;
  if (at) {
    const idx = cur.ops.indexOf(at);
    for (const o of cur.ops.slice(idx)) after.append(o);
  }
  const fail = new Block();
  region.insertBlock(region.blocks.indexOf(cur) + 1, fail);
  builder.setInsertionPointToEnd(cur);
  b.create('llvm.cond_br', [anyFalse], [], [], { operandSegments: [1, 0, 0], successors: [fail, after] });
  builder.setInsertionPointToEnd(fail);
  const { file, line, func } = locationInfo(op.loc);
  const msg = addStringToModule(ctx, 'assertMessage_', message + '\0');
  const fileV = addStringToModule(ctx, 'assertFile_', file + '\0');
  const funcV = addStringToModule(ctx, 'assertFunc_', func + '\0');
  declareAtStart(ctx, '__assertfail', LLVMVoidType.get(), [PTR(), PTR(), IntegerType.get(32), PTR(), IntegerType.get(64)], 'noreturn');
  b.call('__assertfail', [msg, fileV, b.i32(line), funcV, b.i64(1)], undefined);
  b.create('llvm.br', [], [], [], { successors: [after] });
  // Continue before the (moved) assert op: a barrier so no thread races ahead of a failing one.
  builder.setInsertionPoint(op);
  b.barrier();
  ctx.replace([]);
});
