/**
 * Code partition up to specializeRegion (transforms/nvgpu-ws/code-partition.ts: async copies, tokens,
 * communication ops, local-load folding) against Triton 3.6's dump after doCodePartition: per task, the ops the
 * task runs (golden/ws-partition-compare.ts) equal the ops Triton's specializeRegion cloned into that task's
 * region, on the 29 warp-specialized kernels of golden/ws-pipeline.tar.xz (TMA loads) and on a loop of
 * plain-pointer loads (async copies, consumer waits, producer commits; Triton's own pass then asserts in token
 * lowering). Triton orders consecutive consumer releases by pointer-keyed maps, so they are compared as a set.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../transforms/index.js';
import type { Operation } from '../dialect/ir/ir.js';
import { verifyOperation } from '../dialect/ir/verifier.js';
import { FuncOp } from '../dialect/tt/ops.js';
import { Parser } from '../parser/parser.js';
import { loopsToWarpSpecialize, partitionFunction } from '../transforms/nvgpu-warp-specialization.js';
import { codePartitionBeforeSpecialize } from '../transforms/nvgpu-ws/code-partition.js';
import { getAsyncTaskIds } from '../transforms/nvgpu-ws/task-ids.js';
import { firstTaskDifference, modReleaseOrder, preSpecializeTaskOps, specializedTaskOps } from '../golden/ws-partition-compare.js';
import { optimize } from '../api/ir.js';

const dir = mkdtempSync(join(tmpdir(), 'ws-pipeline-'));
execFileSync('tar', ['-xJf', 'golden/ws-pipeline.tar.xz', '-C', dir]);
const root = join(dir, 'pipeline');

function tritonCodePartition(text: string): string | undefined {
  const at = text.indexOf('// -----// WarpSpec internal IR Dump After: doCodePartition');
  if (at < 0) return undefined;
  const body = text.slice(text.indexOf('\n', at) + 1);
  const end = body.indexOf('\n\n\n');
  return end < 0 ? body : body.slice(0, end);
}

/** Our partitioning steps and code partition up to specializeRegion on every function the pass would specialize. */
function preSpecialize(input: string, numBuffers: number): Operation {
  const mod = new Parser(input, { filename: 'input.mlir' }).parseModule();
  mod.walk((op) => {
    if (!FuncOp.is(op) || loopsToWarpSpecialize(op).length === 0) return;
    expect(partitionFunction(op, () => {})).toBe(true);
    expect(codePartitionBeforeSpecialize(op, numBuffers)).toBe(true);
  });
  return mod;
}

function compare(mod: Operation, dump: string): { exact: boolean; modOrder: string | undefined } {
  const want = specializedTaskOps(new Parser(dump, { filename: 'triton.mlir' }).parseModule());
  const got = preSpecializeTaskOps(mod);
  expect(want.size).toBeGreaterThan(1);
  return { exact: firstTaskDifference(want, got) === undefined, modOrder: firstTaskDifference(modReleaseOrder(want), modReleaseOrder(got)) };
}

const cases = readdirSync(root).sort();
let exact = 0;
let compared = 0;

describe('code partition before specializeRegion vs Triton 3.6\'s partitions', () => {
  for (const c of cases) {
    const dump = tritonCodePartition(readFileSync(join(root, c, 'ws-steps.txt'), 'utf8'));
    if (dump === undefined) continue;
    it(c, () => {
      const meta = JSON.parse(readFileSync(join(root, c, 'meta.json'), 'utf8')) as { stages: { pass: string; file: string; flag: string }[] };
      const i = meta.stages.findIndex((s) => s.pass === 'nvgpu-warp-specialization');
      const numStages = Number(/num-stages=(\d+)/.exec(meta.stages[i]!.flag)![1]);
      const mod = preSpecialize(readFileSync(join(root, c, meta.stages[i - 1]!.file), 'utf8'), numStages);
      expect(verifyOperation(mod)).toBeUndefined();
      // every op inside the loops is labelled (the contract of specializeRegion's input), except terminators
      // (an outer loop's yield has no ids in Triton's input either)
      mod.walk((op) => {
        const parent = op.parentOp;
        if (parent && !FuncOp.is(parent) && parent.name !== 'builtin.module' && op !== op.parent?.terminator) expect(getAsyncTaskIds(op).length).toBeGreaterThan(0);
      });
      const r = compare(mod, dump);
      expect(r.modOrder).toBeUndefined();
      compared++;
      if (r.exact) exact++;
    });
  }
  it('is byte-exact up to the release order on all, exact on some', () => {
    expect(compared).toBeGreaterThanOrEqual(29);
    // which release order Triton picked depends on heap addresses (15/29 agree with ours)
    expect(exact).toBeGreaterThanOrEqual(10);
  });
});

describe('code partition of plain-pointer loads (async copies)', () => {
  const input = readFileSync('lit/nvgpu-warp-specialization/pointer-load-loop.mlir', 'utf8');
  const dump = readFileSync('test/fixtures/nvgpu-ws/pointer-load-loop.code-partition.mlir', 'utf8');
  it('matches Triton 3.6 task by task', () => {
    const mod = preSpecialize(input, 3);
    const r = compare(mod, dump);
    expect(r.modOrder).toBeUndefined();
    const names: string[] = [];
    mod.walk((op) => {
      if (op.name.startsWith('nvws.') || op.name === 'ttg.async_copy_global_to_local') names.push(op.name);
    });
    expect(names.filter((n) => n === 'ttg.async_copy_global_to_local')).toHaveLength(3);
    expect(names.filter((n) => n === 'nvws.producer_commit')).toHaveLength(4);
    expect(names.filter((n) => n === 'nvws.consumer_wait')).toHaveLength(4);
  });
  it('the test pass prints the same module', () => {
    const out = optimize(input, 'nvgpu-test-ws-code-partition-pre-specialize{num-buffers=3 partition=true}');
    expect(out.ok).toBe(true);
    const r = compare(new Parser(out.output!, { filename: 'out.mlir' }).parseModule(), dump);
    expect(r.modOrder).toBeUndefined();
  });
});
