/**
 * TritonNvidiaGPU attributes: the tensor-memory space `#ttng.tensor_memory` and the tensor-memory
 * encodings `#ttng.tensor_memory_encoding<blockM = .., blockN = .., colStride = ..>` (alias `tmem`) and
 * `#ttng.tensor_memory_scales_encoding<>` (alias `tmem_scales`).
 */
import type { AsmParser, AsmPrinter } from '../ir/asm-interfaces.js';
import { Attribute, IntegerAttr } from '../ir/attribute.js';
import { registerAliasHook, registerAttrParser } from '../ir/dialect-registry.js';
import { bitWidth, intern, type Type } from '../ir/type.js';
import type { MemDescEncoding } from '../ttg/types.js';

/** What a tensor-memory encoding checks of the memdesc that carries it (Triton's MemDescType::verify). */
type MemDescFacts = Parameters<MemDescEncoding['verifyMemDesc']>[0];

export class TensorMemorySpaceAttr extends Attribute {
  static get(): TensorMemorySpaceAttr {
    return intern(new TensorMemorySpaceAttr());
  }
  print(p: AsmPrinter): void {
    p.write('#ttng.tensor_memory');
  }
}

export class TensorMemoryEncodingAttr extends Attribute implements MemDescEncoding {
  private constructor(
    readonly blockM: number,
    readonly blockN: number,
    readonly colStride: number,
    readonly ctaSplitM: number,
    readonly ctaSplitN: number,
    readonly twoCTAs: boolean,
  ) {
    super();
  }
  static get(p: { blockM: number; blockN: number; colStride: number; ctaSplitM?: number; ctaSplitN?: number; twoCTAs?: boolean }): TensorMemoryEncodingAttr {
    return intern(new TensorMemoryEncodingAttr(p.blockM, p.blockN, p.colStride, p.ctaSplitM ?? 1, p.ctaSplitN ?? 1, p.twoCTAs ?? false));
  }
  print(p: AsmPrinter): void {
    let s = `#ttng.tensor_memory_encoding<blockM = ${this.blockM}, blockN = ${this.blockN}, colStride = ${this.colStride}`;
    if (this.ctaSplitM !== 1) s += `, CTASplitM = ${this.ctaSplitM}`;
    if (this.ctaSplitN !== 1) s += `, CTASplitN = ${this.ctaSplitN}`;
    if (this.twoCTAs) s += ', twoCTAs = true';
    p.write(s + '>');
  }
  verifyMemDesc(d: MemDescFacts): string | undefined {
    if (!(d.memorySpace instanceof TensorMemorySpaceAttr)) return 'memorySpace must be TensorMemorySpace';
    if (d.shape.length !== 2 && d.shape.length !== 3) return 'rank must be 2 or 3';
    const bits = elementBits(d.elementType);
    if (bits * this.colStride > 32) {
      return `bitwidth * colStride must be less than or equal to 32. Got ${bits} and ${this.colStride}`;
    }
    const [rows, cols] = d.allocShape.slice(-2) as [number, number];
    const minRows = this.blockM * this.ctaSplitM;
    const minCols = this.blockN * this.ctaSplitN;
    if (rows < minRows || cols < minCols) {
      return `the allocation shape must be at least ${minRows}x${minCols}. Got ${d.allocShape.join(', ')}`;
    }
    return undefined;
  }
}

/** Bit width of a memdesc element (Triton's getIntOrFloatBitWidth; 0 for other types, which then pass). */
function elementBits(t: Type): number {
  try {
    return bitWidth(t);
  } catch {
    return 0;
  }
}

export class TensorMemoryScalesEncodingAttr extends Attribute implements MemDescEncoding {
  private constructor(
    readonly ctaSplitM: number,
    readonly ctaSplitN: number,
  ) {
    super();
  }
  static get(ctaSplitM = 1, ctaSplitN = 1): TensorMemoryScalesEncodingAttr {
    return intern(new TensorMemoryScalesEncodingAttr(ctaSplitM, ctaSplitN));
  }
  print(p: AsmPrinter): void {
    const parts: string[] = [];
    if (this.ctaSplitM !== 1) parts.push(`CTASplitM = ${this.ctaSplitM}`);
    if (this.ctaSplitN !== 1) parts.push(`CTASplitN = ${this.ctaSplitN}`);
    p.write(`#ttng.tensor_memory_scales_encoding<${parts.join(', ')}>`);
  }
  verifyMemDesc(d: MemDescFacts): string | undefined {
    if (!(d.memorySpace instanceof TensorMemorySpaceAttr)) return 'memorySpace must be TensorMemorySpace';
    if (d.allocShape.length !== 2) return "Scales don't currently support multibuffering";
    if (elementBits(d.elementType) !== 8) return 'bitwidth must be 8';
    return undefined;
  }
}

/** `<k = v, ...>` with integer/bool values; an empty `<>` is allowed. */
function parseParams(p: AsmParser, allowed: readonly string[], what: string): Map<string, number> {
  const out = new Map<string, number>();
  p.expect('<');
  if (p.consumeIf('>')) return out;
  do {
    const at = p.pos();
    const key = p.parseKeyword('parameter name');
    p.expect('=');
    // The generated struct parser notices the bad name once past the `=` (reported at the value).
    if (!allowed.includes(key) || out.has(key)) p.error(`duplicate or unknown struct parameter name: ${key}`, p.pos());
    const valueAt = p.pos();
    const v = p.parseAttribute();
    if (!(v instanceof IntegerAttr)) p.error(`expected an integer for '${key}' in ${what}`, at);
    // The parameters are C++ `unsigned`: a negative value wraps around, one of more than 32 bits is refused.
    const x = (v as IntegerAttr).value;
    if (x > 0xffffffffn || x < -0x80000000n) p.error('integer value too large', valueAt);
    out.set(key, Number(BigInt.asUintN(32, x)));
  } while (p.consumeIf(','));
  p.expect('>');
  return out;
}

const isPowerOf2 = (x: number): boolean => x > 0 && (x & (x - 1)) === 0;

/** Triton's TensorMemoryEncodingAttr::verify, on the parsed parameters. */
function tensorMemoryEncodingProblem(m: ReadonlyMap<string, number>): string | undefined {
  const splitM = m.get('CTASplitM') ?? 1;
  const splitN = m.get('CTASplitN') ?? 1;
  if (!(isPowerOf2(splitM) && isPowerOf2(splitN))) return 'CTASplitM and CTASplitN must be greater than 0 and a power of 2';
  const blockM = m.get('blockM')!;
  const blockN = m.get('blockN')!;
  if (blockM !== 64 && blockM !== 128) return `blockM must be 64 or 128 but got ${blockM}`;
  if (!isPowerOf2(blockN)) return `blockN must be a power of 2 but got ${blockN}`;
  if (blockN > 512) return `blockN must be less than or equal to 512 but got ${blockN}`;
  const colStride = m.get('colStride') ?? 1;
  // (Triton's message says "but got" twice.)
  if (colStride !== 1 && colStride !== 2 && colStride !== 4) return `colStride must be 1, 2, or 4 but got but got ${colStride}`;
  return undefined;
}

registerAttrParser('ttng.tensor_memory', () => TensorMemorySpaceAttr.get());
registerAttrParser('ttng.tensor_memory_encoding', (p) => {
  const at = p.pos();
  const m = parseParams(p, ['blockM', 'blockN', 'colStride', 'CTASplitM', 'CTASplitN', 'twoCTAs'], '#ttng.tensor_memory_encoding');
  for (const k of ['blockM', 'blockN']) if (!m.has(k)) p.error(`struct is missing required parameter: ${k}`, at);
  const why = tensorMemoryEncodingProblem(m);
  if (why) p.error(why, at);
  return TensorMemoryEncodingAttr.get({
    blockM: m.get('blockM')!,
    blockN: m.get('blockN')!,
    colStride: m.get('colStride') ?? 1,
    ctaSplitM: m.get('CTASplitM') ?? 1,
    ctaSplitN: m.get('CTASplitN') ?? 1,
    twoCTAs: (m.get('twoCTAs') ?? 0) !== 0,
  });
});
registerAttrParser('ttng.tensor_memory_scales_encoding', (p) => {
  const m = parseParams(p, ['CTASplitM', 'CTASplitN'], '#ttng.tensor_memory_scales_encoding');
  return TensorMemoryScalesEncodingAttr.get(m.get('CTASplitM') ?? 1, m.get('CTASplitN') ?? 1);
});

registerAliasHook((x) => {
  if (x instanceof TensorMemoryEncodingAttr) return 'tmem';
  if (x instanceof TensorMemoryScalesEncodingAttr) return 'tmem_scales';
  return undefined;
});
