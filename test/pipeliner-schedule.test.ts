// The pipeliner's coarse schedule (transforms/pipeliner/schedule.ts) and the first two pipeliner passes on small
// loops: cluster ids follow list positions (inserting before renumbers the rest, as Triton's list of ids does),
// insertMinimum only moves ops earlier, (de)serialisation through loop.stage / loop.cluster round-trips, and
// assign-latencies + schedule-loops give the stages Triton 3.6 gives a two-load dot loop.
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../transforms/index.js';
import type { Operation } from '../dialect/ir/ir.js';
import { Parser } from '../parser/parser.js';
import { assignLatencies } from '../transforms/pipeliner/assign-latencies.js';
import { bodyOps, collectForOps, intAttr } from '../transforms/pipeliner/latency-utils.js';
import { CoarseSchedule } from '../transforms/pipeliner/schedule.js';
import { scheduleLoops } from '../transforms/pipeliner/schedule-loops.js';

const MATMUL = `
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mm(%pa: tensor<64x64x!tt.ptr<f16>, #blocked> {tt.contiguity = dense<[1, 64]> : tensor<2xi32>, tt.divisibility = dense<[16, 16]> : tensor<2xi32>},
              %pb: tensor<64x64x!tt.ptr<f16>, #blocked> {tt.contiguity = dense<[1, 64]> : tensor<2xi32>, tt.divisibility = dense<[16, 16]> : tensor<2xi32>},
              %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tt.load %pa : tensor<64x64x!tt.ptr<f16>, #blocked>
      %b = tt.load %pb : tensor<64x64x!tt.ptr<f16>, #blocked>
      %da = ttg.convert_layout %a : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %db = ttg.convert_layout %b : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %da, %db, %acc : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }LOOP_ATTRS
    tt.return %r : tensor<64x64xf32, #mma>
  }
}`;

function parse(loopAttrs = ''): Operation {
  return new Parser(MATMUL.replace('LOOP_ATTRS', loopAttrs), { filename: 'mm.mlir' }).parseModule();
}

function loopOf(m: Operation): Operation {
  return collectForOps(m)[0]!;
}

describe('CoarseSchedule', () => {
  it('numbers clusters by position and renumbers on insertion', () => {
    const s = new CoarseSchedule();
    const a = s.clusters.newAtBack();
    const b = s.clusters.newAtBack();
    expect([a.id, b.id]).toEqual([0, 1]);
    const front = s.clusters.newAtFront();
    expect([front.id, a.id, b.id]).toEqual([0, 1, 2]);
    const mid = s.clusters.newBefore(b);
    expect([mid.id, b.id]).toEqual([2, 3]);
    expect(s.clusters.isBefore(a, mid)).toBe(true);
    expect(s.clusters.isBefore(b, b)).toBe(false);
  });

  it('insertMinimum moves an op only to an earlier stage or cluster', () => {
    const m = parse();
    const [op] = bodyOps(loopOf(m));
    const s = new CoarseSchedule(3);
    const c0 = s.clusters.newAtBack();
    const c1 = s.clusters.newAtBack();
    expect(s.insertMinimum(op!, 1, c1)).toBe(true);
    expect(s.insertMinimum(op!, 2, c0)).toBe(false);
    expect(s.insertMinimum(op!, 1, c1)).toBe(false);
    expect(s.insertMinimum(op!, 1, c0)).toBe(true);
    expect(s.at(op!)).toMatchObject({ stage: 1, cluster: c0 });
    expect(s.insertMinimum(op!, 0, c1)).toBe(true);
    expect(s.at(op!)).toMatchObject({ stage: 0, cluster: c1 });
  });

  it('round-trips through loop.stage / loop.cluster', () => {
    const m = parse();
    const forOp = loopOf(m);
    const ops = bodyOps(forOp);
    const s = new CoarseSchedule();
    const c0 = s.clusters.newAtBack();
    const c1 = s.clusters.newAtBack();
    ops.forEach((op, i) => s.insert(op, i % 2, i % 3 === 0 ? c1 : c0));
    s.serialize(forOp);
    expect(intAttr(forOp, 'tt.scheduled_max_stage')).toBe(1);
    const back = CoarseSchedule.deserialize(forOp)!;
    expect(back.numStages).toBe(2);
    for (const op of ops) {
      expect(back.at(op).stage).toBe(s.at(op).stage);
      expect(back.at(op).cluster.id).toBe(s.at(op).cluster.id);
    }
  });
});

describe('assign-latencies + schedule-loops', () => {
  it('pipelines both dot operand loads over num_stages - 1 iterations', () => {
    const m = parse();
    assignLatencies(m, 3);
    const loads = bodyOps(loopOf(m)).filter((o) => o.name === 'tt.load');
    expect(loads.map((l) => intAttr(l, 'tt.latency'))).toEqual([2, 2]);
    scheduleLoops(m);
    const forOp = loopOf(m);
    expect(intAttr(forOp, 'tt.scheduled_max_stage')).toBe(2);
    const stages = bodyOps(forOp).map((o) => [o.name, intAttr(o, 'loop.stage'), intAttr(o, 'loop.cluster')]);
    expect(stages).toEqual([
      ['tt.load', 0, 2],
      ['tt.load', 0, 2],
      ['ttg.convert_layout', 2, 0],
      ['ttg.convert_layout', 2, 0],
      ['tt.dot', 2, 0],
    ]);
    expect(loads.every((l) => l.getAttr('tt.latency') === undefined)).toBe(true);
  });

  it('uses the loop’s tt.num_stages, and leaves one-stage loops alone', () => {
    const m = parse(' {tt.num_stages = 4 : i32}');
    assignLatencies(m, 3);
    expect(bodyOps(loopOf(m)).filter((o) => o.name === 'tt.load').map((l) => intAttr(l, 'tt.latency'))).toEqual([3, 3]);
    const one = parse(' {tt.num_stages = 1 : i32}');
    assignLatencies(one, 3);
    scheduleLoops(one);
    expect(bodyOps(loopOf(one)).some((o) => o.attributes.size > 0 && (o.getAttr('tt.latency') ?? o.getAttr('loop.stage')))).toBe(false);
    expect(loopOf(one).getAttr('tt.scheduled_max_stage')).toBeUndefined();
  });
});
