// The summary `npm run gpu` prints after staging (and for `--summary MANIFEST`): built cases per kernel family and
// target, and the cases whose PTX instruction counts differ from those of Triton's own kernel.ptx.
import { formatTable } from '../../golden/common.js';

/** The fields of a manifest entry (run.ts ManifestCase) the summary reads. */
export interface StagedCase {
  case: string;
  capability: number;
  status: 'built' | 'not built';
  ptx_counts?: { ours: Record<string, number>; triton?: Record<string, number> };
}

/** Built cases per kernel family and target, and the cases whose PTX instruction counts differ from Triton's. */
export function stagingSummary(cases: readonly StagedCase[]): string {
  const fam = new Map<string, Record<string, [number, number]>>();
  const differ: string[] = [];
  for (const c of cases) {
    const family = c.case.split('-')[0]!;
    const row = fam.get(family) ?? {};
    const t = (row[`sm${c.capability}`] ??= [0, 0]);
    t[1]++;
    if (c.status === 'built') t[0]++;
    fam.set(family, row);
    const pc = c.ptx_counts;
    if (!pc?.triton) continue;
    const keys = [...new Set([...Object.keys(pc.ours), ...Object.keys(pc.triton)])].sort();
    const diffs = keys.filter((k) => (pc.ours[k] ?? 0) !== (pc.triton![k] ?? 0)).map((k) => `${k} ${pc.ours[k] ?? 0}/${pc.triton![k] ?? 0}`);
    if (diffs.length) differ.push(`  ${c.case}: ${diffs.join(', ')}`);
  }
  const caps = [...new Set(cases.map((c) => `sm${c.capability}`))].sort();
  const rows = [...fam.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([f, r]) => [f, ...caps.map((k) => (r[k] ? `${r[k][0]}/${r[k][1]}` : '-'))]);
  let text = `built per family:\n${formatTable(['family', ...caps], rows)}\n`;
  const compared = cases.filter((c) => c.ptx_counts?.triton).length;
  text += `PTX instruction counts (ours/Triton) equal to Triton's kernel.ptx on ${compared - differ.length} of ${compared} cases`;
  text += differ.length ? `; they differ on:\n${differ.join('\n')}\n` : '\n';
  return text;
}
