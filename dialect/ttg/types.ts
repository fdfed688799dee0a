/**
 * TritonGPU types:
 * - `!ttg.memdesc<64x64xf16, #shared, #smem[, mutable][, 2x64x64]>`: a descriptor of a tensor in memory
 *   (shape, element type, encoding, memory space, mutability; the trailing allocation shape is printed only
 *   when it differs from the shape, e.g. for a view into a multi-buffered allocation);
 * - `!ttg.async.token`: the token of an asynchronous copy.
 */
import type { AsmParser, AsmPrinter } from '../ir/asm-interfaces.js';
import type { Attribute } from '../ir/attribute.js';
import { registerTypeParser } from '../ir/dialect-registry.js';
import { FloatType, IntegerType, ShapedType, Type, intern } from '../ir/type.js';
import { LayoutEncodingAttr, SharedEncodingAttr, isPow2 } from './attrs/common.js';
import { SharedMemorySpaceAttr } from './attrs/memory-space.js';

/**
 * An encoding that is not a shared-memory layout (the tensor-memory encodings of ttng) checks the memdesc that
 * carries it itself: the dialect that defines it knows its rules, and ttg stays below ttng.
 */
export interface MemDescEncoding {
  verifyMemDesc(d: {
    shape: readonly number[];
    allocShape: readonly number[];
    elementType: Type;
    memorySpace: Attribute;
  }): string | undefined;
}

function hasMemDescVerifier(a: Attribute): a is Attribute & MemDescEncoding {
  return typeof (a as Partial<MemDescEncoding>).verifyMemDesc === 'function';
}

export class MemDescType extends ShapedType {
  private constructor(
    readonly shape: readonly number[],
    readonly elementType: Type,
    readonly encoding: Attribute,
    readonly memorySpace: Attribute,
    readonly mutableMemory: boolean,
    readonly allocShape: readonly number[],
  ) {
    super();
  }

  static get(p: {
    shape: readonly number[];
    elementType: Type;
    encoding: Attribute;
    memorySpace?: Attribute;
    mutableMemory?: boolean;
    allocShape?: readonly number[];
  }): MemDescType {
    return intern(
      new MemDescType(
        Object.freeze([...p.shape]),
        p.elementType,
        p.encoding,
        p.memorySpace ?? SharedMemorySpaceAttr.get(),
        p.mutableMemory ?? false,
        Object.freeze([...(p.allocShape ?? p.shape)]),
      ),
    );
  }

  withShape(shape: readonly number[], allocShape?: readonly number[]): MemDescType {
    return MemDescType.get({ ...this.fields(), shape, allocShape: allocShape ?? this.allocShape });
  }
  withEncoding(encoding: Attribute): MemDescType {
    return MemDescType.get({ ...this.fields(), encoding });
  }
  withMutable(mutableMemory: boolean): MemDescType {
    return MemDescType.get({ ...this.fields(), mutableMemory });
  }
  private fields() {
    return {
      shape: this.shape,
      elementType: this.elementType,
      encoding: this.encoding,
      memorySpace: this.memorySpace,
      mutableMemory: this.mutableMemory,
      allocShape: this.allocShape,
    };
  }

  print(p: AsmPrinter): void {
    p.write('!ttg.memdesc<');
    for (const d of this.shape) p.write(`${d}x`);
    p.printType(this.elementType);
    p.write(', ');
    p.printAttribute(this.encoding);
    p.write(', ');
    p.printAttribute(this.memorySpace);
    if (this.mutableMemory) p.write(', mutable');
    const a = this.allocShape;
    if (a.length !== this.shape.length || a.some((d, i) => d !== this.shape[i])) p.write(', ' + a.join('x'));
    p.write('>');
  }

  override children(): readonly (Type | Attribute)[] {
    return [this.elementType, this.encoding, this.memorySpace];
  }

  /** Triton's MemDescType::verify; a message when the descriptor is malformed. */
  verify(): string | undefined {
    const { shape, allocShape, encoding, memorySpace } = this;
    if (shape.length === 0) return 'rank 0 memdesc is not allowed';
    if (!shape.slice(1).every((d) => isPow2(d))) {
      return `shape must have power-of-2 and non-zero dimensions; got ${shape.join(', ')}`;
    }
    if (allocShape.length < shape.length) return 'alloc shape must have at least as many dimensions as shape';
    const tail = allocShape.slice(allocShape.length - shape.length);
    if (shape.some((d, i) => d > tail[i]!)) {
      return `shape must be less than or equal to allocShape. shape = ${shape.join(', ')}, allocShape = ${allocShape.join(', ')}`;
    }
    if (encoding instanceof SharedEncodingAttr) {
      if (!(memorySpace instanceof SharedMemorySpaceAttr)) {
        return `memorySpace must be SharedMemorySpace for shared encoding. Got ${memorySpace.key}`;
      }
      const rank = encoding.rank;
      if (rank !== shape.length && rank !== shape.length - 1) {
        return `rank must be equal to or one less than the shape size. Got ${rank} and ${shape.length}`;
      }
      const bad = encoding.verifyAllocShape(allocShape);
      if (bad) return bad;
    } else if (hasMemDescVerifier(encoding)) {
      return encoding.verifyMemDesc({ shape, allocShape, elementType: this.elementType, memorySpace });
    } else {
      return `${encoding.key} is not a valid encoding`;
    }
    return undefined;
  }
}

// Triton's getShapePerCTA lives with the other CGA queries; it is re-exported here for its callers.
export { shapePerCTA } from './attrs/cga.js';

/** Parses `NxMx...` (no trailing `x`): the allocation shape of a memdesc. */
function parseDimensionListNoTrailingX(p: AsmParser): number[] {
  const dims = [Number(p.parseInteger())];
  const k = p.peekKeyword();
  if (k !== undefined && /^(x[0-9]+)+$/.test(k)) {
    p.parseKeyword();
    for (const d of k.split('x').slice(1)) dims.push(Number(d));
  }
  return dims;
}

registerTypeParser('ttg.memdesc', (p: AsmParser) => {
  const at = p.pos();
  p.expect('<');
  const { shape, elementType } = p.parseShapeAndElementType(false);
  p.expect(',');
  const encoding = p.parseAttribute();
  p.expect(',');
  const memorySpace = p.parseAttribute();
  let mutableMemory = false;
  let allocShape: number[] | undefined;
  if (p.consumeIf(',')) {
    if (p.consumeKeywordIf('mutable')) {
      mutableMemory = true;
      if (p.consumeIf(',')) allocShape = parseDimensionListNoTrailingX(p);
    } else allocShape = parseDimensionListNoTrailingX(p);
  }
  p.expect('>');
  const t = MemDescType.get({ shape, elementType, encoding, memorySpace, mutableMemory, allocShape });
  const msg = t.verify();
  if (msg) p.error(msg, at);
  return t;
});

export class AsyncTokenType extends Type {
  static get(): AsyncTokenType {
    return intern(new AsyncTokenType());
  }
  print(p: AsmPrinter): void {
    p.write('!ttg.async.token');
  }
}

registerTypeParser('ttg.async.token', () => AsyncTokenType.get());

/** Bit width of a memdesc/tensor element type (pointers count as 64). */
export function elementBitWidth(t: Type): number {
  if (t instanceof IntegerType || t instanceof FloatType) return t.width;
  return 64;
}
