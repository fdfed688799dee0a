/**
 * IR → MLIR text, byte-compatible with MLIR's AsmPrinter as Triton 3.6 uses it.
 *
 * Printing runs twice over the same code: first in `collect` mode, a dry run that records every type,
 * attribute and location the output would contain (MLIR's DummyAliasOperationPrinter), from which alias
 * names are assigned (sorted by depth, kind, name; `#loc` aliases after the module unless an argument
 * location pulls them up); then in `emit` mode, which writes text.
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
import { getCustomDirective, type OpFormatPrinter } from '../dialect/ir/op-definition.js';
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
    const all = [...this.infos.entries()];
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

export class IRPrinter implements OpFormatPrinter {
  private out: string[] = [];
  private indent = 0;
  private mode: 'collect' | 'emit' = 'collect';
  private readonly collector = new AliasCollector();
  private aliasNames = new Map<Type | Attribute, string>();
  private readonly aliasUse = new Map<Type | Attribute, boolean>();
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
    this.mode = 'collect';
    this.printOp(op);
    const { entries, names } = this.opts.localScope ? { entries: [], names: new Map<Type | Attribute, string>() } : this.collector.assign();
    this.aliasNames = names;
    this.mode = 'emit';
    this.out = [];
    for (const [x, name, deferrable] of entries) if (!deferrable) this.printAliasDef(x, name);
    this.indent = 0;
    this.printOp(op);
    // MLIR prints a local-scope op on its own (printFullOpWithIndentAndLoc), without the alias section's newline.
    if (!this.opts.localScope) this.out.push('\n');
    for (const [x, name, deferrable] of entries) if (deferrable) this.printAliasDef(x, name);
    let chars = 0;
    for (const piece of this.out) chars += piece.length;
    if (chars > MAX_OUTPUT_CHARS) throw new OutputTooLargeError(chars);
    return this.out.join('');
  }

  /**
   * Prints one nested op (with its regions) for diagnostics, as MLIR streams `<< *op`: value names come from
   * `scope` (an ancestor, normally the nearest IsolatedFromAbove op); no aliases, no trailing newline.
   */
  printOpInScope(op: Operation, scope: Operation): string {
    this.names = new NameState(scope, this.opts.nameLocAsPrefix ?? this.printDebugInfo, this.generic);
    this.aliasNames = new Map();
    this.mode = 'emit';
    this.out = [];
    this.indent = 0;
    this.printOp(op);
    return this.out.join('');
  }

  private printAliasDef(x: Type | Attribute, name: string): void {
    this.out.push(x instanceof Type ? '!' : '#', name, ' = ');
    if (x instanceof Location) this.printLocation(x, true);
    else x.print(this);
    this.out.push('\n');
  }

  // ---- AsmPrinter ------------------------------------------------------------------------------

  write(text: string): void {
    if (this.mode === 'emit') this.out.push(text);
  }
  printType(t: Type): void {
    if (this.mode === 'collect') {
      this.collector.visit(t, false);
      return;
    }
    const a = this.aliasNames.get(t);
    if (a !== undefined) this.out.push('!', a);
    else if (!this.mayUseAlias(t)) this.out.push(t.key);
    else t.print(this);
  }

  /**
   * Whether printing `x` could reference an alias (it or something nested in it has one). When not, its
   * printed text is its uniquing key, which is written directly (large LLVM struct types on every line).
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
    if (this.mode === 'collect') {
      this.collector.visit(attr, false);
      return;
    }
    const a = this.aliasNames.get(attr);
    if (a !== undefined) this.out.push('#', a);
    else if (attr instanceof Location) this.printLocation(attr, true);
    else if (attr instanceof DistinctAttr) this.printDistinct(attr);
    else attr.print(this);
  }
  /**
   * A nested attribute whose kind the enclosing one implies (MLIR's printStrippedAttrOrType): its alias when it
   * has one, else its `printStripped` form (the text after the mnemonic) if it has one.
   */
  printStrippedAttribute(attr: Attribute): void {
    if (this.mode === 'collect' || this.aliasNames.has(attr)) {
      this.printAttribute(attr);
      return;
    }
    const stripped = (attr as Attribute & { printStripped?: (p: AsmPrinter) => void }).printStripped;
    if (stripped) stripped.call(attr, this);
    else attr.print(this);
  }
  printAttributeWithoutType(attr: Attribute): void {
    if (this.mode === 'collect') {
      this.collector.visit(attr, false);
      return;
    }
    attr.printWithoutType(this);
  }

  /** Distinct attributes are numbered in the order they are printed (MLIR's AsmState DistinctState). */
  private readonly distinctIds = new Map<DistinctAttr, number>();
  private printDistinct(attr: DistinctAttr): void {
    let id = this.distinctIds.get(attr);
    if (id === undefined) this.distinctIds.set(attr, (id = this.distinctIds.size));
    this.out.push(`distinct[${id}]`);
    attr.printReferenced(this);
  }

  // ---- locations -------------------------------------------------------------------------------

  /** ` loc(...)` after an op or argument, when debug info is on. */
  private printTrailingLocation(loc: Location, allowAlias: boolean, canBeDeferred: boolean): void {
    if (!this.printDebugInfo) return;
    if (this.mode === 'collect') {
      this.collector.visit(loc, canBeDeferred);
      return;
    }
    this.out.push(' loc(');
    const a = allowAlias ? this.aliasNames.get(loc) : undefined;
    if (a !== undefined) this.out.push('#', a);
    else this.printLocationBody(loc);
    this.out.push(')');
  }

  /** `loc(...)` with nested locations through their aliases. */
  private printLocation(loc: Location, topLevel: boolean): void {
    this.out.push('loc(');
    if (!topLevel && this.aliasNames.has(loc)) this.out.push('#', this.aliasNames.get(loc)!);
    else this.printLocationBody(loc);
    this.out.push(')');
  }

  private printNestedLoc(loc: Location): void {
    const a = this.aliasNames.get(loc);
    if (a !== undefined) this.out.push('#', a);
    else this.printLocationBody(loc);
  }

  private printLocationBody(loc: Location): void {
    if (loc instanceof UnknownLoc) this.out.push('unknown');
    else if (loc instanceof FileLineColLoc) this.out.push(`${escapeString(loc.file)}:${loc.line}:${loc.col}`);
    else if (loc instanceof NameLoc) {
      this.out.push(escapeString(loc.name));
      if (!(loc.child instanceof UnknownLoc)) {
        this.out.push('(');
        this.printNestedLoc(loc.child);
        this.out.push(')');
      }
    } else if (loc instanceof CallSiteLoc) {
      this.out.push('callsite(');
      this.printNestedLoc(loc.callee);
      this.out.push(' at ');
      this.printNestedLoc(loc.caller);
      this.out.push(')');
    } else if (loc instanceof FusedLoc) {
      this.out.push('fused');
      if (loc.metadata) {
        this.out.push('<');
        this.printAttribute(loc.metadata);
        this.out.push('>');
      }
      this.out.push('[');
      loc.locations.forEach((l, i) => {
        if (i) this.out.push(', ');
        this.printNestedLoc(l);
      });
      this.out.push(']');
    } else loc.print(this);
  }

  // ---- operations ------------------------------------------------------------------------------

  printNewline(): void {
    this.write('\n' + ' '.repeat(this.indent));
  }

  private printOp(op: Operation): void {
    if (this.mode === 'collect') {
      if (this.printDebugInfo) this.collector.visit(op.loc, true);
    } else this.out.push(' '.repeat(this.indent));
    if (op.results.length && this.mode === 'emit') this.out.push(this.names.resultList(op), ' = ');
    if (!this.generic && op.def?.format !== undefined) {
      // MLIR's printOpName: drop the enclosing region's default dialect (`builtin` at the top level).
      const dd = this.defaultDialects[this.defaultDialects.length - 1] ?? '';
      const short = dd !== '' && op.name.startsWith(dd + '.') && op.name.split('.').length === 2;
      this.write(short ? op.name.slice(dd.length + 1) : op.name);
      printCustomOp(this, op);
    } else this.printGenericOp(op);
    if (this.mode === 'emit') this.printTrailingLocation(op.loc, true, true);
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
    if (this.mode === 'collect') {
      // MLIR's dry run visits regions first, then types, then attributes.
      for (const r of op.regions) this.printRegion(r, { printEntryBlockArgs: true, printEmptyBlock: true });
      for (const o of op.operands) this.printType(o.value.type);
      for (const r of op.results) this.printType(r.type);
      for (const a of [...props, ...attrs].sort(byName)) this.printAttribute(a.value);
      return;
    }
    this.out.push(escapeString(op.name), '(');
    this.printOperands(op.operandValues);
    this.out.push(')');
    if (op.successors.length) {
      this.out.push('[', op.successors.map((b) => this.names.blockName(b)).join(', '), ']');
    }
    if (props.length) {
      this.out.push(' <');
      this.printAttribute(DictionaryAttr.get(props));
      this.out.push('>');
    }
    if (op.regions.length) {
      this.out.push(' (');
      op.regions.forEach((r, i) => {
        if (i) this.out.push(', ');
        this.printRegion(r, { printEntryBlockArgs: true, printEmptyBlock: true });
      });
      this.out.push(')');
    }
    this.printAttrList(attrs.sort(byName), false);
    this.out.push(' : ');
    this.printType(FunctionType.get(op.operandValues.map((v) => v.type), op.results.map((r) => r.type)));
  }

  printOperand(v: Value): void {
    if (this.mode === 'emit') this.out.push(this.names.valueRef(v));
  }
  printOperands(vs: readonly Value[]): void {
    vs.forEach((v, i) => {
      if (i) this.write(', ');
      this.printOperand(v);
    });
  }
  printSuccessor(b: Block): void {
    if (this.mode === 'emit') this.out.push(this.names.blockName(b));
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
    this.printTrailingLocation(loc, false, false);
  }

  printBlockArgumentDecl(arg: BlockArgument, withLoc: boolean): void {
    this.printOperand(arg);
    this.write(': ');
    this.printType(arg.type);
    if (withLoc) this.printTrailingLocation(arg.loc, false, false);
  }

  /** ` {a = 1, b}` with elided names removed; nothing when empty. */
  printOptionalAttrDict(op: Operation, elided: readonly string[] = [], withKeyword = false): void {
    const list: NamedAttribute[] = [];
    for (const [name, value] of op.attributes) {
      if (elided.includes(name)) continue;
      const spec = op.def?.attributes.find((a) => a.name === name);
      if (spec?.default !== undefined && spec.default === value) continue;
      list.push({ name, value });
    }
    this.printAttrList(list.sort(byName), withKeyword);
  }

  private printAttrList(list: readonly NamedAttribute[], withKeyword: boolean): void {
    if (!list.length) return;
    if (this.mode === 'collect') {
      for (const a of list) this.printAttribute(a.value);
      return;
    }
    this.out.push(withKeyword ? ' attributes {' : ' {');
    list.forEach((a, i) => {
      if (i) this.out.push(', ');
      this.out.push(printableAttrName(a.name));
      if (a.value instanceof UnitAttr) return;
      this.out.push(' = ');
      this.printAttribute(a.value);
    });
    this.out.push('}');
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
    const entry = region.blocks[0];
    if (entry) {
      const header = (opts.printEmptyBlock === true && entry.ops.length === 0) || (entryArgs && entry.args.length > 0);
      this.printBlock(entry, header, terminators);
      for (const b of region.blocks.slice(1)) this.printBlock(b, true, true);
    }
    this.write(' '.repeat(this.indent) + '}');
  }

  private printBlock(b: Block, header: boolean, terminators: boolean): void {
    if (header) {
      if (this.mode === 'emit') {
        this.out.push(' '.repeat(this.indent), this.names.blockName(b));
        if (b.args.length) {
          this.out.push('(');
          b.args.forEach((a, i) => {
            if (i) this.out.push(', ');
            this.printBlockArgumentDecl(a, true);
          });
          this.out.push(')');
        }
        this.out.push(':');
        this.out.push(this.predecessorComment(b));
        this.out.push('\n');
      } else {
        for (const a of b.args) {
          this.printType(a.type);
          if (this.printDebugInfo) this.collector.visit(a.loc, false);
        }
      }
    }
    this.indent += 2;
    const last = b.ops[b.ops.length - 1];
    for (const op of b.ops) {
      if (!terminators && op === last && op.hasTrait('Terminator')) continue;
      this.printOp(op);
      this.write('\n');
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
