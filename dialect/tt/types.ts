/** Triton types: `!tt.ptr<T[, addrspace]>` (address space 1 is the default and is not printed). */
import type { AsmPrinter } from '../ir/asm-interfaces.js';
import { registerTypeParser } from '../ir/dialect-registry.js';
import { RankedTensorType, Type, intern } from '../ir/type.js';
import type { Attribute } from '../ir/attribute.js';

export class PointerType extends Type {
  private constructor(
    readonly pointee: Type,
    readonly addressSpace: number,
  ) {
    super();
  }
  static get(pointee: Type, addressSpace = 1): PointerType {
    return intern(new PointerType(pointee, addressSpace));
  }
  print(p: AsmPrinter): void {
    p.write('!tt.ptr<');
    p.printType(this.pointee);
    if (this.addressSpace !== 1) p.write(`, ${this.addressSpace}`);
    p.write('>');
  }
  override children(): readonly (Type | Attribute)[] {
    return [this.pointee];
  }
}

registerTypeParser('tt.ptr', (p) => {
  p.expect('<');
  const pointee = p.parseType();
  let space = 1;
  if (p.consumeIf(',')) space = Number(p.parseInteger());
  p.expect('>');
  return PointerType.get(pointee, space);
});

/** `!tt.tensordesc<tensor<...>>`: a TMA-style descriptor of blocks of the given tensor type. */
export class TensorDescType extends Type {
  private constructor(readonly blockType: RankedTensorType) {
    super();
  }
  static get(blockType: RankedTensorType): TensorDescType {
    return intern(new TensorDescType(blockType));
  }
  print(p: AsmPrinter): void {
    p.write('!tt.tensordesc<');
    p.printType(this.blockType);
    p.write('>');
  }
  override children(): readonly (Type | Attribute)[] {
    return [this.blockType];
  }
}

registerTypeParser('tt.tensordesc', (p) => {
  p.expect('<');
  const at = p.pos();
  // MLIR reports the block type's own parse error first (e.g. `expected non-function type` for
  // `!tt.tensordesc<2x64xf16>`), then "failed to parse TT_TensorDescType parameter ..." at the same place;
  // we report the first one. A type of another kind is "invalid kind of type specified" at its start.
  const block = p.parseType();
  if (!(block instanceof RankedTensorType)) p.error('invalid kind of type specified', at);
  p.expect('>');
  return TensorDescType.get(block as RankedTensorType);
});
