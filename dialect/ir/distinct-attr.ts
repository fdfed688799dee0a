/**
 * MLIR's builtin `DistinctAttr`: `distinct[N]<referenced>`, an attribute that is unique by identity, not by
 * content (two `create` calls give two attributes even for the same referenced attribute). Debug-info ids use
 * it (`#llvm.di_subprogram<id = distinct[0]<>, ...>`). `N` is not part of the attribute: the printer numbers
 * distinct attributes in the order it prints them, as MLIR's AsmPrinter does.
 */
import type { AsmPrinter } from './asm-interfaces.js';
import { Attribute, UnitAttr } from './attribute.js';

let nextUid = 0;

export class DistinctAttr extends Attribute {
  /** Process-wide identity, used only in the uniquing key of attributes that contain this one. */
  private readonly uid: number;
  private constructor(readonly referenced: Attribute) {
    super();
    this.uid = nextUid++;
    this.key = `distinct[#${this.uid}]<${referenced.key}>`;
  }
  /** A new distinct attribute (never equal to an existing one). */
  static create(referenced: Attribute = UnitAttr.get()): DistinctAttr {
    return new DistinctAttr(referenced);
  }
  /** `<referenced>` (empty for a unit attribute); the printer writes `distinct[N]` before it. */
  printReferenced(p: AsmPrinter): void {
    p.write('<');
    if (!(this.referenced instanceof UnitAttr)) p.printAttribute(this.referenced);
    p.write('>');
  }
  /** Printers that do not number distinct attributes (uniquing keys, inline text) show the identity. */
  print(p: AsmPrinter): void {
    p.write(`distinct[#${this.uid}]`);
    this.printReferenced(p);
  }
  override children(): readonly Attribute[] {
    return this.referenced instanceof UnitAttr ? [] : [this.referenced];
  }
}
