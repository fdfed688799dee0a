/**
 * MLIR text → IR. A recursive-descent parser over the lazy lexer: top-level alias definitions, operations
 * in generic form or in the custom form their definition's assembly format describes (`op-format.ts`),
 * regions and blocks with forward references, types, attributes and locations (deferred `#loc` aliases).
 */
import type { AsmParser } from '../dialect/ir/asm-interfaces.js';
import {
  ArrayAttr,
  Attribute,
  DenseArrayAttr,
  DenseElementsAttr,
  DictionaryAttr,
  FloatAttr,
  IntegerAttr,
  OpaqueAttr,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  UnitAttr,
  type DenseValue,
  type NamedAttribute,
} from '../dialect/ir/attribute.js';
import { getAttrParser, getTypeParser } from '../dialect/ir/dialect-registry.js';
import { parseFloatLiteral } from '../dialect/ir/float-format.js';
import { Block, BlockArgument, Operation, Region, Value } from '../dialect/ir/ir.js';
import {
  CallSiteLoc,
  FileLineColLoc,
  FusedLoc,
  Location,
  NameLoc,
  UnknownLoc,
} from '../dialect/ir/location.js';
import {
  getOpDefinition,
  knownDialects,
  type OpFormatParser,
  type OperandRef,
  type RegionArgument,
} from '../dialect/ir/op-definition.js';
import {
  DYNAMIC,
  FloatType,
  FunctionType,
  IndexType,
  IntegerType,
  NoneType,
  OpaqueType,
  RankedTensorType,
  ShapedType,
  Type,
  VectorType,
  isFloatKind,
} from '../dialect/ir/type.js';
import { LexError, Lexer, unescapeString, type Token } from './lexer.js';
import { parseCustomOp } from './op-format.js';
import { Tok } from './token.js';
import { createOperation } from '../dialect/ir/create.js';
import { ModuleOp } from '../dialect/builtin/ops.js';
import { NESTED_TOO_DEEPLY } from '../dialect/ir/diagnostics.js';

/**
 * Regions nested deeper than this are rejected where the next one opens. Every later stage (verifier, passes,
 * printer) recurses once or more per region level on JavaScript's fixed stack; this bound keeps all of them well
 * inside it, so a deep input gets one located diagnostic instead of failing somewhere different in each stage.
 */
export const MAX_REGION_DEPTH = 256;
/** The same bound for types, attributes and locations nested in one another (`!tt.ptr<!tt.ptr<...>>`). */
export const MAX_VALUE_DEPTH = 1000;

/**
 * Dialect namespaces triton-opt (Triton 3.6) registers, besides the ones implemented here: their attributes and
 * types are kept opaque. Anything else is an unregistered dialect.
 */
const TRITON_OPT_DIALECTS: ReadonlySet<string> = new Set([
  'builtin', 'tt', 'ttg', 'ttng', 'tti', 'nvgpu', 'nvws', 'amdgpu', 'proton', 'proton_gpu', 'gluon',
  'cf', 'math', 'arith', 'scf', 'gpu', 'llvm', 'nvvm', 'rocdl', 'ub', 'func',
]);

export class ParseError extends Error {
  constructor(
    message: string,
    readonly pos: number,
  ) {
    super(message);
  }
}

/** A value used before its definition; replaced when the definition is parsed. */
class ForwardRef extends Value {
  constructor(
    type: Type,
    readonly pos: number,
  ) {
    super(type);
  }
  get parentBlock(): undefined {
    return undefined;
  }
  get definingOp(): undefined {
    return undefined;
  }
}

/** A reference to a `#loc` alias defined later in the file; resolved after the whole file is read. */
class DeferredLoc extends Location {
  constructor(
    readonly alias: string,
    readonly at: number,
  ) {
    super();
    this.key = `deferred ${alias} ${at}`;
  }
  printBody(): void {
    throw new Error('deferred location printed before resolution');
  }
}

interface ValueScope {
  values: Map<string, Value[]>;
  forward: Map<string, ForwardRef[]>;
}

interface BlockScope {
  blocks: Map<string, { block: Block; defined: boolean; pos: number }>;
}

export interface ParseOptions {
  allowUnregistered?: boolean;
  /** File name used for the locations of ops without an explicit `loc(...)` (as MLIR does). */
  filename?: string;
  /** Added to the line numbers of those locations (a `--split-input-file` chunk's first line, minus one). */
  lineOffset?: number;
  /**
   * Give region entry arguments that are named in the text but have no `loc(...)` (`scf.for %k = ...`,
   * `iter_args(%acc_3 = ...)`) a NameLoc of that name (less a `_N` uniquing suffix), so that printing with
   * NameLoc prefixes (`--mlir-print-debuginfo`) names them as Triton's front end did. MLIR's parser does not:
   * triton-opt prints such arguments as `%argN`, so this is off by default (`--keep-arg-names`).
   */
  keepArgNames?: boolean;
}

export class Parser implements OpFormatParser {
  private readonly lexer: Lexer;
  private tok: Token;
  private readonly attrAliases = new Map<string, Attribute>();
  private readonly typeAliases = new Map<string, Type>();
  private readonly valueScopes: ValueScope[] = [];
  private readonly blockScopes: BlockScope[] = [];
  private hasDeferredLocs = false;
  /** Regions open around the current token. */
  private regionDepth = 0;
  /**
   * Where a region first reached MAX_REGION_DEPTH: top-level ops without an explicit module are wrapped in one,
   * which nests them one level deeper, so the printed module would not read back.
   */
  private deepestRegionAt: number | undefined;
  /** Types, attributes and locations open around the current token. */
  private valueDepth = 0;

  private readonly lineStarts: number[];

  constructor(
    readonly src: string,
    readonly opts: ParseOptions = {},
  ) {
    this.lexer = new Lexer(src);
    this.tok = this.lexAt(0);
    this.lineStarts = [0];
    for (let i = src.indexOf('\n'); i >= 0; i = src.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  /** The source location of an offset, as MLIR gives ops parsed without an explicit `loc(...)`. */
  sourceLoc(pos: number): Location {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return FileLineColLoc.get(this.opts.filename ?? '-', lo + 1 + (this.opts.lineOffset ?? 0), pos - this.lineStarts[lo]! + 1);
  }

  /** The location of a region entry argument written without `loc(...)` (see ParseOptions.keepArgNames). */
  private entryArgLoc(name: string, pos: number): Location {
    const loc = this.sourceLoc(pos);
    if (!this.opts.keepArgNames) return loc;
    const base = /^%([A-Za-z_$.-][\w$.-]*?)(?:_\d+)?$/.exec(name)?.[1];
    // `%arg3` is the printer's own default name, not one the front end chose.
    if (base === undefined || /^arg\d+$/.test(base)) return loc;
    return NameLoc.get(base, loc);
  }

  // ---- tokens ----------------------------------------------------------------------------------

  private lexAt(pos: number): Token {
    try {
      return this.lexer.lex(pos);
    } catch (e) {
      if (e instanceof LexError) throw new ParseError(e.message, e.offset);
      throw e;
    }
  }
  private advance(): void {
    this.tok = this.lexAt(this.tok.end);
  }
  /** Re-lexes from an arbitrary offset (used to split `64x64xf32`). */
  private resetTo(pos: number): void {
    this.tok = this.lexAt(pos);
  }
  private text(t: Token = this.tok): string {
    return this.src.slice(t.start, t.end);
  }
  private isPunct(p: string): boolean {
    return this.tok.kind === Tok.Punct && this.text() === p;
  }
  private isKeyword(k: string): boolean {
    return this.tok.kind === Tok.Bare && this.text() === k;
  }

  pos(): number {
    return this.tok.start;
  }
  error(message: string, at?: number): never {
    // "expected ..." at the current token is MLIR's emitWrongTokenError: reported at the end of the previous
    // line's content when the token starts a new line (and one character back at EOF).
    if (at === undefined && message.startsWith('expected')) at = this.wrongTokenPos();
    throw new ParseError(message, at ?? this.tok.start);
  }

  private wrongTokenPos(): number {
    let loc = this.tok.start;
    if (this.tok.kind === Tok.EOF && loc > 0) loc--;
    const s = this.src;
    let end = loc;
    for (;;) {
      while (end > 0 && (s[end - 1] === ' ' || s[end - 1] === '\t')) end--;
      if (end === 0) return loc;
      const c = s[end - 1];
      if (c !== '\n' && c !== '\r') return end === loc ? loc : end;
      end--;
      // Skip a `//` comment on the preceding line.
      const lineStart = Math.max(s.lastIndexOf('\n', end - 1), s.lastIndexOf('\r', end - 1)) + 1;
      const comment = s.indexOf('//', lineStart);
      if (comment >= 0 && comment < end) end = comment;
    }
  }
  peek(p: string): boolean {
    return this.isPunct(p);
  }
  peekToken(): { kind: number; text: string } {
    return { kind: this.tok.kind, text: this.text() };
  }
  expect(p: string): void {
    if (!this.isPunct(p)) this.error(`expected '${p}'`);
    this.advance();
  }
  consumeIf(p: string): boolean {
    if (!this.isPunct(p)) return false;
    this.advance();
    return true;
  }
  consumeKeywordIf(kw: string): boolean {
    if (!this.isKeyword(kw)) return false;
    this.advance();
    return true;
  }
  parseKeyword(what = 'keyword'): string {
    if (this.tok.kind !== Tok.Bare) this.error(`expected ${what}`);
    const t = this.text();
    this.advance();
    return t;
  }
  peekKeyword(): string | undefined {
    return this.tok.kind === Tok.Bare ? this.text() : undefined;
  }
  parseInteger(): bigint {
    const neg = this.consumeIf('-');
    if (this.tok.kind !== Tok.Int) this.error('expected integer value');
    const v = BigInt(this.text());
    this.advance();
    return neg ? -v : v;
  }
  parseNumber(): number {
    const neg = this.consumeIf('-');
    if (this.tok.kind !== Tok.Int && this.tok.kind !== Tok.Float) this.error('expected number');
    const v = Number(this.text());
    this.advance();
    return neg ? -v : v;
  }
  parseString(): string {
    if (this.tok.kind !== Tok.String) this.error('expected string');
    const s = unescapeString(this.text());
    this.advance();
    return s;
  }
  parseIntegerList(): number[] {
    this.expect('[');
    const out: number[] = [];
    if (this.consumeIf(']')) return out;
    do out.push(Number(this.parseInteger()));
    while (this.consumeIf(','));
    this.expect(']');
    return out;
  }

  // ---- top level -------------------------------------------------------------------------------

  /** Parses a whole buffer; returns the top-level `builtin.module` (implicitly created if absent). */
  parseModule(): Operation {
    const top = new Block();
    this.pushScopes();
    while (this.tok.kind !== Tok.EOF) {
      if (this.tok.kind === Tok.Hash && this.lookaheadIsAliasDef()) this.parseAttrAliasDef();
      else if (this.tok.kind === Tok.Bang && this.lookaheadIsAliasDef()) this.parseTypeAliasDef();
      else if (this.isPunct('{-#')) this.skipFileMetadata();
      else top.append(this.parseOperation());
    }
    this.popScopes();
    let module: Operation;
    const only = top.ops[0];
    if (top.ops.length === 1 && ModuleOp.is(only)) {
      module = only;
      module.remove();
    } else {
      if (this.deepestRegionAt !== undefined) this.error(NESTED_TOO_DEEPLY, this.deepestRegionAt);
      // MLIR places the implicit module at line 0, column 0 of the buffer.
      module = createOperation({ name: ModuleOp.opName, regions: 1, loc: FileLineColLoc.get(this.opts.filename ?? '-', 0, 0) });
      const body = module.region(0).addBlock();
      for (const op of [...top.ops]) body.append(op);
    }
    if (this.hasDeferredLocs) this.resolveDeferredLocs(module);
    return module;
  }

  private lookaheadIsAliasDef(): boolean {
    const next = this.lexAt(this.tok.end);
    return next.kind === Tok.Punct && this.text(next) === '=';
  }

  private parseAttrAliasDef(): void {
    const name = this.text().slice(1);
    const at = this.tok.start;
    if (name.includes('.')) this.error('expected attribute alias name without a dialect prefix');
    if (this.attrAliases.has(name)) this.error(`redefinition of attribute alias id '${name}'`);
    this.advance();
    this.expect('=');
    const attr = this.parseAttribute();
    if (at < 0) this.error('unreachable');
    this.attrAliases.set(name, attr);
  }

  private parseTypeAliasDef(): void {
    const name = this.text().slice(1);
    if (this.typeAliases.has(name)) this.error(`redefinition of type alias id '${name}'`);
    this.advance();
    this.expect('=');
    this.typeAliases.set(name, this.parseType());
  }

  private skipFileMetadata(): void {
    while (!this.isPunct('#-}')) {
      if (this.tok.kind === Tok.EOF) this.error("expected '#-}' to end file metadata");
      this.advance();
    }
    this.advance();
  }

  // ---- SSA values ------------------------------------------------------------------------------

  private pushScopes(): void {
    this.valueScopes.push({ values: new Map(), forward: new Map() });
    this.blockScopes.push({ blocks: new Map() });
  }

  private popScopes(): void {
    const vs = this.valueScopes.pop()!;
    const parent = this.valueScopes[this.valueScopes.length - 1];
    if (parent) {
      // A use inside a region may name a value defined later in an enclosing region: MLIR parses it and
      // leaves the dominance violation to the verifier. Hand the forward references to the enclosing scope.
      for (const [name, refs] of vs.forward) {
        const plist = parent.forward.get(name) ?? [];
        for (const f of refs) {
          const idx = (f as ForwardRef & { resultIndex?: number }).resultIndex ?? 0;
          const prior = plist.find((x) => ((x as ForwardRef & { resultIndex?: number }).resultIndex ?? 0) === idx);
          if (!prior) {
            plist.push(f);
            continue;
          }
          if (prior.type !== f.type) {
            this.error(`use of value '${name}' expects different type than prior uses: '${f.type}' vs '${prior.type}'`, f.pos);
          }
          f.replaceAllUsesWith(prior);
        }
        parent.forward.set(name, plist);
      }
    } else {
      let first: ForwardRef | undefined;
      for (const refs of vs.forward.values()) for (const r of refs) if (!first || r.pos < first.pos) first = r;
      if (first) this.error('use of undeclared SSA value name', first.pos);
    }
    const bs = this.blockScopes.pop()!;
    for (const b of bs.blocks.values()) if (!b.defined) this.error('reference to an undefined block', b.pos);
  }

  private lookupValue(name: string): Value[] | undefined {
    for (let i = this.valueScopes.length - 1; i >= 0; i--) {
      const v = this.valueScopes[i]!.values.get(name);
      if (v) return v;
    }
    return undefined;
  }

  /** Binds `name` (e.g. `%0`) to values (several for `%0:3`), resolving forward references. */
  private defineValues(name: string, values: Value[], pos: number): void {
    const scope = this.valueScopes[this.valueScopes.length - 1]!;
    if (scope.values.has(name)) this.error(`redefinition of SSA value '${name}'`, pos);
    scope.values.set(name, values);
    const fwd = scope.forward.get(name);
    if (!fwd) return;
    for (const ref of fwd) {
      const idx = (ref as ForwardRef & { resultIndex?: number }).resultIndex ?? 0;
      const real = values[idx];
      if (!real) this.error(`reference to invalid result number`, ref.pos);
      if (real.type !== ref.type) {
        this.error(`use of value '${name}' expects different type than prior uses: '${ref.type}' vs '${real.type}'`, ref.pos);
      }
      ref.replaceAllUsesWith(real);
    }
    scope.forward.delete(name);
  }

  parseOperandRef(): OperandRef {
    if (this.tok.kind !== Tok.Percent) this.error('expected SSA operand');
    const pos = this.tok.start;
    const name = this.text();
    this.advance();
    let index = 0;
    if ((this.tok.kind as Tok) === Tok.Hash && this.tok.start === pos + name.length) {
      const t = this.text().slice(1);
      if (!/^[0-9]+$/.test(t)) this.error('expected result number');
      index = Number(t);
      this.advance();
    }
    return { name, index, pos };
  }

  parseOptionalOperandRef(): OperandRef | undefined {
    return this.tok.kind === Tok.Percent ? this.parseOperandRef() : undefined;
  }

  /** Resolves an operand reference to a value of `type` (creating a forward reference if needed). */
  resolveOperand(ref: OperandRef, type: Type): Value {
    const vals = this.lookupValue(ref.name);
    if (vals) {
      const v = vals[ref.index];
      if (!v) this.error(`reference to invalid result number`, ref.pos);
      if (v.type !== type) {
        this.error(`use of value '${ref.name}' expects different type than prior uses: '${type}' vs '${v.type}'`, ref.pos);
      }
      return v;
    }
    const scope = this.valueScopes[this.valueScopes.length - 1]!;
    const list = scope.forward.get(ref.name) ?? [];
    const prior = list.find((f) => ((f as ForwardRef & { resultIndex?: number }).resultIndex ?? 0) === ref.index);
    if (prior) {
      if (prior.type !== type) {
        this.error(`use of value '${ref.name}' expects different type than prior uses: '${type}' vs '${prior.type}'`, ref.pos);
      }
      return prior;
    }
    const f = new ForwardRef(type, ref.pos) as ForwardRef & { resultIndex?: number };
    f.resultIndex = ref.index;
    list.push(f);
    scope.forward.set(ref.name, list);
    return f;
  }

  /** The type of an already-defined value, if known (used by formats that omit operand types). */
  typeOfOperand(ref: OperandRef): Type | undefined {
    return this.lookupValue(ref.name)?.[ref.index]?.type;
  }

  // ---- operations ------------------------------------------------------------------------------

  parseOperation(): Operation {
    const results: { name: string; count: number; pos: number }[] = [];
    if (this.tok.kind === Tok.Percent) {
      do {
        const pos = this.tok.start;
        if (this.tok.kind !== Tok.Percent) this.error('expected SSA value name');
        const name = this.text();
        this.advance();
        let count = 1;
        if (this.consumeIf(':')) {
          if ((this.tok.kind as Tok) !== Tok.Int) this.error('expected integer number of results');
          count = Number(this.text());
          if (count < 1) this.error('expected named operation to have at least 1 result');
          this.advance();
        }
        results.push({ name, count, pos });
      } while (this.consumeIf(','));
      this.expect('=');
    }
    const opPos = this.tok.start;
    const numResults = results.reduce((a, r) => a + r.count, 0);
    let op: Operation;
    if (this.tok.kind === Tok.String) op = this.parseGenericOperation();
    else if (this.tok.kind === Tok.Bare) {
      const written = this.text();
      // Ops without a dialect prefix resolve in the default dialect (builtin at the top level).
      const name = written.includes('.') ? written : 'builtin.' + written;
      const def = getOpDefinition(name);
      if (!def) this.error(`custom op '${written}' is unknown`);
      if (def.format === undefined) this.error(`custom op '${written}' has no custom assembly form`);
      this.advance();
      op = parseCustomOp(this, def, numResults, opPos);
    } else this.error('expected operation name in quotes');
    const loc = this.parseOptionalLocation();
    op.loc = loc ?? this.sourceLoc(opPos);
    if (results.length) {
      if (numResults !== op.results.length) {
        this.error(`operation defines ${op.results.length} results but was provided ${numResults} to bind`, results[0]!.pos);
      }
      let k = 0;
      for (const r of results) {
        this.defineValues(r.name, op.results.slice(k, k + r.count), r.pos);
        k += r.count;
      }
    }
    return op;
  }

  private parseGenericOperation(): Operation {
    const name = this.parseString();
    const def = getOpDefinition(name);
    // MLIR takes the text before the first '.' as the dialect (the whole name when there is none, as in
    // "use"), and reports an unloadable dialect at the token after the name.
    const dot = name.indexOf('.');
    if (!def && !this.opts.allowUnregistered && !knownDialects().has(dot < 0 ? name : name.slice(0, dot))) {
      this.error(
        'operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used',
        this.tok.start,
      );
    }
    this.expect('(');
    const refs: OperandRef[] = [];
    if (!this.isPunct(')')) {
      do refs.push(this.parseOperandRef());
      while (this.consumeIf(','));
    }
    if (!this.isPunct(')')) this.error("expected ')' to end operand list");
    this.advance();
    const successors: Block[] = [];
    const succOperands: OperandRef[][] = [];
    if (this.consumeIf('[')) {
      do successors.push(this.parseSuccessor());
      while (this.consumeIf(','));
      this.expect(']');
    }
    const props = new Map<string, Attribute>();
    if (this.isPunct('<')) {
      this.advance();
      const d = this.parseAttribute();
      if (!(d instanceof DictionaryAttr)) this.error('expected properties dictionary');
      // A registered op reads its properties by name; entries it does not declare are dropped, as MLIR's
      // generated setPropertiesFromAttr does.
      for (const { name: key, value } of d.entries) {
        if (!def || key === 'operandSegmentSizes' || def.attributes.some((a) => a.name === key)) props.set(key, value);
      }
      this.expect('>');
    }
    const regionPositions: number[] = [];
    let regions: Region[] = [];
    if (this.consumeIf('(')) {
      const rs: Region[] = [];
      do {
        regionPositions.push(this.tok.start);
        rs.push(this.parseRegion() as Region);
      } while (this.consumeIf(','));
      this.expect(')');
      regions = rs;
    }
    const attrs = new Map<string, Attribute>();
    if (this.isPunct('{')) this.parseOptionalAttrDict(attrs);
    this.expect(':');
    const fnPos = this.tok.start;
    const fnType = this.parseType();
    if (!(fnType instanceof FunctionType)) this.error('expected function type', fnPos);
    if (fnType.inputs.length !== refs.length) {
      this.error(`expected ${refs.length} operand type${refs.length === 1 ? '' : 's'} but had ${fnType.inputs.length}`, fnPos);
    }
    const operands = refs.map((r, i) => this.resolveOperand(r, fnType.inputs[i]!));
    const all = new Map<string, Attribute>([...attrs, ...props]);
    let segments: number[] | undefined;
    const seg = all.get('operandSegmentSizes');
    if (seg instanceof DenseArrayAttr && def) {
      segments = [...seg.values];
      all.delete('operandSegmentSizes');
    }
    const op = createOperation({
      name,
      operands,
      resultTypes: fnType.results,
      attributes: all,
      regions: 0,
      successors,
      ...(segments ? { operandSegments: segments } : {}),
      propertyNames: def ? [] : props.keys(),
    });
    void succOperands;
    for (const r of regions) {
      const nr = new Region(op);
      nr.takeBody(r);
      op.regions.push(nr);
    }
    return op;
  }

  /** Parses `^bb3` or `^bb3(%a, %b : i32, f32)`; the operands become part of the op's operand list. */
  parseSuccessor(): Block {
    if (this.tok.kind !== Tok.Caret) this.error('expected block name');
    const name = this.text();
    const pos = this.tok.start;
    this.advance();
    return this.getBlock(name, pos);
  }

  private getBlock(name: string, pos: number): Block {
    const scope = this.blockScopes[this.blockScopes.length - 1]!;
    let b = scope.blocks.get(name);
    if (!b) {
      b = { block: new Block(), defined: false, pos };
      scope.blocks.set(name, b);
    }
    return b.block;
  }

  // ---- regions and blocks ----------------------------------------------------------------------

  /**
   * Parses `{ ... }`. `args` become the entry block's arguments (already named at the op level, as in
   * `tt.func @f(%arg0: i32)` or `scf.for %iv = ...`).
   */
  parseRegion(args: readonly RegionArgument[] = []): Region {
    const region = new Region(undefined);
    if (this.regionDepth >= MAX_REGION_DEPTH) this.error(NESTED_TOO_DEEPLY);
    if (this.regionDepth + 1 === MAX_REGION_DEPTH && this.deepestRegionAt === undefined) this.deepestRegionAt = this.tok.start;
    this.expect('{');
    this.regionDepth++;
    this.pushScopes();
    if (args.length || !this.isPunct('}')) {
      let entry: Block | undefined;
      if (this.tok.kind !== Tok.Caret || args.length) {
        entry = region.addBlock();
        for (const a of args) {
          if (this.valueScopes[this.valueScopes.length - 1]!.values.has(a.ref.name)) {
            this.error(`region entry argument '${a.ref.name}' is already in use`, a.ref.pos);
          }
          const arg = entry.addArgument(a.type, (a.loc as Location | undefined) ?? this.entryArgLoc(a.ref.name, a.ref.pos));
          this.defineValues(a.ref.name, [arg], a.ref.pos);
        }
        if (this.tok.kind === Tok.Caret && args.length) this.error('invalid block name in region with named arguments');
        this.parseBlockBody(entry);
      }
      while (this.tok.kind === Tok.Caret) this.parseBlock(region);
    }
    this.expect('}');
    this.regionDepth--;
    this.popScopes();
    return region;
  }

  private parseBlock(region: Region): void {
    const name = this.text();
    const pos = this.tok.start;
    this.advance();
    const scope = this.blockScopes[this.blockScopes.length - 1]!;
    let entry = scope.blocks.get(name);
    if (entry?.defined) this.error(`redefinition of block '${name}'`, pos);
    if (!entry) {
      entry = { block: new Block(), defined: true, pos };
      scope.blocks.set(name, entry);
    }
    entry.defined = true;
    const block = entry.block;
    region.addBlock(block);
    if (this.consumeIf('(')) {
      if (!this.isPunct(')')) {
        do {
          const ref = this.parseOperandRef();
          this.expect(':');
          const type = this.parseType();
          const loc = this.parseOptionalLocation() ?? this.sourceLoc(ref.pos);
          const arg = block.addArgument(type, loc as Location);
          this.defineValues(ref.name, [arg], ref.pos);
        } while (this.consumeIf(','));
      }
      this.expect(')');
    }
    this.expect(':');
    this.parseBlockBody(block);
  }

  private parseBlockBody(block: Block): void {
    while (this.tok.kind !== Tok.Caret && !this.isPunct('}')) {
      block.append(this.parseOperation());
    }
  }

  // ---- attribute dictionaries ------------------------------------------------------------------

  parseOptionalAttrDict(into: Map<string, Attribute>): void {
    if (!this.isPunct('{')) return;
    this.advance();
    if (this.consumeIf('}')) return;
    do {
      let name: string;
      const pos = this.tok.start;
      if (this.tok.kind === Tok.String) name = this.parseString();
      else if (this.tok.kind === Tok.Bare) name = this.parseKeyword();
      else this.error('expected attribute name');
      if (name === '') this.error('expected valid attribute name', pos);
      if (into.has(name)) this.error(`duplicate key '${name}' in dictionary attribute`, pos);
      if (this.consumeIf('=')) into.set(name, this.parseAttribute());
      else into.set(name, UnitAttr.get());
    } while (this.consumeIf(','));
    this.expect('}');
  }

  // ---- locations -------------------------------------------------------------------------------

  parseOptionalLocation(): Location | undefined {
    if (!this.isKeyword('loc')) return undefined;
    this.advance();
    this.expect('(');
    const l = this.parseLocationBody(true);
    this.expect(')');
    return l;
  }

  /**
   * One location instance. Only the whole body of `loc(...)` may name an alias defined later in the file (MLIR
   * defers just that form); an alias nested in a name, callsite or fused location must already be defined.
   */
  private parseLocationBody(outermost = false): Location {
    return this.nested(() => this.parseLocationInner(outermost));
  }

  /** Runs one level of a recursive type / attribute / location parse, within MAX_VALUE_DEPTH levels. */
  private nested<T>(parse: () => T): T {
    if (this.valueDepth >= MAX_VALUE_DEPTH) this.error(NESTED_TOO_DEEPLY);
    this.valueDepth++;
    try {
      return parse();
    } finally {
      this.valueDepth--;
    }
  }

  private parseLocationInner(outermost: boolean): Location {
    if (this.tok.kind === Tok.Hash) {
      const name = this.text().slice(1);
      const at = this.tok.start;
      this.advance();
      const a = this.attrAliases.get(name);
      if (a) {
        if (!(a instanceof Location)) this.error(`expected location, but found '${a}'`, at);
        return a;
      }
      if (!outermost) this.error(`undefined symbol alias id '${name}'`, at);
      this.hasDeferredLocs = true;
      return new DeferredLoc(name, at);
    }
    if (this.consumeKeywordIf('unknown')) return UnknownLoc.get();
    if (this.consumeKeywordIf('callsite')) {
      this.expect('(');
      const callee = this.parseLocationBody();
      if (!this.consumeKeywordIf('at')) this.error("expected 'at' in callsite location");
      const caller = this.parseLocationBody();
      this.expect(')');
      return CallSiteLoc.get(callee, caller);
    }
    if (this.consumeKeywordIf('fused')) {
      let meta: Attribute | undefined;
      if (this.consumeIf('<')) {
        meta = this.parseAttribute();
        this.expect('>');
      }
      this.expect('[');
      const locs: Location[] = [];
      if (!this.isPunct(']')) {
        do locs.push(this.parseLocationBody());
        while (this.consumeIf(','));
      }
      this.expect(']');
      return FusedLoc.get(locs, meta);
    }
    if (this.tok.kind === Tok.String) {
      const s = this.parseString();
      if (this.consumeIf(':')) {
        const line = this.parseLocationNumber('line');
        let col = 0;
        if (this.consumeIf(':')) col = this.parseLocationNumber('column');
        return FileLineColLoc.get(s, line, col);
      }
      if (this.consumeIf('(')) {
        const child = this.parseLocationBody();
        this.expect(')');
        return NameLoc.get(s, child);
      }
      return NameLoc.get(s);
    }
    this.error('expected location instance');
  }

  /** A line or column of a file location: an unsigned 32-bit integer, as MLIR stores it. */
  private parseLocationNumber(what: 'line' | 'column'): number {
    const at = this.tok.start;
    const message = `expected integer ${what} number in FileLineColRange`;
    if (this.tok.kind !== Tok.Int) this.error(message, at);
    const v = this.parseInteger();
    if (v < 0n || v > 0xffffffffn) this.error(message, at);
    return Number(v);
  }

  private resolveLoc(l: Location): Location {
    if (l instanceof DeferredLoc) {
      const a = this.attrAliases.get(l.alias);
      if (!a) this.error(`operation location alias was never defined`, l.at);
      if (!(a instanceof Location)) this.error(`expected location, but found '${a}'`, l.at);
      return this.resolveLoc(a);
    }
    return l;
  }

  private resolveDeferredLocs(module: Operation): void {
    module.walk((op) => {
      op.loc = this.resolveLoc(op.loc);
      for (const r of op.regions) for (const b of r.blocks) for (const a of b.args) a.loc = this.resolveLoc(a.loc);
    });
  }

  // ---- types -----------------------------------------------------------------------------------

  parseType(): Type {
    return this.nested(() => this.parseTypeInner());
  }

  private parseTypeInner(): Type {
    const t = this.tok;
    switch (t.kind) {
      case Tok.Bang: {
        const name = this.text().slice(1);
        this.advance();
        const alias = this.typeAliases.get(name);
        if (alias) return alias;
        const parse = getTypeParser(name);
        if (parse) {
          this.checkPrettyBody();
          return parse(this);
        }
        if (!name.includes('.')) this.error(`undefined symbol alias id '${name}'`, this.tok.start);
        this.rejectUnknownDialectSymbol('type', name, t.start);
        const body = this.captureAngleBody();
        this.rejectUnregisteredDialectSymbol('type', name, body, t.start);
        return OpaqueType.get('!' + name + body);
      }
      case Tok.Punct:
        if (this.text() === '(') return this.parseFunctionType();
        break;
      case Tok.Bare:
        return this.parseBuiltinType();
    }
    this.error('expected non-function type');
  }

  private parseFunctionType(): FunctionType {
    this.expect('(');
    const inputs: Type[] = [];
    if (!this.isPunct(')')) {
      do inputs.push(this.parseType());
      while (this.consumeIf(','));
    }
    this.expect(')');
    this.expect('->');
    return FunctionType.get(inputs, this.parseFunctionResultTypes());
  }

  /** `i32`, `(i32, f32)`, `()`; a parenthesized single function type is allowed. */
  parseFunctionResultTypes(): Type[] {
    if (this.isPunct('(')) {
      // `(...) -> ...` here would be a function-typed result; otherwise a parenthesized list.
      const save = this.tok;
      this.advance();
      const out: Type[] = [];
      if (!this.isPunct(')')) {
        do out.push(this.parseType());
        while (this.consumeIf(','));
      }
      this.expect(')');
      if (this.isPunct('->')) {
        this.tok = save;
        return [this.parseFunctionType()];
      }
      return out;
    }
    return [this.parseType()];
  }

  private parseBuiltinType(): Type {
    const word = this.text();
    const at = this.tok.start;
    const int = /^(i|si|ui)([1-9][0-9]*)$/.exec(word);
    if (int) {
      this.advance();
      const w = Number(int[2]);
      if (w > 16777215) this.error('integer bitwidth is limited to 16777215 bits', at);
      return IntegerType.get(w, int[1] === 'i' ? 'signless' : int[1] === 'si' ? 'signed' : 'unsigned');
    }
    if (isFloatKind(word)) {
      this.advance();
      return FloatType.get(word);
    }
    switch (word) {
      case 'index':
        this.advance();
        return IndexType.get();
      case 'none':
        this.advance();
        return NoneType.get();
      case 'tensor': {
        this.advance();
        this.expect('<');
        if (this.isPunct('*')) this.error('unranked tensors are not supported');
        const { shape, elementType } = this.parseShapeAndElementType(true, 'tensor');
        let enc: Attribute | undefined;
        if (this.consumeIf(',')) enc = this.parseAttribute();
        this.expect('>');
        return RankedTensorType.get(shape, elementType, enc);
      }
      case 'vector': {
        this.advance();
        this.expect('<');
        const { shape, elementType } = this.parseShapeAndElementType(false, 'vector');
        this.expect('>');
        return VectorType.get(shape, elementType);
      }
    }
    this.error(`expected non-function type`, at);
  }

  parseShapeAndElementType(allowDynamic: boolean, container?: 'tensor' | 'vector'): { shape: number[]; elementType: Type } {
    const s = this.src;
    let p = this.tok.start;
    const shape: number[] = [];
    for (;;) {
      const c = s.charCodeAt(p);
      let q = p;
      if (c === 63 /* ? */) {
        if (!allowDynamic) this.error('expected static shape', p);
        q = p + 1;
      } else {
        while (q < s.length && s.charCodeAt(q) >= 48 && s.charCodeAt(q) <= 57) q++;
        if (q === p) break;
        if (s[p] === '0' && s[p + 1] === 'x' && q === p + 1) {
          // `0x...` would lex as hex, but in a shape it is the dimension 0 followed by `x`.
        }
      }
      if (s[q] !== 'x') {
        if (q === p) break;
        // A number not followed by `x` is not part of the shape (e.g. the `0` of `0 x i8` never occurs here).
        this.resetTo(q);
        this.error("expected 'x' in dimension list", q);
      }
      shape.push(c === 63 ? DYNAMIC : Number(s.slice(p, q)));
      p = q + 1;
    }
    this.resetTo(p);
    const elementType = this.parseType();
    // MLIR's TensorType/VectorType::isValidElementType: builtin types other than numbers are not elements.
    if (container === 'tensor' && (elementType instanceof NoneType || elementType instanceof FunctionType || elementType instanceof RankedTensorType)) {
      this.error('invalid tensor element type', p);
    }
    if (container === 'vector' && !(elementType instanceof IntegerType || elementType instanceof FloatType || elementType instanceof IndexType)) {
      this.error('vector elements must be int/index/float type', p);
    }
    return { shape, elementType };
  }

  /**
   * MLIR scans a dialect symbol's `<...>` body for balanced punctuation before the dialect parses it
   * (parseDialectSymbolBody); unbalanced bodies fail at the `<`.
   */
  private checkPrettyBody(): void {
    if (!this.isPunct('<')) return;
    const s = this.src;
    const at = this.tok.start;
    // Inside a body already found balanced, every nested body is balanced too: checking each again would make
    // deeply nested types (`!tt.ptr<!tt.ptr<...>>`) quadratic.
    if (at > this.balancedBody.start && at < this.balancedBody.end) return;
    // Char-code scan (this runs over every dialect type/attribute body, e.g. 128-field LLVM structs).
    const stack: number[] = [];
    const unbalanced = (): never =>
      this.error(`unbalanced '${String.fromCharCode(stack[stack.length - 1]!)}' character in pretty dialect name`, at);
    let i = at;
    do {
      if (i >= s.length) {
        if (stack.length) unbalanced();
        this.error('unexpected nul or EOF in pretty dialect name', at);
      }
      const c = s.charCodeAt(i++);
      if (c === 60 /* < */ || c === 91 /* [ */ || c === 40 /* ( */ || c === 123 /* { */) stack.push(c);
      else if (c === 45 /* - */ && s.charCodeAt(i) === 62) i++;
      else if (c === 62 /* > */ || c === 93 /* ] */ || c === 41 /* ) */ || c === 125 /* } */) {
        const open = c === 62 ? 60 : c === 93 ? 91 : c === 41 ? 40 : 123;
        if (stack[stack.length - 1] !== open) unbalanced();
        stack.pop();
      } else if (c === 34 /* " */) {
        const t = this.lexAt(i - 1);
        i = t.end;
      }
    } while (stack.length);
    if (at < this.balancedBody.start || at >= this.balancedBody.end) this.balancedBody = { start: at, end: i };
  }
  /** The last dialect symbol body checkPrettyBody found balanced (offsets into the source). */
  private balancedBody = { start: -1, end: -1 };

  /** `!tt.nope` / `#ttg.nope` in a dialect we know: MLIR's generated parsers reject unknown mnemonics. */
  private rejectUnknownDialectSymbol(what: 'type' | 'attribute', name: string, start: number): void {
    const dot = name.indexOf('.');
    const dialect = name.slice(0, dot);
    if (this.opts.allowUnregistered || !knownDialects().has(dialect)) return;
    const mnemonic = name.slice(dot + 1);
    this.error(what === 'type' ? `unknown  type \`${mnemonic}\` in dialect \`${dialect}\`` : `unknown attribute \`${mnemonic}\` in dialect \`${dialect}\``, start + dot + 2);
  }

  /**
   * `#foo.bar<...>` / `!foo.bar<...>` of a dialect triton-opt does not register: MLIR makes an opaque symbol,
   * whose verifier rejects it unless unregistered dialects are allowed (reported at the `#`/`!`).
   */
  private rejectUnregisteredDialectSymbol(what: 'type' | 'attribute', name: string, body: string, start: number): void {
    const dot = name.indexOf('.');
    const dialect = name.slice(0, dot);
    if (this.opts.allowUnregistered || knownDialects().has(dialect) || TRITON_OPT_DIALECTS.has(dialect)) return;
    const data = name.slice(dot + 1) + body;
    const tail = 'created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used';
    if (what === 'type') this.error(`\`!"${dialect}"<"${data}">\` type ${tail}`, start);
    let type = 'none';
    if (this.isPunct(':')) {
      this.advance();
      type = this.parseType().key;
    }
    this.error(`#"${dialect}"<"${data}"> : '${type}' attribute ${tail}`, start);
  }

  /** Captures the raw text of an optional `<...>` (balanced) after an unregistered dialect name. */
  private captureAngleBody(): string {
    if (!this.isPunct('<')) return '';
    const start = this.tok.start;
    let depth = 0;
    for (;;) {
      if (this.tok.kind === Tok.EOF) this.error("unbalanced '<' in dialect type or attribute", start);
      if (this.isPunct('<')) depth++;
      else if (this.isPunct('>')) depth--;
      const end = this.tok.end;
      this.advance();
      if (depth === 0) return this.src.slice(start, end);
    }
  }

  // ---- attributes ------------------------------------------------------------------------------

  parseAttribute(type?: Type): Attribute {
    return this.nested(() => this.parseAttributeInner(type));
  }

  private parseAttributeInner(type?: Type): Attribute {
    const t = this.tok;
    switch (t.kind) {
      case Tok.Hash: {
        const name = this.text().slice(1);
        this.advance();
        const alias = this.attrAliases.get(name);
        if (alias) return alias;
        const parse = getAttrParser(name);
        if (parse) {
          this.checkPrettyBody();
          return parse(this);
        }
        if (!name.includes('.')) this.error(`undefined symbol alias id '${name}'`, this.tok.start);
        this.rejectUnknownDialectSymbol('attribute', name, t.start);
        const body = this.captureAngleBody();
        this.rejectUnregisteredDialectSymbol('attribute', name, body, t.start);
        return OpaqueAttr.get('#' + name + body);
      }
      case Tok.Int:
      case Tok.Float:
        return this.parseNumericAttr(type);
      case Tok.String: {
        const s = this.parseString();
        if (this.consumeIf(':')) this.parseType();
        return StringAttr.get(s);
      }
      case Tok.At:
        return this.parseSymbolRef();
      case Tok.Punct: {
        const p = this.text();
        if (p === '-') return this.parseNumericAttr(type);
        if (p === '[') {
          this.advance();
          const els: Attribute[] = [];
          if (!this.isPunct(']')) {
            do els.push(this.parseAttribute());
            while (this.consumeIf(','));
          }
          this.expect(']');
          return ArrayAttr.get(els);
        }
        if (p === '{') {
          const m = new Map<string, Attribute>();
          this.parseOptionalAttrDict(m);
          const entries: NamedAttribute[] = [...m].map(([name, value]) => ({ name, value }));
          return DictionaryAttr.get(entries);
        }
        if (p === '(') return TypeAttr.get(this.parseType());
        break;
      }
      case Tok.Bare: {
        const w = this.text();
        if (w === 'true' || w === 'false') {
          this.advance();
          let ty: Type = IntegerType.get(1);
          if (this.consumeIf(':')) ty = this.parseType();
          return IntegerAttr.get(ty, w === 'true' ? 1 : 0);
        }
        if (w === 'unit') {
          this.advance();
          return UnitAttr.get();
        }
        if (w === 'dense') return this.parseDenseElements();
        if (w === 'array') return this.parseDenseArray();
        if (w === 'loc') return this.parseOptionalLocation()!;
        return TypeAttr.get(this.parseType());
      }
      case Tok.Bang:
        return TypeAttr.get(this.parseType());
    }
    this.error('expected attribute value');
  }

  private parseSymbolRef(): SymbolRefAttr {
    const root = this.symbolName();
    const nested: string[] = [];
    while (this.isPunct('::')) {
      this.advance();
      if (this.tok.kind !== Tok.At) this.error('expected nested symbol reference identifier');
      nested.push(this.symbolName());
    }
    return SymbolRefAttr.get(root, nested);
  }

  /** Consumes `@name` / `@"quoted"` and returns the name. */
  symbolName(): string {
    if (this.tok.kind !== Tok.At) this.error('expected symbol name');
    const raw = this.text().slice(1);
    this.advance();
    return raw.startsWith('"') ? unescapeString(raw) : raw;
  }

  private parseNumericAttr(type?: Type): Attribute {
    const neg = this.consumeIf('-');
    const at = this.tok.start;
    const t = this.tok;
    if (t.kind !== Tok.Int && t.kind !== Tok.Float) this.error('expected integer or float literal', at);
    const lit = this.text();
    this.advance();
    let ty = type;
    if (this.consumeIf(':')) ty = this.parseType();
    if (t.kind === Tok.Float || (ty instanceof FloatType)) {
      const ft = ty ?? FloatType.get('f64');
      if (!(ft instanceof FloatType)) this.error('floating point value not valid for specified type', this.tok.start);
      if (t.kind === Tok.Int && !lit.startsWith('0x')) this.error('unexpected decimal integer literal for a floating point value', at);
      return FloatAttr.get(ft, parseFloatLiteral((neg ? '-' : '') + lit, ft.kind));
    }
    const it = ty ?? IntegerType.get(64);
    if (!(it instanceof IntegerType) && !(it instanceof IndexType)) this.error('integer literal not valid for specified type', at);
    const v = BigInt(lit);
    if (it instanceof IntegerType && it.signedness === 'unsigned' && neg) this.error('negative integer literal not valid for unsigned integer type', at);
    if (!integerLiteralFits(v, neg, it)) this.error('integer constant out of range for attribute', at);
    return IntegerAttr.get(it, neg ? -v : v);
  }

  private parseDenseElements(): DenseElementsAttr {
    const at = this.tok.start;
    this.advance();
    this.expect('<');
    // `pos`: the literal's token (after a minus sign), where MLIR reports a bad element.
    type Lit = { neg: boolean; text: string; kind: Tok; pos: number } | Lit[] | 'hexblob';
    let hex: string | undefined;
    const parseLit = (): Lit => {
      if (this.consumeIf('[')) {
        const xs: Lit[] = [];
        if (!this.isPunct(']')) {
          do xs.push(parseLit());
          while (this.consumeIf(','));
        }
        this.expect(']');
        return xs;
      }
      const neg = this.consumeIf('-');
      const pos = this.tok.start;
      const k = this.tok.kind;
      if (k === Tok.Bare && (this.text() === 'true' || this.text() === 'false')) {
        const text = this.text();
        this.advance();
        return { neg, text, kind: k, pos };
      }
      if (k !== Tok.Int && k !== Tok.Float) this.error('expected element literal of primitive type');
      const text = this.text();
      this.advance();
      return { neg, text, kind: k, pos };
    };
    let lit: Lit | undefined;
    if (this.tok.kind === Tok.String) {
      hex = this.parseString();
    } else if (!this.isPunct('>')) lit = parseLit();
    this.expect('>');
    this.expect(':');
    const typePos = this.tok.start;
    const type = this.parseType();
    if (!(type instanceof ShapedType)) this.error('elements literal must be a shaped type', typePos);
    if (type.shape.some((d) => d < 0)) this.error('elements literal type must have static shape', at);
    const el = type.elementType;
    // Each element is checked against the element type as MLIR's TensorLiteralParser does (getFloatAttrElements,
    // getIntAttrElements), with its messages.
    const conv = (l: { neg: boolean; text: string; kind: Tok; pos: number }): DenseValue => {
      const isBool = l.kind === Tok.Bare;
      if (el instanceof FloatType) {
        if (isBool) this.error('expected floating point literal', l.pos);
        if (l.kind === Tok.Int) {
          if (!/^0x/.test(l.text)) this.error('unexpected decimal integer literal for a floating point value', l.pos);
          if (l.neg) this.error('hexadecimal float literal should not have a leading minus', l.pos);
          if (BigInt(l.text) >> BigInt(el.width) !== 0n) this.error('hexadecimal float constant out of range for type', l.pos);
        }
        return parseFloatLiteral((l.neg ? '-' : '') + l.text, el.kind);
      }
      const intEl = el instanceof IntegerType || el instanceof IndexType ? el : undefined;
      if (intEl instanceof IntegerType && intEl.signedness === 'unsigned' && l.neg) this.error('expected unsigned integer elements, but parsed negative value', l.pos);
      if (l.kind === Tok.Float) this.error('expected integer elements, but parsed floating-point', l.pos);
      if (isBool) {
        if (intEl && !(intEl instanceof IntegerType && intEl.width === 1)) this.error("expected i1 type for 'true' or 'false' values", l.pos);
        return l.text === 'true' ? 1n : 0n;
      }
      const v = BigInt(l.text);
      if (intEl && !integerLiteralFits(v, l.neg, intEl)) this.error('integer constant out of range for type', l.pos);
      return l.neg ? -v : v;
    };
    const flat: DenseValue[] = [];
    if (hex !== undefined) {
      // (One push per element: spreading 200k arguments overflows the stack.)
      for (const v of decodeHexBlob(hex, el, type.numElements, (m) => this.error(m, at))) flat.push(v);
    } else if (lit === undefined) {
      if (type.numElements !== 0) this.error('expected non-empty dense literal', at);
    } else if (!Array.isArray(lit)) {
      flat.push(conv(lit as { neg: boolean; text: string; kind: Tok; pos: number }));
    } else {
      const inferred: number[] = [];
      for (let l: Lit = lit; Array.isArray(l); l = l[0]!) {
        inferred.push(l.length);
        if (l.length === 0) break;
      }
      if (inferred.length !== type.shape.length || inferred.some((d, i) => d !== type.shape[i])) {
        this.error(`inferred shape of elements literal ([${inferred.join(', ')}]) does not match type ([${type.shape.join(', ')}])`, at);
      }
      const walk = (l: Lit, depth: number): void => {
        if (Array.isArray(l)) {
          if (l.length !== type.shape[depth]) this.error(`inferred shape of elements literal does not match type`, at);
          for (const x of l) walk(x, depth + 1);
        } else if (l === 'hexblob') this.error('unexpected', at);
        else {
          if (depth !== type.rank) this.error('inferred shape of elements literal does not match type', at);
          flat.push(conv(l));
        }
      };
      walk(lit, 0);
    }
    return DenseElementsAttr.get(type, flat);
  }

  private parseDenseArray(): DenseArrayAttr {
    this.advance();
    this.expect('<');
    const el = this.parseType();
    const values: number[] = [];
    const intEl = el instanceof IntegerType || el instanceof IndexType ? el : undefined;
    if (this.consumeIf(':')) {
      do {
        if (this.isKeyword('true') || this.isKeyword('false')) {
          if (intEl && !(intEl instanceof IntegerType && intEl.width === 1)) this.error("expected i1 type for 'true' or 'false' values");
          values.push(this.text() === 'true' ? 1 : 0);
          this.advance();
        } else if (intEl) {
          // MLIR's DenseArrayElementParser: integer elements take integer literals of the element's width.
          const neg = this.consumeIf('-');
          if (this.tok.kind !== Tok.Int) this.error('expected integer literal');
          const v = BigInt(this.text());
          if (!integerLiteralFits(v, neg, intEl)) this.error('integer constant out of range');
          values.push(Number(neg ? -v : v));
          this.advance();
        } else values.push(this.parseNumber());
      } while (this.consumeIf(','));
    }
    this.expect('>');
    return DenseArrayAttr.get(el, values);
  }
}

/**
 * Whether an integer literal (magnitude `v`, after an optional minus) fits `type`, as MLIR's
 * buildAttributeAPInt decides: at most `width` bits; negative values down to -2^(width-1); positive values of
 * signed and index types below 2^(width-1). (`-0` is let through.)
 */
function integerLiteralFits(v: bigint, neg: boolean, type: IntegerType | IndexType): boolean {
  const width = type instanceof IndexType ? 64 : type.width;
  if (v >> BigInt(width) !== 0n) return false;
  if (neg) return v === 0n || (width > 0 && v <= 1n << BigInt(width - 1));
  if (type instanceof IndexType || type.signedness === 'signed') return width > 0 && v < 1n << BigInt(width - 1);
  return true;
}

function decodeHexBlob(hex: string, el: Type, n: number, fail: (m: string) => never): DenseValue[] {
  if (!hex.startsWith('0x')) fail('expected hex string');
  const body = hex.slice(2);
  const width = el instanceof FloatType || el instanceof IntegerType ? el.width : 64;
  const bytes = Math.max(1, Math.ceil(width / 8));
  if (body.length !== n * bytes * 2 && body.length !== bytes * 2) fail('elements hex data size is invalid for provided type');
  const count = body.length / (bytes * 2);
  const out: DenseValue[] = [];
  for (let i = 0; i < count; i++) {
    let v = 0n;
    for (let b = bytes - 1; b >= 0; b--) v = (v << 8n) | BigInt(parseInt(body.slice((i * bytes + b) * 2, (i * bytes + b) * 2 + 2), 16));
    if (el instanceof FloatType) out.push(parseFloatLiteral('0x' + v.toString(16), el.kind));
    else out.push(v);
  }
  return out;
}

/** Line and column (1-based) of an offset. */
export function lineCol(src: string, pos: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = src.indexOf('\n'); i >= 0 && i < pos; i = src.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, col: pos - lineStart + 1 };
}

export type { AsmParser };
export { BlockArgument };
