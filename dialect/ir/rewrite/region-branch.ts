/**
 * Region control flow (MLIR's RegionBranchOpInterface) for analyses such as SCCP: which regions an op
 * enters (given the constant values of its operands) and where a region terminator branches, with the
 * values forwarded to each target. A target is a region (its entry block's forwarded arguments receive the
 * values) or the parent op (its results receive them).
 *
 *   registerRegionBranchOp('scf.if', { entrySuccessors(op, c) {...}, terminatorSuccessors(op, term, c) {...} })
 *
 * Dialects register the models of their ops (scf: dialect/scf/region-branch.ts).
 */
import type { Attribute } from '../attribute.js';
import type { BlockArgument, Operation, Region, Value } from '../ir.js';

export interface RegionSuccessor {
  /** The region entered, or undefined for the parent op (its results). */
  readonly region: Region | undefined;
  /** The values forwarded to the target's inputs, in order. */
  readonly operands: readonly Value[];
}

export interface RegionBranchModel {
  /** Successors when control enters `op` (constOperands[i]: constant value of operand i, if known). */
  entrySuccessors(op: Operation, constOperands: readonly (Attribute | undefined)[]): RegionSuccessor[];
  /** Successors of region terminator `term` (constOperands: of the terminator's operands). */
  terminatorSuccessors(op: Operation, term: Operation, constOperands: readonly (Attribute | undefined)[]): RegionSuccessor[];
  /** The entry block arguments of `region` that receive forwarded values (others, like an induction variable, are unknown). */
  regionInputs(op: Operation, region: Region): readonly BlockArgument[];
}

const models = new Map<string, RegionBranchModel>();

export function registerRegionBranchOp(opName: string, model: RegionBranchModel): void {
  models.set(opName, model);
}

export function getRegionBranchModel(op: Operation): RegionBranchModel | undefined {
  return models.get(op.name);
}
