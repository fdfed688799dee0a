/**
 * LLVMBuilder: creates LLVM / NVVM dialect ops at an insertion point with one location (Triton's
 * TritonLLVMOpBuilder `b.add(...)`, `b.i32_val(...)` helpers). Every lowering pattern gets one as `ctx.b`.
 *
 *   const b = ctx.b;
 *   const x = b.add(b.mul(tid, b.i32(4)), b.i32(1));
 *   const p = b.gep(base, f32(), x);                     // !llvm.ptr<1> element pointer
 *   const v = b.icmp('slt', x, n);
 *
 * Constants (`i32`, `int`, `float`, `undef`, `zero`, `addressOfSmem`) are created once per function in its
 * entry block (a prologue kept in creation order), like canonicalize+cse would leave them; everything else is
 * created at the insertion point.
 */
import { ArrayAttr, DenseArrayAttr, FloatAttr, IntegerAttr, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr, type Attribute } from '../dialect/ir/attribute.js';
import type { Builder } from '../dialect/ir/builder.js';
import type { Block, Operation, Value } from '../dialect/ir/ir.js';
import type { Location } from '../dialect/ir/location.js';
import { FloatType, IndexType, IntegerType, VectorType, type Type } from '../dialect/ir/type.js';
import { FastmathFlagsAttr, FCMP_PREDICATES, ICMP_PREDICATES, IntegerOverflowFlagsAttr, LLVMEnumAttr } from '../dialect/llvm/attrs.js';
import { NVVMEnumAttr } from '../dialect/nvvm/attrs.js';
import { LLVMArrayType, LLVMPointerType, LLVMStructType, LLVMVoidType } from '../dialect/llvm/types.js';

export type ICmpPredicate = 'eq' | 'ne' | 'slt' | 'sle' | 'sgt' | 'sge' | 'ult' | 'ule' | 'ugt' | 'uge';
export type FCmpPredicate =
  | '_false' | 'oeq' | 'ogt' | 'oge' | 'olt' | 'ole' | 'one' | 'ord' | 'ueq' | 'ugt' | 'uge' | 'ult' | 'ule' | 'une' | 'uno' | '_true';

const K_DYNAMIC_INDEX = -2147483648;

/** Where per-function constants go: the entry block, after the previously created ones. */
export class ConstantPool {
  private readonly cache = new Map<string, Value>();
  private last: Operation | undefined;
  constructor(
    readonly entry: Block,
    private readonly builder: Builder,
  ) {}
  /** Returns the cached value for `key`, or creates it with `make` at the end of the prologue. */
  get(key: string, make: (b: Builder) => Operation): Value {
    const hit = this.cache.get(key);
    if (hit) return hit;
    const op = this.builder.withInsertionGuard(() => {
      if (this.last && this.last.parent === this.entry) this.builder.setInsertionPointAfter(this.last);
      else this.builder.setInsertionPointToStart(this.entry);
      return make(this.builder);
    });
    this.last = op;
    const v = op.result(0);
    this.cache.set(key, v);
    return v;
  }
}

export class LLVMBuilder {
  constructor(
    /** The underlying builder (its insertion point is where ops go). */
    readonly builder: Builder,
    public loc: Location,
    /** Per-function constant prologue; when undefined, constants are created at the insertion point. */
    public pool: ConstantPool | undefined = undefined,
  ) {}

  // ----- generic creation -----

  create(name: string, operands: readonly Value[], resultTypes: readonly Type[], attributes: Iterable<[string, Attribute]> = [], extra: { operandSegments?: number[]; successors?: Block[] } = {}): Operation {
    return this.builder.create({ name, operands, resultTypes, attributes, loc: this.loc, ...extra });
  }
  /** A single-result op; returns its result. */
  op(name: string, operands: readonly Value[], resultType: Type, attributes: Iterable<[string, Attribute]> = []): Value {
    return this.create(name, operands, [resultType], attributes).result(0);
  }

  // ----- constants -----

  private pooled(key: string, name: string, type: Type, attributes: [string, Attribute][]): Value {
    const make = (b: Builder): Operation => b.create({ name, operands: [], resultTypes: [type], attributes, loc: this.loc });
    if (this.pool) return this.pool.get(key, make);
    return make(this.builder).result(0);
  }
  /** `llvm.mlir.constant(v : T) : T` for an integer type. */
  int(type: Type, value: number | bigint): Value {
    const t = type instanceof IndexType ? IntegerType.get(32) : type;
    const a = IntegerAttr.get(t, BigInt(value));
    return this.pooled('c' + a.key, 'llvm.mlir.constant', t, [['value', a]]);
  }
  /** `llvm.mlir.constant(v : index) : i32`: Triton's createIndexAttrConstant with the converter's index type. */
  index(v: number): Value {
    return this.constant(IntegerType.get(32), IntegerAttr.get(IndexType.get(), v));
  }
  i32(v: number | bigint): Value {
    return this.int(IntegerType.get(32), v);
  }
  i64(v: number | bigint): Value {
    return this.int(IntegerType.get(64), v);
  }
  i16(v: number | bigint): Value {
    return this.int(IntegerType.get(16), v);
  }
  i8(v: number | bigint): Value {
    return this.int(IntegerType.get(8), v);
  }
  i1(v: boolean): Value {
    return this.int(IntegerType.get(1), v ? 1 : 0);
  }
  /** `llvm.mlir.constant(x : T) : T` for a float type. */
  float(type: FloatType, value: number): Value {
    const a = FloatAttr.get(type, value);
    return this.pooled('c' + a.key, 'llvm.mlir.constant', type, [['value', a]]);
  }
  f32(value: number): Value {
    return this.float(FloatType.get('f32'), value);
  }
  /** A constant from an attribute (IntegerAttr / FloatAttr / dense), typed `type`. */
  constant(type: Type, value: Attribute): Value {
    return this.pooled('c' + value.key + '|' + type.key, 'llvm.mlir.constant', type, [['value', value]]);
  }
  /** The zero of an integer, float or pointer type. */
  zero(type: Type): Value {
    if (type instanceof IntegerType) return this.int(type, 0);
    if (type instanceof FloatType) return this.float(type, 0);
    if (type instanceof LLVMPointerType) return this.pooled('z' + type.key, 'llvm.mlir.zero', type, []);
    return this.pooled('z' + type.key, 'llvm.mlir.zero', type, []);
  }
  undef(type: Type): Value {
    return this.pooled('u' + type.key, 'llvm.mlir.undef', type, []);
  }
  poison(type: Type): Value {
    return this.pooled('p' + type.key, 'llvm.mlir.poison', type, []);
  }
  /** `llvm.mlir.addressof @global_smem : !llvm.ptr<3>`. */
  addressOf(symbol: string, type: Type = LLVMPointerType.get(3)): Value {
    return this.pooled('a' + symbol, 'llvm.mlir.addressof', type, [['global_name', SymbolRefAttr.get(symbol)]]);
  }

  // ----- integer arithmetic -----

  private bin(name: string, a: Value, b: Value, attrs: [string, Attribute][] = []): Value {
    return this.op(name, [a, b], a.type, attrs);
  }
  add(a: Value, b: Value): Value {
    return this.bin('llvm.add', a, b);
  }
  sub(a: Value, b: Value): Value {
    return this.bin('llvm.sub', a, b);
  }
  mul(a: Value, b: Value): Value {
    return this.bin('llvm.mul', a, b);
  }
  udiv(a: Value, b: Value): Value {
    return this.bin('llvm.udiv', a, b);
  }
  sdiv(a: Value, b: Value): Value {
    return this.bin('llvm.sdiv', a, b);
  }
  urem(a: Value, b: Value): Value {
    return this.bin('llvm.urem', a, b);
  }
  srem(a: Value, b: Value): Value {
    return this.bin('llvm.srem', a, b);
  }
  and(a: Value, b: Value): Value {
    return this.bin('llvm.and', a, b);
  }
  or(a: Value, b: Value, disjoint = false): Value {
    return this.bin('llvm.or', a, b, disjoint ? [['isDisjoint', UnitAttr.get()]] : []);
  }
  xor(a: Value, b: Value): Value {
    return this.bin('llvm.xor', a, b);
  }
  shl(a: Value, b: Value): Value {
    return this.bin('llvm.shl', a, b);
  }
  lshr(a: Value, b: Value): Value {
    return this.bin('llvm.lshr', a, b);
  }
  ashr(a: Value, b: Value): Value {
    return this.bin('llvm.ashr', a, b);
  }
  /** Integer op with overflow flags (`nsw` = 1, `nuw` = 2). */
  withOverflow(name: 'llvm.add' | 'llvm.sub' | 'llvm.mul' | 'llvm.shl', a: Value, b: Value, flags: number): Value {
    return this.bin(name, a, b, flags ? [['overflowFlags', IntegerOverflowFlagsAttr.get(flags)]] : []);
  }
  icmp(pred: ICmpPredicate, a: Value, b: Value): Value {
    return this.op('llvm.icmp', [a, b], i1Like(a.type), [['predicate', IntegerAttr.get(IntegerType.get(64), ICMP_PREDICATES.indexOf(pred))]]);
  }
  fcmp(pred: FCmpPredicate, a: Value, b: Value): Value {
    return this.op('llvm.fcmp', [a, b], i1Like(a.type), [['predicate', IntegerAttr.get(IntegerType.get(64), FCMP_PREDICATES.indexOf(pred))]]);
  }
  select(c: Value, t: Value, f: Value): Value {
    return this.op('llvm.select', [c, t, f], t.type);
  }
  umin(a: Value, b: Value): Value {
    return this.bin('llvm.intr.umin', a, b);
  }
  umax(a: Value, b: Value): Value {
    return this.bin('llvm.intr.umax', a, b);
  }
  smin(a: Value, b: Value): Value {
    return this.bin('llvm.intr.smin', a, b);
  }
  smax(a: Value, b: Value): Value {
    return this.bin('llvm.intr.smax', a, b);
  }

  // ----- floating point -----

  private fbin(name: string, a: Value, b: Value, fastmath = 0): Value {
    return this.op(name, [a, b], a.type, fastmath ? [['fastmathFlags', FastmathFlagsAttr.get(fastmath)]] : []);
  }
  fadd(a: Value, b: Value): Value {
    return this.fbin('llvm.fadd', a, b);
  }
  fsub(a: Value, b: Value): Value {
    return this.fbin('llvm.fsub', a, b);
  }
  fmul(a: Value, b: Value): Value {
    return this.fbin('llvm.fmul', a, b);
  }
  fdiv(a: Value, b: Value): Value {
    return this.fbin('llvm.fdiv', a, b);
  }
  fneg(a: Value): Value {
    return this.op('llvm.fneg', [a], a.type);
  }
  fma(a: Value, b: Value, c: Value): Value {
    return this.op('llvm.intr.fma', [a, b, c], a.type);
  }

  // ----- casts -----

  cast(name: string, v: Value, to: Type): Value {
    if (v.type === to && (name === 'llvm.bitcast' || name === 'llvm.addrspacecast')) return v;
    return this.op(name, [v], to);
  }
  bitcast(v: Value, to: Type): Value {
    return this.cast('llvm.bitcast', v, to);
  }
  zext(v: Value, to: Type): Value {
    return this.cast('llvm.zext', v, to);
  }
  sext(v: Value, to: Type): Value {
    return this.cast('llvm.sext', v, to);
  }
  trunc(v: Value, to: Type): Value {
    return this.cast('llvm.trunc', v, to);
  }
  /** zext/trunc (or nothing) to reach `to`'s width. */
  zextOrTrunc(v: Value, to: IntegerType): Value {
    const w = (v.type as IntegerType).width;
    if (w === to.width) return v;
    return w < to.width ? this.zext(v, to) : this.trunc(v, to);
  }
  sextOrTrunc(v: Value, to: IntegerType): Value {
    const w = (v.type as IntegerType).width;
    if (w === to.width) return v;
    return w < to.width ? this.sext(v, to) : this.trunc(v, to);
  }
  fpext(v: Value, to: Type): Value {
    return this.cast('llvm.fpext', v, to);
  }
  fptrunc(v: Value, to: Type): Value {
    return this.cast('llvm.fptrunc', v, to);
  }
  ptrtoint(v: Value, to: Type): Value {
    return this.cast('llvm.ptrtoint', v, to);
  }
  inttoptr(v: Value, to: Type): Value {
    return this.cast('llvm.inttoptr', v, to);
  }
  addrspacecast(v: Value, to: Type): Value {
    return this.cast('llvm.addrspacecast', v, to);
  }

  // ----- memory -----

  /** `llvm.getelementptr base[idx] : (ptr, iN) -> ptr, elemType`; a number index is a constant index. */
  gep(base: Value, elemType: Type, idx: Value | number, resultType: Type = base.type, inbounds = false): Value {
    const dyn = typeof idx !== 'number';
    return this.op('llvm.getelementptr', dyn ? [base, idx] : [base], resultType, [
      ['rawConstantIndices', DenseArrayAttr.get(IntegerType.get(32), [dyn ? K_DYNAMIC_INDEX : idx])],
      ['elem_type', TypeAttr.get(elemType)],
      ...(inbounds ? ([['noWrapFlags', IntegerAttr.get(IntegerType.get(32), 3)]] as [string, Attribute][]) : []),
    ]);
  }
  load(ptr: Value, type: Type, alignment?: number): Value {
    return this.op('llvm.load', [ptr], type, alignment ? [['alignment', IntegerAttr.i64(alignment)]] : []);
  }
  store(value: Value, ptr: Value, alignment?: number): Operation {
    return this.create('llvm.store', [value, ptr], [], alignment ? [['alignment', IntegerAttr.i64(alignment)]] : []);
  }

  // ----- aggregates and vectors -----

  extractValue(agg: Value, index: number, type?: Type): Value {
    const t = type ?? (agg.type instanceof LLVMStructType ? agg.type.body[index]! : (agg.type as LLVMArrayType).elementType);
    return this.op('llvm.extractvalue', [agg], t, [['position', DenseArrayAttr.get(IntegerType.get(64), [index])]]);
  }
  insertValue(agg: Value, value: Value, index: number): Value {
    return this.op('llvm.insertvalue', [agg, value], agg.type, [['position', DenseArrayAttr.get(IntegerType.get(64), [index])]]);
  }
  /** Packs values into a literal struct (undef + insertvalue chain). */
  packStruct(values: readonly Value[], type: Type = LLVMStructType.getLiteral(values.map((v) => v.type))): Value {
    let s = this.undef(type);
    values.forEach((v, i) => (s = this.insertValue(s, v, i)));
    return s;
  }
  /** Unpacks every field of a literal struct. */
  unpackStruct(s: Value): Value[] {
    const t = s.type;
    if (!(t instanceof LLVMStructType)) return [s];
    return t.body.map((_, i) => this.extractValue(s, i));
  }
  extractElement(vec: Value, index: Value | number): Value {
    const idx = typeof index === 'number' ? this.i32(index) : index;
    return this.op('llvm.extractelement', [vec, idx], (vec.type as VectorType).elementType);
  }
  insertElement(vec: Value, value: Value, index: Value | number): Value {
    const idx = typeof index === 'number' ? this.i32(index) : index;
    return this.op('llvm.insertelement', [vec, value, idx], vec.type);
  }
  /** Builds a vector from scalars (undef + insertelement chain). */
  packVector(values: readonly Value[]): Value {
    const vt = VectorType.get([values.length], values[0]!.type);
    let v = this.undef(vt);
    values.forEach((x, i) => (v = this.insertElement(v, x, i)));
    return v;
  }
  unpackVector(vec: Value): Value[] {
    const n = (vec.type as VectorType).shape[0]!;
    const out: Value[] = [];
    for (let i = 0; i < n; i++) out.push(this.extractElement(vec, i));
    return out;
  }

  // ----- calls, intrinsics, inline asm -----

  intrinsic(name: string, args: readonly Value[], resultType: Type | undefined): Value | undefined {
    const op = this.create('llvm.call_intrinsic', args, resultType ? [resultType] : [], [['intrin', StringAttr.get(name)]]);
    return resultType ? op.result(0) : undefined;
  }
  call(callee: string, args: readonly Value[], resultType: Type | undefined): Value | undefined {
    const op = this.create('llvm.call', args, resultType && !(resultType instanceof LLVMVoidType) ? [resultType] : [], [['callee', SymbolRefAttr.get(callee)]]);
    return op.results.length ? op.result(0) : undefined;
  }
  /**
   * `llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "asm", "constraints" operands`
   * (the form Triton's PTXBuilder emits). `resultType` undefined gives `!llvm.void`.
   */
  inlineAsm(asm: string, constraints: string, operands: readonly Value[], resultType: Type | undefined, hasSideEffects = true): Value | undefined {
    const attrs: [string, Attribute][] = [
      ['asm_string', StringAttr.get(asm)],
      ['constraints', StringAttr.get(constraints)],
      ['asm_dialect', LLVMEnumAttr.get('asm_dialect', 'att')],
      ['operand_attrs', ArrayAttrEmpty()],
    ];
    if (hasSideEffects) attrs.push(['has_side_effects', UnitAttr.get()]);
    const op = this.create('llvm.inline_asm', operands, [resultType ?? LLVMVoidType.get()], attrs);
    return resultType ? op.result(0) : undefined;
  }

  // ----- NVVM -----

  /** `nvvm.read.ptx.sreg.<name> : i32` (tid.x, ctaid.y, nctaid.z, laneid, ...). */
  sreg(name: string): Value {
    return this.op(`nvvm.read.ptx.sreg.${name}`, [], IntegerType.get(32));
  }
  /** `nvvm.barrier0` (bar.sync 0). */
  barrier(): void {
    this.create('nvvm.barrier0', [], []);
  }
  /** `nvvm.bar.warp.sync %all_lanes` (Triton's barrier with isWarpSync: only the warp's own lanes meet). */
  warpSync(): void {
    this.create('nvvm.bar.warp.sync', [this.i32(-1)], []);
  }
  /** `nvvm.shfl.sync <kind> %mask, %val, %offset, %clamp : T -> T`. */
  shflSync(kind: 'bfly' | 'up' | 'down' | 'idx', val: Value, offset: Value, clamp: Value, mask: Value = this.i32(-1)): Value {
    return this.op('nvvm.shfl.sync', [mask, val, offset, clamp], val.type, [['kind', NVVMEnumAttr.get('shfl_kind', kind)]]);
  }
}

function i1Like(t: Type): Type {
  if (t instanceof VectorType) return VectorType.get(t.shape, IntegerType.get(1));
  return IntegerType.get(1);
}

function ArrayAttrEmpty(): ArrayAttr {
  return ArrayAttr.get([]);
}

/** Shorthand types. */
export const ptrType = (addressSpace: number): LLVMPointerType => LLVMPointerType.get(addressSpace);
export const structType = (body: readonly Type[]): LLVMStructType => LLVMStructType.getLiteral(body);
export const arrayType = (el: Type, n: number): LLVMArrayType => LLVMArrayType.get(el, n);
export const voidType = (): LLVMVoidType => LLVMVoidType.get();
