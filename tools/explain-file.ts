/**
 * The data movements of a .mlir file (`ttg-layout --explain-converts`): every ttg.convert_layout, local_alloc,
 * local_load and local_store, with its source line and the explanation of lowering/explain.ts.
 */
import type { Operation } from '../dialect/ir/ir.js';
import { StringAttr } from '../dialect/ir/attribute.js';
import { RankedTensorType } from '../dialect/ir/type.js';
import { SharedEncodingAttr } from '../dialect/ttg/attrs/common.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { explainConvert, explainLocal, type CvtExplanation, type LocalExplanation } from '../lowering/explain.js';
import { EncodingTextError } from '../parser/encoding-text.js';
import { ConvertLayoutOp, LocalAllocOp, LocalLoadOp, LocalStoreOp } from '../dialect/ttg/ops.js';

export const EXPLAINED: readonly string[] = [ConvertLayoutOp, LocalAllocOp, LocalLoadOp, LocalStoreOp].map((h) => h.opName);

export type Explanation = CvtExplanation | LocalExplanation | { op: string; error: string };

export interface ExplainedOp {
  /** 1-based source line, when the op could be matched to one. */
  line: number | undefined;
  /** The op's source line (without its trailing loc), or its name. */
  text: string;
  e: Explanation;
  /** The tensor types involved (source, destination), as printed. */
  types: { src?: RankedTensorType; dst?: RankedTensorType; mem?: MemDescType };
}

function describeError(e: unknown): string {
  if (e instanceof EncodingTextError) return e.describe();
  return e instanceof Error ? e.message : String(e);
}

/** Line numbers (1-based) of the ops named `name` in the text, in order (custom `= name ` or generic `"name"(`). */
function opLines(lines: readonly string[], name: string): number[] {
  const re = new RegExp(`(^|[\\s=])(${name.replace('.', '\\.')}|"${name.replace('.', '\\.')}")[\\s(]`);
  const out: number[] = [];
  lines.forEach((l, i) => {
    if (!l.trimStart().startsWith('//') && re.test(l)) out.push(i + 1);
  });
  return out;
}

/** The compute capability of the module's `ttg.target` (`cuda:90` → 90). */
export function targetCapability(module: Operation): number | undefined {
  const t = module.getAttr('ttg.target');
  const m = t instanceof StringAttr ? /^cuda:(\d+)/.exec(t.value) : null;
  return m ? Number(m[1]) : undefined;
}

/** Explains every data movement of `module` (parsed from `src`) for compute capability `cc`. */
export function explainModule(module: Operation, src: string, cc: number): ExplainedOp[] {
  // After allocate-shared-memory the lowering reads the op's scratch buffer from `allocation.offset`.
  const allocated = module.getAttr('ttg.shared') !== undefined;
  const ops = new Map<string, Operation[]>(EXPLAINED.map((n) => [n, []]));
  const order: Operation[] = [];
  module.walk((op) => {
    const list = ops.get(op.name);
    if (list) {
      list.push(op);
      order.push(op);
    }
  });
  const lines = src.split('\n');
  const lineOf = new Map<Operation, number>();
  for (const [name, list] of ops) {
    const ls = opLines(lines, name);
    if (ls.length === list.length) list.forEach((op, i) => lineOf.set(op, ls[i]!));
  }
  const results: ExplainedOp[] = [];
  for (const op of order) {
    const line = lineOf.get(op);
    const text = line !== undefined ? lines[line - 1]!.trim().replace(/\s+loc\([^)]*\)\s*$/, '') : op.name;
    let e: Explanation;
    const types: ExplainedOp['types'] = {};
    try {
      if (ConvertLayoutOp.is(op)) {
        const s = ConvertLayoutOp.src(op).type;
        const d = ConvertLayoutOp.result(op).type;
        if (!(s instanceof RankedTensorType) || !(d instanceof RankedTensorType) || !s.encoding || !d.encoding) continue;
        if (s.encoding instanceof SharedEncodingAttr || d.encoding instanceof SharedEncodingAttr) continue;
        types.src = s;
        types.dst = d;
        e = explainConvert(s, d, cc, allocated ? op.getAttr('allocation.offset') !== undefined : undefined);
      } else {
        const mem = (LocalStoreOp.is(op) ? LocalStoreOp.dst(op) : LocalLoadOp.is(op) ? LocalLoadOp.src(op) : LocalAllocOp.result(op)).type;
        const tensorVal = LocalLoadOp.is(op) ? LocalLoadOp.result(op) : LocalStoreOp.is(op) ? LocalStoreOp.src(op) : LocalAllocOp.src(op);
        const t = tensorVal?.type;
        if (!(mem instanceof MemDescType)) continue;
        types.mem = mem;
        if (t instanceof RankedTensorType && t.encoding) {
          if (LocalLoadOp.is(op)) types.dst = t;
          else types.src = t;
        }
        const kind = op.name.slice(4) as LocalExplanation['op'];
        e = explainLocal(kind, t instanceof RankedTensorType && t.encoding ? t : undefined, mem, cc);
      }
    } catch (err) {
      e = { op: op.name.slice(4), error: describeError(err) };
    }
    results.push({ line, text, e, types });
  }
  return results;
}
