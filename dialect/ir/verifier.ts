/**
 * The IR verifier, following MLIR's OperationVerifier: structural checks of every op (operand/result/
 * region/successor counts, type and attribute constraints of its definition, trait invariants, the op's own
 * `verify` hook), block terminators, IsolatedFromAbove, symbol tables, attribute invariants, the checks dialects
 * register (trait verifiers, per-op extensions such as Triton's tensor layout checks); then SSA dominance per
 * region (a dominator tree over each region's CFG).
 *
 * `verifyOperation(op)` returns the first failure as a located `Diagnostic` (MLIR stops at the first one too),
 * with MLIR's wording where MLIR has one (`'arith.addi' op requires the same type for all operands and results`,
 * `operand #0 does not dominate this use`, `block with no terminator, has ...`).
 */
import { ArrayAttr, Attribute, DictionaryAttr, IntegerAttr, StringAttr, TypeAttr } from './attribute.js';
import { Diagnostic, locatedOpLoc, onOp } from './diagnostics.js';
import { Block, BlockArgument, Operation, OpResult, Region, currentVerifyGeneration, type Value } from './ir.js';
import { Location, UnknownLoc } from './location.js';
import { PlainVerifyError, knownDialects, type OpDefinition, type OpVerifyResult } from './op-definition.js';
import { FunctionType, RankedTensorType, ShapedType, Type, VectorType, elementTypeOf } from './type.js';
import { DominanceInfo } from './rewrite/dominance.js';
import { registerCompilationMemo } from './memo.js';

export interface VerifyOptions {
  /** Accept ops of unknown dialects (`--allow-unregistered-dialect`). */
  allowUnregistered?: boolean;
  /**
   * Check only what changed in the current verification generation (dialect/ir/ir.ts markChanged): the caller
   * verified the whole of `op` before and started a generation then. A failure found is still reported as the
   * full, ordered run reports it.
   */
  changedOnly?: boolean;
}

/** An extra verification hook, run on every op after its definition's checks (e.g. dialect-wide rules). */
export type OpVerifierHook = (op: Operation) => Diagnostic | string | undefined;
const hooks: OpVerifierHook[] = [];
export function registerOpVerifierHook(h: OpVerifierHook): void {
  hooks.push(h);
}

/**
 * A dialect's check of every op (Triton's tensor size and layout traits, say), made fresh for each verification
 * run so that it may cache; it runs after the op definition's trait checks, before the op's own `verify`, and
 * reports as `verify` does (a string: an op error; a PlainVerifyError: a plain one).
 */
export type VerifierExtension = (op: Operation) => OpVerifyResult;
const extensionFactories: (() => VerifierExtension)[] = [];
export function registerVerifierExtension(factory: () => VerifierExtension): void {
  extensionFactories.push(factory);
}

/** Verifiers of traits a dialect defines (by trait name), run in the op's trait order with the built-in ones. */
const dialectTraitVerifiers = new Map<string, (op: Operation) => OpVerifyResult>();
export function registerTraitVerifier(trait: string, verify: (op: Operation) => OpVerifyResult): void {
  dialectTraitVerifiers.set(trait, verify);
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
  fail(onOp(new Diagnostic('error', `'${op.name}' op ${msg}`, locatedOpLoc(op)), op));
}
function plainFail(op: Operation, msg: string): never {
  fail(onOp(new Diagnostic('error', msg, locatedOpLoc(op)), op));
}
/** Reports an op's check result as MLIR does: a string as an op error, a PlainVerifyError as is. */
function report(op: Operation, r: OpVerifyResult): void {
  if (r instanceof PlainVerifyError) plainFail(op, r.message);
  if (r !== undefined) opFail(op, r);
}

/** Verifies `op` and everything nested in it; returns the first failure. */
export function verifyOperation(op: Operation, opts: VerifyOptions = {}): Diagnostic | undefined {
  // The fast run makes every check of the ordered run in one traversal of the IR (structure, isolation and
  // dominance of an op's operands together): the ordered run walks lowered modules of ~15k ops three times, and
  // those walks are memory bound. It only decides whether the IR is valid; when it is not (or it throws), the
  // ordered run below, MLIR's order, finds the first failure and its diagnostic.
  try {
    if (opts.changedOnly) new Verifier(opts).verifyChangedFast(op);
    else new Verifier(opts).verifyFast(op);
    return undefined;
  } catch {
    // Fall through to the ordered run.
  }
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

/**
 * Types and attributes whose invariants (their `verify()` and those of everything nested in them) hold: they are
 * uniqued and immutable, so later verification runs of the compilation skip them (layout encodings are checked
 * once per compilation, not after every pass; MLIR checks them once, when they are built). A compilation memo
 * (dialect/ir/memo.ts): emptied when a pipeline starts. Failures are not recorded, so they are found again.
 */
const validInvariants = new Set<Type | Attribute>();
registerCompilationMemo(validInvariants);

class Verifier {
  private readonly verifiedAttrs = new Set<Type | Attribute>();
  private readonly extensions: VerifierExtension[] = extensionFactories.map((f) => f());
  constructor(private readonly opts: VerifyOptions) {}

  verifyOpAndDominance(op: Operation): void {
    this.verifyStructure(op);
    if (op.regions.length) this.verifyDominance(op);
  }

  // ---- the fast run (see verifyOperation) --------------------------------------------------------

  private dominance: DominanceInfo | undefined;

  verifyFast(root: Operation): void {
    this.dominance = new DominanceInfo();
    this.fastOp(root, undefined, undefined, false);
  }

  /**
   * `op`'s own checks (those of onEntrance and onExit) and, for its operands, the IsolatedFromAbove check of its
   * nearest isolated ancestor's region `iso` and the dominance check (`dominated`: its block is reachable in a
   * region with SSA dominance); then its regions, recursively. `block` is the block whose op list the caller
   * walks (undefined for the root), so that the positions of its ops are current.
   */
  private fastOp(op: Operation, block: Block | undefined, iso: Region | undefined, dominated: boolean): void {
    this.fastOwn(op, block, iso, dominated);
    this.fastRegions(op, iso, undefined);
    this.fastExit(op);
  }

  /** The fast run restricted to the ops of the current verification generation's marks (see VerifyOptions). */
  verifyChangedFast(root: Operation): void {
    this.dominance = new DominanceInfo();
    this.generation = currentVerifyGeneration();
    this.changedOp(root, undefined, undefined, false);
  }

  private generation = 0;

  /**
   * An op in the incremental run: everything below it when it is marked deep, its own checks when it changed,
   * and, when it changed or holds a change, its blocks' structure and the children that are marked.
   */
  private changedOp(op: Operation, block: Block | undefined, iso: Region | undefined, dominated: boolean): void {
    const g = this.generation;
    if (op.deepGen === g) {
      this.fastOp(op, block, iso, dominated);
      return;
    }
    const own = op.changedGen === g;
    if (own) this.fastOwn(op, block, iso, dominated);
    if (op.regions.length && (own || op.subtreeGen === g)) this.fastRegions(op, iso, own);
    if (own) this.fastExit(op);
  }

  /** `op`'s own checks (onEntrance's), with its operands' isolation and dominance. */
  private fastOwn(op: Operation, block: Block | undefined, iso: Region | undefined, dominated: boolean): void {
    const operands = op.operands;
    const region = block?.parent;
    const seen = this.verifiedAttrs;
    for (let i = 0; i < operands.length; i++) {
      const o = operands[i]!;
      const v = o.value;
      if (!v || o.owner !== op || o.index !== i) plainFail(op, 'operand');
      // A value defined earlier in the same block (the common case) was checked with its op's results and needs
      // no dominance query.
      const def = v instanceof OpResult ? v.owner : undefined;
      const earlier = block !== undefined && def !== undefined && def.parent === block && def.orderIndex < op.orderIndex;
      if (!earlier) {
        if (!seen.has(v.type)) this.verifyTypeInvariants(v.type, op);
        if (dominated && !this.dominance!.properlyDominates(v, op)) plainFail(op, 'dominance');
      }
      if (iso) {
        const vr = regionOfValue(v);
        if (vr !== region && !isAncestorRegion(iso, vr)) plainFail(op, 'isolation');
      }
    }
    for (const r of op.results) if (!seen.has(r.type)) this.verifyTypeInvariants(r.type, op);
    if (op.attributes.size) for (const a of op.attributes.values()) if (!seen.has(a)) this.verifyAttrInvariants(a, op);
    const def = op.def;
    if (def) this.fastInvariants(op, def);
  }

  /**
   * `op`'s regions: their blocks' structure and, recursively, their ops: all of them (`changed` undefined), or in
   * the incremental run the marked ones, plus the terminators when `op` itself changed (`changed` true: the
   * checks of a return or yield read the op that holds it).
   */
  private fastRegions(op: Operation, iso: Region | undefined, changed: boolean | undefined): void {
    const def = op.def;
    const hasRegions = op.regions.length > 0;
    const graph = hasRegions && (!def || op.hasTrait('HasOnlyGraphRegion'));
    const isolated = hasRegions && op.hasTrait('IsolatedFromAbove');
    for (let i = 0; i < op.regions.length; i++) {
      const r = op.regions[i]!;
      if (r.parent !== op) plainFail(op, 'region');
      const entry = r.blocks[0];
      if (entry && hasPredecessor(entry)) plainFail(op, 'entry');
      const childIso = isolated ? r : iso;
      for (const b of r.blocks) {
        // blockOnEntrance, with its walk over the ops folded into the loop below.
        for (const a of b.args) {
          if (a.owner !== b) plainFail(op, 'argument');
          this.verifyTypeInvariants(a.type, undefined, a.loc);
        }
        const ops = b.ops;
        if (ops.length === 0 && !mayBeValidWithoutTerminator(b)) plainFail(op, 'empty block');
        const last = ops[ops.length - 1];
        const check = !graph && this.dominance!.isReachable(b);
        if (changed === undefined) {
          for (const child of ops) {
            if (child.parent !== b) plainFail(child, 'operation is not owned by its block');
            if (child !== last && child.successors.length) plainFail(child, 'successors');
            this.fastOp(child, b, childIso, check);
          }
        } else {
          const g = this.generation;
          for (const child of ops) {
            if (child.parent !== b) plainFail(child, 'operation is not owned by its block');
            if (child !== last && child.successors.length) plainFail(child, 'successors');
            if (child.changedGen === g || child.subtreeGen === g || child.deepGen === g) this.changedOp(child, b, childIso, check);
            else if (changed && child === last) this.fastOp(child, b, childIso, check);
          }
        }
        if (ops.length) this.blockOnExit(b);
      }
    }
  }

  /** onExit: a registered op's region invariants (isolation was checked per operand above), by its summary. */
  private fastExit(op: Operation): void {
    const def = op.def;
    if (def) {
      const sm = summaryOf(def);
      if (sm.symbolTable) this.verifySymbolTable(op);
      if (sm.functionLike) this.verifyFunction(op);
    } else this.onExit(op);
  }

  // ---- structure -------------------------------------------------------------------------------

  private verifyStructure(op: Operation): void {
    this.onEntrance(op);
    let isolated: Operation[] | undefined;
    for (const region of op.regions) {
      for (const block of region.blocks) {
        this.blockOnEntrance(block);
        for (const child of block.ops) {
          if (child.parent !== block) plainFail(child, 'operation is not owned by its block');
          if (child.regions.length && child.hasTrait('IsolatedFromAbove')) (isolated ??= []).push(child);
          else this.verifyStructure(child);
        }
        this.blockOnExit(block);
      }
    }
    if (isolated) for (const c of isolated) this.verifyOpAndDominance(c);
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
    const operands = op.operands;
    for (let i = 0; i < operands.length; i++) {
      const o = operands[i]!;
      if (!o.value) plainFail(op, 'null operand found');
      if (o.owner !== op || o.index !== i) plainFail(op, `operand #${i} is not owned by its operation`);
    }
    // The checks below skip types and attributes already verified in this run before making a closure.
    const seen = this.verifiedAttrs;
    for (const r of op.results) if (!seen.has(r.type)) this.verifyTypeInvariants(r.type, op);
    for (const o of operands) if (!seen.has(o.value.type)) this.verifyTypeInvariants(o.value.type, op);
    for (const a of op.attributes.values()) if (!seen.has(a)) this.verifyAttrInvariants(a, op);
    const def = op.def;
    if (def) this.verifyInvariants(op, def);
    for (let i = 0; i < op.regions.length; i++) {
      const region = op.regions[i]!;
      if (region.parent !== op) plainFail(op, `region #${i} is not owned by its operation`);
      const entry = region.blocks[0];
      if (entry && hasPredecessor(entry)) plainFail(op, 'entry block of region may not have predecessors');
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
  private verifyAttrInvariants(a: Attribute, op: Operation): void {
    this.walkInvariants(a, (msg) => fail(new Diagnostic('error', msg, op.loc)));
  }
  private walkInvariants(x: Type | Attribute, report: (msg: string) => never): void {
    if (this.verifiedAttrs.has(x)) return;
    this.verifiedAttrs.add(x);
    if (validInvariants.has(x)) return;
    let childrenValid = true;
    for (const c of x.children()) {
      this.walkInvariants(c, report);
      if (!validInvariants.has(c)) childrenValid = false;
    }
    const v = (x as unknown as { verify?: unknown }).verify;
    if (typeof v === 'function' && v.length === 0) {
      const msg = (v as () => unknown).call(x);
      if (typeof msg === 'string') report(msg);
    }
    // Only once every nested object is known valid too (a child still in progress, in a recursive type, is not).
    if (childrenValid) validInvariants.add(x);
  }

  // ---- op definition invariants ----------------------------------------------------------------

  private verifyInvariants(op: Operation, def: OpDefinition): void {
    this.verifyPropertyStorage(op, def);
    this.verifyCounts(op, def);
    this.verifyAttributes(op, def);
    this.verifyInvariantsAfterAttributes(op, def);
  }

  /** verifyInvariants for the fast run: the property-storage and attribute checks in one lookup per attribute. */
  private fastInvariants(op: Operation, def: OpDefinition): void {
    this.verifyCounts(op, def);
    for (const spec of def.attributes) {
      const v = op.getAttr(spec.name);
      if (v === undefined) {
        if (!spec.optional && spec.default === undefined) opFail(op, 'attribute');
        continue;
      }
      const kind = spec.kind;
      if (kind.verify?.(v) !== undefined || (kind.storage && !kind.storage(v))) opFail(op, 'attribute');
    }
    this.verifyInvariantsAfterAttributes(op, def);
  }

  private verifyInvariantsAfterAttributes(op: Operation, def: OpDefinition): void {
    this.verifyValueConstraints(op, def);
    this.verifyTraits(op);
    for (const ext of this.extensions) report(op, ext(op));
    let msg: OpVerifyResult;
    try {
      msg = def.verify?.(op);
    } catch (e) {
      if (e instanceof VerifyFailure) throw e;
      msg = e instanceof Error ? e.message : String(e);
    }
    report(op, msg);
    for (const h of hooks) {
      const r = h(op);
      if (r === undefined) continue;
      if (typeof r === 'string') opFail(op, r);
      fail(r);
    }
  }

  private verifyCounts(op: Operation, def: OpDefinition): void {
    const { fixedRegions, variadicRegions, singleResults, fixedSucc, variadicSucc, singles } = summaryOf(def);
    // Regions, as MLIR's ZeroRegions / OneRegion / NRegions / AtLeastNRegions traits.
    const nr = op.regions.length;
    if (!variadicRegions) {
      if (fixedRegions === 0 && nr !== 0) opFail(op, 'requires zero regions');
      if (fixedRegions === 1 && nr !== 1) opFail(op, 'requires one region');
      if (fixedRegions > 1 && nr !== fixedRegions) opFail(op, `expected ${fixedRegions} regions`);
    } else if (nr < fixedRegions) opFail(op, `expected ${fixedRegions} or more regions`);

    // Results.
    const flexResults = def.results.length - singleResults;
    const nres = op.results.length;
    if (flexResults === 0) {
      if (singleResults === 0 && nres !== 0) opFail(op, 'requires zero results');
      if (singleResults === 1 && nres !== 1) opFail(op, 'requires one result');
      if (singleResults > 1 && nres !== singleResults) opFail(op, `expected ${singleResults} results`);
    } else if (nres < singleResults) opFail(op, `expected ${singleResults} or more results`);

    // Successors.
    const ns = op.successors.length;
    if (!variadicSucc) {
      if (ns !== fixedSucc) {
        opFail(op, fixedSucc === 1 ? `requires 1 successor but found ${ns}` : `requires ${fixedSucc} successors but found ${ns}`);
      }
    } else if (ns < fixedSucc) opFail(op, `requires at least ${fixedSucc} successors but found ${ns}`);

    // Operands.
    const flex = def.operands.length - singles;
    const n = op.operands.length;
    if (flex === 0) {
      if (singles === 0 && n !== 0) opFail(op, 'requires zero operands');
      if (singles === 1 && n !== 1) opFail(op, 'requires a single operand');
      if (singles > 1 && n !== singles) opFail(op, `expected ${singles} operands, but found ${n}`);
    } else if (n < singles) opFail(op, `expected ${singles} or more operands, but found ${n}`);

    if (op.operandSegments || summaryOf(def).attrSizedOperands) {
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

  /** MLIR's property conversion: each present property must be of the attribute class it is stored as. */
  private verifyPropertyStorage(op: Operation, def: OpDefinition): void {
    for (const spec of summaryOf(def).storedAttributes) {
      const v = op.getAttr(spec.name);
      if (v === undefined || !spec.kind.storage || spec.kind.storage(v)) continue;
      const props: { name: string; value: Attribute }[] = [];
      for (const s of def.attributes) {
        const a = op.getAttr(s.name);
        if (a !== undefined) props.push({ name: s.name, value: a });
      }
      props.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const dict = DictionaryAttr.get(props);
      fail(new Diagnostic('error', `invalid properties ${dict.key} for op ${op.name}: Invalid attribute \`${spec.name}\` in property conversion: ${v.key}`, op.loc));
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
      if (msg !== undefined) opFail(op, `${spec.kind.nativeProperty ? 'property' : 'attribute'} '${spec.name}' failed to satisfy constraint: ${spec.kind.description}`);
    }
  }

  private verifyValueConstraints(op: Operation, def: OpDefinition): void {
    // Most ops have single operands only: operand i is group i, with no group sizes to work out.
    if (summaryOf(def).singles === def.operands.length && op.operands.length === def.operands.length && !op.operandSegments) {
      const operands = op.operands;
      for (let i = 0; i < operands.length; i++) {
        const spec = def.operands[i]!;
        const v = operands[i]!.value;
        if (v && spec.type && !spec.type.matches(v.type)) opFail(op, `operand #${i} must be ${spec.type.description}, but got '${v.type.key}'`);
      }
      this.verifyResultConstraints(op, def);
      return;
    }
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
    this.verifyResultConstraints(op, def);
  }

  private verifyResultConstraints(op: Operation, def: OpDefinition): void {
    // Results: singles take one each, the (single) flexible group takes the rest.
    const singleRes = summaryOf(def).singleResults;
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
    if (!op.def) return;
    for (const check of summaryOf(op.def).traitChecks) {
      if (check.builtin) check.builtin(op, this);
      else report(op, dialectTraitVerifiers.get(check.trait)?.(op));
    }
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

  // ---- region invariants (verified after the regions) --------------------------------------------

  private verifyRegionInvariants(op: Operation, _def: OpDefinition): void {
    // The fast run checks isolation per op, with the operand's other checks.
    if (!this.dominance && op.hasTrait('IsolatedFromAbove')) this.verifyIsolatedFromAbove(op);
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
            for (const o of op.operands) {
              const v = o.value;
              // The common case, a value defined in this very region, needs no ancestor walk.
              const vr = regionOfValue(v);
              if (vr === r) continue;
              if (!vr) plainFail(op, "operation's operand is unlinked");
              if (!isAncestorRegion(region, vr)) {
                const d = onOp(new Diagnostic('error', `'${op.name}' op using value defined outside the region`, locatedOpLoc(op)), op);
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
    const dominance = new DominanceInfo();
    const work: Operation[] = [root];
    while (work.length) {
      const op = work.pop()!;
      const graph = !op.def || op.hasTrait('HasOnlyGraphRegion');
      for (const region of op.regions) {
        for (const block of region.blocks) {
          const check = !graph && dominance.isReachable(block);
          for (const user of block.ops) {
            if (check) {
              const operands = user.operands;
              for (let i = 0; i < operands.length; i++) {
                if (!dominance.properlyDominates(operands[i]!.value, user)) diagnoseDominance(user, i);
              }
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

const TRAIT_VERIFIERS: Record<string, (op: Operation, v: Verifier) => void> = {
  // SymbolOpInterface (MLIR's detail::verifySymbol): a string name, and a visibility MLIR knows.
  Symbol: (op) => {
    if (!(op.getAttr('sym_name') instanceof StringAttr)) opFail(op, "requires string attribute 'sym_name'");
    const vis = op.getAttr('sym_visibility');
    if (vis === undefined) return;
    if (!(vis instanceof StringAttr)) opFail(op, `requires visibility attribute 'sym_visibility' to be a string attribute, but got ${vis}`);
    if (!['public', 'private', 'nested'].includes(vis.value)) opFail(op, `visibility expected to be one of ["public", "private", "nested"], but got ${vis}`);
  },
  Terminator: (op) => {
    const b = op.parent;
    if (!b || b.lastOp !== op) opFail(op, 'must be the last operation in the parent block');
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
    const ty = op.results[0]!.type;
    const e = elementTypeOf(ty);
    const enc = ty instanceof RankedTensorType ? ty.encoding : undefined;
    const check = (t: Type): void => {
      // Uniqued types: the same type object passes every check below.
      if (t === ty) return;
      if (elementTypeOf(t) !== e || !compatibleShapes([t, ty])) opFail(op, 'requires the same type for all operands and results');
      if (enc && t instanceof RankedTensorType && t.encoding !== enc) opFail(op, 'requires the same encoding for all operands and results');
    };
    for (let i = 1; i < op.results.length; i++) check(op.results[i]!.type);
    for (const o of op.operands) check(o.value.type);
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

/** What the verifier needs of an op definition, worked out once per definition instead of once per op. */
interface DefSummary {
  fixedRegions: number;
  variadicRegions: boolean;
  singleResults: number;
  fixedSucc: number;
  variadicSucc: boolean;
  singles: number;
  attrSizedOperands: boolean;
  /** The attribute specs with a storage check (property conversion), in the definition's order. */
  storedAttributes: OpDefinition['attributes'];
  /** Region invariants of onExit: SymbolTable and FunctionOpInterface. */
  symbolTable: boolean;
  functionLike: boolean;
  /** The traits in the definition's order: a built-in verifier, or a trait name to look up among the dialects'. */
  traitChecks: ({ builtin: (op: Operation, v: Verifier) => void } | { builtin: undefined; trait: string })[];
}
const summaries = new WeakMap<OpDefinition, DefSummary>();
// The verifier asks for one op's summary several times in a row: the last answer saves the WeakMap lookups.
let lastDef: OpDefinition | undefined;
let lastSummary: DefSummary | undefined;
function summaryOf(def: OpDefinition): DefSummary {
  if (def === lastDef) return lastSummary!;
  let s = summaries.get(def);
  if (!s) {
    const traitChecks: DefSummary['traitChecks'] = [];
    for (const t of def.traits) {
      const builtin = Object.hasOwn(TRAIT_VERIFIERS, t) ? TRAIT_VERIFIERS[t] : undefined;
      traitChecks.push(builtin !== undefined ? { builtin } : { builtin: undefined, trait: t });
    }
    s = {
      fixedRegions: def.regions.filter((r) => !r.variadic).length,
      variadicRegions: def.regions.some((r) => r.variadic),
      singleResults: def.results.filter((r) => r.kind === 'single').length,
      fixedSucc: def.successors.filter((x) => !x.variadic).length,
      variadicSucc: def.successors.some((x) => x.variadic),
      singles: def.operands.filter((o) => o.kind === 'single').length,
      attrSizedOperands: def.traits.has('AttrSizedOperandSegments'),
      storedAttributes: def.attributes.filter((a) => a.kind.storage !== undefined),
      symbolTable: def.traits.has('SymbolTable'),
      functionLike: def.traits.has('FunctionOpInterface'),
      traitChecks,
    };
    summaries.set(def, s);
  }
  lastDef = def;
  lastSummary = s;
  return s;
}

/** Whether some block of `block`'s region branches to it (Block.predecessors, without building the list). */
function hasPredecessor(block: Block): boolean {
  const r = block.parent;
  if (!r) return false;
  for (const b of r.blocks) {
    const t = b.terminator;
    if (t && t.successors.length && t.successors.includes(block)) return true;
  }
  return false;
}

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

/** The integer value of an attribute set on `op` or its nearest ancestor, e.g. `ttg.num-warps`. */
export function lookupIntAttr(op: Operation, name: string): number | undefined {
  for (let p: Operation | undefined = op; p; p = p.parentOp) {
    const a = p.getAttr(name);
    if (a instanceof IntegerAttr) return Number(a.value);
  }
  return undefined;
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

