/**
 * The region control flow of scf.if / scf.for / scf.while / scf.execute_region (their RegionBranchOpInterface in
 * SCFOps.cpp), registered for region-aware analyses such as SCCP.
 */
import type { Attribute } from '../ir/attribute.js';
import type { BlockArgument, Operation, Region } from '../ir/ir.js';
import { registerRegionBranchOp, type RegionSuccessor } from '../ir/rewrite/region-branch.js';
import { intOrSplatValue } from '../ir/rewrite/registry.js';

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
