/**
 * The IR verifier, following MLIR's OperationVerifier: structural checks of every op (operand/result/
 * region/successor counts, type and attribute constraints of its definition, trait invariants, the op's own
 * `verify` hook), block terminators, IsolatedFromAbove, symbol tables, attribute invariants, Triton's tensor
 * layout checks; then SSA dominance per region (a dominator tree over each region's CFG).
 *
 * `verifyOperation(op)` returns the first failure as a located `Diagnostic` (MLIR stops at the first one too),
 * with MLIR's wording where MLIR has one (`'arith.addi' op requires the same type for all operands and results`,
 * `operand #0 does not dominate this use`, `block with no terminator, has ...`).
 */
import { ArrayAttr, Attribute, DictionaryAttr, IntegerAttr, StringAttr, TypeAttr } from './attribute.js';
import { Diagnostic, onOp } from './diagnostics.js';
import { Block, BlockArgument, Operation, OpResult, Region, type Value } from './ir.js';
import { Location, UnknownLoc } from './location.js';
import { PlainVerifyError, knownDialects, type OpDefinition, type OpVerifyResult } from './op-definition.js';
import { FunctionType, RankedTensorType, ShapedType, Type, VectorType, elementTypeOf } from './type.js';

export interface VerifyOptions {
  /** Accept ops of unknown dialects (`--allow-unregistered-dialect`). */
  allowUnregistered?: boolean;
}

/** An extra verification hook, run on every op after its definition's checks (e.g. dialect-wide rules). */
export type OpVerifierHook = (op: Operation) => Diagnostic | string | undefined;
const hooks: OpVerifierHook[] = [];
export function registerOpVerifierHook(h: OpVerifierHook): void {
  hooks.push(h);
}

/** Dialects whose ops carry Triton's VerifyTensorLayoutsTrait and TensorSizeTrait (all tt/ttg/ttng ops). */
const tensorLayoutDialects = new Set(['tt', 'ttg', 'ttng']);
export function registerTensorLayoutDialect(name: string): void {
  tensorLayoutDialects.add(name);
}

/** The context a tensor layout is checked against (`numWarps` undefined: no enclosing `ttg.num-warps`). */
export interface TensorLayoutContext {
  numWarps: number | undefined;
  threadsPerWarp: number;
  numCTAs: number;
}
/**
 * Checks a tensor type's encoding in a context (Triton's DialectVerifyTensorLayoutInterface); returns the text
 * after "... has an invalid layout: ", or undefined. Registered by the layout dialect (ttg).
 */
export type TensorLayoutVerifier = (t: RankedTensorType, ctx: TensorLayoutContext) => string | undefined;
let tensorLayoutVerifier: TensorLayoutVerifier | undefined;
export function registerTensorLayoutVerifier(v: TensorLayoutVerifier): void {
  tensorLayoutVerifier = v;
}

class VerifyFailure extends Error {
  constructor(readonly diag: Diagnostic) {
    super(diag.message);
  }
}

function fail(d: Diagnostic): never {
  throw new VerifyFailure(d);
}
function opFail(op: Operation, msg: string): never {
  fail(onOp(new Diagnostic('error', `'${op.name}' op ${msg}`, op.loc), op));
}
function plainFail(op: Operation, msg: string): never {
  fail(onOp(new Diagnostic('error', msg, op.loc), op));
}

/** Verifies `op` and everything nested in it; returns the first failure. */
export function verifyOperation(op: Operation, opts: VerifyOptions = {}): Diagnostic | undefined {
  try {
    new Verifier(opts).verifyOpAndDominance(op);
    return undefined;
  } catch (e) {
    if (e instanceof VerifyFailure) return e.diag;
    throw e;
  }
}

/** Short one-line text of an op for messages (`%0 = "arith.addi"(...)`), as MLIR streams `<< *op`. */
export let describeOp: (op: Operation) => string = (op) => `'${op.name}'`;
/** A value in messages, as MLIR's printAsOperand (`%3`). */
export let describeValue: (v: Value) => string = () => '<<UNKNOWN SSA VALUE>>';
/** Lets the printer provide real renderers (kept as hooks so the IR core does not import the printer). */
export function setOpDescriber(f: (op: Operation) => string, v?: (v: Value) => string): void {
  describeOp = f;
  if (v) describeValue = v;
}

class Verifier {
  private readonly verifiedAttrs = new Set<Type | Attribute>();
  /** Tensor types already known to satisfy Triton's size rule. */
  private readonly sizeOk = new Set<Type>();
  /** `ttg.num-warps` / `ttg.threads-per-warp` / `ttg.num-ctas` in effect, per region ops are nested in. */
  private readonly layoutContexts = new Map<Region, LayoutContext>();
  private rootLayoutContext: LayoutContext | undefined;
  constructor(private readonly opts: VerifyOptions) {}

  /**
   * The layout context of `op`, as Triton looks it up: warps from the nearest `ttg.num-warps` (or the count of
   * the `ttg.warp_specialize` partition the op sits in), lanes and CTAs from the nearest op that sets them.
   */
  private layoutContext(op: Operation): LayoutContext {
    const outer = this.regionLayoutContext(op.parent?.parent);
    if (op.getAttr('ttg.num-warps') || op.getAttr('ttg.threads-per-warp') || op.getAttr('ttg.num-ctas')) return contextWith(op, outer);
    return outer;
  }

  private regionLayoutContext(region: Region | undefined): LayoutContext {
    if (!region) return (this.rootLayoutContext ??= { warps: undefined, threads: 32, ctas: 1, checked: new Map() });
    let c = this.layoutContexts.get(region);
    if (!c) {
      const owner = region.parent;
      c = owner ? this.layoutContext(owner) : this.regionLayoutContext(undefined);
      const partitionWarps = owner ? partitionNumWarps(owner, region) : undefined;
      if (partitionWarps !== undefined) c = { ...c, warps: partitionWarps, checked: new Map() };
      this.layoutContexts.set(region, c);
    }
    return c;
  }

  verifyOpAndDominance(op: Operation): void {
    this.verifyStructure(op);
    if (op.regions.length) this.verifyDominance(op);
  }

  // ---- structure -------------------------------------------------------------------------------

  private verifyStructure(op: Operation): void {
    this.onEntrance(op);
    const isolated: Operation[] = [];
    for (const region of op.regions) {
      for (const block of region.blocks) {
        this.blockOnEntrance(block);
        for (const child of block.ops) {
          if (child.parent !== block) plainFail(child, 'operation is not owned by its block');
          if (child.regions.length && child.hasTrait('IsolatedFromAbove')) isolated.push(child);
          else this.verifyStructure(child);
        }
        this.blockOnExit(block);
      }
    }
    for (const c of isolated) this.verifyOpAndDominance(c);
    this.onExit(op);
  }

  private blockOnEntrance(block: Block): void {
    for (const a of block.args) {
      if (a.owner !== block) fail(new Diagnostic('error', 'block argument not owned by block', a.loc));
      this.verifyTypeInvariants(a.type, undefined, a.loc);
    }
    if (block.ops.length === 0) {
      if (mayBeValidWithoutTerminator(block)) return;
      const owner = block.parentOp;
      fail(new Diagnostic('error', 'empty block: expect at least a terminator', owner?.loc));
    }
    const last = block.ops[block.ops.length - 1];
    for (const op of block.ops) {
      if (op.successors.length && op !== last) plainFail(op, 'operation with block successors must terminate its parent block');
    }
  }

  private blockOnExit(block: Block): void {
    for (const s of block.successors) {
      if (s.parent !== block.parent) opFail(block.terminator!, 'branching to block of a different region');
    }
    if (mayBeValidWithoutTerminator(block)) return;
    const term = block.ops[block.ops.length - 1]!;
    if (!mightBeTerminator(term)) plainFail(term, `block with no terminator, has ${describeOp(term)}`);
  }

  private onEntrance(op: Operation): void {
    for (const [i, o] of op.operands.entries()) {
      if (!o.value) plainFail(op, 'null operand found');
      if (o.owner !== op || o.index !== i) plainFail(op, `operand #${i} is not owned by its operation`);
    }
    for (const r of op.results) this.verifyTypeInvariants(r.type, op);
    for (const o of op.operands) this.verifyTypeInvariants(o.value.type, op);
    for (const [name, a] of op.attributes) this.verifyAttrInvariants(a, op, name);
    const def = op.def;
    if (def) this.verifyInvariants(op, def);
    for (const [i, region] of op.regions.entries()) {
      if (region.parent !== op) plainFail(op, `region #${i} is not owned by its operation`);
      const entry = region.blocks[0];
      if (entry && entry.predecessors.length) plainFail(op, 'entry block of region may not have predecessors');
    }
  }

  private onExit(op: Operation): void {
    const def = op.def;
    if (def) {
      this.verifyRegionInvariants(op, def);
      return;
    }
    const dialect = dialectOf(op.name);
    if (knownDialects().has(dialect)) {
      plainFail(op, `unregistered operation '${op.name}' found in dialect ('${dialect}') that does not allow unknown operations`);
    }
    if (!this.opts.allowUnregistered) {
      plainFail(op, 'operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used');
    }
  }

  // ---- attribute / type invariants ---------------------------------------------------------------

  /** Calls `verify()` of every attribute nested in a type (layout encodings), once per uniqued object. */
  private verifyTypeInvariants(t: Type, op: Operation | undefined, loc?: Location): void {
    this.walkInvariants(t, (msg) => fail(new Diagnostic('error', msg, loc ?? op?.loc)));
  }
  private verifyAttrInvariants(a: Attribute, op: Operation, _name: string): void {
    this.walkInvariants(a, (msg) => fail(new Diagnostic('error', msg, op.loc)));
  }
  private walkInvariants(x: Type | Attribute, report: (msg: string) => never): void {
    if (this.verifiedAttrs.has(x)) return;
    this.verifiedAttrs.add(x);
    for (const c of x.children()) this.walkInvariants(c, report);
    const v = (x as unknown as { verify?: unknown }).verify;
    if (typeof v === 'function' && v.length === 0) {
      const msg = (v as () => unknown).call(x);
      if (typeof msg === 'string') report(msg);
    }
  }

  // ---- op definition invariants ----------------------------------------------------------------

  private verifyInvariants(op: Operation, def: OpDefinition): void {
    this.verifyCounts(op, def);
    this.verifyAttributes(op, def);
    this.verifyValueConstraints(op, def);
    this.verifyTraits(op);
    if (hasTensorLayoutTraits(def)) {
      this.verifyTensorSize(op);
      this.verifyTensorLayouts(op);
    }
    let msg: OpVerifyResult;
    try {
      msg = def.verify?.(op);
    } catch (e) {
      if (e instanceof VerifyFailure) throw e;
      msg = e instanceof Error ? e.message : String(e);
    }
    if (msg instanceof PlainVerifyError) plainFail(op, msg.message);
    if (msg !== undefined) opFail(op, msg);
    for (const h of hooks) {
      const r = h(op);
      if (r === undefined) continue;
      if (typeof r === 'string') opFail(op, r);
      fail(r);
    }
  }

  private verifyCounts(op: Operation, def: OpDefinition): void {
    // Regions, as MLIR's ZeroRegions / OneRegion / NRegions / AtLeastNRegions traits.
    const fixedRegions = def.regions.filter((r) => !r.variadic).length;
    const variadicRegions = def.regions.some((r) => r.variadic);
    const nr = op.regions.length;
    if (!variadicRegions) {
      if (fixedRegions === 0 && nr !== 0) opFail(op, 'requires zero regions');
      if (fixedRegions === 1 && nr !== 1) opFail(op, 'requires one region');
      if (fixedRegions > 1 && nr !== fixedRegions) opFail(op, `expected ${fixedRegions} regions`);
    } else if (nr < fixedRegions) opFail(op, `expected ${fixedRegions} or more regions`);

    // Results.
    const singleResults = def.results.filter((r) => r.kind === 'single').length;
    const flexResults = def.results.length - singleResults;
    const nres = op.results.length;
    if (flexResults === 0) {
      if (singleResults === 0 && nres !== 0) opFail(op, 'requires zero results');
      if (singleResults === 1 && nres !== 1) opFail(op, 'requires one result');
      if (singleResults > 1 && nres !== singleResults) opFail(op, `expected ${singleResults} results`);
    } else if (nres < singleResults) opFail(op, `expected ${singleResults} or more results`);

    // Successors.
    const fixedSucc = def.successors.filter((s) => !s.variadic).length;
    const variadicSucc = def.successors.some((s) => s.variadic);
    const ns = op.successors.length;
    if (!variadicSucc) {
      if (ns !== fixedSucc) {
        opFail(op, fixedSucc === 1 ? `requires 1 successor but found ${ns}` : `requires ${fixedSucc} successors but found ${ns}`);
      }
    } else if (ns < fixedSucc) opFail(op, `requires at least ${fixedSucc} successors but found ${ns}`);

    // Operands.
    const singles = def.operands.filter((o) => o.kind === 'single').length;
    const flex = def.operands.length - singles;
    const n = op.operands.length;
    if (flex === 0) {
      if (singles === 0 && n !== 0) opFail(op, 'requires zero operands');
      if (singles === 1 && n !== 1) opFail(op, 'requires a single operand');
      if (singles > 1 && n !== singles) opFail(op, `expected ${singles} operands, but found ${n}`);
    } else if (n < singles) opFail(op, `expected ${singles} or more operands, but found ${n}`);

    if (op.operandSegments || op.hasTrait('AttrSizedOperandSegments')) {
      const seg = op.operandSegments;
      if (!seg) {
        if (flex > 1) opFail(op, "requires dense i32 array attribute 'operandSegmentSizes'");
      } else {
        if (seg.some((x) => x < 0)) opFail(op, "'operandSegmentSizes' attribute cannot have negative elements");
        const total = seg.reduce((a, b) => a + b, 0);
        if (total !== n) {
          opFail(op, `operand count (${n}) does not match with the total size (${total}) specified in attribute 'operandSegmentSizes'`);
        }
        if (seg.length !== def.operands.length) {
          opFail(op, `'operandSegmentSizes' attribute for specifying operand segments must have ${def.operands.length} elements, but got ${seg.length}`);
        }
      }
    }
  }

  private verifyAttributes(op: Operation, def: OpDefinition): void {
    for (const spec of def.attributes) {
      const v = op.getAttr(spec.name);
      if (v === undefined) {
        if (!spec.optional && spec.default === undefined) opFail(op, `requires attribute '${spec.name}'`);
        continue;
      }
      const msg = spec.kind.verify?.(v);
      if (msg !== undefined) opFail(op, `attribute '${spec.name}' failed to satisfy constraint: ${spec.kind.description}`);
    }
  }

  private verifyValueConstraints(op: Operation, def: OpDefinition): void {
    let sizes: number[];
    try {
      sizes = op.groupSizes();
    } catch {
      return;
    }
    let idx = 0;
    def.operands.forEach((spec, g) => {
      const size = sizes[g] ?? 0;
      if (spec.kind === 'optional' && size > 1) {
        opFail(op, `operand group starting at #${idx} requires 0 or 1 element, but found ${size}`);
      }
      for (let k = 0; k < size; k++, idx++) {
        const v = op.operands[idx]?.value;
        if (!v || !spec.type) continue;
        if (!spec.type.matches(v.type)) opFail(op, `operand #${idx} must be ${spec.type.description}, but got '${v.type.key}'`);
      }
    });
    // Results: singles take one each, the (single) flexible group takes the rest.
    const singleRes = def.results.filter((r) => r.kind === 'single').length;
    const flexSize = op.results.length - singleRes;
    let ri = 0;
    for (const spec of def.results) {
      const size = spec.kind === 'single' ? 1 : flexSize;
      for (let k = 0; k < size; k++, ri++) {
        const r = op.results[ri];
        if (!r || !spec.type) continue;
        if (!spec.type.matches(r.type)) opFail(op, `result #${ri} must be ${spec.type.description}, but got '${r.type.key}'`);
      }
    }
  }

  // ---- traits ------------------------------------------------------------------------------------

  /** Trait verifiers, run in the order the op definition lists its traits (as ODS orders verifyTrait calls). */
  private verifyTraits(op: Operation): void {
    for (const t of op.def?.traits ?? []) TRAIT_VERIFIERS[t]?.(op, this);
  }

  verifyElementwise(op: Operation, operands: Type[], results: Type[]): void {
    const mappable = (t: Type): boolean => t instanceof RankedTensorType || t instanceof VectorType;
    const rm = results.filter(mappable);
    const om = operands.filter(mappable);
    if (!rm.length && !om.length) return;
    if (rm.length && !om.length) opFail(op, 'if a result is non-scalar, then at least one operand must be non-scalar');
    if (!rm.length) opFail(op, 'if an operand is non-scalar, then there must be at least one non-scalar result');
    if (rm.length !== results.length) opFail(op, 'if an operand is non-scalar, then all results must be non-scalar');
    const all = [...om, ...rm];
    const kind = all[0]!.constructor;
    if (!all.every((t) => t.constructor === kind) || !compatibleShapes(all)) {
      opFail(op, 'all non-scalar operands/results must have the same shape and base type');
    }
  }

  /** Triton's TensorSizeTrait: at most 2^20 elements, a power of two. */
  private verifyTensorSize(op: Operation): void {
    const check = (t: Type): void => {
      if (!(t instanceof RankedTensorType) || this.sizeOk.has(t)) return;
      const n = t.numElements;
      if (n > 1048576) plainFail(op, `Maximum allowed number of elements is 1048576, but ${describeOp(op)} has more than that`);
      if ((n & (n - 1)) !== 0) plainFail(op, `Number of elements must be power-of-two, but ${describeOp(op)} doesn't follow the rule (${n}) elements`);
      this.sizeOk.add(t);
    };
    for (const o of op.operands) check(o.value.type);
    for (const r of op.results) check(r.type);
  }

  /**
   * Triton's VerifyTensorLayoutsTrait: every operand then every result tensor's encoding must fit the tensor
   * and the op's context (the registered layout verifier says how); checked once per type and context.
   */
  private verifyTensorLayouts(op: Operation): void {
    const verifyLayout = tensorLayoutVerifier;
    if (!verifyLayout) return;
    let ctx: LayoutContext | undefined;
    const check = (t: Type, prefix: () => string): void => {
      if (!(t instanceof RankedTensorType) || !t.encoding) return;
      ctx ??= this.layoutContext(op);
      let known = ctx.checked.get(t);
      if (known === undefined) {
        known = verifyLayout(t, { numWarps: ctx.warps, threadsPerWarp: ctx.threads, numCTAs: ctx.ctas }) ?? null;
        ctx.checked.set(t, known);
      }
      if (known !== null) plainFail(op, `${prefix()}${known}`);
    };
    op.operands.forEach((o, i) => check(o.value.type, () => `Operand ${i} (${operandText(o.value)}) has an invalid layout: `));
    op.results.forEach((r, i) =>
      check(r.type, () => (op.results.length === 1 ? 'Result has an invalid layout: ' : `Result ${i} has an invalid layout: `)),
    );
  }

  // ---- region invariants (verified after the regions) --------------------------------------------

  private verifyRegionInvariants(op: Operation, _def: OpDefinition): void {
    if (op.hasTrait('IsolatedFromAbove')) this.verifyIsolatedFromAbove(op);
    if (op.hasTrait('SymbolTable')) this.verifySymbolTable(op);
    if (op.hasTrait('FunctionOpInterface')) this.verifyFunction(op);
  }

  private verifyIsolatedFromAbove(iso: Operation): void {
    for (const region of iso.regions) {
      const pending: Region[] = [region];
      while (pending.length) {
        const r = pending.pop()!;
        for (const b of r.blocks) {
          for (const op of b.ops) {
            for (const v of op.operandValues) {
              const vr = regionOfValue(v);
              if (!vr) plainFail(op, "operation's operand is unlinked");
              if (!isAncestorRegion(region, vr)) {
                const d = onOp(new Diagnostic('error', `'${op.name}' op using value defined outside the region`, op.loc), op);
                d.attachNote('required by region isolation constraints', iso.loc);
                fail(d);
              }
            }
            if (op.regions.length && !op.hasTrait('IsolatedFromAbove')) pending.push(...op.regions);
          }
        }
      }
    }
  }

  private verifySymbolTable(op: Operation): void {
    for (const region of op.regions) {
      const seen = new Map<string, Operation>();
      for (const b of region.blocks) {
        for (const child of b.ops) {
          const name = child.getAttr('sym_name');
          if (!(name instanceof StringAttr)) continue;
          const prior = seen.get(name.value);
          if (prior) {
            const d = onOp(new Diagnostic('error', `redefinition of symbol named '${name.value}'`, child.loc), child);
            d.attachNote('see existing symbol definition here', prior.loc);
            fail(d);
          }
          seen.set(name.value, child);
        }
      }
    }
  }

  private verifyFunction(op: Operation): void {
    const ft = op.getAttr('function_type');
    if (!(ft instanceof TypeAttr) || !(ft.value instanceof FunctionType)) return;
    const fnType = ft.value;
    const body = op.regions[0];
    if (!body || body.blocks.length === 0) return;
    const entry = body.blocks[0]!;
    if (entry.args.length !== fnType.inputs.length) {
      opFail(op, `entry block must have ${fnType.inputs.length} arguments to match function signature`);
    }
    entry.args.forEach((a, i) => {
      const expected = fnType.inputs[i]!;
      if (a.type !== expected) {
        opFail(
          op,
          `type of entry block argument #${i}('${a.type.key}') must match the type of the corresponding argument in function signature('${expected.key}')`,
        );
      }
    });
    const argAttrs = op.getAttr('arg_attrs');
    if (argAttrs instanceof ArrayAttr && argAttrs.elements.length !== fnType.inputs.length) {
      opFail(op, `expects argument attribute array to have the same number of elements as the number of function arguments, got ${argAttrs.elements.length}, but expected ${fnType.inputs.length}`);
    }
    if (argAttrs instanceof ArrayAttr && argAttrs.elements.some((e) => !(e instanceof DictionaryAttr))) {
      opFail(op, 'expects argument attribute dictionary to be a DictionaryAttr');
    }
  }

  // ---- dominance ---------------------------------------------------------------------------------

  private verifyDominance(root: Operation): void {
    const outer = opPositions;
    opPositions ??= new Map();
    try {
      this.verifyDominanceIn(root);
    } finally {
      opPositions = outer;
    }
  }

  private verifyDominanceIn(root: Operation): void {
    const work: Operation[] = [root];
    while (work.length) {
      const op = work.pop()!;
      const graph = !op.def || op.hasTrait('HasOnlyGraphRegion');
      for (const region of op.regions) {
        const dom = graph ? undefined : new RegionDominance(region);
        for (const block of region.blocks) {
          const reachable = dom ? dom.reachable(block) : true;
          for (const user of block.ops) {
            if (dom && reachable) {
              user.operands.forEach((o, i) => {
                if (!properlyDominates(o.value, user)) diagnoseDominance(user, i);
              });
            }
            if (user.regions.length && !user.hasTrait('IsolatedFromAbove')) work.push(user);
          }
        }
      }
    }
  }
}

// ---- trait verifiers -----------------------------------------------------------------------------

const operandTypes = (op: Operation): Type[] => op.operandValues.map((v) => v.type);
const resultTypes = (op: Operation): Type[] => op.results.map((r) => r.type);

/** MLIR's verifyAtLeastNOperands(op, 1) && verifyAtLeastNResults(op, 1), used by the SameOperandsAndResult* traits. */
function needOperandsAndResults(op: Operation): void {
  if (op.operands.length < 1) opFail(op, `expected 1 or more operands, but found ${op.operands.length}`);
  if (op.results.length < 1) opFail(op, 'expected 1 or more results');
}

/** Triton's verifySameOperandsEncoding / verifySameOperandsAndResultEncoding (tensorPtr: the load/store variants). */
function sameOperandsEncoding(op: Operation, tensorPtr: boolean): void {
  const ops = operandTypes(op);
  if (!ops.length) opFail(op, `expected 1 or more operands, but found 0`);
  for (const t of ops.slice(1)) if (!sameEncoding(t, ops[0]!, tensorPtr)) opFail(op, 'requires the same encoding for all operands');
}
function sameOperandsAndResultEncoding(op: Operation, tensorPtr: boolean): void {
  const ops = operandTypes(op);
  if (!ops.length) return;
  needOperandsAndResults(op);
  for (const t of resultTypes(op)) if (!sameEncoding(t, ops[0]!, tensorPtr)) opFail(op, 'requires the same encoding for all operands and results');
  sameOperandsEncoding(op, tensorPtr);
}

const TRAIT_VERIFIERS: Record<string, (op: Operation, v: Verifier) => void> = {
  Terminator: (op) => {
    const b = op.parent;
    if (!b || b.ops[b.ops.length - 1] !== op) opFail(op, 'must be the last operation in the parent block');
  },
  SameTypeOperands: (op) => {
    const ops = operandTypes(op);
    for (const t of ops.slice(1)) if (t !== ops[0]) opFail(op, 'requires all operands to have the same type');
  },
  SameOperandsShape: (op) => {
    if (op.operands.length < 1) opFail(op, 'expected 1 or more operands, but found 0');
    if (!compatibleShapes(operandTypes(op))) opFail(op, 'requires the same shape for all operands');
  },
  SameOperandsAndResultShape: (op) => {
    needOperandsAndResults(op);
    if (!compatibleShapes([...operandTypes(op), ...resultTypes(op)])) opFail(op, 'requires the same shape for all operands and results');
  },
  SameOperandsElementType: (op) => {
    const ops = operandTypes(op);
    if (!ops.length) opFail(op, 'expected 1 or more operands, but found 0');
    const e = elementTypeOf(ops[0]!);
    for (const t of ops.slice(1)) if (elementTypeOf(t) !== e) opFail(op, 'requires the same element type for all operands');
  },
  SameOperandsAndResultElementType: (op) => {
    needOperandsAndResults(op);
    const res = resultTypes(op);
    const e = elementTypeOf(res[0]!);
    for (const t of [...res.slice(1), ...operandTypes(op)]) {
      if (elementTypeOf(t) !== e) opFail(op, 'requires the same element type for all operands and results');
    }
  },
  SameOperandsAndResultType: (op) => {
    needOperandsAndResults(op);
    const res = resultTypes(op);
    const ty = res[0]!;
    const e = elementTypeOf(ty);
    const enc = ty instanceof RankedTensorType ? ty.encoding : undefined;
    for (const t of [...res.slice(1), ...operandTypes(op)]) {
      if (elementTypeOf(t) !== e || !compatibleShapes([t, ty])) opFail(op, 'requires the same type for all operands and results');
      if (enc && t instanceof RankedTensorType && t.encoding !== enc) opFail(op, 'requires the same encoding for all operands and results');
    }
  },
  SameOperandsAndResultRank: (op) => {
    if (op.operands.length < 1) opFail(op, 'expected 1 or more operands, but found 0');
    const ro = operandTypes(op).filter((t) => t instanceof ShapedType) as ShapedType[];
    const rr = resultTypes(op).filter((t) => t instanceof ShapedType) as ShapedType[];
    if (!ro.length && !rr.length) return;
    const rank = (ro[0] ?? rr[0])!.rank;
    if (ro.some((t) => t.rank !== rank)) opFail(op, "operands don't have matching ranks");
    if (rr.some((t) => t.rank !== rank)) opFail(op, 'result type has different rank than operands');
  },
  Elementwise: (op, v) => v.verifyElementwise(op, operandTypes(op), resultTypes(op)),
  SameOperandsEncoding: (op) => sameOperandsEncoding(op, false),
  SameOperandsAndResultEncoding: (op) => sameOperandsAndResultEncoding(op, false),
  SameLoadStoreOperandsEncoding: (op) => sameOperandsEncoding(op, true),
  SameLoadStoreOperandsAndResultEncoding: (op) => sameOperandsAndResultEncoding(op, true),
  SameLoadStoreOperandsShape: (op) => {
    const ops = operandTypes(op);
    if (!ops.length) opFail(op, 'expected 1 or more operands, but found 0');
    const s = loadStoreShape(ops[0]!);
    for (const t of ops.slice(1)) if (!sameShape(loadStoreShape(t), s)) opFail(op, 'requires the same shape for all operands');
  },
  SameLoadStoreOperandsAndResultShape: (op) => {
    needOperandsAndResults(op);
    const ops = operandTypes(op);
    const s = loadStoreShape(ops[0]!);
    for (const t of ops.slice(1)) if (!sameShape(loadStoreShape(t), s)) opFail(op, 'requires the same shape for all operands');
    for (const t of resultTypes(op)) if (!sameShape(loadStoreShape(t), s)) opFail(op, 'requires the same shape for all operands and results');
  },
  SingleBlock: (op) => {
    for (const [i, r] of op.regions.entries()) if (r.blocks.length > 1) opFail(op, `expects region #${i} to have 0 or 1 blocks`);
  },
  NoRegionArguments: (op) => {
    for (const [i, r] of op.regions.entries()) {
      if (r.blocks[0]?.args.length) opFail(op, op.regions.length > 1 ? `region #${i} should have no arguments` : 'region should have no arguments');
    }
  },
};

// ---- helpers ----------------------------------------------------------------------------------

function dialectOf(name: string): string {
  const i = name.indexOf('.');
  return i < 0 ? '' : name.slice(0, i);
}

/** MLIR's mayBeValidWithoutTerminator. */
function mayBeValidWithoutTerminator(block: Block): boolean {
  const region = block.parent;
  if (!region) return true;
  if (region.blocks.length !== 1) return false;
  const op = region.parent;
  return !op || !op.def || op.hasTrait('NoTerminator');
}

function mightBeTerminator(op: Operation): boolean {
  return !op.def || op.hasTrait('Terminator');
}

/** A tensor's encoding, or (for load/store traits) the encoding of a pointer-to-tensor's pointee. */
function encodingOf(t: Type, tensorPtr = false): Attribute | undefined {
  if (t instanceof RankedTensorType) return t.encoding;
  if (tensorPtr) {
    const pointee = (t as unknown as { pointee?: unknown }).pointee;
    if (pointee instanceof RankedTensorType) return pointee.encoding;
  }
  return undefined;
}

/** Triton's verifySameEncoding: equal, or at least one side has no encoding. */
function sameEncoding(a: Type, b: Type, tensorPtr: boolean): boolean {
  const ea = encodingOf(a, tensorPtr);
  const eb = encodingOf(b, tensorPtr);
  return !ea || !eb || ea === eb;
}

/** Shape for Triton's load/store traits: a tensor's, or a tensor pointer's pointee's. */
function loadStoreShape(t: Type): readonly number[] {
  if (t instanceof ShapedType) return t.shape;
  const pointee = (t as unknown as { pointee?: unknown }).pointee;
  if (pointee instanceof ShapedType) return pointee.shape;
  return [];
}

function sameShape(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** MLIR's verifyCompatibleShapes for static shapes: all shaped types agree (scalars compare as rank 0). */
function compatibleShapes(types: readonly Type[]): boolean {
  const shaped = types.filter((t) => t instanceof ShapedType) as ShapedType[];
  if (shaped.length === 0) return true;
  if (shaped.length !== types.length) return false;
  const s0 = shaped[0]!.shape;
  return shaped.every((t) => t.shape.length === s0.length && t.shape.every((d, i) => d === s0[i] || d < 0 || s0[i]! < 0));
}

function regionOfValue(v: Value): Region | undefined {
  if (v instanceof BlockArgument) return v.owner.parent;
  if (v instanceof OpResult) return v.owner.parent?.parent;
  return undefined;
}

function isAncestorRegion(anc: Region, r: Region | undefined): boolean {
  for (let x = r; x; x = x.parent?.parent?.parent) if (x === anc) return true;
  return false;
}

function operandText(v: Value): string {
  return v instanceof BlockArgument ? `<block argument> of type '${v.type.key}' at index: ${v.index}` : describeValue(v);
}

/** The integer value of an attribute set on `op` or its nearest ancestor, e.g. `ttg.num-warps`. */
export function lookupIntAttr(op: Operation, name: string): number | undefined {
  for (let p: Operation | undefined = op; p; p = p.parentOp) {
    const a = p.getAttr(name);
    if (a instanceof IntegerAttr) return Number(a.value);
  }
  return undefined;
}

interface LayoutContext {
  warps: number | undefined;
  threads: number;
  ctas: number;
  /** Check results per tensor type in this context (null: fine). */
  checked: Map<Type, string | null>;
}

/** `outer` with the context attributes `op` sets itself. */
function contextWith(op: Operation, outer: LayoutContext): LayoutContext {
  const int = (name: string): number | undefined => {
    const a = op.getAttr(name);
    return a instanceof IntegerAttr ? Number(a.value) : undefined;
  };
  return {
    warps: int('ttg.num-warps') ?? outer.warps,
    threads: int('ttg.threads-per-warp') ?? outer.threads,
    ctas: int('ttg.num-ctas') ?? outer.ctas,
    checked: new Map(),
  };
}

/** The warps of a `ttg.warp_specialize` partition region (its parent op lists one count per region). */
function partitionNumWarps(owner: Operation, region: Region): number | undefined {
  if (owner.name !== 'ttg.warp_specialize.partitions') return undefined;
  const counts = owner.parentOp?.getAttr('partitionNumWarps') as { values?: readonly number[] } | undefined;
  const idx = owner.regions.indexOf(region);
  return idx >= 0 ? counts?.values?.[idx] : undefined;
}

const layoutTraitCache = new WeakMap<OpDefinition, boolean>();
/** Triton's TensorSizeTrait and VerifyTensorLayoutsTrait are on every tt/ttg/ttng op. */
function hasTensorLayoutTraits(def: OpDefinition): boolean {
  let b = layoutTraitCache.get(def);
  if (b === undefined) {
    b = tensorLayoutDialects.has(dialectOf(def.name)) || def.traits.has('VerifyTensorLayouts');
    layoutTraitCache.set(def, b);
  }
  return b;
}

// ---- dominance ----------------------------------------------------------------------------------

/** Dominator tree of one region's CFG (Cooper–Harvey–Kennedy over reverse post-order). */
class RegionDominance {
  private readonly rpoIndex = new Map<Block, number>();
  private readonly idom = new Map<Block, Block>();
  constructor(region: Region) {
    const entry = region.blocks[0];
    if (!entry || region.blocks.length === 1) {
      if (entry) {
        this.rpoIndex.set(entry, 0);
        this.idom.set(entry, entry);
      }
      return;
    }
    // Post-order DFS from the entry.
    const post: Block[] = [];
    const seen = new Set<Block>();
    const stack: { b: Block; i: number }[] = [{ b: entry, i: 0 }];
    seen.add(entry);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const succ = top.b.successors;
      if (top.i < succ.length) {
        const s = succ[top.i++]!;
        if (!seen.has(s) && s.parent === region) {
          seen.add(s);
          stack.push({ b: s, i: 0 });
        }
      } else {
        post.push(top.b);
        stack.pop();
      }
    }
    const rpo = post.reverse();
    rpo.forEach((b, i) => this.rpoIndex.set(b, i));
    const preds = new Map<Block, Block[]>();
    for (const b of rpo) for (const s of b.successors) if (this.rpoIndex.has(s)) preds.set(s, [...(preds.get(s) ?? []), b]);
    this.idom.set(entry, entry);
    const intersect = (a: Block, b: Block): Block => {
      let x = a;
      let y = b;
      while (x !== y) {
        while (this.rpoIndex.get(x)! > this.rpoIndex.get(y)!) x = this.idom.get(x)!;
        while (this.rpoIndex.get(y)! > this.rpoIndex.get(x)!) y = this.idom.get(y)!;
      }
      return x;
    };
    let changed = true;
    while (changed) {
      changed = false;
      for (const b of rpo) {
        if (b === entry) continue;
        let nd: Block | undefined;
        for (const p of preds.get(b) ?? []) {
          if (!this.idom.has(p)) continue;
          nd = nd ? intersect(p, nd) : p;
        }
        if (nd && this.idom.get(b) !== nd) {
          this.idom.set(b, nd);
          changed = true;
        }
      }
    }
  }
  reachable(b: Block): boolean {
    return this.rpoIndex.has(b);
  }
  /** Whether block `a` dominates block `b` (both in this region). */
  dominates(a: Block, b: Block): boolean {
    if (!this.reachable(b)) return true;
    if (!this.reachable(a)) return false;
    for (let x = b; ; ) {
      if (x === a) return true;
      const d = this.idom.get(x)!;
      if (d === x) return false;
      x = d;
    }
  }
}

const domCache = new WeakMap<Region, RegionDominance>();
function regionDom(r: Region): RegionDominance {
  let d = domCache.get(r);
  if (!d) {
    d = new RegionDominance(r);
    domCache.set(r, d);
  }
  return d;
}

/** Whether a region's op enforces SSA dominance (registered ops without HasOnlyGraphRegion). */
function hasSSADominance(r: Region): boolean {
  const op = r.parent;
  return !op || (!!op.def && !op.hasTrait('HasOnlyGraphRegion'));
}

/** The ancestor of `op` (or `op` itself) whose block is in region `r`. */
function ancestorIn(r: Region, op: Operation): Operation | undefined {
  for (let x: Operation | undefined = op; x; x = x.parentOp) if (x.parent?.parent === r) return x;
  return undefined;
}

/**
 * Op positions per block while a dominance check runs (the IR does not change meanwhile): comparing two
 * indexOf results per operand was quadratic in the block size (65536 ops from one lowered make_range).
 */
let opPositions: Map<Block, Map<Operation, number>> | undefined;

function positionIn(b: Block, op: Operation): number {
  if (!opPositions) return b.ops.indexOf(op);
  let m = opPositions.get(b);
  if (!m) {
    m = new Map(b.ops.map((o, i) => [o, i]));
    opPositions.set(b, m);
  }
  return m.get(op) ?? -1;
}

/** MLIR's DominanceInfo::properlyDominates(Value, Operation*). */
function properlyDominates(v: Value, user: Operation): boolean {
  if (v instanceof OpResult) {
    const def = v.owner;
    const b = def.parent;
    if (!b) return false;
    const r = b.parent;
    if (!r) return false;
    // The use must be nested in the defining op's region (the def itself does not dominate its own regions).
    const anc = ancestorIn(r, user);
    if (!anc) return false;
    if (anc === def) return false;
    if (anc.parent === b) return !hasSSADominance(r) || positionIn(b, def) < positionIn(b, anc);
    return !hasSSADominance(r) || regionDom(r).dominates(b, anc.parent!);
  }
  if (v instanceof BlockArgument) {
    const b = v.owner;
    const r = b.parent;
    if (!r) return false;
    const anc = ancestorIn(r, user);
    if (!anc) return false;
    return !hasSSADominance(r) || regionDom(r).dominates(b, anc.parent!);
  }
  return false;
}

function diagnoseDominance(op: Operation, i: number): never {
  const d = onOp(new Diagnostic('error', `operand #${i} does not dominate this use`, op.loc), op);
  const v = op.operands[i]!.value;
  const b1 = op.parent!;
  const r1 = b1.parent;
  if (v instanceof OpResult) {
    const def = v.owner;
    const b2 = def.parent;
    const r2 = b2?.parent;
    let rel: string;
    if (b1 === b2) rel = ' (op in the same block)';
    else if (r1 === r2) rel = ' (op in the same region)';
    else if (r2 && r1 && isProperAncestor(r2, r1)) rel = ' (op in a parent region)';
    else if (r1 && r2 && isProperAncestor(r1, r2)) rel = ' (op in a child region)';
    else rel = ' (op is neither in a parent nor in a child region)';
    d.attachNote('operand defined here' + rel, def.loc);
  } else if (v instanceof BlockArgument) {
    const b2 = v.owner;
    const r2 = b2.parent;
    const owner = b2.parentOp;
    if (!r2) d.attachNote(' (block without parent)', owner?.loc ?? UnknownLoc.get());
    else {
      const idx = r2.blocks.indexOf(b2);
      let rel: string;
      if (r1 === r2) rel = ' in the same region)';
      else if (r1 && isProperAncestor(r2, r1)) rel = ' in a parent region)';
      else if (r1 && isProperAncestor(r1, r2)) rel = ' in a child region)';
      else rel = ' neither in a parent nor in a child region)';
      d.attachNote(`operand defined as a block argument (block #${idx}${rel}`, owner?.loc ?? UnknownLoc.get());
    }
  }
  fail(d);
}

function isProperAncestor(anc: Region, r: Region): boolean {
  return anc !== r && isAncestorRegion(anc, r);
}
