// Lowering of software-pipelined kernels as Triton 3.6's real pipeline hands them to convert-triton-gpu-to-llvm
// (test/fixtures/pipeline: the last TTGIR stage of five cases of the real-pipeline corpus, with the meta.json flags
// from convert-triton-gpu-to-llvm on and the instruction counts of Triton's own kernel.ptx). Checked: the lowering
// succeeds with make_llir's exact flags; every `ttg.async_wait {num}` becomes `cp.async.wait.group num` and is
// followed by a barrier before the next shared memory read (the membar analysis treats the wait as a write of the
// async copies' buffers); every `ttng.warp_group_dot_wait {pendings}` becomes `wgmma.wait_group.sync.aligned
// pendings`; mbarrier inits and waits of the TMA kernel; with the LLVM 22 tools and ptxas installed, the kernel
// assembles and its counts of cp.async, wgmma, mma, ldmatrix, mbarrier ops, proxy fences and barriers are Triton's.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CaseResult, findToolchain, lowerAndAssemble } from '../golden/toolchain.js';
import { runOpt } from '../tools/opt-main.js';

const dir = join(import.meta.dirname, 'fixtures', 'pipeline');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.mlir'))
  .sort();
const tc = findToolchain();
const work = mkdtempSync(join(tmpdir(), 'ttg-pipeline-lowering-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Fixture {
  case: string;
  flags: string[];
  triton_ptx_counts: Record<string, number>;
}

const fixture = (f: string): Fixture => JSON.parse(readFileSync(join(dir, f.replace(/\.mlir$/, '.json')), 'utf8')) as Fixture;

/** The `{num = N}` / `{pendings = N}` values of an op in the TTGIR text, in order. */
function attrValues(text: string, op: string, attr: string): number[] {
  return [...text.matchAll(new RegExp(`${op.replace('.', '\\.')}[^\\n]*\\{${attr} = (\\d+)`, 'g'))].map((m) => Number(m[1]));
}

/** A shared memory read in the lowered LLVM dialect: a load through an addrspace(3) pointer, ldmatrix, or wgmma
 *  (which reads its shared operands). */
const SHARED_READ = /llvm\.load [^\n]*!llvm\.ptr<3>|ldmatrix|wgmma\.mma_async/;

describe('lowering: kernels of Triton 3.6 real pipeline (multi-buffered, async copies, async wgmma)', () => {
  for (const f of files) {
    const fx = fixture(f);
    const cap = Number(/-sm(\d+)-/.exec(f)![1]);
    it(`${f}: lowers with make_llir's flags; async waits, their barriers and wgmma waits`, async () => {
      const input = readFileSync(join(dir, f), 'utf8');
      const r = await runOpt([join(dir, f), ...fx.flags]);
      expect(r.stderr).toBe('');
      expect(r.exitCode).toBe(0);
      const out = r.stdout;
      expect(out).not.toMatch(/^\s*(?:%[^=]+= )?"?(?:tt|ttg|ttng|arith|math|cf|scf)\.[a-z_]+/m);

      const waits = attrValues(input, 'ttg.async_wait', 'num');
      const lowered = [...out.matchAll(/cp\.async\.wait\.group (\d+)/g)].map((m) => Number(m[1]));
      expect(lowered.sort()).toEqual([...waits].sort());
      // after each wait, a barrier comes before the next read of shared memory
      const lines = out.split('\n');
      let checked = 0;
      lines.forEach((line, i) => {
        if (!/cp\.async\.wait\.group/.test(line)) return;
        const read = lines.findIndex((l, j) => j > i && SHARED_READ.test(l));
        if (read < 0) return;
        checked++;
        expect(lines.slice(i + 1, read).some((l) => /nvvm\.barrier0|barrier\.sync|bar\.sync/.test(l))).toBe(true);
      });
      if (waits.length) expect(checked).toBeGreaterThan(0);
      // TMA kernels: one mbarrier init per ttng.init_barrier, a parity wait loop per ttng.wait_barrier
      const inits = (input.match(/ttng\.init_barrier/g) ?? []).length;
      expect((out.match(/mbarrier\.init\.shared::cta\.b64/g) ?? []).length).toBe(inits);
      expect((out.match(/mbarrier\.try_wait\.parity/g) ?? []).length).toBe((input.match(/ttng\.wait_barrier/g) ?? []).length);

      const pendings = attrValues(input, 'ttng.warp_group_dot_wait', 'pendings');
      const wg = [...out.matchAll(/wgmma\.wait_group\.sync\.aligned (\d+)/g)].map((m) => Number(m[1]));
      expect(wg.sort()).toEqual([...pendings].sort());
      if (cap >= 90) expect(out).toContain('wgmma.commit.group.sync.aligned');
      expect(/"ttg\.shared" = |ttg\.shared = /.test(out.split('\n')[0] ?? '')).toBe(true);
    });
    it.skipIf(Array.isArray(tc))(`${f}: assembles; instruction mix as Triton's kernel.ptx`, async () => {
      if (Array.isArray(tc)) return;
      const res: CaseResult = { name: f, ok: false, step: '' };
      await lowerAndAssemble(runOpt, tc, join(dir, f), fx.flags, cap, 87, join(work, f), res);
      expect(res.error ?? '').toBe('');
      expect(res.ok).toBe(true);
      const want = fx.triton_ptx_counts;
      for (const k of ['cp.async', 'cp.commit', 'cp.wait', 'wgmma', 'wgmma.commit', 'wgmma.wait', 'mma.sync', 'ldmatrix', 'bar.sync', 'mbarrier', 'ex2', 'ex2.ftz', 'fence.proxy']) {
        expect([k, res.ours?.[k] ?? 0]).toEqual([k, want[k] ?? 0]);
      }
    }, 120_000);
  }
});
