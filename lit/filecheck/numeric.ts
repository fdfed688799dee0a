// FileCheck numeric substitution blocks: [[#%fmt,VAR: == EXPR]].

import type { Loc } from './source.js';

export type FormatKind = 'u' | 'd' | 'x' | 'X';

export interface ExprFormat {
  kind: FormatKind;
  precision: number;
  alt: boolean;
}

export const UNSIGNED: ExprFormat = { kind: 'u', precision: 0, alt: false };

export function sameFormat(a: ExprFormat, b: ExprFormat): boolean {
  return a.kind === b.kind && a.precision === b.precision && a.alt === b.alt;
}

export class NumericVariable {
  value: bigint | undefined;
  constructor(
    readonly name: string,
    readonly format: ExprFormat,
    readonly defLine: number | undefined,
  ) {}
}

export type Ast =
  | { k: 'lit'; v: bigint; text: string }
  | { k: 'var'; name: string; loc: Loc; variable: NumericVariable | 'line' }
  | { k: 'bin'; op: '+' | '-'; l: Ast; r: Ast; text: string; loc: Loc }
  | { k: 'call'; fn: string; loc: Loc; args: Ast[]; text: string };

/** A parse error at a location in the check file (logged with a trailing blank line, like LLVM). */
export class ParseError extends Error {
  constructor(
    readonly loc: Loc,
    message: string,
    readonly viaErrorDiagnostic = true,
  ) {
    super(message);
  }
}

/** Evaluation failure: undefined variables (each with its location) or another error. */
export interface EvalFailure {
  errors: Array<{ loc: Loc; msg: string }>;
}

export function evalAst(ast: Ast, lineNumber: number | undefined): bigint | EvalFailure {
  switch (ast.k) {
    case 'lit':
      return ast.v;
    case 'var': {
      if (ast.variable === 'line') {
        if (lineNumber === undefined) return { errors: [{ loc: ast.loc, msg: `undefined variable: ${ast.name}` }] };
        return BigInt(lineNumber);
      }
      const v = ast.variable.value;
      if (v === undefined) return { errors: [{ loc: ast.loc, msg: `undefined variable: ${ast.name}` }] };
      return v;
    }
    case 'bin': {
      const l = evalAst(ast.l, lineNumber);
      const r = evalAst(ast.r, lineNumber);
      if (typeof l !== 'bigint' || typeof r !== 'bigint') {
        const errors = [...(typeof l === 'bigint' ? [] : l.errors), ...(typeof r === 'bigint' ? [] : r.errors)];
        return { errors };
      }
      return ast.op === '+' ? l + r : l - r;
    }
    case 'call': {
      const vals: bigint[] = [];
      const errors: Array<{ loc: Loc; msg: string }> = [];
      for (const a of ast.args) {
        const v = evalAst(a, lineNumber);
        if (typeof v === 'bigint') vals.push(v);
        else errors.push(...v.errors);
      }
      if (errors.length > 0) return { errors };
      const [a, b] = vals as [bigint, bigint];
      switch (ast.fn) {
        case 'add': return a + b;
        case 'sub': return a - b;
        case 'mul': return a * b;
        case 'div':
          if (b === 0n) return { errors: [{ loc: ast.loc, msg: 'division by zero' }] };
          return a / b;
        // biome-ignore lint/complexity/useMathMinMax: bigints (Math.max takes numbers only)
        case 'max': return a > b ? a : b;
        // biome-ignore lint/complexity/useMathMinMax: bigints (Math.min takes numbers only)
        case 'min': return a < b ? a : b;
        default: return { errors: [{ loc: ast.loc, msg: `call to undefined function '${ast.fn}'` }] };
      }
    }
  }
}

function exprText(ast: Ast): string {
  return ast.k === 'var' ? ast.name : ast.text;
}

function formatName(f: ExprFormat | undefined): string {
  return f === undefined ? '<none>' : `%${f.kind}`;
}

/**
 * The implicit format of an expression (ExpressionAST::getImplicitFormat): that of the variables
 * it uses; throws ParseError on a conflict between two operands.
 */
export function implicitFormat(ast: Ast | undefined): ExprFormat | undefined {
  if (ast === undefined) return undefined;
  switch (ast.k) {
    case 'lit': return undefined;
    case 'var': return ast.variable === 'line' ? UNSIGNED : ast.variable.format;
    case 'bin':
    case 'call': {
      const ops = ast.k === 'bin' ? [ast.l, ast.r] : ast.args;
      let result: ExprFormat | undefined;
      let from: Ast | undefined;
      for (const a of ops) {
        const f = implicitFormat(a);
        if (f === undefined) continue;
        if (result !== undefined && from !== undefined && !sameFormat(result, f)) {
          throw new ParseError(
            ast.loc,
            `implicit format conflict between '${exprText(from)}' (${formatName(result)}) and '${exprText(a)}' (${formatName(f)}), need an explicit format specifier`,
          );
        }
        if (result === undefined) {
          result = f;
          from = a;
        }
      }
      return result;
    }
  }
}

/** ExpressionFormat::getWildcardRegex, in LLVM regex syntax. */
export function wildcardRegex(f: ExprFormat): string {
  const pre = f.alt ? '0x' : '';
  const prec = (s: string): string => `${pre}${s}{${f.precision}}`;
  switch (f.kind) {
    case 'u': return f.precision ? prec('([1-9][0-9]*)?[0-9]') : '[0-9]+';
    case 'd': return f.precision ? prec('-?([1-9][0-9]*)?[0-9]') : '-?[0-9]+';
    case 'X': return f.precision ? prec('([1-9A-F][0-9A-F]*)?[0-9A-F]') : `${pre}[0-9A-F]+`;
    case 'x': return f.precision ? prec('([1-9a-f][0-9a-f]*)?[0-9a-f]') : `${pre}[0-9a-f]+`;
  }
}

/** ExpressionFormat::getMatchingString. */
export function formatValue(v: bigint, f: ExprFormat): string {
  const neg = v < 0n;
  const abs = neg ? -v : v;
  let digits = f.kind === 'x' ? abs.toString(16) : f.kind === 'X' ? abs.toString(16).toUpperCase() : abs.toString(10);
  if (digits.length < f.precision) digits = '0'.repeat(f.precision - digits.length) + digits;
  return (neg ? '-' : '') + (f.alt ? '0x' : '') + digits;
}

/** ExpressionFormat::valueFromStringRepr. */
export function parseValue(s: string, f: ExprFormat): bigint | undefined {
  let t = s;
  let neg = false;
  if (t.startsWith('-')) {
    neg = true;
    t = t.slice(1);
  }
  if (f.alt && (f.kind === 'x' || f.kind === 'X')) {
    if (!t.startsWith('0x')) return undefined;
    t = t.slice(2);
  }
  const hex = f.kind === 'x' || f.kind === 'X';
  if (t === '' || !(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(t)) return undefined;
  const v = BigInt(hex ? '0x' + t : t);
  return neg ? -v : v;
}

const SPACE = ' \t';

/** Cursor over a slice [pos, end) of a check-file buffer. */
export class Cursor {
  constructor(
    readonly text: string,
    public pos: number,
    public end: number,
    readonly mkLoc: (pos: number) => Loc,
  ) {}
  get str(): string {
    return this.text.slice(this.pos, this.end);
  }
  empty(): boolean {
    return this.pos >= this.end;
  }
  peek(): string | undefined {
    return this.pos < this.end ? this.text[this.pos] : undefined;
  }
  startsWith(s: string): boolean {
    return this.end - this.pos >= s.length && this.text.startsWith(s, this.pos);
  }
  consume(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }
  ltrim(): void {
    while (this.pos < this.end && SPACE.includes(this.text[this.pos]!)) this.pos++;
  }
  rtrim(): void {
    while (this.end > this.pos && SPACE.includes(this.text[this.end - 1]!)) this.end--;
  }
  find(ch: string): number {
    const i = this.text.indexOf(ch, this.pos);
    return i === -1 || i >= this.end ? -1 : i;
  }
  sub(start: number, end: number): Cursor {
    return new Cursor(this.text, start, end, this.mkLoc);
  }
  loc(pos = this.pos): Loc {
    return this.mkLoc(pos);
  }
}

export interface VarProps {
  name: string;
  nameStart: number;
  isPseudo: boolean;
}

const isAlnum = (c: string): boolean => /^[A-Za-z0-9]$/.test(c);

/** Pattern::parseVariable: consumes a variable name from the cursor. */
export function parseVariable(c: Cursor): VarProps {
  if (c.empty()) throw new ParseError(c.loc(), 'empty variable name');
  const start = c.pos;
  let i = c.pos;
  const isPseudo = c.text[i] === '@';
  if (c.text[i] === '$' || isPseudo) i++;
  if (i === c.end) {
    throw new ParseError(c.loc(i), `empty ${isPseudo ? 'pseudo ' : 'global '}variable name`);
  }
  const first = c.text[i++]!;
  if (!(first === '_' || /^[A-Za-z]$/.test(first))) throw new ParseError(c.loc(start), 'invalid variable name');
  while (i < c.end && (c.text[i] === '_' || isAlnum(c.text[i]!))) i++;
  c.pos = i;
  return { name: c.text.slice(start, i), nameStart: start, isPseudo };
}

export interface NumericContext {
  numericVars: Map<string, NumericVariable>;
  definedStringVars: Set<string>;
}

export interface NumericBlock {
  ast: Ast | undefined;
  format: ExprFormat;
  def: NumericVariable | undefined;
  /** Text of the expression (for "with "EXPR" equal to ..." notes). */
  exprText: string;
}

type AllowedOperand = 'line' | 'legacyLiteral' | 'any';

function consumeInteger(c: Cursor, radix: number): bigint | undefined {
  let r = radix;
  const s = c.str;
  let i = 0;
  if (r === 0) {
    if (/^0[xX][0-9a-fA-F]/.test(s)) {
      r = 16;
      i = 2;
    } else if (/^0[bB][01]/.test(s)) {
      r = 2;
      i = 2;
    } else if (/^0[oO][0-7]/.test(s)) {
      r = 8;
      i = 2;
    } else if (/^0[0-9]/.test(s)) {
      r = 8;
      i = 1;
    } else r = 10;
  }
  const digitRe = r === 16 ? /[0-9a-fA-F]/ : r === 8 ? /[0-7]/ : r === 2 ? /[01]/ : /[0-9]/;
  let j = i;
  while (j < s.length && digitRe.test(s[j]!)) j++;
  if (j === i) return undefined;
  const body = s.slice(i, j);
  const prefix = r === 16 ? '0x' : r === 8 ? '0o' : r === 2 ? '0b' : '';
  c.pos += j;
  return BigInt(prefix + body);
}

class NumParser {
  constructor(
    private readonly ctx: NumericContext,
    private readonly lineNumber: number | undefined,
    private readonly isLegacy: boolean,
  ) {}

  private useVar(name: string, nameStart: number, isPseudo: boolean, c: Cursor): Ast {
    if (isPseudo) {
      if (name !== '@LINE') throw new ParseError(c.loc(nameStart), `invalid pseudo numeric variable '${name}'`);
      return { k: 'var', name, loc: c.loc(nameStart), variable: 'line' };
    }
    let v = this.ctx.numericVars.get(name);
    if (v === undefined) {
      v = new NumericVariable(name, UNSIGNED, undefined);
      this.ctx.numericVars.set(name, v);
    }
    if (v.defLine !== undefined && this.lineNumber !== undefined && v.defLine === this.lineNumber) {
      throw new ParseError(c.loc(nameStart), `numeric variable '${name}' defined earlier in the same CHECK directive`);
    }
    return { k: 'var', name, loc: c.loc(nameStart), variable: v };
  }

  operand(c: Cursor, ao: AllowedOperand, maybeInvalidConstraint: boolean): Ast {
    if (c.startsWith('(')) {
      if (ao !== 'any') throw new ParseError(c.loc(), 'parenthesized expression not permitted here');
      return this.paren(c);
    }
    if (ao === 'line' || ao === 'any') {
      const save = c.pos;
      let vp: VarProps | undefined;
      let err: ParseError | undefined;
      try {
        vp = parseVariable(c);
      } catch (e) {
        if (!(e instanceof ParseError)) throw e;
        err = e;
        c.pos = save;
      }
      if (vp !== undefined) {
        const after = c.pos;
        c.ltrim();
        if (c.startsWith('(')) {
          if (ao !== 'any') throw new ParseError(c.loc(vp.nameStart), 'unexpected function call');
          return this.call(c, vp.name, vp.nameStart);
        }
        c.pos = after;
        return this.useVar(vp.name, vp.nameStart, vp.isPseudo, c);
      }
      if (ao === 'line' && err) throw err;
    }
    const save = c.pos;
    const neg = c.consume('-');
    const v = consumeInteger(c, ao === 'legacyLiteral' ? 10 : 0);
    if (v !== undefined) return { k: 'lit', v: neg ? -v : v, text: c.text.slice(save, c.pos) };
    c.pos = save;
    throw new ParseError(c.loc(), `invalid ${maybeInvalidConstraint ? 'matching constraint or ' : ''}operand format`);
  }

  binop(c: Cursor, left: Ast, outerStart: number): Ast {
    c.ltrim();
    if (c.empty()) return left;
    const opPos = c.pos;
    const op = c.text[c.pos++]!;
    if (op !== '+' && op !== '-') throw new ParseError(c.loc(opPos), `unsupported operation '${op}'`);
    c.ltrim();
    if (c.empty()) throw new ParseError(c.loc(), 'missing operand in expression');
    const right = this.operand(c, this.isLegacy ? 'legacyLiteral' : 'any', false);
    c.ltrim();
    return { k: 'bin', op, l: left, r: right, text: c.text.slice(outerStart, c.end), loc: c.loc(outerStart) };
  }

  paren(c: Cursor): Ast {
    c.consume('(');
    c.ltrim();
    if (c.empty()) throw new ParseError(c.loc(), 'missing operand in expression');
    let ast = this.operand(c, 'any', false);
    c.ltrim();
    while (!c.empty() && !c.startsWith(')')) {
      ast = this.binop(c, ast, c.pos);
      c.ltrim();
    }
    if (!c.consume(')')) throw new ParseError(c.loc(), "missing ')' at end of nested expression");
    return ast;
  }

  call(c: Cursor, fn: string, nameStart: number): Ast {
    c.ltrim();
    c.consume('(');
    c.ltrim();
    const args: Ast[] = [];
    if (!c.startsWith(')')) {
      for (;;) {
        const outer = c.pos;
        let a = this.operand(c, 'any', false);
        c.ltrim();
        while (!c.empty() && !c.startsWith(',') && !c.startsWith(')')) {
          a = this.binop(c, a, outer);
          c.ltrim();
        }
        args.push(a);
        if (c.consume(',')) {
          c.ltrim();
          continue;
        }
        break;
      }
    }
    if (!c.consume(')')) throw new ParseError(c.loc(), "missing ')' at end of call expression");
    if (!['add', 'sub', 'mul', 'div', 'max', 'min'].includes(fn)) {
      throw new ParseError(c.loc(nameStart), `call to undefined function '${fn}'`);
    }
    if (args.length !== 2) {
      throw new ParseError(c.loc(nameStart), `function '${fn}' takes 2 arguments but ${args.length} given`);
    }
    return { k: 'call', fn, loc: c.loc(nameStart), args, text: c.text.slice(nameStart, c.end) };
  }
}

/** Pattern::parseNumericSubstitutionBlock. `c` covers the text between `[[#` and `]]`. */
export function parseNumericBlock(
  c: Cursor,
  isLegacyLineExpr: boolean,
  lineNumber: number | undefined,
  ctx: NumericContext,
): NumericBlock {
  let explicit: ExprFormat | undefined;
  const comma = c.find(',');
  const paren = c.find('(');
  if (comma !== -1 && (paren === -1 || comma < paren)) {
    const f = c.sub(c.pos, comma);
    c.pos = comma + 1;
    f.ltrim();
    f.rtrim();
    if (!f.consume('%')) throw new ParseError(f.loc(), 'invalid matching format specification in expression');
    const altLoc = f.pos;
    const alt = f.consume('#');
    let precision = 0;
    if (f.consume('.')) {
      const m = /^[0-9]+/.exec(f.str);
      if (!m) throw new ParseError(f.loc(), 'invalid precision in format specifier');
      precision = Number(m[0]);
      f.pos += m[0].length;
    }
    if (!f.empty()) {
      const fmtPos = f.pos;
      const ch = f.text[f.pos++]!;
      if (ch === 'u' || ch === 'd' || ch === 'x' || ch === 'X') explicit = { kind: ch, precision, alt };
      else throw new ParseError(f.loc(fmtPos), 'invalid format specifier in expression');
    }
    if (alt && !(explicit && (explicit.kind === 'x' || explicit.kind === 'X'))) {
      throw new ParseError(f.loc(altLoc), 'alternate form only supported for hex values');
    }
    f.ltrim();
    if (!f.empty()) throw new ParseError(f.loc(), 'invalid matching format specification in expression');
  }

  let defCursor: Cursor | undefined;
  const colon = c.find(':');
  if (colon !== -1) {
    defCursor = c.sub(c.pos, colon);
    c.pos = colon + 1;
  }

  c.ltrim();
  let hasConstraint = false;
  if (c.consume('==')) hasConstraint = true;
  c.ltrim();
  let ast: Ast | undefined;
  let exprText = '';
  if (c.empty()) {
    if (hasConstraint) throw new ParseError(c.loc(), 'empty numeric expression should not have a constraint');
  } else {
    c.rtrim();
    exprText = c.str;
    const outer = c.pos;
    const p = new NumParser(ctx, lineNumber, isLegacyLineExpr);
    ast = p.operand(c, isLegacyLineExpr ? 'line' : 'any', !hasConstraint);
    while (!c.empty()) {
      ast = p.binop(c, ast, outer);
      if (isLegacyLineExpr && !c.empty()) {
        throw new ParseError(c.loc(), `unexpected characters at end of expression '${c.str}'`);
      }
    }
  }

  const format = explicit ?? implicitFormat(ast) ?? UNSIGNED;

  let def: NumericVariable | undefined;
  if (defCursor !== undefined) {
    defCursor.ltrim();
    const vp = parseVariable(defCursor);
    if (vp.isPseudo) throw new ParseError(defCursor.loc(vp.nameStart), 'definition of pseudo numeric variable unsupported');
    if (ctx.definedStringVars.has(vp.name)) {
      throw new ParseError(defCursor.loc(vp.nameStart), `string variable with name '${vp.name}' already exists`);
    }
    defCursor.ltrim();
    if (!defCursor.empty()) throw new ParseError(defCursor.loc(), 'unexpected characters after numeric variable name');
    const existing = ctx.numericVars.get(vp.name);
    if (existing !== undefined) {
      // Like LLVM, a later definition reuses the variable object (also a placeholder created by
      // an earlier use), which must have the same format.
      if (!sameFormat(existing.format, format)) {
        throw new ParseError(defCursor.loc(), 'format different from previous variable definition');
      }
      def = existing;
    } else {
      def = new NumericVariable(vp.name, format, lineNumber);
      ctx.numericVars.set(vp.name, def);
    }
  }
  return { ast, format, def, exprText };
}

