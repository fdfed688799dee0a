/**
 * The scf dialect (structured control flow): `scf.for` with iter_args, `scf.if` with results,
 * `scf.while`/`scf.condition`, `scf.execute_region` and `scf.yield`, printed exactly as MLIR's
 * hand-written printers do (e.g. `-> (T)  : i32 {` with two spaces before a non-index iv type).
 */
import { UnitAttr } from '../ir/attribute.js';
import { createOperation } from '../ir/create.js';
import { Block, Region, type Operation } from '../ir/ir.js';
import type { Location } from '../ir/location.js';
import {
  defineCustomDirective,
  defineOp,
  type OpFormatParser,
  type OpFormatPrinter,
  type OperandRef,
  type RegionArgument,
} from '../ir/op-definition.js';
import { FunctionType, IndexType, IntegerType, printResultTypes, type Type } from '../ir/type.js';

/**
 * Appends the implicit `scf.yield` that MLIR's SingleBlockImplicitTerminator adds when it is elided, at the op's
 * parse location (MLIR's OperationState location: where the op's name was read, not its trailing `loc(...)`).
 */
function ensureTerminator(region: Region, loc: Location | undefined): void {
  if (region.blocks.length === 0) region.addBlock(new Block());
  const block = region.blocks[0]!;
  const last = block.terminator;
  if (last && last.hasTrait('Terminator')) return;
  block.append(createOperation({ name: 'scf.yield', ...(loc ? { loc } : {}) }));
}

function typesEqual(a: readonly Type[], b: readonly Type[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/** `(%a = %x, %b = %y)`: region argument names and the operands they are initialized from. */
function parseAssignmentList(p: OpFormatParser): { args: OperandRef[]; inits: OperandRef[] } {
  const args: OperandRef[] = [];
  const inits: OperandRef[] = [];
  p.expect('(');
  if (!p.consumeIf(')')) {
    do {
      args.push(p.parseOperandRef());
      p.expect('=');
      inits.push(p.parseOperandRef());
    } while (p.consumeIf(','));
    p.expect(')');
  }
  return { args, inits };
}

/** `-> T` or `-> (T1, T2)` (parseArrowTypeList). */
function parseArrowTypeList(p: OpFormatParser): Type[] {
  p.expect('->');
  if (p.consumeIf('(')) {
    const out: Type[] = [];
    if (!p.consumeIf(')')) {
      do out.push(p.parseType());
      while (p.consumeIf(','));
      p.expect(')');
    }
    return out;
  }
  return [p.parseType()];
}

function printInitList(p: OpFormatPrinter, args: readonly import('../ir/ir.js').Value[], inits: readonly import('../ir/ir.js').Value[]): void {
  p.write('(');
  args.forEach((a, i) => {
    if (i) p.write(', ');
    p.printOperand(a);
    p.write(' = ');
    p.printOperand(inits[i]!);
  });
  p.write(')');
}

function printTypes(p: OpFormatPrinter, ts: readonly Type[]): void {
  ts.forEach((t, i) => {
    if (i) p.write(', ');
    p.printType(t);
  });
}

// ---- scf.for ------------------------------------------------------------------------------------

defineCustomDirective('ScfFor', {
  parse(p, op) {
    if (p.consumeKeywordIf('unsigned')) op.attributes.set('unsignedCmp', UnitAttr.get());
    const iv = p.parseOperandRef();
    p.expect('=');
    const lb = p.parseOperandRef();
    if (!p.consumeKeywordIf('to')) p.error("expected 'to'");
    const ub = p.parseOperandRef();
    if (!p.consumeKeywordIf('step')) p.error("expected 'step'");
    const step = p.parseOperandRef();
    let iter: { args: OperandRef[]; inits: OperandRef[] } = { args: [], inits: [] };
    let resultTypes: Type[] = [];
    if (p.consumeKeywordIf('iter_args')) {
      iter = parseAssignmentList(p);
      resultTypes = parseArrowTypeList(p);
    }
    if (iter.args.length !== resultTypes.length) p.error('mismatch in number of loop-carried values and defined values');
    let ivType: Type = IndexType.get();
    if (p.consumeIf(':')) ivType = p.parseType();
    op.operands.set('lowerBound', [lb]);
    op.operands.set('upperBound', [ub]);
    op.operands.set('step', [step]);
    op.operands.set('initArgs', iter.inits);
    op.operandTypes.set('lowerBound', [ivType]);
    op.operandTypes.set('upperBound', [ivType]);
    op.operandTypes.set('step', [ivType]);
    op.operandTypes.set('initArgs', resultTypes);
    op.resultTypes.set('results', resultTypes);
    const regionArgs: RegionArgument[] = [{ ref: iv, type: ivType }, ...iter.args.map((ref, i) => ({ ref, type: resultTypes[i]! }))];
    const region = p.parseRegion(regionArgs) as Region;
    ensureTerminator(region, op.sourceLoc);
    op.regions.set('region', [region]);
    p.parseOptionalAttrDict(op.attributes);
  },
  print(p, op) {
    if (op.getAttr('unsignedCmp')) p.write('unsigned ');
    const body = op.region(0);
    const args = body.blocks[0]?.args ?? [];
    const [lb, ub, step, ...inits] = op.operandValues;
    p.printOperand(args[0]!);
    p.write(' = ');
    p.printOperand(lb!);
    p.write(' to ');
    p.printOperand(ub!);
    p.write(' step ');
    p.printOperand(step!);
    if (inits.length) {
      p.write(' iter_args');
      printInitList(p, args.slice(1), inits);
      p.write(' -> (');
      printTypes(p, inits.map((v) => v.type));
      p.write(')');
    }
    p.write(' ');
    const ivType = lb!.type;
    if (!(ivType instanceof IndexType)) {
      p.write(' : ');
      p.printType(ivType);
      p.write(' ');
    }
    p.printRegion(body, { printEntryBlockArgs: false, printBlockTerminators: inits.length > 0 });
    p.printOptionalAttrDict(op, ['unsignedCmp']);
  },
});

export const ForOp = defineOp({
  name: 'scf.for',
  operands: ['lowerBound', 'upperBound', 'step', 'initArgs*'],
  results: ['results*'],
  attributes: [{ name: 'unsignedCmp', kind: { description: 'unit', parse: () => UnitAttr.get(), print: () => {} }, optional: true }],
  regions: ['region'],
  traits: ['AutomaticAllocationScope', 'LoopLikeOpInterface', 'RecursiveMemoryEffects', 'SingleBlockImplicitTerminator<scf.yield>', 'RegionBranchOpInterface'],
  format: 'custom<ScfFor>()',
  verify: (op) => {
    const [lb, ub, step, ...inits] = op.operandValues;
    if (inits.length !== op.results.length) return 'mismatch in number of loop-carried values and defined values';
    const block = op.region(0).blocks[0];
    if (!block) return 'expected a body block';
    if (block.args[0]?.type !== lb!.type || ub!.type !== lb!.type || step!.type !== lb!.type) {
      return 'expected induction variable to be same type as bounds and step';
    }
    if (block.args.length - 1 !== op.results.length) return 'mismatch in number of basic block args and defined values';
    for (let i = 0; i < inits.length; i++) {
      if (inits[i]!.type !== op.results[i]!.type) return `types mismatch between ${i}th iter operand and defined value`;
      if (block.args[i + 1]!.type !== op.results[i]!.type) return `types mismatch between ${i}th iter region arg and defined value`;
    }
    const y = block.terminator;
    if (!y || y.name !== 'scf.yield') return "expects region to end with 'scf.yield'";
    if (!typesEqual(y.operandValues.map((v) => v.type), op.results.map((r) => r.type))) {
      return 'along control flow edge from Region #0 to parent results: source types (' + y.operandValues.map((v) => v.type.key).join(', ') + ') should match input types (' + op.results.map((r) => r.type.key).join(', ') + ')';
    }
    return undefined;
  },
});

// ---- scf.if -------------------------------------------------------------------------------------

defineCustomDirective('ScfIf', {
  parse(p, op) {
    const cond = p.parseOperandRef();
    op.operands.set('condition', [cond]);
    op.operandTypes.set('condition', [IntegerType.get(1)]);
    let results: Type[] = [];
    if (p.peek('->')) results = parseArrowTypeList(p);
    op.resultTypes.set('results', results);
    const thenRegion = p.parseRegion() as Region;
    ensureTerminator(thenRegion, op.sourceLoc);
    const regions: Region[] = [thenRegion];
    if (p.consumeKeywordIf('else')) {
      const elseRegion = p.parseRegion() as Region;
      ensureTerminator(elseRegion, op.sourceLoc);
      regions.push(elseRegion);
    } else regions.push(new Region(undefined));
    op.regions.set('thenRegion', [regions[0]]);
    op.regions.set('elseRegion', [regions[1]]);
    p.parseOptionalAttrDict(op.attributes);
  },
  print(p, op) {
    p.printOperand(op.operand(0));
    const terms = op.results.length > 0;
    if (terms) {
      p.write(' -> (');
      printTypes(p, op.results.map((r) => r.type));
      p.write(')');
    }
    p.write(' ');
    p.printRegion(op.region(0), { printEntryBlockArgs: false, printBlockTerminators: terms });
    const els = op.region(1);
    if (els.blocks.length) {
      p.write(' else ');
      p.printRegion(els, { printEntryBlockArgs: false, printBlockTerminators: terms });
    }
    p.printOptionalAttrDict(op);
  },
});

function verifyYields(op: Operation, region: Region, which: string): string | undefined {
  const y = region.blocks[0]?.terminator;
  if (!y || y.name !== 'scf.yield') return `expects ${which} region to end with 'scf.yield'`;
  if (!typesEqual(y.operandValues.map((v) => v.type), op.results.map((r) => r.type))) {
    return `${which} region yields types (${y.operandValues.map((v) => v.type.key).join(', ')}) that do not match the results (${op.results.map((r) => r.type.key).join(', ')})`;
  }
  return undefined;
}

export const IfOp = defineOp({
  name: 'scf.if',
  operands: ['condition'],
  results: ['results*'],
  regions: ['thenRegion', 'elseRegion'],
  traits: ['RecursiveMemoryEffects', 'NoRegionArguments', 'SingleBlockImplicitTerminator<scf.yield>', 'RegionBranchOpInterface', 'InferTypeOpAdaptor'],
  format: 'custom<ScfIf>()',
  verify: (op) => {
    if (op.operand(0).type !== IntegerType.get(1)) return "operand #0 must be 1-bit signless integer";
    if (op.results.length && op.region(1).blocks.length === 0) return 'must have an else block if defining values';
    return verifyYields(op, op.region(0), 'then') ?? (op.region(1).blocks.length ? verifyYields(op, op.region(1), 'else') : undefined);
  },
});

// ---- scf.while / scf.condition ------------------------------------------------------------------

defineCustomDirective('ScfWhile', {
  parse(p, op) {
    let assign: { args: OperandRef[]; inits: OperandRef[] } = { args: [], inits: [] };
    if (p.peek('(')) assign = parseAssignmentList(p);
    p.expect(':');
    const at = p.pos();
    const parsed = p.parseType();
    if (!(parsed instanceof FunctionType)) p.error('expected function type', at);
    const ft = parsed as FunctionType;
    if (ft.inputs.length !== assign.inits.length) p.error('expected as many input types as operands', at);
    op.operands.set('inits', assign.inits);
    op.operandTypes.set('inits', [...ft.inputs]);
    op.resultTypes.set('results', [...ft.results]);
    const before = p.parseRegion(assign.args.map((ref, i) => ({ ref, type: ft.inputs[i]! }))) as Region;
    if (!p.consumeKeywordIf('do')) p.error("expected 'do'");
    const after = p.parseRegion() as Region;
    op.regions.set('before', [before]);
    op.regions.set('after', [after]);
    if (p.consumeKeywordIf('attributes')) p.parseOptionalAttrDict(op.attributes);
  },
  print(p, op) {
    const before = op.region(0);
    const inits = op.operandValues;
    if (inits.length) {
      printInitList(p, before.blocks[0]?.args ?? [], inits);
      p.write(' ');
    }
    p.write(': ');
    p.printType(FunctionType.get(inits.map((v) => v.type), op.results.map((r) => r.type)));
    p.write(' ');
    p.printRegion(before, { printEntryBlockArgs: false });
    p.write(' do ');
    p.printRegion(op.region(1));
    p.printOptionalAttrDict(op, [], true);
  },
});

export const WhileOp = defineOp({
  name: 'scf.while',
  operands: ['inits*'],
  results: ['results*'],
  regions: ['before', 'after'],
  traits: ['RecursiveMemoryEffects', 'LoopLikeOpInterface', 'RegionBranchOpInterface'],
  format: 'custom<ScfWhile>()',
  verify: (op) => {
    const before = op.region(0).blocks[0];
    const after = op.region(1).blocks[0];
    if (!before || !after) return 'expects both regions to have a block';
    if (!typesEqual(before.args.map((a) => a.type), op.operandValues.map((v) => v.type))) return 'expects the before region arguments to match the operands';
    const c = before.terminator;
    if (!c || c.name !== 'scf.condition') return "expects the 'before' region to terminate with 'scf.condition'";
    const passed = c.operandValues.slice(1).map((v) => v.type);
    if (!typesEqual(passed, op.results.map((r) => r.type))) return 'expects the forwarded condition values to match the results';
    if (!typesEqual(after.args.map((a) => a.type), passed)) return 'expects the after region arguments to match the condition operands';
    const y = after.terminator;
    if (!y || y.name !== 'scf.yield') return "expects the 'after' region to terminate with 'scf.yield'";
    if (!typesEqual(y.operandValues.map((v) => v.type), op.operandValues.map((v) => v.type))) return 'expects the yielded values to match the operands';
    return undefined;
  },
});

export const ConditionOp = defineOp({
  name: 'scf.condition',
  operands: ['condition', 'args*'],
  traits: ['Pure', 'Terminator', 'HasParent<scf.while>', 'RegionBranchTerminatorOpInterface'],
  format: '`(` $condition `)` attr-dict ($args^ `:` type($args))?',
  verify: (op) => (op.operand(0).type === IntegerType.get(1) ? undefined : 'operand #0 must be 1-bit signless integer'),
});

// ---- scf.execute_region / scf.yield -------------------------------------------------------------

defineCustomDirective('ScfExecuteRegion', {
  parse(p, op) {
    let results: Type[] = [];
    if (p.peek('->')) results = parseArrowTypeList(p);
    op.resultTypes.set('results', results);
    if (p.consumeKeywordIf('no_inline')) op.attributes.set('no_inline', UnitAttr.get());
    op.regions.set('region', [p.parseRegion()]);
    p.parseOptionalAttrDict(op.attributes);
  },
  print(p, op) {
    const rs = op.results.map((r) => r.type);
    if (rs.length) {
      p.write('-> ');
      printResultTypes(p, rs);
      p.write(' ');
    }
    if (op.getAttr('no_inline')) p.write('no_inline ');
    p.printRegion(op.region(0), { printEntryBlockArgs: false, printBlockTerminators: true });
    p.printOptionalAttrDict(op, ['no_inline']);
  },
});

export const ExecuteRegionOp = defineOp({
  name: 'scf.execute_region',
  results: ['results*'],
  attributes: [{ name: 'no_inline', kind: { description: 'unit', parse: () => UnitAttr.get(), print: () => {} }, optional: true }],
  regions: ['region'],
  traits: ['RegionBranchOpInterface'],
  format: 'custom<ScfExecuteRegion>()',
  verify: (op) => {
    const r = op.region(0);
    if (r.blocks.length === 0) return 'region needs to have at least one block';
    if (r.blocks[0]!.args.length > 0) return 'region cannot have any arguments';
    return undefined;
  },
});

export const YieldOp = defineOp({
  name: 'scf.yield',
  operands: ['results*'],
  traits: ['Pure', 'ReturnLike', 'Terminator', 'ParentOneOf<scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while>'],
  format: 'attr-dict ($results^ `:` type($results))?',
});
