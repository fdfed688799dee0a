/**
 * The passes kind: a mutant of a corpus TTGIR stage (mutate-stage.ts) that Triton's parser and verifier accept is
 * run through the pass by Triton (the oracle) and by ttg-opt (in process); the texts are compared after
 * re-printing Triton's output through ttg-opt with no pass (both without locations).
 */
import '../../tools/passes.js';
import { runOptSync } from '../../tools/opt-main.js';
import { minimizeLines } from './minimize.js';
import { makeStageMutant, Rand, type StageSeed } from './mutate-stage.js';
import type { CaseResult, KindContext } from './types.js';

interface Compared { changed?: boolean; kind: 'same' | 'differs' | 'ours-failed' | 'triton-failed' | 'rejected' | 'crash' | 'unsupported' | 'both-failed'; detail?: string; triton?: string; ours?: string }

function firstDiff(a: string, b: string): string {
  const x = a.split('\n');
  const y = b.split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] !== y[i]) return `line ${i + 1}: triton: ${(x[i] ?? '<end>').trim().slice(0, 160)} | ours: ${(y[i] ?? '<end>').trim().slice(0, 160)}`;
  }
  return '';
}

async function compare(ctx: KindContext, text: string, pipeline: string, flag: string): Promise<Compared> {
  const r = await ctx.oracle.request({ op: 'pass', text, pipeline });
  if (typeof r['crash'] === 'string') return { kind: 'crash', detail: r['crash'] };
  if (typeof r['reject'] === 'string' || typeof r['error'] === 'string') return { kind: 'rejected', detail: String(r['reject'] ?? r['error']).slice(0, 300) };
  if (typeof r['unsupported'] === 'string') return { kind: 'unsupported', detail: r['unsupported'] };
  const ours = runOptSync(['-', flag], text);
  if (typeof r['pass_error'] === 'string') {
    return ours.exitCode === 0 ? { kind: 'triton-failed', detail: r['pass_error'].slice(0, 300) } : { kind: 'both-failed' };
  }
  if (ours.exitCode !== 0) {
    if (/unknown pass|not registered|Unknown command line argument/i.test(ours.stderr)) return { kind: 'unsupported', detail: ours.stderr.slice(0, 200) };
    return { kind: 'ours-failed', detail: ours.stderr.split('\n')[0]?.slice(0, 300) };
  }
  const again = runOptSync(['-'], String(r['output']));
  if (again.exitCode !== 0) return { kind: 'ours-failed', detail: `re-printing Triton's output: ${again.stderr.split('\n')[0]?.slice(0, 250)}` };
  if (again.stdout === ours.stdout) return { kind: 'same', changed: r['input'] !== r['output'] };
  return { kind: 'differs', detail: firstDiff(again.stdout, ours.stdout), triton: again.stdout, ours: ours.stdout };
}

/** Divergence classes already minimized (one minimization per class keeps the run fast). */
const minimized = new Set<string>();

export async function passCase(ctx: KindContext, seeds: readonly StageSeed[], index: number): Promise<CaseResult> {
  const m = makeStageMutant(seeds, new Rand(ctx.seed * 7_919 + index * 104_729 + 1));
  const c = await compare(ctx, m.text, m.pipeline, m.flag);
  const pass = m.seed.pass;
  switch (c.kind) {
    case 'same':
      return { outcome: 'same', steps: { [c.changed ? 'pass changed the IR' : 'pass left the IR as it was']: 1 } };
    case 'both-failed':
      return { outcome: 'same', steps: { 'both failed': 1 } };
    case 'rejected':
      return { outcome: 'rejected', detail: c.detail };
    case 'unsupported':
      return { outcome: 'unsupported', cls: `unsupported:${pass}${c.detail?.startsWith('no binding') || c.detail?.startsWith('pipeline') ? ' (oracle)' : ' (ttg-opt)'}`, detail: c.detail };
    case 'crash':
      return { outcome: 'triton-crash', cls: `triton crash:${pass}`, detail: c.detail, files: { 'input.mlir': m.text }, command: `python3 /tmp/tt_run.py input.mlir  # ${m.pipeline}` };
    default: {
      const cls = `pass:${pass} ${c.kind}`;
      let text = m.text;
      if (ctx.minimize && !minimized.has(cls)) {
        minimized.add(cls);
        const r = await minimizeLines(text, async (t) => (await compare(ctx, t, m.pipeline, m.flag)).kind === c.kind);
        text = r.text;
      }
      const files: Record<string, string> = { 'input.mlir': text, 'case.json': JSON.stringify({ case: m.seed.caseName, pass, pipeline: m.pipeline, flag: m.flag, mutation: m.mutation, detail: c.detail }, null, 1) + '\n' };
      if (text === m.text && c.triton !== undefined && c.ours !== undefined) {
        files['triton.mlir'] = c.triton;
        files['ours.mlir'] = c.ours;
      }
      return { outcome: 'divergence', cls, detail: `${m.seed.caseName} [${m.mutation}] ${c.detail ?? ''}`, files, command: `node dist/bin/ttg-opt.js input.mlir '${m.flag}'` };
    }
  }
}
