/**
 * Prints an operation in its custom form by walking the same declarative format the parser reads.
 * Spacing follows ODS's generated printers: a space before each element unless the previous literal
 * was an opening bracket, and none before `)`, `]`, `>`, `,` (and `(`/`[`/`<` after a non-punctuation).
 *
 * Each op definition's format is compiled once into a list of steps (closures) with everything that depends only
 * on the definition resolved up front (operand/result indices, attribute specs, custom directive arguments, the
 * spacing of literals), as ODS generates one printer per op: the per-op work is then only what depends on the op.
 */
import type { AsmPrinter } from '../dialect/ir/asm-interfaces.js';
import type { Operation, Region, Value } from '../dialect/ir/ir.js';
import { getCustomDirective, type AttrSpec, type CustomDirective, type FormatRef, type OpDefinition } from '../dialect/ir/op-definition.js';
import { FunctionType, type Type } from '../dialect/ir/type.js';
import { compiledFormat, type Directive } from '../parser/op-format-ast.js';
import type { IRPrinter } from './printer.js';

interface SpaceState {
  shouldEmitSpace: boolean;
  lastWasPunctuation: boolean;
}

/** One compiled format element. */
type Step = (p: IRPrinter, op: Operation, st: SpaceState) => void;
/** Whether an element is present on an op (decides optional groups and oilist clauses). */
type Presence = (op: Operation) => boolean;

interface Plan {
  readonly steps: readonly Step[];
}

const plans = new WeakMap<OpDefinition, Plan>();

export function printCustomOp(p: IRPrinter, op: Operation): void {
  const def = op.def!;
  let plan = plans.get(def);
  if (plan === undefined) plans.set(def, (plan = compilePlan(def)));
  const st: SpaceState = { shouldEmitSpace: true, lastWasPunctuation: false };
  const steps = plan.steps;
  for (let i = 0; i < steps.length; i++) steps[i]!(p, op, st);
}

function compilePlan(def: OpDefinition): Plan {
  const format = compiledFormat(def);
  const elided = elidedAttrNames(format);
  return { steps: format.map((d) => compileStep(def, d, elided)) };
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

// ---- value groups ------------------------------------------------------------------------------

/**
 * The values bound to `$name` (an operand group, else a result group), as a function of the op. When every operand
 * group of the definition is a single operand, group i is operand i (when the op has exactly that many operands).
 */
function valueGroup(def: OpDefinition, name: string): (op: Operation) => readonly Value[] {
  const operandIdx = def.operands.findIndex((o) => o.name === name);
  if (operandIdx >= 0) {
    const allSingle = def.operands.every((o) => o.kind === 'single');
    const n = def.operands.length;
    if (allSingle) return (op) => (op.operands.length === n ? [op.operands[operandIdx]!.value] : op.operandGroup(name));
    return (op) => op.operandGroup(name);
  }
  const idx = def.results.findIndex((r) => r.name === name);
  if (idx < 0) return (op) => { throw new Error(`${op.name}: no operand/result ${name}`); };
  const flexible = def.results.filter((r) => r.kind !== 'single').length;
  if (flexible === 0 || def.results[idx]!.kind === 'single') return (op) => [op.results[idx]!];
  return (op) => op.results.slice(idx);
}

/**
 * The one value of a group that always holds exactly one (a single operand of a definition whose groups are all
 * single, when the op has that many operands; a single result), or undefined: then use `valueGroup`.
 */
function singleValue(def: OpDefinition, name: string): ((op: Operation) => Value | undefined) | undefined {
  const operandIdx = def.operands.findIndex((o) => o.name === name);
  if (operandIdx >= 0) {
    if (!def.operands.every((o) => o.kind === 'single')) return undefined;
    const n = def.operands.length;
    return (op) => (op.operands.length === n ? op.operands[operandIdx]!.value : undefined);
  }
  const idx = def.results.findIndex((r) => r.name === name);
  if (idx < 0) return undefined;
  const flexible = def.results.filter((r) => r.kind !== 'single').length;
  if (flexible === 0 || def.results[idx]!.kind === 'single') return (op) => op.results[idx];
  return undefined;
}

/** The types named by `type($x)` / `type(operands)` / `type(results)`. */
function typeSource(def: OpDefinition, ref: string): (op: Operation) => readonly Type[] {
  if (ref === '@operands') return (op) => op.operandValues.map((v) => v.type);
  if (ref === '@results') return (op) => op.results.map((r) => r.type);
  const g = valueGroup(def, ref);
  return (op) => g(op).map((v) => v.type);
}

/** The successors bound to a named successor group (a variadic group takes the rest). */
function successorGroup(def: OpDefinition, name: string): (op: Operation) => readonly import('../dialect/ir/ir.js').Block[] {
  const specs = def.successors;
  const idx = specs.findIndex((s) => s.name === name);
  if (idx < 0) return (op) => { throw new Error(`${op.name}: no successor ${name}`); };
  if (specs[idx]!.variadic) return (op) => op.successors.slice(idx);
  return (op) => op.successors.slice(idx, idx + 1);
}

/** `!dialect.name` when `ref`'s constraint is a dialect type class printed without its prefix. */
function strippedPrefix(def: OpDefinition, ref: string): string | undefined {
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

// ---- presence ----------------------------------------------------------------------------------

function compilePresence(def: OpDefinition, d: Directive): Presence {
  switch (d.kind) {
    case 'var':
      if (d.varKind === 'operand' || d.varKind === 'result') {
        const g = valueGroup(def, d.name);
        return (op) => g(op).length > 0;
      }
      if (d.varKind === 'attr') {
        const name = d.name;
        const spec = def.attributes.find((s) => s.name === name);
        const dflt = spec?.default;
        return (op) => {
          const a = op.getAttr(name);
          return a !== undefined && (dflt === undefined || dflt !== a);
        };
      }
      if (d.varKind === 'region') return (op) => op.regions.some((r) => r.blocks.length > 0);
      if (d.varKind === 'successor') {
        const g = successorGroup(def, d.name);
        return (op) => g(op).length > 0;
      }
      return () => false;
    case 'type': {
      const ts = typeSource(def, d.of);
      return (op) => ts(op).length > 0;
    }
    case 'qualified':
      return compilePresence(def, d.inner);
    case 'optional': {
      const parts = d.then.map((x) => compilePresence(def, x));
      return (op) => parts.some((f) => f(op));
    }
    default:
      return () => false;
  }
}

/** The anchor of an optional group: the element marked `^`, else the first non-literal element. */
function anchorOf(g: readonly Directive[]): Directive | undefined {
  return g.find((d) => (d.kind === 'var' || d.kind === 'type') && d.anchor) ?? g.find((d) => d.kind !== 'literal');
}

// ---- steps -------------------------------------------------------------------------------------

/** The space before a non-literal element. */
function emitSpace(p: IRPrinter, st: SpaceState): void {
  if (st.shouldEmitSpace) p.write(' ');
  st.shouldEmitSpace = true;
  st.lastWasPunctuation = false;
}

function spaceBeforeLiteral(value: string, lastWasPunctuation: boolean): boolean {
  if (value.length !== 1 && value !== '->') return true;
  if (lastWasPunctuation) return !'>)}],'.includes(value[0]!);
  return !'<>(){}[],'.includes(value[0]!);
}

/** Whether a literal counts as punctuation for the spacing rules: its first character is not a letter or `_`. */
function isPunctuation(v: string): boolean {
  const c = v.charCodeAt(0);
  return c !== 95 && !((c >= 65 && c <= 90) || (c >= 97 && c <= 122));
}

function compileLiteral(v: string): Step {
  if (v === ' ')
    return (p, _op, st) => {
      p.write(' ');
      st.shouldEmitSpace = false;
      st.lastWasPunctuation = false;
    };
  if (v === '\n')
    return (p, _op, st) => {
      p.printNewline();
      st.shouldEmitSpace = false;
    };
  if (v === '')
    return (_p, _op, st) => {
      st.shouldEmitSpace = false;
    };
  const afterPunct = spaceBeforeLiteral(v, true);
  const afterOther = spaceBeforeLiteral(v, false);
  const spaced = ' ' + v;
  const thenSpace = v.length !== 1 || !'<({['.includes(v);
  const punct = isPunctuation(v);
  return (p, _op, st) => {
    p.write(st.shouldEmitSpace && (st.lastWasPunctuation ? afterPunct : afterOther) ? spaced : v);
    st.shouldEmitSpace = thenSpace;
    st.lastWasPunctuation = punct;
  };
}

function compileStep(def: OpDefinition, d: Directive, elided: readonly string[]): Step {
  switch (d.kind) {
    case 'literal':
      return compileLiteral(d.text);
    case 'var':
      switch (d.varKind) {
        case 'operand':
        case 'result':
          return compileValueVar(def, d.name);
        case 'attr': {
          const name = d.name;
          const spec: AttrSpec = def.attributes.find((a) => a.name === name)!;
          // A unit attribute is printed by attr-dict or by the optional group it anchors.
          if (spec.kind.isUnit) return () => {};
          const kind = spec.kind;
          return (p, op, st) => {
            const a = op.getAttr(name);
            if (a === undefined) return;
            emitSpace(p, st);
            kind.print(p, a);
          };
        }
        case 'region': {
          const spec = def.regions.find((r) => r.name === d.name)!;
          const idx = def.regions.indexOf(spec);
          const variadic = spec.variadic;
          return (p, op, st) => {
            const regions: Region[] = variadic ? op.regions.slice(idx) : [op.regions[idx]!];
            regions.forEach((r, i) => {
              if (i) p.write(',');
              emitSpace(p, st);
              p.printRegion(r, ENTRY_ARGS);
            });
          };
        }
        case 'successor': {
          const g = successorGroup(def, d.name);
          return (p, op, st) => {
            g(op).forEach((s, i) => {
              if (i) p.write(',');
              emitSpace(p, st);
              p.printSuccessor(s);
            });
          };
        }
      }
      return () => {};
    case 'type':
      return compileType(def, d.of, d.qualified ? undefined : strippedPrefix(def, d.of));
    case 'functional-type': {
      const inputs = typeSource(def, d.inputs);
      const results = typeSource(def, d.results);
      return (p, op, st) => {
        emitSpace(p, st);
        p.printType(FunctionType.get(inputs(op), results(op)));
      };
    }
    case 'attr-dict': {
      const withKeyword = d.withKeyword;
      return (p, op, st) => {
        p.printOptionalAttrDict(op, elided, withKeyword);
        st.shouldEmitSpace = true;
        st.lastWasPunctuation = false;
      };
    }
    case 'custom': {
      const name = d.name;
      const args = d.args;
      let c: CustomDirective | undefined;
      let refs: FormatRef[] | undefined;
      return (p, op, st) => {
        c ??= getCustomDirective(name);
        if (!c) throw new Error(`${op.name}: unknown custom directive ${name}`);
        emitSpace(p, st);
        c.print(p, op, (refs ??= args.map(toRef)));
      };
    }
    case 'qualified':
      return compileStep(def, d.inner, elided);
    case 'optional': {
      const anchor = anchorOf(d.then);
      const present = anchor ? compilePresence(def, anchor) : () => false;
      const then = d.then.map((x) => compileStep(def, x, elided));
      const other = d.else.map((x) => compileStep(def, x, elided));
      return (p, op, st) => {
        for (const s of present(op) ? then : other) s(p, op, st);
      };
    }
    case 'oilist': {
      const clauses = d.clauses.map((clause) => {
        const parts = clause.filter((x) => x.kind !== 'literal').map((x) => compilePresence(def, x));
        return { present: (op: Operation) => parts.some((f) => f(op)), steps: clause.map((x) => compileStep(def, x, elided)) };
      });
      return (p, op, st) => {
        for (const c of clauses) if (c.present(op)) for (const s of c.steps) s(p, op, st);
      };
    }
    case 'operands':
      return (p, op, st) => {
        emitSpace(p, st);
        p.printOperands(op.operandValues);
      };
    case 'results':
      return () => {};
    default: {
      const kind = d.kind;
      return (_p, op) => {
        throw new Error(`${op.name}: directive ${kind} not printable`);
      };
    }
  }
}

const ENTRY_ARGS = { printEntryBlockArgs: true } as const;

/** `$x` of an operand or result group: nothing for an empty variadic operand group. */
function compileValueVar(def: OpDefinition, name: string): Step {
  const group = valueGroup(def, name);
  const spec = def.operands.find((o) => o.name === name);
  const skipEmpty = spec !== undefined && spec.kind !== 'single';
  const single = singleValue(def, name);
  if (single) {
    return (p, op, st) => {
      const v = single(op);
      if (v === undefined) {
        const vs = group(op);
        if (skipEmpty && vs.length === 0) return;
        emitSpace(p, st);
        p.printOperands(vs);
        return;
      }
      p.printOperandAfter(st.shouldEmitSpace ? ' ' : '', v);
      st.shouldEmitSpace = true;
      st.lastWasPunctuation = false;
    };
  }
  return (p, op, st) => {
    const vs = group(op);
    if (skipEmpty && vs.length === 0) return;
    emitSpace(p, st);
    p.printOperands(vs);
  };
}

/** `type($x)`: the types of a group, a dialect type class without its `!dialect.` prefix unless qualified. */
function compileType(def: OpDefinition, of: string, strip: string | undefined): Step {
  const types = typeSource(def, of);
  const single = of.startsWith('@') ? undefined : singleValue(def, of);
  const printList = (p: IRPrinter, ts: readonly Type[]): void => {
    for (let i = 0; i < ts.length; i++) {
      if (strip === undefined) p.printTypeAfter(i ? ', ' : '', ts[i]!);
      else {
        if (i) p.write(', ');
        printStripped(p, ts[i]!, strip);
      }
    }
  };
  return (p, op, st) => {
    const v = single?.(op);
    if (v !== undefined) {
      if (strip === undefined) {
        p.printTypeAfter(st.shouldEmitSpace ? ' ' : '', v.type);
        st.shouldEmitSpace = true;
        st.lastWasPunctuation = false;
      } else {
        emitSpace(p, st);
        printStripped(p, v.type, strip);
      }
      return;
    }
    const ts = types(op);
    if (ts.length === 0) return;
    emitSpace(p, st);
    printList(p, ts);
  };
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
