/**
 * The conversions kind: a random pair of distributed encodings on a shape and element type, and a shared encoding
 * (scripts/oracle/convgen.py), answered by Triton 3.6 and compared with ours:
 * - `is_convert_layout_trivial` (no lane/warp/block movement in minimalCvtLayout) vs our minimalCvtLayout;
 * - `get_shared_bank_conflicts` of each side with the shared layout vs our bankConflictsMemDesc;
 * - the module `convert_layout src -> dst; local_alloc; local_load` after Triton's allocate-shared-memory-nv (the
 *   convert's scratch size: shuffles vs shared memory, offsets, ttg.shared) vs ours, text equal after re-printing
 *   Triton's output through ttg-opt.
 */
import '../../tools/passes.js';
import { bankConflictsMemDesc } from '../../analysis/bank-conflicts.js';
import { RankedTensorType } from '../../dialect/ir/type.js';
import { toLinearLayout } from '../../dialect/ttg/to-linear-layout.js';
import { MemDescType } from '../../dialect/ttg/types.js';
import { minimalCvtLayout } from '../../dialect/ttg/utils/layout-utils.js';
import { parseTypeText } from '../../parser/encoding-text.js';
import { runOptSync } from '../../tools/opt-main.js';
import type { OracleReply } from './oracle.js';
import type { CaseResult } from './types.js';

interface ConversionReply {
  family: string;
  shared_family: string;
  shape: number[];
  dtype: string;
  cc: number;
  aliases: string[];
  src: string;
  dst: string;
  mem: string;
  trivial: boolean;
  bank_src?: number;
  bank_dst?: number;
  module: string;
  input?: string;
  output?: string;
  pass_error?: string;
  reject?: string;
}

const BITS: Record<string, number> = { f16: 16, bf16: 16, i16: 16, f32: 32, i32: 32, i64: 64, f64: 64, i8: 8, f8E4M3FN: 8, i1: 1 };

function firstDiff(a: string, b: string): string {
  const x = a.split('\n');
  const y = b.split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] !== y[i]) return `line ${i + 1}: triton: ${(x[i] ?? '<end>').trim().slice(0, 200)} | ours: ${(y[i] ?? '<end>').trim().slice(0, 200)}`;
  }
  return '';
}

/** Our answers to the three questions; the first that differs from Triton's is the divergence. */
function compare(c: ConversionReply): { cls: string; detail: string } | undefined {
  const srcTy = parseTypeText(c.src, c.aliases);
  const dstTy = parseTypeText(c.dst, c.aliases);
  const memTy = parseTypeText(c.mem, c.aliases);
  if (!(srcTy instanceof RankedTensorType) || !(dstTy instanceof RankedTensorType) || !(memTy instanceof MemDescType)) {
    return { cls: 'parse', detail: `not tensor/memdesc types: ${c.src} ${c.dst} ${c.mem}` };
  }
  const cvt = minimalCvtLayout(srcTy, dstTy);
  if (!cvt) return { cls: 'trivial ours failed', detail: 'minimalCvtLayout gave no layout' };
  const ins = cvt.getInDimNames();
  const trivial = srcTy.encoding!.key === dstTy.encoding!.key || ins.length === 0 || (ins.length === 1 && ins[0] === 'register');
  if (trivial !== c.trivial) return { cls: 'trivial differs', detail: `triton ${c.trivial}, ours ${trivial}` };
  const bits = BITS[c.dtype] ?? 0;
  for (const [side, ty, want] of [['src', srcTy, c.bank_src], ['dst', dstTy, c.bank_dst]] as const) {
    if (want === undefined) continue;
    const got = bankConflictsMemDesc(toLinearLayout(c.shape, ty.encoding!), toLinearLayout(c.shape, memTy.encoding), bits);
    if (got !== want) return { cls: 'bank conflicts differ', detail: `${side}: triton ${want}, ours ${got}` };
  }
  return undefined;
}

function allocation(c: ConversionReply): { cls: string; detail: string; triton?: string; ours?: string } | undefined {
  const flag = `--allocate-shared-memory-nv=compute-capability=${c.cc} ptx-version=87`;
  const ours = runOptSync(['-', flag], c.module);
  if (c.pass_error !== undefined) {
    return ours.exitCode === 0 ? { cls: 'allocation triton failed', detail: c.pass_error.slice(0, 300) } : undefined;
  }
  if (ours.exitCode !== 0) return { cls: 'allocation ours failed', detail: ours.stderr.split('\n')[0]?.slice(0, 300) ?? '' };
  // Triton's text as it printed it is usually ours already: re-printing it (a parse) only when it is not
  if (ours.stdout.trimEnd() === (c.output ?? '').trimEnd()) return undefined;
  const again = runOptSync(['-'], c.output ?? '');
  if (again.exitCode !== 0) return { cls: 'allocation ours failed', detail: `re-printing Triton's output: ${again.stderr.split('\n')[0]?.slice(0, 250)}` };
  if (again.stdout === ours.stdout) return undefined;
  return { cls: 'allocation differs', detail: firstDiff(again.stdout, ours.stdout), triton: again.stdout, ours: ours.stdout };
}

export function conversionResult(r: OracleReply): CaseResult {
  if (typeof r['crash'] === 'string') {
    const note = String(r['note'] ?? '');
    return { outcome: 'triton-crash', cls: `conversion crash:${note.split(' ')[0]}`, detail: `${r['crash']}: ${note}` };
  }
  if (typeof r['skip'] === 'string' || typeof r['error'] === 'string') return { outcome: 'rejected', detail: String(r['skip'] ?? r['error']).slice(0, 300) };
  if (typeof r['reject'] === 'string') return { outcome: 'rejected', detail: `Triton's parser/verifier: ${String(r['reject']).slice(0, 200)}` };
  const c = r as unknown as ConversionReply;
  let bad: { cls: string; detail: string; triton?: string; ours?: string } | undefined;
  try {
    bad = compare(c) ?? allocation(c);
  } catch (e) {
    bad = { cls: 'ours threw', detail: e instanceof Error ? e.message.slice(0, 300) : String(e) };
  }
  if (!bad) return { outcome: 'same', steps: { [c.trivial ? 'trivial' : 'not trivial']: 1 } };
  const files: Record<string, string> = {
    'input.mlir': c.module,
    'case.json': JSON.stringify({ family: c.family, shared: c.shared_family, shape: c.shape, dtype: c.dtype, cc: c.cc, src: c.src, dst: c.dst, mem: c.mem, aliases: c.aliases, trivial: c.trivial, bank_src: c.bank_src, bank_dst: c.bank_dst }, null, 1) + '\n',
  };
  if (bad.triton !== undefined) files['triton.mlir'] = bad.triton;
  if (bad.ours !== undefined) files['ours.mlir'] = bad.ours;
  return {
    outcome: 'divergence',
    cls: `conversion:${bad.cls}`,
    detail: `${c.family} ${c.dtype} ${JSON.stringify(c.shape)}: ${bad.detail}`,
    files,
    command: `node dist/bin/ttg-opt.js input.mlir '--allocate-shared-memory-nv=compute-capability=${c.cc} ptx-version=87'; node dist/bin/ttg-layout.js --convert '${c.src}' '${c.dst}' (case.json: Triton's answers)`,
  };
}
