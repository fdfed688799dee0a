// Every line of Triton 3.6's layouts.jsonl: parse the encoding (with its aliases) through the real parser,
// compute toLinearLayout, compare the bases exactly.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { layoutsText, runLayoutCase, runLayoutsGolden, sameBases, type LayoutCase } from '../golden/layouts.js';

const lines = layoutsText().split('\n').filter((l) => l.trim() !== '');
// More ground truth from the Triton 3.6 wheel (see layouts-extra.oracle.py): CGA layouts, dot operands of
// blocked and wmma parents, tilesPerWarp, linear encodings, nested slices.
const extraFile = join(__dirname, 'layouts-extra.jsonl');
const extra = readFileSync(extraFile, 'utf8').split('\n').filter((l) => l.trim() !== '');

function checkFamilies(all: string[]): void {
  const byFamily = new Map<string, { line: number; c: LayoutCase }[]>();
  all.forEach((l, i) => {
    const c = JSON.parse(l) as LayoutCase;
    const fam = c.family ?? 'unknown';
    if (!byFamily.has(fam)) byFamily.set(fam, []);
    byFamily.get(fam)!.push({ line: i + 1, c });
  });
  for (const [fam, cases] of byFamily) {
    it(`${fam}: ${cases.length} layouts`, () => {
      const bad: string[] = [];
      for (const { line, c } of cases) {
        const r = runLayoutCase(c);
        if (!r.ok || !sameBases(r.linear!, c.linear!)) bad.push(`line ${line}: ${c.encoding} ${JSON.stringify(c.shape)} ${r.error ?? ''}`);
      }
      expect(bad).toEqual([]);
    });
  }
}

describe('layouts-extra.jsonl (Triton 3.6 wheel)', () => {
  checkFamilies(extra);
  it('runLayoutsGolden reads other files', async () => {
    const r = await runLayoutsGolden({ file: extraFile });
    expect(r.failed).toBe(0);
    expect(r.passed).toBe(extra.length);
  });
});

describe('layouts.jsonl golden', () => {
  it('has every line', () => expect(lines.length).toBe(1800));
  checkFamilies(lines);
  it('runLayoutsGolden reports every line as passed', async () => {
    const r = await runLayoutsGolden({});
    expect(r.failed).toBe(0);
    expect(r.passed).toBe(lines.length);
    expect(r.report.trimEnd().split('\n').at(-1)).toBe(`${lines.length} passed, 0 failed`);
  });
});
