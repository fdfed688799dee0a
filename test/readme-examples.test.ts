/**
 * The README's `ttg-layout` output examples (```text blocks that start with `$ npx ttg-layout ...`) are what the tool
 * prints: each block's lines, in order, are lines of the output (a `...` line stands for lines left out; a block
 * without one is the whole output). The examples are read from README.md itself, so an edit of either side that
 * makes them disagree fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLayoutCli } from '../bin/ttg-layout.js';

const root = join(import.meta.dirname, '..');

interface Example {
  command: string;
  expected: string[];
}

/** The `$ npx ttg-layout` blocks of the README: the command (continuation lines joined) and the lines shown. */
function layoutExamples(readme: string): Example[] {
  const out: Example[] = [];
  for (const m of readme.matchAll(/```text\n\$ (npx ttg-layout (?:[^\n]*\\\n)*[^\n]*)\n([\s\S]*?)```/g)) {
    out.push({ command: m[1]!.replace(/\\\n\s*/g, ''), expected: m[2]!.replace(/\n$/, '').split('\n') });
  }
  return out;
}

/** Splits a command line the README writes: words separated by blanks, single-quoted words kept whole. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/'([^']*)'|(\S+)/g)) words.push(m[1] ?? m[2]!);
  return words;
}

/** Whether the lines of `shown` (a `...` line: any lines) are lines of `lines` in the same order; the first one not. */
function matchInOrder(shown: readonly string[], lines: readonly string[]): { ok: boolean; missing?: string } {
  let at = 0;
  for (const want of shown) {
    if (want.trim() === '...') continue;
    while (at < lines.length && lines[at]!.trimEnd() !== want.trimEnd()) at++;
    if (at === lines.length) return { ok: false, missing: want };
    at++;
  }
  return { ok: true };
}

describe('README ttg-layout examples', () => {
  const examples = layoutExamples(readFileSync(join(root, 'README.md'), 'utf8'));

  it('finds the examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
  });

  for (const ex of examples) {
    it(ex.command.slice(0, 100), async () => {
      const [npx, tool, ...args] = shellWords(ex.command);
      expect([npx, tool]).toEqual(['npx', 'ttg-layout']);
      const r = await runLayoutCli(args);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      const lines = r.stdout.replace(/\n$/, '').split('\n');
      if (ex.expected.some((l) => l.trim() === '...')) {
        expect(matchInOrder(ex.expected, lines)).toEqual({ ok: true });
      } else {
        expect(lines).toEqual(ex.expected);
      }
    });
  }
});
