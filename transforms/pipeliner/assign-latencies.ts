/**
 * `--tritongpu-assign-latencies=num-stages=N` (Triton 3.6's TritonGPUAssignLatencies): decides which ops of
 * each innermost `scf.for` the pipeliner will make asynchronous, and how many iterations ahead they run, as
 * `tt.latency` attributes (`tt.self_latency` for an MMA that overlaps with itself).
 *
 * Decided from: the loop's stage count (`tt.num_stages` on the loop, `tl.range(num_stages=)`, else the option;
 * loops with one stage, outer loops and loops yielding a block argument are skipped; a loop whose body already
 * carries latencies keeps them), the loads feeding the A/B operands of a dot (directly or through other loads:
 * the indirection level), or every load when the loop has `tt.num_stages`; a load qualifies when it moves at
 * least 32 contiguous bits per thread (AxisInfo contiguity and mask constancy), its dot-operand users agree on
 * one shared layout, and a register → shared copy into its `ttg.local_alloc` users' layout is at least 4 bytes
 * wide (TMA descriptor loads always qualify). Each load gets (stages - 1) / (max indirection + 1); loads at an
 * indirection level of stages - 1 or more are dropped.
 *
 * Then Blackwell's tcgen05 MMAs get theirs (`mma-v5-latency.ts`): `tt.self_latency = 1` when they can overlap with
 * themselves, `tt.latency` when their users can move a stage later.
 */
import { exceptionAsOpError } from '../../dialect/ir/diagnostics.js';
import type { Operation, Value } from '../../dialect/ir/ir.js';
import { RankedTensorType } from '../../dialect/ir/type.js';
import { ModuleAxisInfoAnalysis } from '../../analysis/axis-info.js';
import { registerPass } from '../pass.js';
import { assignMMAv5Latencies } from './mma-v5-latency.js';
import {
  ATTR_LATENCY,
  ATTR_NUM_STAGES,
  bodyOps,
  canBeConvertedToAsyncLoad,
  dotAccumulator,
  collectForOps,
  copyVecBytes,
  intAttr,
  isDotLike,
  isLoadLike,
  isOuterLoop,
  isTMALoad,
  localAllocUsersEncoding,
  loopHasDistGreaterThanOne,
  nestedOperands,
  numStagesOrDefault,
  serializeLatencies,
  sharedEncIfAllUsersAreDotEnc,
} from './latency-utils.js';
import { LoadOp } from '../../dialect/tt/ops.js';
import { TMEMStoreOp } from '../../dialect/ttng/ops.js';

/** Whether pipelining a load is worth it (and possible): see the file comment. */
export function isPipeliningBeneficial(load: Operation, axisInfo: ModuleAxisInfoAnalysis, filterSmall: boolean): boolean {
  try {
    return pipeliningBeneficial(load, axisInfo, filterSmall);
  } catch (e) {
    // A layout that cannot be converted (bad input) is reported at the load.
    throw exceptionAsOpError(load, e) ?? e;
  }
}

function pipeliningBeneficial(load: Operation, axisInfo: ModuleAxisInfoAnalysis, filterSmall: boolean): boolean {
  if (LoadOp.is(load) && filterSmall && !canBeConvertedToAsyncLoad(load, axisInfo)) return false;
  if (isTMALoad(load)) return true;
  const state = { incompatible: false };
  sharedEncIfAllUsersAreDotEnc(load.result(0), state);
  if (state.incompatible) return false;
  const { enc, conflict } = localAllocUsersEncoding(load);
  if (conflict) return false;
  if (enc) {
    const regTy = load.result(0).type;
    if (filterSmall && regTy instanceof RankedTensorType && copyVecBytes(regTy, enc) < 4) return false;
  }
  return true;
}

export interface IndirectionInfo {
  /** 0 for a load used by the dot, 1 for a load feeding that load, ... */
  level: number;
  /** The op the load ultimately feeds (a dot, or the load it is the address of). */
  finalUser: Operation;
}

/**
 * The loads of the loop worth pipelining, with their indirection level: found by walking the producers of each
 * dot's A and B operands (and, with `pipelineWithoutDot`, of every other op) within the loop body. A load reached
 * at two different levels is dropped, and so are loads at a level of numStages - 1 or more.
 */
export function loadOpsToIndirectionLevel(
  forOp: Operation,
  pipelineWithoutDot: boolean,
  axisInfo: ModuleAxisInfoAnalysis,
  numStages: number,
  filterSmall = true,
): Map<Operation, IndirectionInfo> {
  const levels = new Map<Operation, IndirectionInfo>();
  let seen = new Set<Operation>();
  const excluded = new Set<Operation>();

  // A pre-order walk over the producers in the loop body: Triton's recursion with an explicit stack (children are
  // pushed in reverse so that they are visited in operand order; `seen` is checked when an op is reached).
  const dfs = (root: Operation): void => {
    const stack: { op: Operation; finalUser: Operation; distance: number }[] = [{ op: root, finalUser: root, distance: 0 }];
    while (stack.length) {
      const frame = stack.pop()!;
      const op = frame.op;
      let finalUser = frame.finalUser;
      let distance = frame.distance;
      if (seen.has(op)) continue;
      seen.add(op);
      if (excluded.has(op)) continue;
      if (isLoadLike(op)) {
        if (!isPipeliningBeneficial(op, axisInfo, filterSmall)) continue;
        const prev = levels.get(op);
        if (prev) {
          if (prev.level !== distance) {
            levels.delete(op);
            excluded.add(op);
            continue;
          }
        } else {
          levels.set(op, { level: distance, finalUser });
        }
        finalUser = op;
        distance++;
      }
      const acc: Value | undefined = isDotLike(op) ? dotAccumulator(op) : undefined;
      const children: Operation[] = [];
      for (const v of nestedOperands(op)) {
        if (acc !== undefined && v === acc) continue;
        const def = v.definingOp;
        if (def && def.parent === op.parent) children.push(def);
      }
      for (let i = children.length - 1; i >= 0; i--) stack.push({ op: children[i]!, finalUser, distance });
    }
  };

  const ops = bodyOps(forOp);
  for (const op of ops) {
    if (!isDotLike(op) && !TMEMStoreOp.is(op)) continue;
    seen = new Set();
    dfs(op);
  }
  if (pipelineWithoutDot) {
    for (const op of ops) if (!isLoadLike(op)) dfs(op);
  }
  for (const [op, info] of [...levels]) if (info.level >= numStages - 1) levels.delete(op);
  return levels;
}

function assignLoadLatencies(forOp: Operation, numStages: number, axisInfo: ModuleAxisInfoAnalysis, latencies: Map<Operation, number>): void {
  const pipelineWithoutDot = forOp.getAttr(ATTR_NUM_STAGES) !== undefined;
  const levels = loadOpsToIndirectionLevel(forOp, pipelineWithoutDot, axisInfo, numStages);
  if (levels.size === 0) return;
  let maxLevel = 0;
  for (const info of levels.values()) maxLevel = Math.max(maxLevel, info.level);
  const latency = Math.trunc((numStages - 1) / (maxLevel + 1));
  for (const op of levels.keys()) latencies.set(op, latency);
}

function hasLatenciesAssigned(forOp: Operation): boolean {
  return bodyOps(forOp).some((op) => op.getAttr(ATTR_LATENCY) !== undefined);
}

export function assignLatencies(module: Operation, defaultNumStages: number): void {
  const loops = collectForOps(module).filter(
    (f) => !loopHasDistGreaterThanOne(f) && !isOuterLoop(f) && numStagesOrDefault(f, defaultNumStages) > 1,
  );
  if (loops.length === 0) return;
  const latencies = new Map<Operation, number>();
  // The IR does not change until the latencies are written, so one analysis serves every loop.
  let axisInfo: ModuleAxisInfoAnalysis | undefined;
  for (const forOp of loops) {
    if (hasLatenciesAssigned(forOp)) {
      for (const op of bodyOps(forOp)) {
        const l = intAttr(op, ATTR_LATENCY);
        if (l !== undefined) latencies.set(op, l);
      }
      continue;
    }
    axisInfo ??= new ModuleAxisInfoAnalysis(module);
    try {
      assignLoadLatencies(forOp, numStagesOrDefault(forOp, defaultNumStages), axisInfo, latencies);
      assignMMAv5Latencies(forOp, latencies);
    } catch (e) {
      throw exceptionAsOpError(forOp, e) ?? e;
    }
  }
  serializeLatencies(latencies);
}

registerPass({
  name: 'tritongpu-assign-latencies',
  className: 'TritonGPUAssignLatencies',
  description: 'assign latencies to interesting ops ahead of pipelining',
  options: {
    'num-stages': { type: 'int', default: 3, description: 'number of pipeline stages' },
  },
  run(module, options) {
    assignLatencies(module, options['num-stages']);
  },
});
