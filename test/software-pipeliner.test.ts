// Tests of --tritongpu-pipeline (transforms/pipeliner/expand): the coarse schedule read from the IR, loops left
// alone, and Triton 3.6's real CUDA pipeline (stage 19 -> 20) when the pipeline corpus is available
// (pipelineCorpusDir: $TTG_PIPELINE_DIR, else the bundled golden/pipeline).

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../transforms/index.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import type { Operation } from '../dialect/ir/ir.js';
import { CoarseSchedule } from '../transforms/pipeliner/expand/coarse-schedule.js';
import { runSoftwarePipeliner } from '../transforms/pipeliner/expand/software-pipeliner.js';
import { pipelineCorpusDir } from '../golden/pipeline-corpus.js';

function parse(src: string): Operation {
  return new Parser(src, { filename: 'test.mlir' }).parseModule();
}

function firstLoop(m: Operation): Operation {
  let loop: Operation | undefined;
  m.walk((op) => {
    if (!loop && op.name === 'scf.for') loop = op;
  });
  return loop!;
}

const SCHEDULED = `
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%n: i32, %x: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
      %a = arith.addi %acc, %x {loop.cluster = 6 : i32, loop.stage = 1 : i32} : i32
      %b = arith.muli %i, %x {loop.cluster = 5 : i32, loop.stage = 0 : i32} : i32
      %c = arith.addi %a, %b {loop.cluster = 7 : i32, loop.stage = 1 : i32} : i32
      scf.yield %c : i32
    } {tt.scheduled_max_stage = 1 : i32}
    tt.return %r : i32
  }
}`;

describe('coarse schedule', () => {
  it('reads stages and renumbers clusters from the smallest id', () => {
    const loop = firstLoop(parse(SCHEDULED));
    const s = CoarseSchedule.deserialize(loop)!;
    expect(s.numStages).toBe(2);
    expect(s.clusters.map((c) => c.id)).toEqual([0, 1, 2]);
    const order = s.opsInOrder(loop).map(({ op, stage, cluster }) => `${op.name}:${stage}:${cluster.id}`);
    expect(order).toEqual(['arith.muli:0:0', 'arith.addi:1:1', 'arith.addi:1:2']);
  });

  it('inserts a cluster before another and keeps the earliest (stage, cluster) on insertMinimum', () => {
    const loop = firstLoop(parse(SCHEDULED));
    const s = CoarseSchedule.deserialize(loop)!;
    const [c0, c1] = s.clusters;
    const n = s.newBefore(c1!);
    expect(s.clusters.map((c) => c.id)).toEqual([0, 1, 2, 3]);
    expect(s.isBefore(c0, n)).toBe(true);
    expect(s.isBefore(n, c1)).toBe(true);
    const op = loop.region(0).blocks[0]!.ops[0]!;
    expect(s.insertMinimum(op, 1, c0)).toBe(true);
    expect(s.get(op).cluster).toBe(c0);
    expect(s.insertMinimum(op, 2, n)).toBe(false);
  });

  it('a loop without tt.scheduled_max_stage has no schedule and is left unchanged', () => {
    const src = SCHEDULED.replace(' {tt.scheduled_max_stage = 1 : i32}', '').replace(/ \{loop\.cluster = \d+ : i32, loop\.stage = \d+ : i32\}/g, '');
    const m = parse(src);
    expect(CoarseSchedule.deserialize(firstLoop(m))).toBeUndefined();
    const before = printOperation(m, {});
    runSoftwarePipeliner(m, 3, false);
    expect(printOperation(m, {})).toBe(before);
  });

  it('expands a scheduled loop: prologue, kernel with the stage-crossing value carried, attributes removed', () => {
    const m = parse(SCHEDULED);
    runSoftwarePipeliner(m, 2, false);
    const out = printOperation(m, {});
    expect(out).not.toContain('loop.stage');
    expect(out).not.toContain('tt.scheduled_max_stage');
    // %b (stage 0) is used by stage 1: one extra iter_arg carries it, initialized by the prologue's copy
    // (i * x at i = 0, folded to 0); the kernel computes it one iteration ahead (iv + 1).
    expect(out).toContain('scf.for %arg2 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg3 = %c0_i32, %arg4 = %c0_i32) -> (i32, i32)');
    expect(out).toContain('%1 = arith.addi %arg2, %c1_i32 : i32\n      %2 = arith.muli %1, %arg1 : i32');
    expect(out).toContain('scf.yield %4, %2 : i32, i32');
  });
});

const SCALAR_LOAD = `
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scalar(%ptr: !tt.ptr<f32>, %n: i32) -> f32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %f0 = arith.constant 0.000000e+00 : f32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %f0) -> (f32) : i32 {
      %p = tt.addptr %ptr, %i {loop.cluster = 0 : i32, loop.stage = 0 : i32} : !tt.ptr<f32>, i32
      %v = tt.load %p {loop.cluster = 0 : i32, loop.stage = 0 : i32} : !tt.ptr<f32>
      %a = arith.addf %acc, %v {loop.cluster = 1 : i32, loop.stage = 2 : i32} : f32
      scf.yield %a : f32
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return %r : f32
  }
}`;

describe('scalar loads', () => {
  it('a 32-bit scalar load used 2 stages (and one cluster) later becomes a 3-deep tensor<1xf32> cp.async ring', () => {
    const m = parse(SCALAR_LOAD);
    runSoftwarePipeliner(m, 3, false);
    const out = printOperation(m, {});
    expect(out).toContain('ttg.local_alloc : () -> !ttg.memdesc<3x1xf32, #shared, #smem, mutable>');
    expect(out).toContain('tt.splat %22 : !tt.ptr<f32> -> tensor<1x!tt.ptr<f32>, #blocked>');
    expect(out).toMatch(/ttg\.local_load %32 token %31 : .* -> tensor<1xf32, #blocked>\n\s+%34 = tt\.unsplat %33 : tensor<1xf32, #blocked>\n\s+%35 = arith\.addf %arg3, %34 : f32/);
    expect(out).not.toContain('tt.load');
  });

  it('an 8-bit scalar load stays a register load', () => {
    const m = parse(SCALAR_LOAD.replace(/f32/g, 'i8').replace('0.000000e+00 : i8', '0 : i8').replace('arith.addf', 'arith.addi'));
    runSoftwarePipeliner(m, 3, false);
    const out = printOperation(m, {});
    expect(out).toContain('tt.load');
    expect(out).not.toContain('async_copy_global_to_local');
  });
});

const PIPE_DIR = pipelineCorpusDir();

describe.skipIf(!existsSync(PIPE_DIR))('Triton 3.6 real pipeline: tritongpu-pipeline stage', () => {
  it('reproduces every changed stage exactly and leaves unscheduled kernels unchanged', { timeout: 300_000 }, () => {
    const failures: string[] = [];
    let changed = 0;
    let unchanged = 0;
    // The case folders (an unpacked bundle also holds its .stamp file).
    for (const c of readdirSync(PIPE_DIR).filter((n) => existsSync(join(PIPE_DIR, n, 'meta.json'))).sort()) {
      const dir = join(PIPE_DIR, c);
      const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as { stages?: { pass: string; flag: string; file: string | null; unchanged?: boolean }[] };
      const stages = meta.stages ?? (meta as unknown as { pass: string; flag: string; file: string | null; unchanged?: boolean }[]);
      const i = stages.findIndex((s) => s.pass === 'tritongpu-pipeline');
      if (i < 1) continue;
      const input = readFileSync(join(dir, stages[i - 1]!.file!), 'utf8');
      const expected = stages[i]!.unchanged ? input : readFileSync(join(dir, stages[i]!.file!), 'utf8');
      if (stages[i]!.unchanged) {
        // A sample of the unchanged cases (they are many and all alike).
        if (unchanged >= 12) continue;
        unchanged++;
      } else changed++;
      const numStages = Number(/num-stages=(\d+)/.exec(stages[i]!.flag)?.[1] ?? 3);
      const m = parse(input);
      runSoftwarePipeliner(m, numStages, false);
      if (printOperation(m, {}).trimEnd() !== expected.trimEnd()) failures.push(c);
    }
    expect(changed).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });
});
