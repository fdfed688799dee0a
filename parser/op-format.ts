/**
 * Parses an operation in the custom form described by its definition's declarative assembly format.
 * Directives are interpreted left to right; optional groups are entered when their first element is
 * present; operand types missing from the text are inferred from the op's type-equality traits.
 */
import type { Attribute } from '../dialect/ir/attribute.js';
import { DenseArrayAttr, UnitAttr } from '../dialect/ir/attribute.js';
import { createOperation } from '../dialect/ir/create.js';
import { Block, Region, type Operation, type Value } from '../dialect/ir/ir.js';
import {
  getCustomDirective,
  type FormatRef,
  type OpDefinition,
  type OperandRef,
  type PendingOp,
} from '../dialect/ir/op-definition.js';
import { FunctionType, type Type } from '../dialect/ir/type.js';
import { getTypeParser } from '../dialect/ir/dialect-registry.js';
import { compiledFormat, type Directive } from './op-format-ast.js';
import type { Parser } from './parser.js';
import { Tok } from './token.js';

export function parseCustomOp(p: Parser, def: OpDefinition, numResults: number, opPos: number): Operation {
  const pending: PendingOp = {
    name: def.name,
    def,
    operands: new Map(),
    operandTypes: new Map(),
    resultTypes: new Map(),
    attributes: new Map(),
    regions: new Map(),
    successors: new Map(),
    numResultsAtUseSite: numResults,
    sourceLoc: p.sourceLoc(opPos),
  };
  for (const d of compiledFormat(def)) parseDirective(p, pending, d);
  return buildOp(p, pending, opPos);
}

function isTypeStart(p: Parser): boolean {
  const t = p.peekToken();
  return t.kind === Tok.Bare || t.kind === Tok.Bang || (t.kind === Tok.Punct && t.text === '(');
}

function parseTypeList(p: Parser, count: number | undefined): Type[] {
  const out: Type[] = [];
  if (count === 0) return out;
  if (count === undefined && !isTypeStart(p)) return out;
  do out.push(p.parseType());
  while ((count === undefined || out.length < count) && p.consumeIf(','));
  return out;
}

function operandSpec(def: OpDefinition, name: string) {
  const s = def.operands.find((o) => o.name === name) ?? def.results.find((o) => o.name === name);
  if (!s) throw new Error(`${def.name}: no operand/result ${name}`);
  return s;
}

function parseDirective(p: Parser, op: PendingOp, d: Directive): void {
  const def = op.def;
  switch (d.kind) {
    case 'literal': {
      const text = d.text;
      if (text === '' || text === ' ' || text === '\n') return;
      if (/^[a-zA-Z_]/.test(text)) {
        if (!p.consumeKeywordIf(text)) p.error(`expected '${text}'`);
      } else p.expect(text);
      return;
    }
    case 'var':
      switch (d.varKind) {
        case 'operand': {
          const s = operandSpec(def, d.name);
          if (s.kind === 'single') op.operands.set(d.name, [p.parseOperandRef()]);
          else if (s.kind === 'optional') {
            const r = p.parseOptionalOperandRef();
            op.operands.set(d.name, r ? [r] : []);
          } else {
            const refs: OperandRef[] = [];
            const first = p.parseOptionalOperandRef();
            if (first) {
              refs.push(first);
              while (p.consumeIf(',')) refs.push(p.parseOperandRef());
            }
            op.operands.set(d.name, refs);
          }
          return;
        }
        case 'attr': {
          const spec = def.attributes.find((a) => a.name === d.name)!;
          op.attributes.set(d.name, spec.kind.isUnit ? UnitAttr.get() : spec.kind.parse(p));
          return;
        }
        case 'region': {
          const spec = def.regions.find((r) => r.name === d.name)!;
          const list: unknown[] = [];
          if (spec.variadic) {
            if (p.peek('{')) {
              list.push(p.parseRegion());
              while (p.consumeIf(',')) list.push(p.parseRegion());
            }
          } else list.push(p.parseRegion());
          op.regions.set(d.name, list);
          return;
        }
        case 'successor': {
          const spec = def.successors.find((r) => r.name === d.name)!;
          const list: unknown[] = [];
          if (spec.variadic) {
            if (p.peekToken().kind === Tok.Caret) {
              list.push(p.parseSuccessor());
              while (p.consumeIf(',')) list.push(p.parseSuccessor());
            }
          } else list.push(p.parseSuccessor());
          op.successors.set(d.name, list);
          return;
        }
        case 'result':
          p.error(`${def.name}: results cannot be parsed by name`);
      }
      return;
    case 'type': {
      if (d.ofKind === 'operands') {
        op.operandTypes.set('@operands', parseTypeList(p, countAllOperands(op)));
        return;
      }
      if (d.ofKind === 'results') {
        op.resultTypes.set('@results', parseTypeList(p, undefined));
        return;
      }
      const s = operandSpec(def, d.of);
      const isOperand = d.ofKind === 'operand';
      let count: number | undefined;
      if (isOperand) count = op.operands.get(d.of)?.length;
      else if (s.kind === 'single') count = 1;
      const dialectType = d.qualified ? undefined : s.type?.dialectType;
      const parseOne = (): Type => {
        // A dialect type class may be written without its `!dialect.name` prefix.
        if (dialectType !== undefined && p.peek('<')) {
          const parse = getTypeParser(dialectType);
          if (parse) return parse(p);
        }
        return p.parseType();
      };
      let types: Type[];
      if (s.kind === 'single') types = [parseOne()];
      else if (dialectType === undefined) types = parseTypeList(p, count);
      else {
        types = [];
        if (count !== 0 && (count !== undefined || isTypeStart(p) || p.peek('<'))) {
          do types.push(parseOne());
          while ((count === undefined || types.length < count) && p.consumeIf(','));
        }
      }
      (isOperand ? op.operandTypes : op.resultTypes).set(d.of, types);
      return;
    }
    case 'functional-type': {
      const at = p.pos();
      const ft = p.parseType();
      if (!(ft instanceof FunctionType)) p.error('expected function type', at);
      assignTypes(op, d.inputs, [...ft.inputs], true);
      assignTypes(op, d.results, [...ft.results], false);
      return;
    }
    case 'attr-dict': {
      if (d.withKeyword) {
        if (!p.consumeKeywordIf('attributes')) return;
      }
      const at = p.pos();
      const m = new Map<string, Attribute>();
      p.parseOptionalAttrDict(m);
      for (const [k, v] of m) {
        if (op.attributes.has(k)) p.error(`attribute '${k}' occurs twice`, at);
        op.attributes.set(k, v);
      }
      return;
    }
    case 'custom': {
      const c = getCustomDirective(d.name);
      if (!c) p.error(`${def.name}: unknown custom directive ${d.name}`);
      c.parse(p, op, d.args.map(toRef));
      return;
    }
    case 'qualified':
      parseDirective(p, op, d.inner);
      return;
    case 'optional': {
      const first = d.then[0];
      if (first && isPresent(p, op, first)) for (const x of d.then) parseDirective(p, op, x);
      else for (const x of d.else) parseDirective(p, op, x);
      return;
    }
    case 'oilist': {
      // Clauses in any order, each at most once, each recognized by its leading keyword.
      const done = new Set<number>();
      for (;;) {
        const i = d.clauses.findIndex((c, k) => !done.has(k) && c[0] !== undefined && isPresent(p, op, c[0]));
        if (i < 0) break;
        done.add(i);
        for (const x of d.clauses[i]!) parseDirective(p, op, x);
      }
      return;
    }
    case 'operands': {
      const refs: OperandRef[] = [];
      const first = p.parseOptionalOperandRef();
      if (first) {
        refs.push(first);
        while (p.consumeIf(',')) refs.push(p.parseOperandRef());
      }
      op.operands.set('@operands', refs);
      return;
    }
    default:
      p.error(`${def.name}: format directive '${d.kind}' is not supported by the parser`);
  }
}

function countAllOperands(op: PendingOp): number {
  let n = 0;
  for (const v of op.operands.values()) n += v.length;
  return n;
}

function assignTypes(op: PendingOp, ref: string, types: Type[], operand: boolean): void {
  if (ref === '@operands' || ref === '@results') {
    (operand ? op.operandTypes : op.resultTypes).set(ref, types);
    return;
  }
  (operand ? op.operandTypes : op.resultTypes).set(ref, types);
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

/** Whether the optional group introduced by `d` is present in the input. */
function isPresent(p: Parser, op: PendingOp, d: Directive): boolean {
  const t = p.peekToken();
  switch (d.kind) {
    case 'literal':
      if (/^[a-zA-Z_]/.test(d.text)) return t.kind === Tok.Bare && t.text === d.text;
      return t.kind === Tok.Punct && t.text === d.text;
    case 'var':
      if (d.varKind === 'operand') return t.kind === Tok.Percent;
      if (d.varKind === 'region') return t.kind === Tok.Punct && t.text === '{';
      if (d.varKind === 'successor') return t.kind === Tok.Caret;
      if (d.varKind === 'attr') {
        const spec = op.def.attributes.find((a) => a.name === d.name)!;
        if (spec.kind.canStart) return spec.kind.canStart(t);
        return t.kind !== Tok.Punct || t.text === '[' || t.text === '-' || t.text === '{';
      }
      return false;
    case 'type':
      return isTypeStart(p);
    case 'attr-dict':
      return t.kind === Tok.Punct && t.text === '{';
    case 'custom':
      return t.kind !== Tok.Punct || t.text === '(' || t.text === '[';
    case 'qualified':
      return isPresent(p, op, d.inner);
    default:
      return false;
  }
}

/** Resolves operand names to values, infers missing types, and creates the operation. */
function buildOp(p: Parser, op: PendingOp, opPos: number): Operation {
  const def = op.def;
  const groups = def.operands.map((s) => op.operands.get(s.name) ?? []);
  const all = op.operands.get('@operands');
  const flatRefs = all ?? groups.flat();
  let flatTypes: (Type | undefined)[];
  if (op.operandTypes.has('@operands')) flatTypes = op.operandTypes.get('@operands')!;
  else flatTypes = def.operands.flatMap((s, i) => {
    const ts = op.operandTypes.get(s.name);
    const n = groups[i]!.length;
    return ts ?? new Array<Type | undefined>(n).fill(undefined);
  });
  let resultTypes: (Type | undefined)[] = op.resultTypes.get('@results') ?? def.results.flatMap((s) => {
    const ts = op.resultTypes.get(s.name);
    if (ts) return ts;
    return s.kind === 'single' ? [undefined] : [];
  });
  // Types implied by traits (MLIR's type inference from SameOperandsAndResultType & co).
  if (def.traits.has('SameOperandsAndResultType')) {
    const known = [...flatTypes, ...resultTypes].find((t) => t);
    flatTypes = flatTypes.map((t) => t ?? known);
    resultTypes = resultTypes.map((t) => t ?? known);
  } else if (def.traits.has('SameTypeOperands') || def.traits.has('AllOperandsSameType')) {
    const known = flatTypes.find((t) => t);
    flatTypes = flatTypes.map((t) => t ?? known);
  }
  // Operands whose constraint admits exactly one type (ODS BuildableType: I1, I32, ...) need not be
  // written: a constraint may say which type with `buildable`.
  if (!all) {
    let k = 0;
    def.operands.forEach((s, i) => {
      const build = (s.type as { buildable?: () => Type } | undefined)?.buildable;
      const n = groups[i]!.length;
      if (build) for (let j = 0; j < n; j++) if (flatTypes[k + j] === undefined) flatTypes[k + j] = build();
      k += n;
    });
  }
  // Operand types derived from another operand's (TypesMatchWith): a value of another type is then a parse error.
  if (!all) {
    const offsets: number[] = [];
    let offset = 0;
    for (const g of groups) {
      offsets.push(offset);
      offset += g.length;
    }
    def.operands.forEach((s, i) => {
      if (!s.typeFrom) return;
      const from = def.operands.findIndex((o) => o.name === s.typeFrom!.operand);
      const src = from >= 0 && groups[from]!.length ? flatTypes[offsets[from]!] : undefined;
      const derived = src ? s.typeFrom.derive(src) : undefined;
      if (!derived) return;
      for (let j = 0; j < groups[i]!.length; j++) flatTypes[offsets[i]! + j] ??= derived;
    });
  }
  for (const [i, r] of flatRefs.entries()) {
    if (flatTypes[i] === undefined) {
      const t = p.typeOfOperand(r);
      if (t) flatTypes[i] = t;
    }
  }
  if (flatTypes.length !== flatRefs.length) {
    p.error(`${flatRefs.length} operands present, but expected ${flatTypes.length}`, opPos);
  }
  const values: Value[] = flatRefs.map((r, i) => {
    const t = flatTypes[i];
    if (!t) p.error(`${def.name}: cannot infer the type of operand '${r.name}'`, r.pos);
    return p.resolveOperand(r, t);
  });
  if (resultTypes.some((t) => t === undefined) || (def.inferResultTypes && resultTypes.length === 0 && def.results.length)) {
    if (!def.inferResultTypes) p.error(`${def.name}: cannot infer result types`, opPos);
    try {
      resultTypes = def.inferResultTypes(values.map((v) => v.type), op.attributes, resultTypes);
    } catch (e) {
      p.error(`'${def.name}' op ${e instanceof Error ? e.message : String(e)}`, opPos);
    }
  }
  const flexible = def.operands.filter((s) => s.kind !== 'single').length;
  const segments = !all && flexible > 1 ? groups.map((g) => g.length) : undefined;
  const seg = op.attributes.get('operandSegmentSizes');
  if (seg instanceof DenseArrayAttr) op.attributes.delete('operandSegmentSizes');
  const successors = def.successors.flatMap((s) => (op.successors.get(s.name) ?? []) as Block[]);
  const created = createOperation({
    name: def.name,
    operands: values,
    resultTypes: resultTypes as Type[],
    attributes: op.attributes,
    successors,
    ...(segments ? { operandSegments: segments } : {}),
  });
  for (const s of def.regions) {
    const parsed = (op.regions.get(s.name) ?? []) as Region[];
    if (!s.variadic && parsed.length === 0) created.regions.push(new Region(created));
    for (const r of parsed) {
      const nr = new Region(created);
      nr.takeBody(r);
      created.regions.push(nr);
    }
  }
  // Unit attributes given as keywords are stored like any other attribute.
  for (const [k, v] of op.attributes) if (v === undefined) created.setAttr(k, UnitAttr.get());
  return created;
}
