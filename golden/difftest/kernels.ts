/**
 * The kernels kind: a random Triton kernel (scripts/oracle/kernelgen.py) compiled by Triton 3.6 on the CPU for
 * sm80 or sm90 with MLIR_ENABLE_DUMP=1 (make_llir stopped after its allocation passes); the log is replayed through
 * ttg-opt (tools/replay) from make_ttgir's first pass (convert-triton-to-tritongpu) up to
 * tritongpu-global-scratch-memory-allocation, and every pass that ttg-opt has must give 'same'. A differing pass
 * is saved as a one-pass reproducer (the IR before it, the flag, Triton's output) next to the kernel and its log.
 */
import { parseDumpLog } from '../../tools/replay/dump-log.js';
import { replay } from '../../tools/replay/replay.js';
import { fastReplaySame } from './fast-replay.js';
import type { CaseResult, KindContext } from './types.js';

const FIRST = 'convert-triton-to-tritongpu';
const LAST = 'tritongpu-global-scratch-memory-allocation';

/** Case `index` is generated kernel `index >> 1` compiled for sm80 (even index) or sm90 (odd): every kernel goes
 * through both architectures. */
export async function kernelCase(ctx: KindContext, index: number): Promise<CaseResult> {
  const cap = index % 2 ? 90 : 80;
  const seed = ctx.seed * 1_000_003 + Math.floor(index / 2);
  const r = await ctx.oracle.request({ op: 'kernel', seed, cap });
  if (typeof r['crash'] === 'string') return { outcome: 'triton-crash', cls: 'kernel compile crash', detail: r['crash'] };
  const log = typeof r['log'] === 'string' ? r['log'] : '';
  const src = typeof r['src'] === 'string' ? r['src'] : '';
  const options = (r['options'] ?? {}) as { num_stages?: number; num_warps?: number };
  if (typeof r['error'] === 'string' && !log.includes('IR Dump Before')) return { outcome: 'rejected', detail: r['error'].slice(-300) };
  let dumps;
  try {
    dumps = parseDumpLog(log);
  } catch (e) {
    return { outcome: 'rejected', detail: `unreadable log: ${e instanceof Error ? e.message : String(e)}` };
  }
  const fast = process.env['DIFFTEST_SLOW_REPLAY'] ? undefined : fastReplaySame(dumps, FIRST, LAST, options.num_stages);
  if (fast) return { outcome: 'same', steps: fast };
  const rep = replay(dumps, { from: FIRST, to: LAST, diff: 'first', keepTexts: true, ...(options.num_stages ? { numStages: options.num_stages } : {}) });
  const steps: Record<string, number> = { ...rep.counts };
  const bad = rep.steps.filter((s) => s.verdict === 'differs' || s.verdict === 'ours-failed');
  if (!bad.length) return { outcome: 'same', steps };
  const first = bad[0]!;
  const files: Record<string, string> = {
    'kernel.py': `${src}\n# cap=${cap} options=${JSON.stringify(options)}\n`,
    'dump.log': log,
  };
  if (first.before !== undefined) files['before.mlir'] = first.before;
  if (first.triton !== undefined) files['triton-after.mlir'] = first.triton;
  if (first.ours !== undefined) files['ours-after.mlir'] = first.ours;
  const passes = [...new Set(bad.map((s) => `${s.flag} ${s.verdict}`))];
  return {
    outcome: 'divergence',
    cls: `kernel:${first.flag} ${first.verdict}`,
    detail: `sm${cap} ${JSON.stringify(options)}: ${passes.join(', ')}${first.note ? ` (${first.note.slice(0, 200)})` : ''}`,
    files,
    steps,
    command: `node dist/bin/ttg-replay.js dump.log --json --from ${FIRST} --to ${LAST}` + (first.argument ? `; node dist/bin/ttg-opt.js before.mlir '${first.argument}'` : ''),
  };
}
