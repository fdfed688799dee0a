/**
 * The function-like op syntax shared by `tt.func` and `llvm.func` (MLIR's function_interface_impl):
 *   [visibility] @name(%arg0: T {attrs} loc(...), ...) [-> results] [attributes {...}] [{ body }]
 * The signature is stored in `function_type`, argument attributes in `arg_attrs` (an array of
 * dictionaries), like MLIR's FunctionOpInterface.
 */
import { ArrayAttr, Attribute, DictionaryAttr, StringAttr, TypeAttr, type NamedAttribute } from '../ir/attribute.js';
import type { Region } from '../ir/ir.js';
import type { Location } from '../ir/location.js';
import { defineCustomDirective, type OpFormatParser, type OpFormatPrinter, type RegionArgument } from '../ir/op-definition.js';
import { FunctionType, type Type } from '../ir/type.js';

/** Attributes the signature syntax owns; they never appear in the `attributes {...}` dictionary. */
export const FUNCTION_SIGNATURE_ATTRS = ['sym_name', 'function_type', 'sym_visibility', 'arg_attrs', 'res_attrs'];

function parseAttrDict(p: OpFormatParser): DictionaryAttr | undefined {
  if (!p.peek('{')) return undefined;
  const m = new Map<string, Attribute>();
  p.parseOptionalAttrDict(m);
  return DictionaryAttr.get([...m].map(([name, value]) => ({ name, value })));
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
        resAttrs.push(parseAttrDict(p));
      }
    }
    op.attributes.set('function_type', TypeAttr.get(FunctionType.get(argTypes, results)));
    if (variadic) op.attributes.set('func.varargs', StringAttr.get('true'));
    if (argAttrs.some((a) => a && a.entries.length)) {
      op.attributes.set('arg_attrs', ArrayAttr.get(argAttrs.map((a) => a ?? DictionaryAttr.get([]))));
    }
    if (resAttrs.some((a) => a && a.entries.length)) {
      op.attributes.set('res_attrs', ArrayAttr.get(resAttrs.map((a) => a ?? DictionaryAttr.get([]))));
    }
    if (p.consumeKeywordIf('attributes')) {
      const m = new Map<string, Attribute>();
      p.parseOptionalAttrDict(m);
      for (const [k, v] of m) op.attributes.set(k, v);
    }
    if (p.peek('{')) {
      if (!named && argTypes.length) p.error('expected named arguments for a function with a body');
      op.regions.set('body', [p.parseRegion(args) as Region]);
    } else op.regions.set('body', []);
  },
  print(p, op) {
    const vis = op.getAttr('sym_visibility');
    if (vis instanceof StringAttr) p.write(vis.value + ' ');
    const name = (op.getAttr('sym_name') as StringAttr).value;
    p.write('@' + name + '(');
    const ft = (op.getAttr('function_type') as TypeAttr).value as FunctionType;
    const argAttrs = op.getAttr('arg_attrs') as ArrayAttr | undefined;
    const body = op.region(0);
    const entry = body.blocks[0];
    ft.inputs.forEach((t, i) => {
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
    if (op.getAttr('func.varargs')) p.write(ft.inputs.length ? ', ...' : '...');
    p.write(')');
    if (ft.results.length) {
      p.write(' -> ');
      const resAttrs = op.getAttr('res_attrs') as ArrayAttr | undefined;
      const wrap = ft.results.length > 1 || ft.results[0] instanceof FunctionType || resAttrs !== undefined;
      if (wrap) p.write('(');
      ft.results.forEach((t, i) => {
        if (i) p.write(', ');
        p.printType(t);
        printDict(p, (resAttrs?.elements[i] as DictionaryAttr | undefined)?.entries ?? []);
      });
      if (wrap) p.write(')');
    }
    p.printOptionalAttrDict(op, [...FUNCTION_SIGNATURE_ATTRS, 'func.varargs'], true);
    if (entry) {
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
