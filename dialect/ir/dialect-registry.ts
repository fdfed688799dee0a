/**
 * Hooks through which dialects teach the parser and printer their types and attributes:
 * `!tt.ptr<...>` is parsed by the parser registered for `tt.ptr`, `#ttg.blocked<...>` by `ttg.blocked`,
 * and alias names (`#blocked`, `#mma`, `#shared`) come from the alias hooks (MLIR's OpAsmDialectInterface).
 */
import type { AsmParser } from './asm-interfaces.js';
import type { Attribute } from './attribute.js';
import type { Type } from './type.js';

/** Parses what follows the `!dialect.name` token (usually `<...>`). */
export type TypeParser = (p: AsmParser) => Type;
/** Parses what follows the `#dialect.name` token (usually `<...>`). */
export type AttrParser = (p: AsmParser) => Attribute;
/** Returns the alias base name (`blocked`) for values the dialect wants aliased, else undefined. */
export type AliasHook = (x: Type | Attribute) => string | undefined;

const typeParsers = new Map<string, TypeParser>();
const attrParsers = new Map<string, AttrParser>();
const aliasHooks: AliasHook[] = [];

export function registerTypeParser(name: string, parse: TypeParser): void {
  typeParsers.set(name, parse);
}
export function registerAttrParser(name: string, parse: AttrParser): void {
  attrParsers.set(name, parse);
}
export function registerAliasHook(hook: AliasHook): void {
  aliasHooks.push(hook);
}
export function getTypeParser(name: string): TypeParser | undefined {
  return typeParsers.get(name);
}
export function getAttrParser(name: string): AttrParser | undefined {
  return attrParsers.get(name);
}
export function aliasNameOf(x: Type | Attribute): string | undefined {
  for (const h of aliasHooks) {
    const n = h(x);
    if (n !== undefined) return n;
  }
  return undefined;
}
