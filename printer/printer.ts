/**
 * IR → MLIR text, byte-compatible with MLIR's AsmPrinter as Triton 3.6 uses it.
 *
 * MLIR prints in two passes: a dry run that visits every type, attribute and location the output would contain
 * (DummyAliasOperationPrinter), from which alias names are assigned (sorted by depth, kind, name; `#loc` aliases
 * after the module unless an argument location pulls them up), then the real print. Here one walk does both: it
 * feeds the alias collector in the dry run's order and records the text, leaving each type/attribute that could
 * print through an alias as a piece that is resolved (and cached: they are uniqued and immutable) once the aliases
 * are named. Op formats are compiled once per definition (op-format.ts).
 */
import type { AsmPrinter } from '../dialect/ir/asm-interfaces.js';
import {
  Attribute,
  DictionaryAttr,
  DenseArrayAttr,
  IntegerAttr,
  printableAttrName,
  UnitAttr,
  type NamedAttribute,
} from '../dialect/ir/attribute.js';
import { aliasNameOf } from '../dialect/ir/dialect-registry.js';
import { Block, BlockArgument, Operation, Region, Value } from '../dialect/ir/ir.js';
import { DistinctAttr } from '../dialect/ir/distinct-attr.js';
import { CallSiteLoc, FileLineColLoc, FusedLoc, Location, NameLoc, UnknownLoc } from '../dialect/ir/location.js';
import { getCustomDirective, type OpDefinition, type OpFormatPrinter } from '../dialect/ir/op-definition.js';
import { compareBytes, escapeString } from '../dialect/ir/string-escape.js';
import { FunctionType, NoneType, printResultTypes, Type } from '../dialect/ir/type.js';
import { setOpDescriber } from '../dialect/ir/verifier.js';
import { NameState } from './names.js';
import { printCustomOp } from './op-format.js';

export interface PrintOptions {
  /** Print locations (`--mlir-print-debuginfo`); also names values after NameLocs, as Triton does. */
  debugInfo?: boolean;
  /** Print every op in the generic form (`--mlir-print-op-generic`). */
  generic?: boolean;
  /** Use NameLoc names as SSA names (on by default with debug info). */
  nameLocAsPrefix?: boolean;
  /** `--mlir-print-local-scope`: no alias definitions; types and attributes are printed in full where used. */
  localScope?: boolean;
  /**
   * In the generic form, print absent default-valued properties with their default, as MLIR does for ops whose
   * properties were populated with their defaults at creation (Triton's in-pass `<< moduleOp` dumps).
   */
  genericDefaults?: boolean;
}

interface AliasInfo {
  index: number;
  name: string | undefined;
  depth: number;
  isType: boolean;
  deferrable: boolean;
  children: (Type | Attribute)[];
}

/** Dry-run bookkeeping: every visited type/attribute in first-visit order. */
class AliasCollector {
  readonly infos = new Map<Type | Attribute, AliasInfo>();

  visit(x: Type | Attribute, canBeDeferred: boolean): AliasInfo {
    const hit = this.infos.get(x);
    if (hit) {
      if (!canBeDeferred) this.markNonDeferrable(hit);
      return hit;
    }
    const name = x instanceof Location ? 'loc' : aliasNameOf(x);
    const info: AliasInfo = {
      index: this.infos.size,
      name,
      depth: name !== undefined ? 1 : 0,
      isType: x instanceof Type,
      deferrable: canBeDeferred,
      children: [],
    };
    this.infos.set(x, info);
    const kids = nestedOf(x);
    let m = 0;
    for (const k of kids) {
      info.children.push(k);
      m = Math.max(m, this.visit(k, canBeDeferred).depth);
    }
    if (m > 0) info.depth = m + 1;
    return info;
  }

  private markNonDeferrable(info: AliasInfo): void {
    if (!info.deferrable) return;
    info.deferrable = false;
    for (const k of info.children) {
      const ki = this.infos.get(k);
      if (ki) this.markNonDeferrable(ki);
    }
  }

  /** Assigns alias names; returns them in printing order. */
  assign(): { entries: [Type | Attribute, string, boolean][]; names: Map<Type | Attribute, string> } {
    // Only named entries get aliases; the order is total (index breaks ties), so sorting only those is the same.
    const all = [...this.infos.entries()].filter(([, info]) => info.name !== undefined);
    all.sort(([, a], [, b]) => {
      if (a.depth !== b.depth) return a.depth - b.depth;
      if (a.isType !== b.isType) return a.isType ? -1 : 1;
      const an = a.name ?? '';
      const bn = b.name ?? '';
      if (an !== bn) return an < bn ? -1 : 1;
      return a.index - b.index;
    });
    const counts = new Map<string, number>();
    const used = new Set<string>();
    const names = new Map<Type | Attribute, string>();
    const entries: [Type | Attribute, string, boolean][] = [];
    for (const [x, info] of all) {
      if (info.name === undefined) continue;
      const base = info.name;
      let n = counts.get(base) ?? 0;
      let full = base;
      if (n > 0 || used.has(base)) {
        const sep = /[0-9]$/.test(base) ? '_' : '';
        if (n === 0) n = 1;
        for (;;) {
          full = `${base}${sep}${n}`;
          n++;
          if (!used.has(full)) break;
        }
      } else n = 1;
      counts.set(base, n);
      used.add(full);
      names.set(x, full);
      entries.push([x, full, info.deferrable]);
    }
    return { entries, names };
  }
}

/** Nested values of a type/attribute in print order (recorded by printing it into a recorder). */
function nestedOf(x: Type | Attribute): (Type | Attribute)[] {
  const rec = new ChildRecorder();
  if (x instanceof Location) {
    if (x instanceof NameLoc) return x.child instanceof UnknownLoc ? [] : [x.child];
    if (x instanceof CallSiteLoc) return [x.callee, x.caller];
    if (x instanceof FusedLoc) return x.metadata ? [x.metadata, ...x.locations] : [...x.locations];
    return [];
  }
  x.print(rec);
  return rec.kids;
}

class ChildRecorder implements AsmPrinter {
  readonly kids: (Type | Attribute)[] = [];
  write(): void {}
  printType(t: Type): void {
    this.kids.push(t);
  }
  printAttribute(a: Attribute): void {
    this.kids.push(a);
  }
  printAttributeWithoutType(a: Attribute): void {
    // The dry run still visits the implied type of a typed attribute.
    a.printWithoutType(this);
    if (a instanceof IntegerAttr && !a.isBool()) this.kids.push(a.type);
    const t = (a as unknown as { type?: unknown }).type;
    if (!(a instanceof IntegerAttr) && t instanceof Type && !(t instanceof NoneType)) this.kids.push(t);
  }
}

/** The longest string V8 can build (2^29 - 24 UTF-16 units): longer IR text cannot be returned. */
export const MAX_OUTPUT_CHARS = 2 ** 29 - 24;

/** The printed form of an op would be longer than a string can be (e.g. a 65536-member struct type per op). */
export class OutputTooLargeError extends Error {
  constructor(readonly chars: number) {
    super(`the printed IR would have ${chars} characters, more than the ${MAX_OUTPUT_CHARS} a string can hold`);
    this.name = 'OutputTooLargeError';
  }
}

/**
 * A piece of the recorded output: text, or a type/attribute whose text depends on the alias names (resolved
 * after the walk). A number tags the type/attribute piece after it with how it is printed.
 */
type Piece = string | Type | Attribute | number;

/** printStrippedAttribute: the alias, else the text after the mnemonic. */
const STRIPPED = 1;
/** printAttributeWithoutType. */
const WITHOUT_TYPE = 2;
/** ` loc(...)` after an op: through the location's alias. */
const LOC = 3;
/** ` loc(...)` of an argument: spelled out at the top (nested locations still use aliases). */
const LOC_INLINE = 4;

export class IRPrinter implements OpFormatPrinter {
  /**
   * The output of the one walk over the IR: text, with the types and attributes that may print through an
   * alias left as pieces to resolve once the aliases are named. The same walk feeds the alias collector in
   * exactly the order MLIR's dry run (DummyAliasOperationPrinter) visits things, so the IR is walked once.
   */
  private pieces: Piece[] = [];
  /** Text written since the last type/attribute piece (appending to a string is cheaper than an array of pieces). */
  private text = '';
  /** Whether the walk visits types/attributes/locations for aliases (not for local scope or diagnostics). */
  private collecting = false;
  /** After the walk: printing types/attributes (and their nested ones) into `buf`. */
  private resolving = false;
  private buf = '';
  private indent = 0;
  private readonly collector = new AliasCollector();
  private aliasNames = new Map<Type | Attribute, string>();
  private readonly aliasUse = new Map<Type | Attribute, boolean>();
  /** Resolved text of type/attribute pieces: they are uniqued and immutable, and the alias names fixed. */
  private readonly resolved = new Map<Type | Attribute, string>();
  private readonly resolvedTagged = [STRIPPED, WITHOUT_TYPE, LOC, LOC_INLINE].map(() => new Map<Attribute, string>());
  private names!: NameState;
  readonly printDebugInfo: boolean;
  private readonly generic: boolean;
  /** The default dialect of each region being printed (MLIR's defaultDialectStack; `builtin` at the top). */
  private readonly defaultDialects: string[] = ['builtin'];

  constructor(private readonly opts: PrintOptions = {}) {
    this.printDebugInfo = opts.debugInfo ?? false;
    this.generic = opts.generic ?? false;
  }

  /** Prints a top-level op (normally `builtin.module`) with aliases before and after it. */
  printTopLevel(op: Operation): string {
    this.names = new NameState(op, this.opts.nameLocAsPrefix ?? this.printDebugInfo, this.generic);
    this.collecting = !this.opts.localScope;
    this.resolving = false;
    this.pieces = [];
    this.text = '';
    this.indent = 0;
    this.printOp(op);
    this.pieces.push(this.text);
    const { entries, names } = this.collecting ? this.collector.assign() : { entries: [], names: new Map<Type | Attribute, string>() };
    this.aliasNames = names;
    this.resolving = true;
    let head = '';
    for (const [x, name, deferrable] of entries) if (!deferrable) head += this.aliasDef(x, name);
    const out = this.resolvePieces();
    out.unshift(head);
    // MLIR prints a local-scope op on its own (printFullOpWithIndentAndLoc), without the alias section's newline.
    if (!this.opts.localScope) out.push('\n');
    for (const [x, name, deferrable] of entries) if (deferrable) out.push(this.aliasDef(x, name));
    let chars = 0;
    for (const piece of out) chars += piece.length;
    if (chars > MAX_OUTPUT_CHARS) throw new OutputTooLargeError(chars);
    return out.join('');
  }

  /**
   * Prints one nested op (with its regions) for diagnostics, as MLIR streams `<< *op`: value names come from
   * `scope` (an ancestor, normally the nearest IsolatedFromAbove op); no aliases, no trailing newline.
   */
  printOpInScope(op: Operation, scope: Operation): string {
    this.names = new NameState(scope, this.opts.nameLocAsPrefix ?? this.printDebugInfo, this.generic);
    this.aliasNames = new Map();
    this.collecting = false;
    this.resolving = false;
    this.pieces = [];
    this.text = '';
    this.indent = 0;
    this.printOp(op);
    this.pieces.push(this.text);
    this.resolving = true;
    return this.resolvePieces().join('');
  }

  /** Replaces the type/attribute pieces by their text; returns the pieces, now all strings. */
  private resolvePieces(): string[] {
    const ps = this.pieces;
    for (let i = 0; i < ps.length; i++) {
      const x = ps[i]!;
      if (typeof x === 'string') continue;
      if (typeof x === 'number') {
        ps[i] = '';
        i++;
        ps[i] = this.taggedText(x, ps[i] as Attribute);
      } else ps[i] = this.textOf(x);
    }
    return ps as string[];
  }

  private aliasDef(x: Type | Attribute, name: string): string {
    const saved = this.buf;
    this.buf = (x instanceof Type ? '!' : '#') + name + ' = ';
    if (x instanceof Location) this.printLocation(x, true);
    else x.print(this);
    const s = this.buf + '\n';
    this.buf = saved;
    return s;
  }

  /** The text of a type or attribute where it is used: its alias, its key when nothing in it has one, or printed. */
  private textOf(x: Type | Attribute): string {
    let s = this.resolved.get(x);
    if (s !== undefined) return s;
    const saved = this.buf;
    this.buf = '';
    if (x instanceof Type) {
      const a = this.aliasNames.get(x);
      if (a !== undefined) this.buf = '!' + a;
      else if (!this.mayUseAlias(x)) this.buf = x.key;
      else x.print(this);
    } else {
      const a = this.aliasNames.get(x);
      if (a !== undefined) this.buf = '#' + a;
      else if (x instanceof Location) this.printLocation(x, true);
      else if (x instanceof DistinctAttr) this.printDistinct(x);
      else x.print(this);
    }
    s = this.buf;
    this.buf = saved;
    this.resolved.set(x, s);
    return s;
  }

  private taggedText(tag: number, attr: Attribute): string {
    const cache = this.resolvedTagged[tag - 1]!;
    let s = cache.get(attr);
    if (s !== undefined) return s;
    const saved = this.buf;
    this.buf = '';
    switch (tag) {
      case STRIPPED: {
        if (this.aliasNames.has(attr)) this.buf = this.textOf(attr);
        else {
          const stripped = (attr as Attribute & { printStripped?: (p: AsmPrinter) => void }).printStripped;
          if (stripped) stripped.call(attr, this);
          else attr.print(this);
        }
        break;
      }
      case WITHOUT_TYPE:
        attr.printWithoutType(this);
        break;
      default: {
        const loc = attr as Location;
        const a = tag === LOC ? this.aliasNames.get(loc) : undefined;
        this.buf = ' loc(';
        if (a !== undefined) this.buf += '#' + a;
        else this.printLocationBody(loc);
        this.buf += ')';
      }
    }
    s = this.buf;
    this.buf = saved;
    cache.set(attr, s);
    return s;
  }

  // ---- AsmPrinter ------------------------------------------------------------------------------

  write(text: string): void {
    if (this.resolving) this.buf += text;
    else this.text += text;
  }
  printType(t: Type): void {
    if (this.resolving) this.buf += this.textOf(t);
    // A type with no alias anywhere in it prints as its key (large LLVM struct types on every line).
    else if (!this.collecting || this.collector.visit(t, false).depth === 0) this.text += t.key;
    else this.pushPiece(t);
  }
  /** `prefix` (a space or separator) then the type, appended as one string where it can be. */
  printTypeAfter(prefix: string, t: Type): void {
    if (this.resolving) this.buf += prefix + this.textOf(t);
    else if (!this.collecting || this.collector.visit(t, false).depth === 0) this.text += prefix + t.key;
    else {
      this.text += prefix;
      this.pushPiece(t);
    }
  }

  /**
   * Whether printing `x` could reference an alias (it or something nested in it has one). When not, its
   * printed text is its uniquing key.
   */
  private mayUseAlias(x: Type | Attribute): boolean {
    if (this.aliasNames.size === 0) return false;
    const hit = this.aliasUse.get(x);
    if (hit !== undefined) return hit;
    const info = this.collector.infos.get(x);
    // Not seen by the dry run: print it the normal way.
    let r = true;
    if (info) r = info.name !== undefined || info.children.some((c) => this.mayUseAlias(c));
    this.aliasUse.set(x, r);
    return r;
  }
  printAttribute(attr: Attribute): void {
    if (this.resolving) this.buf += this.textOf(attr);
    else {
      if (this.collecting) this.collector.visit(attr, false);
      this.pushPiece(attr);
    }
  }

  /** Ends the current text and records `x` to print once the aliases are known. */
  private pushPiece(x: Type | Attribute): void {
    this.pieces.push(this.text, x);
    this.text = '';
  }
  /**
   * A nested attribute whose kind the enclosing one implies (MLIR's printStrippedAttrOrType): its alias when it
   * has one, else its `printStripped` form (the text after the mnemonic) if it has one.
   */
  printStrippedAttribute(attr: Attribute): void {
    this.printTagged(STRIPPED, attr, false);
  }
  printAttributeWithoutType(attr: Attribute): void {
    this.printTagged(WITHOUT_TYPE, attr, false);
  }

  private printTagged(tag: number, attr: Attribute, canBeDeferred: boolean): void {
    if (this.resolving) this.buf += this.taggedText(tag, attr);
    else {
      if (this.collecting) this.collector.visit(attr, canBeDeferred);
      this.pieces.push(this.text, tag, attr);
      this.text = '';
    }
  }

  /** Distinct attributes are numbered in the order they are printed (MLIR's AsmState DistinctState). */
  private readonly distinctIds = new Map<DistinctAttr, number>();
  private printDistinct(attr: DistinctAttr): void {
    let id = this.distinctIds.get(attr);
    if (id === undefined) this.distinctIds.set(attr, (id = this.distinctIds.size));
    this.buf += `distinct[${id}]`;
    attr.printReferenced(this);
  }

  // ---- locations -------------------------------------------------------------------------------

  /** ` loc(...)` after an argument, when debug info is on: visited and printed here, spelled out. */
  private printTrailingLocation(loc: Location): void {
    if (this.printDebugInfo) this.printTagged(LOC_INLINE, loc, false);
  }

  /** `loc(...)` with nested locations through their aliases (resolving only). */
  private printLocation(loc: Location, topLevel: boolean): void {
    this.buf += 'loc(';
    if (!topLevel && this.aliasNames.has(loc)) this.buf += '#' + this.aliasNames.get(loc)!;
    else this.printLocationBody(loc);
    this.buf += ')';
  }

  private printNestedLoc(loc: Location): void {
    const a = this.aliasNames.get(loc);
    if (a !== undefined) this.buf += '#' + a;
    else this.printLocationBody(loc);
  }

  private printLocationBody(loc: Location): void {
    if (loc instanceof UnknownLoc) this.buf += 'unknown';
    else if (loc instanceof FileLineColLoc) this.buf += `${escapeString(loc.file)}:${loc.line}:${loc.col}`;
    else if (loc instanceof NameLoc) {
      this.buf += escapeString(loc.name);
      if (!(loc.child instanceof UnknownLoc)) {
        this.buf += '(';
        this.printNestedLoc(loc.child);
        this.buf += ')';
      }
    } else if (loc instanceof CallSiteLoc) {
      this.buf += 'callsite(';
      this.printNestedLoc(loc.callee);
      this.buf += ' at ';
      this.printNestedLoc(loc.caller);
      this.buf += ')';
    } else if (loc instanceof FusedLoc) {
      this.buf += 'fused';
      if (loc.metadata) {
        this.buf += '<';
        this.printAttribute(loc.metadata);
        this.buf += '>';
      }
      this.buf += '[';
      loc.locations.forEach((l, i) => {
        if (i) this.buf += ', ';
        this.printNestedLoc(l);
      });
      this.buf += ']';
    } else loc.print(this);
  }

  // ---- operations ------------------------------------------------------------------------------

  printNewline(): void {
    this.write('\n' + indentText(this.indent));
  }

  private printOp(op: Operation): void {
    // MLIR's dry run visits an op's location first (deferrable: `#loc` aliases go after the module).
    if (this.collecting && this.printDebugInfo) this.collector.visit(op.loc, true);
    // One append for `    %12 = ` (a short flat string, not three rope nodes).
    this.text += op.results.length ? indentText(this.indent) + this.names.resultList(op) + ' = ' : indentText(this.indent);
    if (!this.generic && op.def?.format !== undefined) {
      this.text += printedOpName(op.name, this.defaultDialects[this.defaultDialects.length - 1] ?? '');
      printCustomOp(this, op);
    } else this.printGenericOp(op);
    if (this.printDebugInfo) {
      this.pieces.push(this.text, LOC, op.loc);
      this.text = '';
    }
  }

  private printGenericOp(op: Operation): void {
    const props: NamedAttribute[] = [];
    const attrs: NamedAttribute[] = [];
    for (const [name, value] of op.attributes) (op.isInherentAttr(name) ? props : attrs).push({ name, value });
    if (this.opts.genericDefaults && op.def) {
      for (const a of op.def.attributes) {
        if (a.default !== undefined && !a.optional && op.getAttr(a.name) === undefined) props.push({ name: a.name, value: a.default });
      }
    }
    if (op.operandSegments) {
      props.push({ name: 'operandSegmentSizes', value: DenseArrayAttr.get(IntegerAttr.i32(0).type, op.operandSegments) });
    }
    // The text is recorded in print order, but MLIR's dry run visits regions first, then the operand and result
    // types, then the attributes by name: the pieces before the regions are recorded without visiting.
    this.text += escapeString(op.name) + '(';
    this.printOperands(op.operandValues);
    this.text += ')';
    if (op.successors.length) this.text += '[' + op.successors.map((b) => this.names.blockName(b)).join(', ') + ']';
    if (props.length) {
      this.text += ' <';
      this.pushPiece(DictionaryAttr.get(props));
      this.text += '>';
    }
    if (op.regions.length) {
      this.text += ' (';
      op.regions.forEach((r, i) => {
        if (i) this.text += ', ';
        this.printRegion(r, { printEntryBlockArgs: true, printEmptyBlock: true });
      });
      this.text += ')';
    }
    if (this.collecting) {
      for (const o of op.operands) this.collector.visit(o.value.type, false);
      for (const r of op.results) this.collector.visit(r.type, false);
      for (const a of [...props, ...attrs].sort(byName)) this.collector.visit(a.value, false);
    }
    this.printAttrList(attrs.sort(byName), false, false);
    this.text += ' : ';
    this.pushPiece(FunctionType.get(op.operandValues.map((v) => v.type), op.results.map((r) => r.type)));
  }

  printOperand(v: Value): void {
    this.text += this.names.valueRef(v);
  }
  /** `prefix` (a separator) then the operand, appended as one short string (fewer rope nodes to flatten). */
  printOperandAfter(prefix: string, v: Value): void {
    this.text += prefix + this.names.valueRef(v);
  }
  printOperands(vs: readonly Value[]): void {
    for (let i = 0; i < vs.length; i++) this.text += i ? ', ' + this.names.valueRef(vs[i]!) : this.names.valueRef(vs[i]!);
  }
  printSuccessor(b: Block): void {
    this.text += this.names.blockName(b);
  }
  printSuccessorAndOperands(b: Block, operands: readonly Value[]): void {
    this.printSuccessor(b);
    if (!operands.length) return;
    this.write('(');
    this.printOperands(operands);
    this.write(' : ');
    operands.forEach((v, i) => {
      if (i) this.write(', ');
      this.printType(v.type);
    });
    this.write(')');
  }

  printArgumentLocation(loc: Location): void {
    this.printTrailingLocation(loc);
  }

  printBlockArgumentDecl(arg: BlockArgument, withLoc: boolean): void {
    this.printOperand(arg);
    this.write(': ');
    this.printType(arg.type);
    if (withLoc) this.printTrailingLocation(arg.loc);
  }

  /** ` {a = 1, b}` with elided names removed; nothing when empty. */
  printOptionalAttrDict(op: Operation, elided: readonly string[] = [], withKeyword = false): void {
    if (op.attributes.size === 0) return;
    const list: NamedAttribute[] = [];
    const defaults = op.def ? defaultsOf(op.def) : undefined;
    for (const [name, value] of op.attributes) {
      if (elided.includes(name)) continue;
      if (defaults !== undefined && defaults.get(name) === value) continue;
      list.push({ name, value });
    }
    if (list.length > 1) list.sort(byName);
    this.printAttrList(list, withKeyword, true);
  }

  /** `{name = value, ...}`; `visit`: feed the values to the alias collector (in list order). */
  private printAttrList(list: readonly NamedAttribute[], withKeyword: boolean, visit: boolean): void {
    if (!list.length) return;
    this.text += withKeyword ? ' attributes {' : ' {';
    for (let i = 0; i < list.length; i++) {
      const a = list[i]!;
      if (i) this.text += ', ';
      this.text += printableAttrName(a.name);
      if (visit && this.collecting) this.collector.visit(a.value, false);
      if (a.value instanceof UnitAttr) continue;
      this.text += ' = ';
      this.pushPiece(a.value);
    }
    this.text += '}';
  }

  // ---- regions and blocks ----------------------------------------------------------------------

  printRegion(region: Region, opts: { printEntryBlockArgs?: boolean; printEmptyBlock?: boolean; printBlockTerminators?: boolean } = {}): void {
    this.defaultDialects.push(region.parent?.def?.defaultDialect ?? '');
    try {
      this.printRegionBody(region, opts);
    } finally {
      this.defaultDialects.pop();
    }
  }

  private printRegionBody(region: Region, opts: { printEntryBlockArgs?: boolean; printEmptyBlock?: boolean; printBlockTerminators?: boolean }): void {
    const entryArgs = opts.printEntryBlockArgs ?? true;
    const terminators = opts.printBlockTerminators ?? true;
    this.write('{\n');
    const blocks = region.blocks;
    const entry = blocks[0];
    if (entry) {
      const header = (opts.printEmptyBlock === true && entry.ops.length === 0) || (entryArgs && entry.args.length > 0);
      this.printBlock(entry, header, terminators);
      for (let i = 1; i < blocks.length; i++) this.printBlock(blocks[i]!, true, true);
    }
    this.write(indentText(this.indent) + '}');
  }

  private printBlock(b: Block, header: boolean, terminators: boolean): void {
    if (header) {
      this.text += indentText(this.indent) + this.names.blockName(b);
      if (b.args.length) {
        this.text += '(';
        b.args.forEach((a, i) => {
          if (i) this.text += ', ';
          this.printBlockArgumentDecl(a, true);
        });
        this.text += ')';
      }
      this.text += ':' + this.predecessorComment(b) + '\n';
    }
    this.indent += 2;
    const ops = b.ops;
    const last = ops[ops.length - 1];
    for (const op of ops) {
      if (!terminators && op === last && op.hasTrait('Terminator')) continue;
      this.printOp(op);
      this.text += '\n';
      // Keep ropes short: a string can hold 2^29 characters, and the total is checked before joining.
      if (this.text.length > 1 << 16) {
        this.pieces.push(this.text);
        this.text = '';
      }
    }
    this.indent -= 2;
  }

  private predecessorComment(b: Block): string {
    const region = b.parent;
    if (!region) return '  // block is not in a region!';
    const preds: Block[] = [];
    for (const p of region.blocks) for (const s of p.successors) if (s === b) preds.push(p);
    if (preds.length === 0) return region.blocks[0] === b ? '' : '  // no predecessors';
    const uniq = [...new Set(preds)];
    if (uniq.length === 1 && preds.length === 1) return `  // pred: ${this.names.blockName(uniq[0]!)}`;
    const sorted = preds.sort((x, y) => this.names.blockIndex(x) - this.names.blockIndex(y));
    return `  // ${sorted.length} preds: ${sorted.map((x) => this.names.blockName(x)).join(', ')}`;
  }

  /** The function-style result list `(i32, f32)` / `i32`. */
  printResultTypes(types: readonly Type[]): void {
    printResultTypes(this, types);
  }

  /** Custom directive lookup, for the format printer. */
  customDirective(name: string) {
    return getCustomDirective(name);
  }
}

const defaultsByDef = new WeakMap<OpDefinition, Map<string, Attribute | undefined>>();
/** The default value of each attribute of a definition (values equal to it are elided from attr-dict, as ODS does). */
function defaultsOf(def: OpDefinition): Map<string, Attribute | undefined> {
  let m = defaultsByDef.get(def);
  if (m === undefined) {
    m = new Map();
    // The first spec of a name decides, as a lookup by name would.
    for (const a of def.attributes) if (!m.has(a.name)) m.set(a.name, a.default);
    defaultsByDef.set(def, m);
  }
  return m;
}

const printedNames = new Map<string, Map<string, string>>();
/** MLIR's printOpName: the op name without the enclosing region's default dialect (`builtin` at the top level). */
function printedOpName(name: string, defaultDialect: string): string {
  let byName = printedNames.get(defaultDialect);
  if (byName === undefined) printedNames.set(defaultDialect, (byName = new Map()));
  let s = byName.get(name);
  if (s === undefined) {
    const dd = defaultDialect;
    const short = dd !== '' && name.startsWith(dd + '.') && name.split('.').length === 2;
    byName.set(name, (s = short ? name.slice(dd.length + 1) : name));
  }
  return s;
}

const indents: string[] = [];
/** `n` spaces (the indentation of a line), built once per depth. */
function indentText(n: number): string {
  return (indents[n] ??= ' '.repeat(n));
}

function byName(a: NamedAttribute, b: NamedAttribute): number {
  return compareBytes(a.name, b.name);
}

/** One op as diagnostics show it (`see current operation: ...`), named within its nearest isolated ancestor. */
export function printOpForDiagnostic(op: Operation, opts: PrintOptions = {}): string {
  let scope = op;
  for (let p = op.parentOp; p; p = p.parentOp) {
    scope = p;
    if (p.hasTrait('IsolatedFromAbove')) break;
  }
  return new IRPrinter(opts).printOpInScope(op, scope);
}

/** A value as MLIR's printAsOperand shows it in diagnostics: `%3`, named within the nearest isolated ancestor. */
export function printValueForDiagnostic(v: Value): string {
  const owner = v instanceof BlockArgument ? v.owner.parentOp : v.definingOp;
  if (!owner) return '<<UNKNOWN SSA VALUE>>';
  let scope = owner;
  for (let p: Operation | undefined = owner; p; p = p.parentOp) {
    scope = p;
    if (p.hasTrait('IsolatedFromAbove')) break;
  }
  return new NameState(scope, false, true).valueRef(v);
}

// Verifier messages that show an op (`block with no terminator, has ...`) print it like this; ops in IR that
// fails to verify print in the generic form, as MLIR does.
setOpDescriber((op) => printOpForDiagnostic(op, { generic: true }), printValueForDiagnostic);

/** Prints a module (or any op) as triton-opt does, without the trailing blank line triton-opt adds. */
export function printOperation(op: Operation, opts: PrintOptions = {}): string {
  return new IRPrinter(opts).printTopLevel(op);
}
