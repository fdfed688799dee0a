// End-to-end lowering of kernels compiled by Triton 3.6 (test/fixtures/lowering, made by oracle.py): our
// allocate-shared-memory-nv + convert-triton-gpu-to-llvm + cleanup pipeline must succeed and verify; when the LLVM 22
// tools and ptxas are installed, the result must assemble for its target (sm_80 / sm_90a) and its global memory
// accesses must have the same vector widths and counts as Triton's own PTX.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findToolchain, lowerAndAssemble, type CaseResult } from '../golden/toolchain.js';
import { runOpt } from '../tools/opt-main.js';

const dir = join(import.meta.dirname, 'fixtures', 'lowering');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.mlir'))
  .sort();
const tc = findToolchain();
const haveTools = !Array.isArray(tc);
const work = mkdtempSync(join(tmpdir(), 'ttg-lowering-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function flags(cap: number): string[] {
  return [
    `--allocate-shared-memory-nv=compute-capability=${cap} ptx-version=87`,
    `--convert-triton-gpu-to-llvm=compute-capability=${cap} ptx-version=87`,
    '--canonicalize',
    '--cse',
    '--convert-nv-gpu-to-llvm',
    '--canonicalize',
    '--cse',
    '--symbol-dce',
    '--convert-nvvm-to-llvm',
  ];
}

const GLOBAL = /^(ld|st)\.global\./;

describe('lowering: Triton 3.6 kernels', () => {
  for (const f of files) {
    const cap = Number(/\.sm(\d+)\./.exec(f)![1]);
    it(`${f}: our pipeline lowers it to LLVM dialect`, async () => {
      const r = await runOpt([join(dir, f), ...flags(cap)]);
      expect(r.stderr).toBe('');
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toContain('llvm.func');
      expect(r.stdout).not.toMatch(/^\s*(?:%[^=]+= )?"?(?:tt|ttg|arith|math|cf|scf)\.[a-z_]+/m);
    });
    it.skipIf(!haveTools)(`${f}: assembles with ptxas, global accesses as Triton's`, async () => {
      if (Array.isArray(tc)) return;
      const res: CaseResult = { name: f, ok: false, step: '' };
      await lowerAndAssemble(runOpt, tc, readFileSync(join(dir, f), 'utf8'), flags(cap), cap, 87, join(work, f), res);
      expect(res.error ?? '').toBe('');
      expect(res.ok).toBe(true);
      const ref = (JSON.parse(readFileSync(join(dir, f.replace(/\.mlir$/, '.counts.json')), 'utf8')) as { counts: Record<string, number> }).counts;
      const pick = (c: Record<string, number>): Record<string, number> => Object.fromEntries(Object.entries(c).filter(([k, v]) => GLOBAL.test(k) && v > 0));
      expect(pick(res.ours ?? {})).toEqual(pick(ref));
      // These kernels need no shuffles, shared memory or barriers.
      for (const k of ['shfl', 'ld.shared', 'st.shared', 'bar.sync']) expect(res.ours?.[k] ?? 0).toBe(ref[k] ?? 0);
    });
  }
});
