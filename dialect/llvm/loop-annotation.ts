/**
 * The LLVM dialect's loop metadata attributes (`#llvm.loop_annotation<...>` and the `#llvm.loop_licm<...>`,
 * `#llvm.loop_unroll<...>`, ... it nests), kept as `key = value` lists. As MLIR prints them, each is aliased by its
 * mnemonic (`#loop_annotation = #llvm.loop_annotation<licm = #loop_licm>`), and a nested loop attribute without an
 * alias (`-mlir-print-local-scope`) is printed stripped of its mnemonic, which the key implies
 * (`licm = <disable = true>`). Other values (booleans, integers, locations) are ordinary attributes.
 */
import type { AsmParser, AsmPrinter } from '../ir/asm-interfaces.js';
import { Attribute, IntegerAttr } from '../ir/attribute.js';
import { registerAliasHook, registerAttrParser } from '../ir/dialect-registry.js';
import { intern, type Type } from '../ir/type.js';
import './attrs.js';

/** The loop attribute a key of a loop attribute holds (the other keys hold ordinary attributes). */
const NESTED: Record<string, string> = {
  vectorize: 'loop_vectorize',
  interleave: 'loop_interleave',
  unroll: 'loop_unroll',
  unrollAndJam: 'loop_unroll_and_jam',
  licm: 'loop_licm',
  distribute: 'loop_distribute',
  pipeline: 'loop_pipeline',
  peeled: 'loop_peeled',
  unswitch: 'loop_unswitch',
  followupVectorized: 'loop_annotation',
  followupEpilogue: 'loop_annotation',
  followupAll: 'loop_annotation',
  followupUnrolled: 'loop_annotation',
  followupRemainder: 'loop_annotation',
  followupRemainderOuter: 'loop_annotation',
  followupRemainderInner: 'loop_annotation',
  followupInner: 'loop_annotation',
  followupOuter: 'loop_annotation',
  followupCoincident: 'loop_annotation',
  followupSequential: 'loop_annotation',
  followupFallback: 'loop_annotation',
};

/** Each loop attribute's parameters in declaration order, the order MLIR prints them in. */
const PARAM_ORDER: Record<string, readonly string[]> = {
  loop_annotation: [
    'disableNonforced', 'vectorize', 'interleave', 'unroll', 'unrollAndJam', 'licm', 'distribute', 'pipeline',
    'peeled', 'unswitch', 'mustProgress', 'isVectorized', 'startLoc', 'endLoc', 'parallelAccesses',
  ],
  loop_vectorize: ['disable', 'predicateEnable', 'scalableEnable', 'width', 'followupVectorized', 'followupEpilogue', 'followupAll'],
  loop_interleave: ['count'],
  loop_unroll: ['disable', 'count', 'runtimeDisable', 'full', 'followupUnrolled', 'followupRemainder', 'followupAll'],
  loop_unroll_and_jam: ['disable', 'count', 'followupOuter', 'followupInner', 'followupRemainderOuter', 'followupRemainderInner', 'followupAll'],
  loop_licm: ['disable', 'versioningDisable'],
  loop_distribute: ['disable', 'followupCoincident', 'followupSequential', 'followupFallback', 'followupAll'],
  loop_pipeline: ['disable', 'initiationinterval'],
  loop_peeled: ['count'],
  loop_unswitch: ['partialDisable'],
};

export const LOOP_MNEMONICS = [
  'loop_annotation', 'loop_vectorize', 'loop_interleave', 'loop_unroll', 'loop_unroll_and_jam', 'loop_licm',
  'loop_distribute', 'loop_pipeline', 'loop_peeled', 'loop_unswitch',
] as const;

/** A printer that can print a nested attribute without its dialect prefix (the IR printer). */
interface StrippingPrinter extends AsmPrinter {
  printStrippedAttribute(attr: Attribute): void;
}

export class LoopAttr extends Attribute {
  private constructor(
    readonly mnemonic: string,
    readonly params: readonly (readonly [string, Attribute])[],
  ) {
    super();
  }
  static get(mnemonic: string, params: readonly (readonly [string, Attribute])[]): LoopAttr {
    const order = PARAM_ORDER[mnemonic] ?? [];
    const rank = (k: string): number => (order.includes(k) ? order.indexOf(k) : order.length);
    return intern(new LoopAttr(mnemonic, [...params].sort((a, b) => rank(a[0]) - rank(b[0]))));
  }
  param(name: string): Attribute | undefined {
    return this.params.find(([k]) => k === name)?.[1];
  }
  print(p: AsmPrinter): void {
    p.write(`#llvm.${this.mnemonic}`);
    this.printStripped(p);
  }
  /** `<key = value, ...>`: the form nested in another loop attribute. */
  printStripped(p: AsmPrinter): void {
    p.write('<');
    this.params.forEach(([k, v], i) => {
      p.write(`${i ? ', ' : ''}${k} = `);
      const strip = (p as Partial<StrippingPrinter>).printStrippedAttribute;
      if (v instanceof LoopAttr && strip) strip.call(p, v);
      else p.printAttribute(v);
    });
    p.write('>');
  }
  override children(): readonly (Type | Attribute)[] {
    return this.params.map(([, v]) => v);
  }
}

function parseBody(p: AsmParser, mnemonic: string): LoopAttr {
  p.expect('<');
  const params: [string, Attribute][] = [];
  if (!p.consumeIf('>')) {
    do {
      const key = p.parseKeyword('a loop attribute parameter');
      p.expect('=');
      const nested = NESTED[key];
      params.push([key, nested && p.peek('<') ? parseBody(p, nested) : p.parseAttribute()]);
    } while (p.consumeIf(','));
    p.expect('>');
  }
  return LoopAttr.get(mnemonic, params);
}

for (const m of LOOP_MNEMONICS) registerAttrParser('llvm.' + m, (p) => parseBody(p, m));
registerAliasHook((x) => (x instanceof LoopAttr ? x.mnemonic : undefined));

/** `#llvm.loop_annotation<licm = <disable = true>>`: keeps LLVM's LICM out of a loop. */
export function licmDisabledAnnotation(): LoopAttr {
  return LoopAttr.get('loop_annotation', [['licm', LoopAttr.get('loop_licm', [['disable', IntegerAttr.bool(true)]])]]);
}
