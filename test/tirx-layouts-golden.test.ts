// Every layout of the ground truth's layouts.jsonl (Triton 3.6's toLinearLayout of 1800 encodings) converts to a
// TIRx TileLayout and back to the same linear layout (all of them are expressible: no swizzles among distributed
// layouts).
import { describe, expect, it } from 'vitest';
import { formatTileLayout, linearToTileLayout, parseTileLayout, tileLayoutToLinear } from '../dialect/linear-layout/tirx.js';
import { layoutOf, layoutToJSON } from '../api/layouts.js';
import { groundTruth } from '../golden/ground-truth.js';

interface LayoutCase {
  aliases?: string[];
  encoding: string;
  shape: number[];
}

describe('TIRx round trip of layouts.jsonl', () => {
  it('all 1800 layouts: linear -> TileLayout text -> linear is the identity', () => {
    const cases = groundTruth()
      .read('golden/layouts.jsonl')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LayoutCase);
    expect(cases.length).toBe(1800);
    const mismatches: string[] = [];
    for (const c of cases) {
      const ll = layoutOf(c.encoding, c.shape, c.aliases ?? []);
      const text = formatTileLayout(linearToTileLayout(ll));
      const back = tileLayoutToLinear(parseTileLayout(text), c.shape);
      if (JSON.stringify(layoutToJSON(back)) !== JSON.stringify(layoutToJSON(ll))) mismatches.push(`${c.encoding} ${c.shape.join('x')}: ${text}`);
    }
    expect(mismatches).toEqual([]);
  });
});
