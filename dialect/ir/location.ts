/**
 * Source locations, MLIR's builtin location attributes: `loc(unknown)`, `loc("f.py":12:4)`,
 * `loc("name"(child))`, `loc(callsite(callee at caller))`, `loc(fused[a, b])`, `loc(fused<meta>[...])`.
 * Each prints its body (what goes inside `loc(...)`); `#loc` aliases are the printer's business.
 */
import type { AsmPrinter } from './asm-interfaces.js';
import { Attribute } from './attribute.js';
import { escapeString } from './string-escape.js';
import { intern, type Type } from './type.js';
import { unique } from './uniquer.js';

export abstract class Location extends Attribute {
  /** Prints the body of the location (without the surrounding `loc(`...`)`). */
  abstract printBody(p: AsmPrinter): void;
  print(p: AsmPrinter): void {
    p.write('loc(');
    this.printBody(p);
    p.write(')');
  }
}

let unknownLoc: UnknownLoc | undefined;

export class UnknownLoc extends Location {
  static get(): UnknownLoc {
    return (unknownLoc ??= intern(new UnknownLoc()));
  }
  printBody(p: AsmPrinter): void {
    p.write('unknown');
  }
}

const escapedFiles = new Map<string, string>();

export class FileLineColLoc extends Location {
  private constructor(
    readonly file: string,
    readonly line: number,
    readonly col: number,
  ) {
    super();
  }
  static get(file: string, line: number, col: number): FileLineColLoc {
    // The parser makes one per op: build the uniquing key (`intern`'s 'A' + printed form) directly.
    let f = escapedFiles.get(file);
    if (f === undefined) escapedFiles.set(file, (f = escapeString(file)));
    const key = `Aloc(${f}:${line}:${col})`;
    return unique(key, () => {
      const l = new FileLineColLoc(file, line, col);
      l.key = key.slice(1);
      return l;
    });
  }
  printBody(p: AsmPrinter): void {
    p.write(`${escapeString(this.file)}:${this.line}:${this.col}`);
  }
}

export class NameLoc extends Location {
  private constructor(
    readonly name: string,
    readonly child: Location,
  ) {
    super();
  }
  static get(name: string, child: Location = UnknownLoc.get()): NameLoc {
    return intern(new NameLoc(name, child));
  }
  printBody(p: AsmPrinter): void {
    p.write(escapeString(this.name));
    if (this.child instanceof UnknownLoc) return;
    p.write('(');
    p.printAttribute(this.child);
    p.write(')');
  }
  override children(): readonly (Type | Attribute)[] {
    return [this.child];
  }
}

export class CallSiteLoc extends Location {
  private constructor(
    readonly callee: Location,
    readonly caller: Location,
  ) {
    super();
  }
  static get(callee: Location, caller: Location): CallSiteLoc {
    return intern(new CallSiteLoc(callee, caller));
  }
  printBody(p: AsmPrinter): void {
    p.write('callsite(');
    p.printAttribute(this.callee);
    p.write(' at ');
    p.printAttribute(this.caller);
    p.write(')');
  }
  override children(): readonly (Type | Attribute)[] {
    return [this.callee, this.caller];
  }
}

export class FusedLoc extends Location {
  private constructor(
    readonly locations: readonly Location[],
    readonly metadata: Attribute | undefined,
  ) {
    super();
  }
  static get(locations: readonly Location[], metadata?: Attribute): FusedLoc {
    return intern(new FusedLoc([...locations], metadata));
  }
  printBody(p: AsmPrinter): void {
    p.write('fused');
    if (this.metadata) {
      p.write('<');
      p.printAttribute(this.metadata);
      p.write('>');
    }
    p.write('[');
    this.locations.forEach((l, i) => {
      if (i) p.write(', ');
      p.printAttribute(l);
    });
    p.write(']');
  }
  override children(): readonly (Type | Attribute)[] {
    return this.metadata ? [this.metadata, ...this.locations] : this.locations;
  }
}
