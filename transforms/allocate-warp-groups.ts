/**
 * `--tritongpu-allocate-warp-groups` (Triton 3.6's AllocateWarpGroups): decides how many warps the kernel launches.
 * Every `ttg.warp_specialize` is padded with empty partitions (power-of-two sizes, largest first) up to the
 * largest number of whole extra warp groups any of them needs; each gets `warpGroupStartIds` (bigger partitions
 * first, after the default warps), and, where registers were requested and the partitions fill whole warp groups,
 * `actualRegisters` (the register budget left over for the default group) plus the module's `ttg.maxnreg`.
 * The module always gets `ttg.total-num-warps` = num-warps + 4 × extra warp groups.
 */
import { DenseArrayAttr, IntegerAttr } from '../dialect/ir/attribute.js';
import { createOperation } from '../dialect/ir/create.js';
import { Block, BlockArgument, type Operation, Region, type Value } from '../dialect/ir/ir.js';
import type { Location } from '../dialect/ir/location.js';
import { IntegerType } from '../dialect/ir/type.js';
import { registerPass } from './pass.js';
import { lookupNumWarps, lookupThreadsPerWarp } from '../dialect/ttg/context.js';
import { WarpReturnOp, WarpSpecializeOp } from '../dialect/ttg/ops.js';

const i32 = IntegerType.get(32);

function i32Array(op: Operation, name: string): number[] | undefined {
  const a = op.getAttr(name);
  return a instanceof DenseArrayAttr ? [...a.values] : undefined;
}

function setI32Array(op: Operation, name: string, values: readonly number[]): void {
  op.setAttr(name, DenseArrayAttr.get(i32, values));
}

function partitionsOp(ws: Operation): Operation {
  return ws.region(1).blocks[0]!.ops[0]!;
}

function totalPartitionWarps(ws: Operation): number {
  return (i32Array(ws, 'partitionNumWarps') ?? []).reduce((a, b) => a + b, 0);
}

function valueLoc(v: Value): Location {
  return v instanceof BlockArgument ? v.loc : v.definingOp!.loc;
}

/** Powers of two, largest first, summing to `n`. */
function powerOfTwoPieces(n: number): number[] {
  const out: number[] = [];
  while (n > 0) {
    let p = 1;
    while (p * 2 <= n) p *= 2;
    out.push(p);
    n -= p;
  }
  return out;
}

function padToWarpGroups(ws: Operation, extraGroups: number): void {
  const padding = powerOfTwoPieces(extraGroups * 4 - totalPartitionWarps(ws));
  if (padding.length === 0) return;
  const parts = partitionsOp(ws);
  const numWarps = i32Array(ws, 'partitionNumWarps') ?? [];
  for (const size of padding) {
    numWarps.push(size);
    const block = new Block();
    for (const capture of parts.operandValues) block.addArgument(capture.type, valueLoc(capture));
    block.append(createOperation({ name: WarpReturnOp.opName, loc: ws.loc }));
    const region = new Region(parts);
    region.addBlock(block);
    parts.regions.push(region);
  }
  setI32Array(ws, 'partitionNumWarps', numWarps);
  const requested = i32Array(ws, 'requestedRegisters');
  if (requested) setI32Array(ws, 'requestedRegisters', [...requested, ...padding.map(() => 16)]);
}

interface WarpGroup {
  regions: number[];
  maxRegs: number;
  numWarps: number;
}

function assignWarpGroups(mod: Operation, ws: Operation, baseWarps: number, threadsPerWarp: number, maxnreg: number): void {
  const sizes = i32Array(ws, 'partitionNumWarps') ?? [];
  // Larger partitions get lower warp ids (a stable sort by decreasing size).
  const order = sizes.map((_, i) => i).sort((a, b) => sizes[b]! - sizes[a]! || a - b);
  const startIds = new Array<number>(sizes.length).fill(0);
  let next = baseWarps;
  for (const i of order) {
    startIds[i] = next;
    next += sizes[i]!;
  }
  setI32Array(ws, 'warpGroupStartIds', startIds);

  const requested = i32Array(ws, 'requestedRegisters');
  if (!requested || totalPartitionWarps(ws) % 4 !== 0) return;
  const byStart = sizes.map((_, i) => i).sort((a, b) => startIds[a]! - startIds[b]!);
  const groups: WarpGroup[] = [];
  for (const i of byStart) {
    if (startIds[i]! % 4 === 0 || groups.length === 0) groups.push({ regions: [], maxRegs: 0, numWarps: 0 });
    const g = groups[groups.length - 1]!;
    g.regions.push(i);
    g.maxRegs = Math.max(g.maxRegs, Math.ceil(requested[i]! / 8) * 8);
    g.numWarps += sizes[i]!;
  }
  let budget = maxnreg * baseWarps * threadsPerWarp;
  for (const g of groups) budget += (maxnreg - g.maxRegs) * g.numWarps * threadsPerWarp;
  if (budget <= 0) return;
  const leftover = Math.floor(Math.trunc(budget / (baseWarps * threadsPerWarp)) / 8) * 8;
  if (leftover < 24) return;
  const actual = new Array<number>(1 + sizes.length).fill(0);
  for (const g of groups) for (const r of g.regions) actual[1 + r] = g.maxRegs;
  actual[0] = leftover;
  setI32Array(ws, 'actualRegisters', actual);
  mod.setAttr('ttg.maxnreg', IntegerAttr.i32(maxnreg));
}

export function allocateWarpGroups(mod: Operation): void {
  const specializes: Operation[] = [];
  mod.walk((op) => {
    if (WarpSpecializeOp.is(op)) specializes.push(op);
  });
  const maxExtraWarps = Math.max(0, ...specializes.map(totalPartitionWarps));
  const extraGroups = Math.ceil(maxExtraWarps / 4);
  for (const ws of specializes) padToWarpGroups(ws, extraGroups);

  const threadsPerWarp = lookupThreadsPerWarp(mod);
  const baseWarps = lookupNumWarps(mod);
  const userMax = mod.getAttr('ttg.maxnreg');
  const maxnreg =
    userMax instanceof IntegerAttr ? userMax.num : Math.floor(Math.trunc((64 * 1024) / (baseWarps + extraGroups * 4) / threadsPerWarp) / 8) * 8;
  for (const ws of specializes) assignWarpGroups(mod, ws, baseWarps, threadsPerWarp, maxnreg);
  mod.setAttr('ttg.total-num-warps', IntegerAttr.i32(baseWarps + extraGroups * 4));
}

registerPass({
  name: 'tritongpu-allocate-warp-groups',
  className: 'TritonGPUAllocateWarpGroups',
  description: 'Allocate warp groups',
  run(mod) {
    allocateWarpGroups(mod);
  },
});
