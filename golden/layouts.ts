// The `layouts` golden mode: every line of Triton's layouts.jsonl (aliases, encoding, shape, and the linear
// layout Triton 3.6's toLinearLayout gives) is parsed with the real parser, converted with our toLinearLayout,
// and compared basis for basis. Reports per family, then `N passed, M failed`.
import { readFileSync } from 'node:fs';
import { EncodingTextError, parseEncodingText } from '../parser/encoding-text.js';
import { linearLayoutToJSON, toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { GroundTruthError, groundTruth } from './ground-truth.js';

/** One line of layouts.jsonl. */
export interface LayoutCase {
  family?: string;
  aliases?: string[];
  encoding: string;
  shape: number[];
  linear?: Record<string, number[][]>;
}

export interface LayoutCaseResult {
  ok: boolean;
  /** The bases we computed, or the error. */
  linear?: Record<string, number[][]>;
  error?: string;
}

/** Converts one case; never throws. */
export function runLayoutCase(c: LayoutCase): LayoutCaseResult {
  try {
    const attr = parseEncodingText(c.encoding, c.aliases ?? []);
    const linear = linearLayoutToJSON(toLinearLayout(c.shape, attr));
    return { ok: true, linear };
  } catch (e) {
    const error = e instanceof EncodingTextError ? e.describe() : e instanceof Error ? e.message : String(e);
    return { ok: false, error };
  }
}

/** Exact comparison: same in-dims in the same order, same bases. */
export function sameBases(a: Record<string, number[][]>, b: Record<string, number[][]>): boolean {
  return JSON.stringify(Object.entries(a)) === JSON.stringify(Object.entries(b));
}

/** The text of Triton's layouts.jsonl: `file` from disk, by default the ground truth's golden/layouts.jsonl. */
export function layoutsText(file?: string): string {
  if (file === undefined) return groundTruth().read('golden/layouts.jsonl');
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new GroundTruthError(`cannot read ${file}`);
  }
}

export async function runLayoutsGolden(opts: { file?: string } = {}): Promise<{ passed: number; failed: number; report: string }> {
  const lines = layoutsText(opts.file).split('\n').filter((l) => l.trim() !== '');
  const families = new Map<string, { passed: number; failed: number }>();
  const failures: string[] = [];
  let passed = 0;
  let failed = 0;
  lines.forEach((line, i) => {
    let c: LayoutCase;
    try {
      c = JSON.parse(line) as LayoutCase;
    } catch {
      failed++;
      failures.push(`line ${i + 1}: not JSON`);
      return;
    }
    const fam = c.family ?? 'unknown';
    let stat = families.get(fam);
    if (!stat) families.set(fam, (stat = { passed: 0, failed: 0 }));
    const r = runLayoutCase(c);
    const ok = r.ok && c.linear !== undefined && sameBases(r.linear!, c.linear);
    if (ok) {
      passed++;
      stat.passed++;
      return;
    }
    failed++;
    stat.failed++;
    if (failures.length < 20) {
      const what = r.ok ? `got ${JSON.stringify(r.linear)}\n    want ${JSON.stringify(c.linear)}` : `error: ${r.error}`;
      failures.push(`line ${i + 1} (${fam}) ${c.encoding} ${JSON.stringify(c.shape)}${c.aliases?.length ? ' with ' + c.aliases.join('; ') : ''}\n    ${what}`);
    }
  });
  const out: string[] = [`layouts: ${opts.file ?? `golden/layouts.jsonl of ${groundTruth().origin}`}`];
  const width = Math.max(...[...families.keys()].map((f) => f.length), 6);
  for (const [fam, s] of [...families].sort(([a], [b]) => (a < b ? -1 : 1))) {
    out.push(`  ${fam.padEnd(width)}  ${String(s.passed).padStart(5)} passed  ${String(s.failed).padStart(5)} failed`);
  }
  if (failures.length) {
    out.push('', 'failures' + (failed > failures.length ? ` (first ${failures.length} of ${failed})` : '') + ':');
    out.push(...failures.map((f) => '  ' + f));
  }
  out.push(`${passed} passed, ${failed} failed`);
  return { passed, failed, report: out.join('\n') + '\n' };
}
