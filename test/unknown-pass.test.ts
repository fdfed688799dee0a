// What the driver says about a pass flag it does not have: a real Triton 3.6 pass is named as one (from the table
// of transforms/triton-36-passes.ts), anything else gets a "did you mean" only when a registered name is close.
import { describe, expect, it } from 'vitest';
import '../transforms/index.js';
import { runOptSync } from '../tools/opt-main.js';
import { allPasses, closestPasses } from '../transforms/pass.js';
import { isTriton36Pass, TRITON_36_PASS_FLAGS } from '../transforms/triton-36-passes.js';

const INPUT = 'tt.func @f() {\n  tt.return\n}\n';
const stderrOf = (args: string[]): string => {
  const r = runOptSync(['-', ...args], INPUT);
  expect(r.exitCode).toBe(1);
  expect(r.stdout).toBe('');
  return r.stderr;
};

describe('unknown pass flags', () => {
  const registered = new Set(allPasses().map((p) => p.name));
  const missing = Object.values(TRITON_36_PASS_FLAGS)
    .flat()
    .filter((f) => !registered.has(f));

  it('the table holds the passes of the CUDA pipeline', () => {
    for (const f of ['tritongpu-pipeline', 'tritongpu-prefetch', 'triton-licm', 'tritongpu-coalesce', 'convert-triton-gpu-to-llvm', 'sccp', 'inline']) {
      expect(isTriton36Pass(f), f).toBe(true);
    }
    expect(isTriton36Pass('tritongpu-pipelin')).toBe(false);
  });

  it("every Triton 3.6 pass we lack is named as one, with its options, and never gets a guess", () => {
    expect(missing.length).toBeGreaterThan(0);
    for (const f of missing) {
      const err = stderrOf([`--${f}=num-stages=3`]);
      expect(err).toBe(
        `ttg-opt: Unknown command line argument '--${f}=num-stages=3'.  Try: 'ttg-opt --help'\n` +
          `ttg-opt: '--${f}' is a Triton 3.6 pass that ttg-opt does not implement yet\n`,
      );
    }
  });

  it('the same inside --pass-pipeline', () => {
    const f = missing[0]!;
    expect(stderrOf([`--pass-pipeline=builtin.module(${f})`])).toBe(
      `ttg-opt: '${f}' does not refer to a registered pass or pass pipeline\nttg-opt: '${f}' is a Triton 3.6 pass that ttg-opt does not implement yet\n`,
    );
  });

  it('a registered pass is never reported, whatever the table says', () => {
    const r = runOptSync(['-', '--symbol-dce', '--cse'], INPUT);
    expect(r.exitCode).toBe(0);
  });

  it('suggests only close names (no short option for a long flag)', () => {
    expect(closestPasses('tritongpu-coalesc')).toEqual(['tritongpu-coalesce']);
    expect(closestPasses('canonicalise')).toEqual(['canonicalize']);
    expect(closestPasses('tritongpu-remove-layout')).toEqual(['tritongpu-remove-layout-conversions']);
    expect(closestPasses('tritongpu-foo-bar-baz', ['o', 'tritongpu-coalesce', 'cse'])).toEqual([]);
    expect(closestPasses('x', ['o', 'cse'])).toEqual([]);
    expect(stderrOf(['--tritongpu-coalesc'])).toMatch(/\nttg-opt: Did you mean '--tritongpu-coalesce'\?\n$/);
    const none = stderrOf(['--frobnicate-the-layouts']);
    expect(none).toBe("ttg-opt: Unknown command line argument '--frobnicate-the-layouts'.  Try: 'ttg-opt --help'\n");
  });
});
