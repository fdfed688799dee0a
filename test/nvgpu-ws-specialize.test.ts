/**
 * specializeRegion (transforms/nvgpu-ws/specialize.ts) against Triton 3.6's dumps after doCodePartition
 * (golden/ws-pipeline.tar.xz): each dump is flattened back into one function (every region's ops, each with its
 * one task id, inlined before the `ttg.warp_specialize`, its arguments replaced by the captures) and specialized
 * again; the module must print exactly as Triton's dump (regions, captures and their order, requestedRegisters).
 * Then hand-made inputs check what the round trip cannot: loops and ifs shared by several tasks keep per task only
 * the iter args and results the task computes, and constants are cloned into the partitions instead of captured.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../transforms/index.js';
import type { Operation } from '../dialect/ir/ir.js';
import { FuncOp } from '../dialect/tt/ops.js';
import { WarpSpecializeOp } from '../dialect/ttg/ops.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { specializeRegion } from '../transforms/nvgpu-ws/specialize.js';

const dir = mkdtempSync(join(tmpdir(), 'ws-specialize-'));
execFileSync('tar', ['-xJf', 'golden/ws-pipeline.tar.xz', '-C', dir]);
const root = join(dir, 'pipeline');

function codePartitionDump(c: string): string | undefined {
  const text = readFileSync(join(root, c, 'ws-steps.txt'), 'utf8');
  const part = text.split('// -----// WarpSpec internal IR Dump After: doCodePartition\n')[1];
  return part === undefined ? undefined : (part.split('\n\n\n')[0] ?? '').trimEnd();
}

/** Inlines each region of the function's `ttg.warp_specialize` before it (the inverse of specializeRegion). */
function flatten(func: Operation): void {
  const ws = func.region(0).blocks[0]!.ops.find((op) => WarpSpecializeOp.is(op))!;
  const parts = ws.region(1).blocks[0]!.ops[0]!;
  const captures = parts.operandValues;
  for (const [i, region] of [ws.region(0), ...parts.regions].entries()) {
    const block = region.blocks[0]!;
    if (i > 0) block.args.forEach((a, k) => a.replaceAllUsesWith(captures[k]!));
    for (const op of [...block.ops]) if (op !== block.terminator) op.moveBefore(ws);
  }
  ws.erase();
}

function funcsOf(mod: Operation): Operation[] {
  const out: Operation[] = [];
  mod.walk((op) => {
    if (FuncOp.is(op)) out.push(op);
  });
  return out;
}

const cases = readdirSync(root).sort();

describe('specializeRegion round trip on Triton 3.6\'s doCodePartition dumps', () => {
  for (const c of cases) {
    const dump = codePartitionDump(c);
    if (dump === undefined) continue;
    it(c, () => {
      const mod = new Parser(dump, { filename: 'input.mlir' }).parseModule();
      for (const func of funcsOf(mod)) {
        flatten(func);
        specializeRegion(func);
      }
      expect(printOperation(mod, { localScope: true }).trimEnd()).toEqual(dump);
    });
  }
});

function specialize(text: string): string {
  const mod = new Parser(text, { filename: 'input.mlir' }).parseModule();
  for (const func of funcsOf(mod)) specializeRegion(func);
  return `${printOperation(mod, { localScope: true }).trimEnd()}\n`;
}

const HEADER = 'module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {';

describe('specializeRegion on shared loops and ifs', () => {
  it('keeps per task the iter args it uses and the loop results it reads', () => {
    const out = specialize(`${HEADER}
  tt.func public @f(%n: i32, %p: !tt.ptr<i32>, %q: !tt.ptr<i64>) {
    %c0 = arith.constant {async_task_id = array<i32: 0, 1, 2>} 0 : i32
    %c1 = arith.constant {async_task_id = array<i32: 0, 1, 2>} 1 : i32
    %z = arith.constant {async_task_id = array<i32: 0, 1>} 0 : i64
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %z, %c = %c1) -> (i32, i64, i32) : i32 {
      %a2 = arith.addi %a, %i {async_task_id = array<i32: 1>} : i32
      %b2 = arith.extsi %i {async_task_id = array<i32: 0>} : i32 to i64
      %c2 = arith.muli %c, %i {async_task_id = array<i32: 2>} : i32
      scf.yield {async_task_id = array<i32: 0, 1, 2>} %a2, %b2, %c2 : i32, i64, i32
    } {async_task_id = array<i32: 0, 1, 2>, tt.warp_specialize}
    tt.store %p, %r#0 {async_task_id = array<i32: 1>} : !tt.ptr<i32>
    tt.store %p, %r#2 {async_task_id = array<i32: 2>} : !tt.ptr<i32>
    tt.store %q, %r#1 {async_task_id = array<i32: 0>} : !tt.ptr<i64>
    tt.return
  }
}`);
    // Task 0 (the default region) keeps the i64 iter arg, task 1 the first, task 2 the third; constants with ids
    // are cloned per task, the loop's tt.warp_specialize is dropped, the partitions capture %n and %p.
    expect(out).toBe(`${HEADER}
  tt.func public @f(%arg0: i32, %arg1: !tt.ptr<i32>, %arg2: !tt.ptr<i64>) {
    ttg.warp_specialize(%arg0, %arg1) attributes {requestedRegisters = array<i32: 232, 232>}
    default {
      %c0_i32 = arith.constant {async_task_id = array<i32: 0>} 0 : i32
      %c1_i32 = arith.constant {async_task_id = array<i32: 0>} 1 : i32
      %c0_i64 = arith.constant {async_task_id = array<i32: 0>} 0 : i64
      %0 = scf.for %arg3 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg4 = %c0_i64) -> (i64)  : i32 {
        %1 = arith.extsi %arg3 {async_task_id = array<i32: 0>} : i32 to i64
        scf.yield {async_task_id = array<i32: 0>} %1 : i64
      } {async_task_id = array<i32: 0>}
      tt.store %arg2, %0 {async_task_id = array<i32: 0>} : !tt.ptr<i64>
      ttg.warp_yield
    }
    partition0(%arg3: i32, %arg4: !tt.ptr<i32>) num_warps(4) {
      %c0_i32 = arith.constant {async_task_id = array<i32: 1>} 0 : i32
      %c1_i32 = arith.constant {async_task_id = array<i32: 1>} 1 : i32
      %c0_i64 = arith.constant {async_task_id = array<i32: 1>} 0 : i64
      %0 = scf.for %arg5 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg6 = %c0_i32) -> (i32)  : i32 {
        %1 = arith.addi %arg6, %arg5 {async_task_id = array<i32: 1>} : i32
        scf.yield {async_task_id = array<i32: 1>} %1 : i32
      } {async_task_id = array<i32: 1>}
      tt.store %arg4, %0 {async_task_id = array<i32: 1>} : !tt.ptr<i32>
      ttg.warp_return
    }
    partition1(%arg3: i32, %arg4: !tt.ptr<i32>) num_warps(4) {
      %c0_i32 = arith.constant {async_task_id = array<i32: 2>} 0 : i32
      %c1_i32 = arith.constant {async_task_id = array<i32: 2>} 1 : i32
      %0 = scf.for %arg5 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg6 = %c1_i32) -> (i32)  : i32 {
        %1 = arith.muli %arg6, %arg5 {async_task_id = array<i32: 2>} : i32
        scf.yield {async_task_id = array<i32: 2>} %1 : i32
      } {async_task_id = array<i32: 2>}
      tt.store %arg4, %0 {async_task_id = array<i32: 2>} : !tt.ptr<i32>
      ttg.warp_return
    } : (i32, !tt.ptr<i32>) -> ()
    tt.return
  }
}
`);
  });

  it('keeps per task the scf.if results whose yielded values it computes', () => {
    const out = specialize(`${HEADER}
  tt.func public @g(%c: i1, %x: i32, %p: !tt.ptr<i32>) {
    %k = arith.constant 7 : i32
    %r:2 = scf.if %c -> (i32, i32) {
      %a = arith.addi %x, %k {async_task_id = array<i32: 0>} : i32
      %b = arith.muli %x, %k {async_task_id = array<i32: 1>} : i32
      scf.yield {async_task_id = array<i32: 0, 1>} %a, %b : i32, i32
    } else {
      scf.yield {async_task_id = array<i32: 0, 1>} %x, %x : i32, i32
    } {async_task_id = array<i32: 0, 1>}
    tt.store %p, %r#1 {async_task_id = array<i32: 1>} : !tt.ptr<i32>
    tt.return
  }
}`);
    // Task 0 keeps the first result, task 1 the second. The captures come in the order of a post-order walk (the
    // if's body before its condition); the constant %k without a task id is cloned into the partition, not captured.
    expect(out).toBe(`${HEADER}
  tt.func public @g(%arg0: i1, %arg1: i32, %arg2: !tt.ptr<i32>) {
    %c7_i32 = arith.constant 7 : i32
    ttg.warp_specialize(%arg1, %arg0, %arg2) attributes {requestedRegisters = array<i32: 232>}
    default {
      %0 = scf.if %arg0 -> (i32) {
        %1 = arith.addi %arg1, %c7_i32 {async_task_id = array<i32: 0>} : i32
        scf.yield {async_task_id = array<i32: 0>} %1 : i32
      } else {
        scf.yield {async_task_id = array<i32: 0>} %arg1 : i32
      } {async_task_id = array<i32: 0>}
      ttg.warp_yield
    }
    partition0(%arg3: i32, %arg4: i1, %arg5: !tt.ptr<i32>) num_warps(4) {
      %c7_i32_0 = arith.constant 7 : i32
      %0 = scf.if %arg4 -> (i32) {
        %1 = arith.muli %arg3, %c7_i32_0 {async_task_id = array<i32: 1>} : i32
        scf.yield {async_task_id = array<i32: 1>} %1 : i32
      } else {
        scf.yield {async_task_id = array<i32: 1>} %arg3 : i32
      } {async_task_id = array<i32: 1>}
      tt.store %arg5, %0 {async_task_id = array<i32: 1>} : !tt.ptr<i32>
      ttg.warp_return
    } : (i32, i1, !tt.ptr<i32>) -> ()
    tt.return
  }
}
`);
  });
});
