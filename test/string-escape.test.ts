// MLIR string escaping (dialect/ir/string-escape.ts): the printer writes the \XX escapes of UTF-8 bytes, as
// MLIR's printEscapedString (checked against Triton 3.6's own printer), and reading them back gives the same text.
import { describe, expect, it } from 'vitest';
import { compareBytes, escapeString, unescapeString } from '../dialect/ir/string-escape.js';

describe('string escaping', () => {
  it('prints as MLIR does', () => {
    // Triton 3.6 prints "x\"y\\z\0A\E2\80\AE\FF" as "x\22y\\z\0A\E2\80\AE\FF" and "é" as "\C3\A9".
    expect(escapeString(unescapeString('"x\\"y\\\\z\\0A\\E2\\80\\AE\\FF"'))).toBe('"x\\22y\\\\z\\0A\\E2\\80\\AE\\FF"');
    expect(escapeString('é')).toBe('"\\C3\\A9"');
    expect(escapeString('\u2028')).toBe('"\\E2\\80\\A8"');
    expect(escapeString('\u{1F600}')).toBe('"\\F0\\9F\\98\\80"');
    expect(escapeString('a\tb')).toBe('"a\\09b"');
  });
  it('reads back what it prints', () => {
    for (const s of ['plain', 'é\u2028\u202e\u200b', '\u{1F600}x', 'q"\\', '\n\t\u0000', '\udcff']) {
      expect(unescapeString(escapeString(s))).toBe(s);
    }
    // Bytes that are not UTF-8 survive a round trip too.
    for (const lit of ['"\\FF"', '"\\E2\\80"', '"\\C0\\80"', '"\\ED\\A0\\80"']) expect(escapeString(unescapeString(lit))).toBe(lit);
  });
  it('orders names by their bytes', () => {
    expect(compareBytes('ttg.\u2028x', 'ttg.t')).toBeGreaterThan(0);
    expect(compareBytes('\uffff', '\u{10000}')).toBeLessThan(0);
    expect(compareBytes('a', 'b')).toBeLessThan(0);
  });
});
