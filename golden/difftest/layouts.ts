/**
 * The layouts kind: a random encoding and shape from the oracle (built, printed and converted by Triton 3.6's
 * toLinearLayout), compared basis for basis with ours (dialect/ttg/to-linear-layout.ts via golden/layouts.ts).
 */
import { runLayoutCase, sameBases, type LayoutCase } from '../layouts.js';
import type { OracleReply } from './oracle.js';
import type { CaseResult } from './types.js';

/** Compares the oracle's answer for one layout case with ours. */
export function layoutResult(r: OracleReply): CaseResult {
  if (typeof r['crash'] === 'string') return { outcome: 'triton-crash', cls: `layout crash:${String(r['note'] ?? '').split(' ')[0]}`, detail: `${r['crash']}: ${String(r['note'] ?? '')}` };
  if (typeof r['skip'] === 'string' || typeof r['error'] === 'string') return { outcome: 'rejected', detail: String(r['skip'] ?? r['error']) };
  const c = r as unknown as LayoutCase & { family: string; linear: Record<string, number[][]> };
  const ours = runLayoutCase(c);
  if (ours.ok && ours.linear && sameBases(ours.linear, c.linear)) return { outcome: 'same' };
  const line = JSON.stringify({ family: c.family, aliases: c.aliases, encoding: c.encoding, shape: c.shape, linear: c.linear });
  return {
    outcome: 'divergence',
    cls: `layout:${c.family}${ours.ok ? ' bases differ' : ' ours failed'}`,
    detail: ours.ok ? `ours ${JSON.stringify(ours.linear)}` : ours.error,
    files: { 'case.jsonl': line + '\n', 'expected.json': JSON.stringify(c.linear) + '\n', 'ours.json': JSON.stringify(ours.linear ?? ours.error) + '\n' },
    command: 'node dist/bin/ttg-layout.js --batch case.jsonl   # compare with expected.json',
  };
}
