/**
 * `--nvgpu-warp-specialization`'s steps against Triton 3.6's own intermediate dumps (golden/ws-pipeline.tar.xz,
 * made by scripts/oracle/ws_kernels.py + ws_steps.py): after task partition, task id propagation and data
 * partition the module prints exactly as Triton's `dump-intermediate-steps` printed it, and the pass reports a
 * located error where code partition would start. Token lowering and the final `tt.num_stages = 0` on Triton's own
 * dump after doCodePartition give the pass's final output, up to the order of consecutive consumer releases
 * (Triton orders those by pointer-keyed maps, so its two compiles of a kernel may differ there).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modReleaseOrder } from '../golden/ws-release-order.js';
import '../dialect/index.js';
import '../transforms/index.js';
import type { Operation } from '../dialect/ir/ir.js';
import { verifyOperation } from '../dialect/ir/verifier.js';
import { FuncOp } from '../dialect/tt/ops.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { loopsToWarpSpecialize, partitionFunction } from '../transforms/nvgpu-warp-specialization.js';
import { doTokenLowering } from '../transforms/nvgpu-ws/token-lowering.js';
import { disableSoftwarePipelining } from '../transforms/nvgpu-ws/disable-pipelining.js';
import { channelSrcOp, collectAsyncChannels, groupChannels } from '../transforms/nvgpu-ws/channels.js';
import { DescriptorLoadOp } from '../dialect/tt/ops.js';
import { BlockArgument } from '../dialect/ir/ir.js';
import { reorderProducerOps } from '../transforms/nvgpu-ws/reorder-producers.js';
import { appendAccumCnts, regionsWithChannels } from '../transforms/nvgpu-ws/accum-counts.js';
import { channelSrcOp as srcOf, taskTopOps } from '../transforms/nvgpu-ws/channels.js';
import { ForOp } from '../dialect/scf/ops.js';
import { IntegerType } from '../dialect/ir/type.js';
import { getNestedAsyncTaskIds } from '../transforms/nvgpu-ws/task-ids.js';
import { createBuffers } from '../transforms/nvgpu-ws/buffers.js';
import { createTokens } from '../transforms/nvgpu-ws/tokens.js';

const dir = mkdtempSync(join(tmpdir(), 'ws-pipeline-'));
execFileSync('tar', ['-xJf', 'golden/ws-pipeline.tar.xz', '-C', dir]);
const root = join(dir, 'pipeline');

function tritonSteps(text: string): [string, string][] {
  return text
    .split('// -----// WarpSpec internal IR Dump After: ')
    .slice(1)
    .map((part) => {
      const nl = part.indexOf('\n');
      return [part.slice(0, nl), part.slice(nl + 1).split('\n\n\n')[0]!.trimEnd()];
    });
}

function ourSteps(input: string): [string, string][] {
  const mod = new Parser(input, { filename: 'input.mlir' }).parseModule();
  const out: [string, string][] = [];
  const funcs: Operation[] = [];
  mod.walk((op) => {
    if (FuncOp.is(op)) funcs.push(op);
  });
  for (const func of funcs) {
    if (loopsToWarpSpecialize(func).length === 0) continue;
    partitionFunction(func, (step) => {
      const generic = verifyOperation(mod) !== undefined;
      out.push([step, printOperation(mod, { localScope: true, generic, genericDefaults: generic }).trimEnd()]);
    });
  }
  return out;
}

const cases = readdirSync(root).sort();

describe('nvgpu-warp-specialization steps vs Triton 3.6', () => {
  it('has the corpus', () => expect(cases.length).toBeGreaterThanOrEqual(27));
  for (const c of cases) {
    it(c, () => {
      const meta = JSON.parse(readFileSync(join(root, c, 'meta.json'), 'utf8')) as { stages: { pass: string; file: string }[] };
      const i = meta.stages.findIndex((s) => s.pass === 'nvgpu-warp-specialization');
      const input = readFileSync(join(root, c, meta.stages[i - 1]!.file), 'utf8');
      // The steps before code partition, exactly (code partition and the pass output, modulo Triton's release
      // order: test/nvgpu-ws-pass.test.ts).
      const want = tritonSteps(readFileSync(join(root, c, 'ws-steps.txt'), 'utf8')).filter(([s]) => s !== 'doCodePartition');
      expect(ourSteps(input)).toEqual(want);
    });
  }
});


describe('token lowering on Triton 3.6\'s code partition', () => {
  for (const c of cases) {
    const steps = tritonSteps(readFileSync(join(root, c, 'ws-steps.txt'), 'utf8'));
    const partitioned = steps.find(([s]) => s === 'doCodePartition')?.[1];
    if (partitioned === undefined) continue;
    it(c, () => {
      const meta = JSON.parse(readFileSync(join(root, c, 'meta.json'), 'utf8')) as { stages: { pass: string; file: string }[] };
      const stage = meta.stages.find((s) => s.pass === 'nvgpu-warp-specialization')!;
      const mod = new Parser(partitioned, { filename: 'input.mlir' }).parseModule();
      mod.walk((op) => {
        if (!FuncOp.is(op)) return;
        doTokenLowering(op);
        disableSoftwarePipelining(op);
      });
      const want = readFileSync(join(root, c, stage.file), 'utf8').trimEnd();
      expect(modReleaseOrder(printOperation(mod).trimEnd())).toEqual(modReleaseOrder(want));
    });
  }
});

/**
 * Code partition's channels (collectAsyncChannels, groupChannels) after our partitioning steps, against what
 * Triton's dump after doCodePartition made of them: one data buffer per producer group, one token per consumer
 * task of each consumer group (with the group's buffer count), one mbarrier ring per group fed by a TMA load; and
 * after reorderProducerOps the loads come in the order of the producer's TMA copies; after appendAccumCntsForOps
 * the producer's loops carry Triton's number of i64 counters; createBuffer makes Triton's buffers in its order;
 * with createToken the function begins exactly as Triton's (rings, tokens, buffers).
 */
describe('code partition channels vs Triton 3.6\'s buffers and tokens', () => {
  for (const c of cases) {
    const steps = tritonSteps(readFileSync(join(root, c, 'ws-steps.txt'), 'utf8'));
    const partitioned = steps.find(([s]) => s === 'doCodePartition')?.[1];
    if (partitioned === undefined) continue;
    it(c, () => {
      const meta = JSON.parse(readFileSync(join(root, c, 'meta.json'), 'utf8')) as { stages: { pass: string; file: string; flag: string }[] };
      const i = meta.stages.findIndex((s) => s.pass === 'nvgpu-warp-specialization');
      const numStages = Number(/num-stages=(\d+)/.exec(meta.stages[i]!.flag)![1]);
      const mod = new Parser(readFileSync(join(root, c, meta.stages[i - 1]!.file), 'utf8'), { filename: 'input.mlir' }).parseModule();
      const tokens: number[] = [];
      let buffers = 0;
      let rings = 0;
      const copies: string[] = [];
      const counters: number[] = [];
      mod.walk((op) => {
        if (!FuncOp.is(op) || loopsToWarpSpecialize(op).length === 0) return;
        expect(partitionFunction(op, () => {})).toBe(true);
        const channels = collectAsyncChannels(op, numStages);
        const groups = groupChannels(channels);
        buffers += groups.byProducer.size;
        for (const first of groups.ordered) {
          for (const _ of first.consumers) tokens.push(first.numBuffers);
          if (DescriptorLoadOp.is(channelSrcOp(first)!)) rings++;
        }
        reorderProducerOps(channels);
        op.walk((l) => {
          if (!DescriptorLoadOp.is(l)) return;
          const d = DescriptorLoadOp.desc(l);
          copies.push(d instanceof BlockArgument ? `%arg${d.index}` : '?');
        });
        const producer = getNestedAsyncTaskIds(srcOf(channels[0]!)!)[0]!;
        appendAccumCnts(taskTopOps(op, channels), regionsWithChannels(channels));
        const preOrder = (l: Operation): void => {
          if (ForOp.is(l) && getNestedAsyncTaskIds(l).includes(producer)) counters.push(l.results.filter((r) => r.type === IntegerType.get(64)).length);
          for (const r of l.regions) for (const blk of r.blocks) for (const o of blk.ops) preOrder(o);
        };
        preOrder(op);
        createBuffers(op, channels, groups);
        createTokens(op, groups);
      });
      const top = partitioned.split('\n').filter((l) => /^ {4}%\S+ = /.test(l));
      const want = {
        buffers: top.filter((l) => /ttg\.local_alloc : \(\) -> !ttg\.memdesc<\d+x/.test(l) && !/x1xi64,/.test(l)).length,
        tokens: top.flatMap((l) => /nvws\.create_token \{loadType = \d+ : i32, numBuffers = (\d+)/.exec(l)?.[1] ?? []).map(Number),
        rings: top.filter((l) => /ttg\.local_alloc : \(\) -> !ttg\.memdesc<\d+x1xi64,/.test(l)).length,
      };
      expect({ buffers, tokens, rings }).toEqual(want);
      // The producer's TMA copies (in the default region) come in the order reorderProducerOps gave the loads.
      const defaultRegion = partitioned.slice(0, partitioned.indexOf('partition0('));
      const tritonCopies = [...defaultRegion.matchAll(/ttng\.async_tma_copy_global_to_local (%\w+)\[/g)].map((m) => (m[1]!.startsWith('%arg') ? m[1]! : '?'));
      expect(copies).toEqual(tritonCopies);
      // appendAccumCntsForOps: the producer's loops carry as many i64 counters as in Triton's default region.
      const tritonCounters = defaultRegion
        .split('\n')
        .filter((l) => /= scf\.for /.test(l) || /^\s*scf\.for /.test(l))
        .map((l) => (/-> \(([^)]*)\)/.exec(l)?.[1] ?? '').split(', ').filter((t) => t === 'i64').length);
      expect(counters).toEqual(tritonCounters);
      // createBuffer: the data buffers' types, in order.
      const dataBuffers = (text: string): string[] =>
        text
          .split('\n')
          .filter((l) => /^ {4}%\S+ = ttg\.local_alloc : \(\) -> !ttg\.memdesc<\d+x/.test(l) && !/x1xi64,/.test(l))
          .map((l) => l.replace(/^ {4}%\S+ = /, ''));
      const ours = printOperation(mod, { localScope: true });
      expect(dataBuffers(ours)).toEqual(dataBuffers(partitioned));
      // createToken: the function starts with Triton's barrier rings, tokens and buffers, line for line.
      const prologue = (text: string): string[] => {
        const lines = text.split('\n');
        const start = lines.findIndex((l) => /^ {2}tt\.func /.test(l)) + 1;
        let end = start;
        for (let k = start; k < lines.length && /^ {4}\S/.test(lines[k]!); k++) {
          if (/ttg\.local_alloc : \(\) -> !ttg\.memdesc<\d+x/.test(lines[k]!) && !/x1xi64,/.test(lines[k]!)) end = k + 1;
        }
        return lines.slice(start, end);
      };
      expect(prologue(ours)).toEqual(prologue(partitioned));
    });
  }
});
