/**
 * The compiled form of a declarative assembly format: a list of directives with every `$name` resolved
 * against the op definition to an operand group, result group, attribute, region or successor.
 */
import { parse as parseFormatText } from './generated/op-format.js';
import type { OpDefinition } from '../dialect/ir/op-definition.js';

export type VarKind = 'operand' | 'result' | 'attr' | 'region' | 'successor';

export type Directive =
  | { kind: 'literal'; text: string }
  | { kind: 'var'; varKind: VarKind; name: string; anchor: boolean }
  | { kind: 'type'; of: string; ofKind: 'operand' | 'result' | 'operands' | 'results'; anchor?: boolean; qualified?: boolean }
  | { kind: 'functional-type'; inputs: string; results: string }
  | { kind: 'attr-dict'; withKeyword: boolean }
  | { kind: 'custom'; name: string; args: Directive[] }
  | { kind: 'qualified'; inner: Directive }
  | { kind: 'optional'; then: Directive[]; else: Directive[] }
  | { kind: 'oilist'; clauses: Directive[][] }
  | { kind: 'operands' }
  | { kind: 'results' }
  | { kind: 'regions' }
  | { kind: 'successors' };

interface RawDirective {
  kind: string;
  [k: string]: unknown;
}

const cache = new Map<string, Directive[]>();

/** Compiles (once) and returns the directives of `def.format`. */
export function compiledFormat(def: OpDefinition): Directive[] {
  const hit = cache.get(def.name);
  if (hit) return hit;
  if (def.format === undefined) throw new Error(`${def.name} has no assembly format`);
  const raw = parseFormatText(def.format) as RawDirective[];
  const out = raw.map((r) => resolve(def, r));
  cache.set(def.name, out);
  return out;
}

function varKindOf(def: OpDefinition, name: string): VarKind {
  if (def.operands.some((o) => o.name === name)) return 'operand';
  if (def.results.some((o) => o.name === name)) return 'result';
  if (def.attributes.some((o) => o.name === name)) return 'attr';
  if (def.regions.some((o) => o.name === name)) return 'region';
  if (def.successors.some((o) => o.name === name)) return 'successor';
  throw new Error(`${def.name}: format names unknown '$${name}'`);
}

function resolve(def: OpDefinition, r: RawDirective): Directive {
  switch (r.kind) {
    case 'var': {
      const name = r['name'] as string;
      return { kind: 'var', varKind: varKindOf(def, name), name, anchor: Boolean(r['anchor']) };
    }
    case 'type': {
      const of = r['of'] as string;
      if (of === '@operands') return { kind: 'type', of, ofKind: 'operands' };
      if (of === '@results') return { kind: 'type', of, ofKind: 'results' };
      const k = varKindOf(def, of);
      if (k !== 'operand' && k !== 'result') throw new Error(`${def.name}: type($${of}) of a non-value`);
      return { kind: 'type', of, ofKind: k, anchor: Boolean(r['anchor']) };
    }
    case 'functional-type':
      return { kind: 'functional-type', inputs: r['inputs'] as string, results: r['results'] as string };
    case 'custom':
      return { kind: 'custom', name: r['name'] as string, args: (r['args'] as RawDirective[]).map((a) => resolve(def, a)) };
    case 'qualified': {
      const inner = resolve(def, r['inner'] as RawDirective);
      return { kind: 'qualified', inner: inner.kind === 'type' ? { ...inner, qualified: true } : inner };
    }
    case 'optional':
      return {
        kind: 'optional',
        // biome-ignore lint/suspicious/noThenProperty: the ODS name of an optional group's then-elements; never awaited
        then: (r['then'] as RawDirective[]).map((a) => resolve(def, a)),
        else: (r['else'] as RawDirective[]).map((a) => resolve(def, a)),
      };
    case 'oilist':
      return { kind: 'oilist', clauses: (r['clauses'] as RawDirective[][]).map((c) => c.map((a) => resolve(def, a))) };
    case 'literal':
      return { kind: 'literal', text: r['text'] as string };
    case 'attr-dict':
      return { kind: 'attr-dict', withKeyword: Boolean(r['withKeyword']) };
    case 'operands':
    case 'results':
    case 'regions':
    case 'successors':
      return { kind: r.kind };
    default:
      throw new Error(`${def.name}: unknown format directive ${r.kind}`);
  }
}
