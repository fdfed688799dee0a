/**
 * Where values flow along control-flow edges, for sparse forward analyses: the operands a branch forwards to a
 * successor block (BranchOpInterface), the successors a branch on a known condition takes, and the edges into a
 * region-branch op's regions and results (RegionBranchOpInterface, from the ops' registered models).
 */
import type { Attribute } from '../../dialect/ir/attribute.js';
import { IntegerAttr } from '../../dialect/ir/attribute.js';
import type { Block, Operation, Region, Value } from '../../dialect/ir/ir.js';
import { isTerminator, successorOperandRange } from '../../dialect/ir/traits.js';
import { getRegionBranchModel, type RegionBranchModel } from '../../dialect/ir/rewrite/region-branch.js';

export { getRegionBranchModel, type RegionBranchModel };

/** The values `term` forwards to its successor `index`; undefined when the op does not say (unknown inputs). */
export function successorOperandValues(term: Operation, index: number): Value[] | undefined {
  const r = successorOperandRange(term, index);
  return r ? term.operandValues.slice(r.start, r.start + r.count) : undefined;
}

/**
 * The successor indices control can take from branch `term`, given the constant values of its operands: a
 * two-way branch on a known `condition` takes one, any other branch all of them.
 */
export function takenSuccessors(term: Operation, constOperands: readonly (Attribute | undefined)[]): number[] {
  const all = term.successors.map((_s, i) => i);
  const condIdx = term.def?.operands.findIndex(({ name }) => name === 'condition') ?? -1;
  if (condIdx !== 0 || term.successors.length !== 2) return all;
  const cond = constOperands[0];
  return cond instanceof IntegerAttr ? [cond.value !== 0n ? 0 : 1] : all;
}

/** One edge into a region-branch target: the values it forwards, and the terminator it leaves from (none for the op's entry). */
export interface RegionEdge {
  readonly from: Operation | undefined;
  readonly operands: readonly Value[];
}

/**
 * The edges into `target` (a region of `op`, or undefined for `op`'s results) from `op`'s entry and from the
 * terminators of `liveBlocks` in its regions, as the model describes them. `entryConstants` are the known
 * constant values of `op`'s operands (an scf.if on a constant enters one region); terminators are taken with
 * unknown operands, their liveness is the caller's.
 */
export function regionEdgesInto(
  op: Operation,
  model: RegionBranchModel,
  target: Region | undefined,
  isLive: (b: Block) => boolean,
  entryConstants: readonly (Attribute | undefined)[] = [],
): RegionEdge[] {
  const out: RegionEdge[] = [];
  for (const s of model.entrySuccessors(op, entryConstants)) if (s.region === target) out.push({ from: undefined, operands: s.operands });
  for (const r of op.regions) {
    for (const b of r.blocks) {
      const term = b.terminator;
      if (!term || !isTerminator(term) || term.successors.length || !isLive(b)) continue;
      for (const s of model.terminatorSuccessors(op, term, [])) if (s.region === target) out.push({ from: term, operands: s.operands });
    }
  }
  return out;
}
