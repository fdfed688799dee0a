/**
 * The function-like op syntax shared by `tt.func` and `llvm.func` (MLIR's function_interface_impl):
 *   [visibility] @name(%arg0: T {attrs} loc(...), ...) [-> results] [attributes {...}] [{ body }]
 * The signature is stored in `function_type`, argument attributes in `arg_attrs` (an array of
 * dictionaries), like MLIR's FunctionOpInterface.
 */
import { ArrayAttr, Attribute, DictionaryAttr, StringAttr, TypeAttr, printSymbolName, type NamedAttribute } from '../ir/attribute.js';
import type { Operation, Region } from '../ir/ir.js';
import type { Location } from '../ir/location.js';
import { defineCustomDirective, type OpFormatParser, type OpFormatPrinter, type PendingOp, type RegionArgument } from '../ir/op-definition.js';
import { FunctionType, type Type } from '../ir/type.js';

/** Attributes the signature syntax owns; they never appear in the `attributes {...}` dictionary. */
export const FUNCTION_SIGNATURE_ATTRS = ['sym_name', 'function_type', 'sym_visibility', 'arg_attrs', 'res_attrs'];

function parseAttrDict(p: OpFormatParser): DictionaryAttr | undefined {
  if (!p.peek('{')) return undefined;
  const m = new Map<string, Attribute>();
  p.parseOptionalAttrDict(m);
  return DictionaryAttr.get([...m].map(([name, value]) => ({ name, value })));
}

/** A parsed function signature: `(%a: T {attrs} loc(...), ...) -> (R {attrs})`. */
export interface FunctionSignature {
  /** Named entry-block arguments (empty for a declaration with bare types). */
  readonly args: RegionArgument[];
  readonly argTypes: Type[];
  readonly argAttrs: (DictionaryAttr | undefined)[];
  readonly results: Type[];
  readonly resAttrs: (DictionaryAttr | undefined)[];
  /** A trailing `...` (variadic function). */
  readonly variadic: boolean;
  /** Whether the arguments were written with SSA names (required for a body). */
  readonly named: boolean;
}

/** Parses `(args) [-> results]` as MLIR's function_interface_impl::parseFunctionSignature does. */
export function parseFunctionSignature(p: OpFormatParser): FunctionSignature {
  p.expect('(');
  const args: RegionArgument[] = [];
  const argTypes: Type[] = [];
  const argAttrs: (DictionaryAttr | undefined)[] = [];
  let named = false;
  let variadic = false;
  if (!p.peek(')')) {
    do {
      if (p.peek('.')) {
        p.expect('.');
        p.expect('.');
        p.expect('.');
        variadic = true;
        break;
      }
      const ref = p.parseOptionalOperandRef();
      if (ref) {
        named = true;
        p.expect(':');
      }
      const type = p.parseType();
      argTypes.push(type);
      argAttrs.push(parseAttrDict(p));
      const loc = p.parseOptionalLocation();
      if (ref) args.push({ ref, type, ...(loc ? { loc } : {}) });
    } while (p.consumeIf(','));
  }
  p.expect(')');
  const results: Type[] = [];
  const resAttrs: (DictionaryAttr | undefined)[] = [];
  if (p.consumeIf('->')) {
    if (p.consumeIf('(')) {
      if (!p.peek(')')) {
        do {
          results.push(p.parseType());
          resAttrs.push(parseAttrDict(p));
        } while (p.consumeIf(','));
      }
      p.expect(')');
    } else {
      results.push(p.parseType());
      resAttrs.push(undefined); // a bare result type takes no attribute dictionary (MLIR parseFunctionResultList)
    }
  }
  return { args, argTypes, argAttrs, results, resAttrs, variadic, named };
}

/** Stores non-empty argument/result attribute lists as `arg_attrs` / `res_attrs`. */
export function setArgAndResultAttrs(op: PendingOp, sig: FunctionSignature): void {
  if (sig.argAttrs.some((a) => a && a.entries.length)) {
    op.attributes.set('arg_attrs', ArrayAttr.get(sig.argAttrs.map((a) => a ?? DictionaryAttr.get([]))));
  }
  if (sig.resAttrs.some((a) => a && a.entries.length)) {
    op.attributes.set('res_attrs', ArrayAttr.get(sig.resAttrs.map((a) => a ?? DictionaryAttr.get([]))));
  }
}

/** Parses the optional body; a body requires named arguments. */
export function parseFunctionBody(p: OpFormatParser, op: PendingOp, sig: FunctionSignature, regionName = 'body'): void {
  if (p.peek('{')) {
    if (!sig.named && sig.argTypes.length) p.error('expected named arguments for a function with a body');
    const at = p.pos();
    const body = p.parseRegion(sig.args) as Region;
    // `{ }` is not a declaration: MLIR's parseFunctionOp wants at least one block.
    if (body.blocks.length === 0) p.error(`custom op '${op.name}' expected non-empty function body`, at);
    op.regions.set(regionName, [body]);
  } else op.regions.set(regionName, []);
}

/**
 * Prints `(args) [-> results]` (MLIR's printFunctionSignature): named arguments with their attributes
 * and (with debug info) inline locations when the function has a body, bare types otherwise.
 */
export function printFunctionSignature(p: OpFormatPrinter, op: Operation, inputs: readonly Type[], results: readonly Type[], variadic: boolean): void {
  p.write('(');
  const argAttrs = op.getAttr('arg_attrs') as ArrayAttr | undefined;
  const entry = op.region(0).blocks[0];
  inputs.forEach((t, i) => {
    if (i) p.write(', ');
    const attrs = (argAttrs?.elements[i] as DictionaryAttr | undefined)?.entries ?? [];
    if (entry) {
      const arg = entry.args[i]!;
      p.printOperand(arg);
      p.write(': ');
      p.printType(t);
      printDict(p, attrs);
      if (p.printDebugInfo) printArgLoc(p, arg.loc);
    } else {
      p.printType(t);
      printDict(p, attrs);
    }
  });
  if (variadic) p.write(inputs.length ? ', ...' : '...');
  p.write(')');
  if (results.length) {
    p.write(' -> ');
    const resAttrs = op.getAttr('res_attrs') as ArrayAttr | undefined;
    const wrap = results.length > 1 || results[0] instanceof FunctionType || resAttrs !== undefined;
    if (wrap) p.write('(');
    results.forEach((t, i) => {
      if (i) p.write(', ');
      p.printType(t);
      printDict(p, (resAttrs?.elements[i] as DictionaryAttr | undefined)?.entries ?? []);
    });
    if (wrap) p.write(')');
  }
}

defineCustomDirective('FunctionOp', {
  parse(p, op) {
    const vis = p.peekKeyword();
    if (vis === 'public' || vis === 'private' || vis === 'nested') {
      p.parseKeyword();
      op.attributes.set('sym_visibility', StringAttr.get(vis));
    }
    const name = (p as OpFormatParser & { symbolName(): string }).symbolName();
    op.attributes.set('sym_name', StringAttr.get(name));
    const sig = parseFunctionSignature(p);
    op.attributes.set('function_type', TypeAttr.get(FunctionType.get(sig.argTypes, sig.results)));
    if (sig.variadic) op.attributes.set('func.varargs', StringAttr.get('true'));
    setArgAndResultAttrs(op, sig);
    if (p.consumeKeywordIf('attributes')) {
      const m = new Map<string, Attribute>();
      p.parseOptionalAttrDict(m);
      for (const [k, v] of m) op.attributes.set(k, v);
    }
    parseFunctionBody(p, op, sig);
  },
  print(p, op) {
    const vis = op.getAttr('sym_visibility');
    if (vis instanceof StringAttr) p.write(vis.value + ' ');
    const name = (op.getAttr('sym_name') as StringAttr).value;
    p.write(printSymbolName(name));
    const ft = (op.getAttr('function_type') as TypeAttr).value as FunctionType;
    printFunctionSignature(p, op, ft.inputs, ft.results, op.getAttr('func.varargs') !== undefined);
    p.printOptionalAttrDict(op, [...FUNCTION_SIGNATURE_ATTRS, 'func.varargs'], true);
    const body = op.region(0);
    if (body.blocks[0]) {
      p.write(' ');
      p.printRegion(body, { printEntryBlockArgs: false });
    }
  },
});

function printDict(p: OpFormatPrinter, attrs: readonly NamedAttribute[]): void {
  if (!attrs.length) return;
  p.write(' ');
  p.printAttribute(DictionaryAttr.get(attrs));
}

function printArgLoc(p: OpFormatPrinter, loc: Location): void {
  p.printArgumentLocation(loc);
}
