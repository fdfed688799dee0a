/**
 * Prints an operation in its custom form by walking the same declarative format the parser reads.
 * Spacing follows ODS's generated printers: a space before each element unless the previous literal
 * was an opening bracket, and none before `)`, `]`, `>`, `,` (and `(`/`[`/`<` after a non-punctuation).
 */
import type { AsmPrinter } from '../dialect/ir/asm-interfaces.js';
import type { Operation, Region } from '../dialect/ir/ir.js';
import { getCustomDirective, type FormatRef } from '../dialect/ir/op-definition.js';
import { FunctionType, type Type } from '../dialect/ir/type.js';
import { compiledFormat, type Directive } from '../parser/op-format-ast.js';
import type { IRPrinter } from './printer.js';


interface SpaceState {
  shouldEmitSpace: boolean;
  lastWasPunctuation: boolean;
}

function spaceBeforeLiteral(value: string, lastWasPunctuation: boolean): boolean {
  if (value.length !== 1 && value !== '->') return true;
  if (lastWasPunctuation) return !'>)}],'.includes(value[0]!);
  return !'<>(){}[],'.includes(value[0]!);
}

export function printCustomOp(p: IRPrinter, op: Operation): void {
  const def = op.def!;
  const st: SpaceState = { shouldEmitSpace: true, lastWasPunctuation: false };
  const format = compiledFormat(def);
  let elided = elidedCache.get(format);
  if (elided === undefined) elidedCache.set(format, (elided = elidedAttrNames(format)));
  for (const d of format) printDirective(p, op, d, st, elided);
}

const elidedCache = new WeakMap<readonly Directive[], string[]>();

const singleOperandsCache = new WeakMap<object, boolean>();
function allSingleOperands(def: NonNullable<Operation['def']>): boolean {
  let r = singleOperandsCache.get(def);
  if (r === undefined) singleOperandsCache.set(def, (r = def.operands.every((o) => o.kind === 'single')));
  return r;
}

/** Attributes bound by a directive (printed there, so elided from attr-dict). */
function elidedAttrNames(ds: readonly Directive[]): string[] {
  const out: string[] = [];
  const walk = (d: Directive): void => {
    if (d.kind === 'var' && d.varKind === 'attr') out.push(d.name);
    else if (d.kind === 'optional') [...d.then, ...d.else].forEach(walk);
    else if (d.kind === 'oilist') d.clauses.flat().forEach(walk);
    else if (d.kind === 'custom') d.args.forEach(walk);
    else if (d.kind === 'qualified') walk(d.inner);
  };
  ds.forEach(walk);
  return out;
}

function groupValues(op: Operation, name: string) {
  const operandIdx = op.def!.operands.findIndex((o) => o.name === name);
  if (operandIdx >= 0) {
    // Fast path: when every group is a single operand, group i is operand i.
    if (allSingleOperands(op.def!) && op.operands.length === op.def!.operands.length) return [op.operands[operandIdx]!.value];
    return op.operandGroup(name);
  }
  const idx = op.def!.results.findIndex((r) => r.name === name);
  if (idx < 0) throw new Error(`${op.name}: no operand/result ${name}`);
  const fixedBefore = idx;
  const flexible = op.def!.results.filter((r) => r.kind !== 'single').length;
  if (flexible === 0 || op.def!.results[idx]!.kind === 'single') return [op.results[fixedBefore]!];
  return op.results.slice(idx);
}

/** The successors bound to a named successor group (a variadic group takes the rest). */
function successorGroup(op: Operation, name: string) {
  const specs = op.def!.successors;
  const idx = specs.findIndex((s) => s.name === name);
  if (idx < 0) throw new Error(`${op.name}: no successor ${name}`);
  return specs[idx]!.variadic ? op.successors.slice(idx) : op.successors.slice(idx, idx + 1);
}

function typesOf(op: Operation, ref: string): Type[] {
  if (ref === '@operands') return op.operandValues.map((v) => v.type);
  if (ref === '@results') return op.results.map((r) => r.type);
  return groupValues(op, ref).map((v) => v.type);
}

/** `!dialect.name` when `ref`'s constraint is a dialect type class printed without its prefix. */
function strippedPrefix(op: Operation, ref: string): string | undefined {
  const def = op.def!;
  const spec = def.operands.find((o) => o.name === ref) ?? def.results.find((r) => r.name === ref);
  const dt = spec?.type?.dialectType;
  return dt === undefined ? undefined : '!' + dt;
}

/** Prints `t` with the leading `prefix` text dropped (MLIR's printStrippedAttrOrType). */
function printStripped(p: IRPrinter, t: Type, prefix: string): void {
  if (!t.key.startsWith(prefix)) {
    p.printType(t);
    return;
  }
  let rest = prefix;
  const proxy: AsmPrinter = {
    write: (text: string) => {
      if (rest.length) {
        const n = Math.min(rest.length, text.length);
        rest = rest.slice(n);
        text = text.slice(n);
      }
      if (text) p.write(text);
    },
    printType: (x) => p.printType(x),
    printAttribute: (x) => p.printAttribute(x),
    printAttributeWithoutType: (x) => p.printAttributeWithoutType(x),
  };
  t.print(proxy);
}

function printTypeList(p: IRPrinter, types: readonly Type[]): void {
  types.forEach((t, i) => {
    if (i) p.write(', ');
    p.printType(t);
  });
}

function isPresent(op: Operation, d: Directive): boolean {
  switch (d.kind) {
    case 'var':
      if (d.varKind === 'operand' || d.varKind === 'result') return groupValues(op, d.name).length > 0;
      if (d.varKind === 'attr') {
        const a = op.getAttr(d.name);
        const spec = op.def!.attributes.find((s) => s.name === d.name);
        return a !== undefined && (spec?.default === undefined || spec.default !== a);
      }
      if (d.varKind === 'region') return op.regions.some((r) => r.blocks.length > 0);
      if (d.varKind === 'successor') return successorGroup(op, d.name).length > 0;
      return false;
    case 'type':
      return typesOf(op, d.of).length > 0;
    case 'qualified':
      return isPresent(op, d.inner);
    case 'optional':
      return d.then.some((x) => isPresent(op, x));
    default:
      return false;
  }
}

/** The anchor of an optional group: the element marked `^`, else the first non-literal element. */
function anchorOf(g: readonly Directive[]): Directive | undefined {
  return g.find((d) => (d.kind === 'var' || d.kind === 'type') && d.anchor) ?? g.find((d) => d.kind !== 'literal');
}

/** The space before a non-literal element (a function, not a closure made per directive: this runs per op). */
function emitSpace(p: IRPrinter, st: SpaceState): void {
  if (st.shouldEmitSpace) p.write(' ');
  st.shouldEmitSpace = true;
  st.lastWasPunctuation = false;
}

/** Whether a literal counts as punctuation for the spacing rules: its first character is not a letter or `_`. */
function isPunctuation(v: string): boolean {
  const c = v.charCodeAt(0);
  return c !== 95 && !((c >= 65 && c <= 90) || (c >= 97 && c <= 122));
}

function printDirective(p: IRPrinter, op: Operation, d: Directive, st: SpaceState, elided: string[]): void {
  switch (d.kind) {
    case 'literal': {
      const v = d.text;
      if (v === ' ') {
        p.write(' ');
        st.shouldEmitSpace = false;
        st.lastWasPunctuation = false;
        return;
      }
      if (v === '\n') {
        p.printNewline();
        st.shouldEmitSpace = false;
        return;
      }
      if (v === '') {
        st.shouldEmitSpace = false;
        return;
      }
      if (st.shouldEmitSpace && spaceBeforeLiteral(v, st.lastWasPunctuation)) p.write(' ');
      p.write(v);
      st.shouldEmitSpace = v.length !== 1 || !'<({['.includes(v);
      st.lastWasPunctuation = isPunctuation(v);
      return;
    }
    case 'var':
      switch (d.varKind) {
        case 'operand':
        case 'result': {
          const vs = groupValues(op, d.name);
          const spec = op.def!.operands.find((o) => o.name === d.name);
          if (spec && spec.kind !== 'single' && vs.length === 0) {
            return;
          }
          emitSpace(p, st);
          p.printOperands(vs);
          return;
        }
        case 'attr': {
          const spec = op.def!.attributes.find((a) => a.name === d.name)!;
          const a = op.getAttr(d.name);
          if (a === undefined || spec.kind.isUnit) return;
          emitSpace(p, st);
          spec.kind.print(p, a);
          return;
        }
        case 'region': {
          const spec = op.def!.regions.find((r) => r.name === d.name)!;
          const idx = op.def!.regions.indexOf(spec);
          const regions: Region[] = spec.variadic ? op.regions.slice(idx) : [op.regions[idx]!];
          regions.forEach((r, i) => {
            if (i) p.write(',');
            emitSpace(p, st);
            p.printRegion(r, { printEntryBlockArgs: true });
          });
          return;
        }
        case 'successor': {
          successorGroup(op, d.name).forEach((s, i) => {
            if (i) p.write(',');
            emitSpace(p, st);
            p.printSuccessor(s);
          });
          return;
        }
      }
      return;
    case 'type': {
      const ts = typesOf(op, d.of);
      if (ts.length === 0) return;
      emitSpace(p, st);
      const strip = d.qualified ? undefined : strippedPrefix(op, d.of);
      if (strip === undefined) printTypeList(p, ts);
      else
        ts.forEach((t, i) => {
          if (i) p.write(', ');
          printStripped(p, t, strip);
        });
      return;
    }
    case 'functional-type': {
      emitSpace(p, st);
      p.printType(FunctionType.get(typesOf(op, d.inputs), typesOf(op, d.results)));
      return;
    }
    case 'attr-dict':
      p.printOptionalAttrDict(op, elided, d.withKeyword);
      st.shouldEmitSpace = true;
      st.lastWasPunctuation = false;
      return;
    case 'custom': {
      const c = getCustomDirective(d.name);
      if (!c) throw new Error(`${op.name}: unknown custom directive ${d.name}`);
      emitSpace(p, st);
      c.print(p, op, d.args.map(toRef));
      return;
    }
    case 'qualified':
      printDirective(p, op, d.inner, st, elided);
      return;
    case 'optional': {
      const anchor = anchorOf(d.then);
      if (anchor && isPresent(op, anchor)) for (const x of d.then) printDirective(p, op, x, st, elided);
      else for (const x of d.else) printDirective(p, op, x, st, elided);
      return;
    }
    case 'oilist':
      for (const clause of d.clauses) {
        if (clause.some((x) => x.kind !== 'literal' && isPresent(op, x))) for (const x of clause) printDirective(p, op, x, st, elided);
      }
      return;
    case 'operands':
      emitSpace(p, st);
      p.printOperands(op.operandValues);
      return;
    case 'results':
      return;
    default:
      throw new Error(`${op.name}: directive ${d.kind} not printable`);
  }
}

function toRef(d: Directive): FormatRef {
  switch (d.kind) {
    case 'var':
      if (d.varKind === 'result') return { kind: 'operand', name: d.name };
      return { kind: d.varKind, name: d.name };
    case 'type':
      return { kind: 'type', of: d.of };
    case 'attr-dict':
      return { kind: 'attr-dict' };
    case 'qualified':
      return toRef(d.inner);
    default:
      throw new Error(`unsupported custom directive argument ${d.kind}`);
  }
}
