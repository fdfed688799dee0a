/**
 * Region control flow (MLIR's RegionBranchOpInterface) for analyses such as SCCP: which regions an op
 * enters (given the constant values of its operands) and where a region terminator branches, with the
 * values forwarded to each target. A target is a region (its entry block's forwarded arguments receive the
 * values) or the parent op (its results receive them).
 *
 *   registerRegionBranchOp('scf.if', { entrySuccessors(op, c) {...}, terminatorSuccessors(op, term, c) {...} })
 *
 * Models for scf.if / scf.for / scf.while / scf.execute_region are registered here (they mirror SCFOps.cpp).
 */
import type { Attribute } from '../attribute.js';
import type { BlockArgument, Operation, Region, Value } from '../ir.js';
import { intOrSplatValue } from './registry.js';

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

const allArgs = (_op: Operation, r: Region): readonly BlockArgument[] => r.blocks[0]?.args ?? [];

/** A constant i1 condition: true/false, or undefined when not constant. */
function constBool(a: Attribute | undefined): boolean | undefined {
  const v = intOrSplatValue(a);
  return v === undefined ? undefined : v !== 0n;
}

registerRegionBranchOp('scf.if', {
  entrySuccessors(op, c) {
    const cond = constBool(c[0]);
    const out: RegionSuccessor[] = [];
    const elseRegion = op.region(1);
    if (cond !== false) out.push({ region: op.region(0), operands: [] });
    if (cond !== true) out.push(elseRegion.blocks.length ? { region: elseRegion, operands: [] } : { region: undefined, operands: [] });
    return out;
  },
  terminatorSuccessors(_op, term) {
    return [{ region: undefined, operands: term.operandValues }];
  },
  regionInputs: allArgs,
});

registerRegionBranchOp('scf.for', {
  entrySuccessors(op) {
    const inits = op.operandValues.slice(3);
    return [
      { region: op.region(0), operands: inits },
      { region: undefined, operands: inits },
    ];
  },
  terminatorSuccessors(op, term) {
    return [
      { region: op.region(0), operands: term.operandValues },
      { region: undefined, operands: term.operandValues },
    ];
  },
  regionInputs: (_op, r) => r.blocks[0]?.args.slice(1) ?? [],
});

registerRegionBranchOp('scf.while', {
  entrySuccessors(op) {
    return [{ region: op.region(0), operands: op.operandValues }];
  },
  terminatorSuccessors(op, term, c) {
    if (term.name === 'scf.condition') {
      const cond = constBool(c[0]);
      const args = term.operandValues.slice(1);
      const out: RegionSuccessor[] = [];
      if (cond !== false) out.push({ region: op.region(1), operands: args });
      if (cond !== true) out.push({ region: undefined, operands: args });
      return out;
    }
    return [{ region: op.region(0), operands: term.operandValues }];
  },
  regionInputs: allArgs,
});

registerRegionBranchOp('scf.execute_region', {
  entrySuccessors(op) {
    return [{ region: op.region(0), operands: [] }];
  },
  terminatorSuccessors(_op, term) {
    return [{ region: undefined, operands: term.operandValues }];
  },
  regionInputs: allArgs,
});
