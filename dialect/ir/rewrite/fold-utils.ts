/**
 * OperationFolder (MLIR's FoldUtils.cpp): folds ops and uniques constants per "insertion region" (the
 * nearest enclosing region whose op is isolated from above, or the top-level region). Uniqued constants
 * live at the front of the entry block of their insertion region:
 *
 * - `insertKnownConstant(op)`: if an equal constant (same dialect, value and type) is already known in the
 *   region, `op` is replaced by it and erased (the survivor's location becomes `loc(unknown)`), returning
 *   false; otherwise `op` is recorded and, unless it already sits at the front of the entry block or right
 *   after another recorded constant, moved to the front of the entry block (its location is erased when it
 *   comes from another block).
 * - `tryToFold(op)`: folds `op` (constants materialized at the front of the entry block, uniqued).
 * - `getOrCreateConstant(block, dialect, value, type)`: a uniqued constant usable in `block`.
 */
import type { Attribute } from '../attribute.js';
import type { Block, Operation, Region, Value } from '../ir.js';
import { UnknownLoc, type Location } from '../location.js';
import { IRRewriter, type RewriterListener } from '../rewriter.js';
import { mightBeIsolatedFromAbove } from '../traits.js';
import type { Type } from '../type.js';
import { constantValueOfOp, dialectOf, foldOperation, isValue, materializeConstant, type OpFoldResult } from './registry.js';

/** Whether constants moved to another block lose their location (MLIR ≥ 2025). */
export const ERASE_LOC_WHEN_HOISTED_ACROSS_BLOCKS = true;

/** The region folded constants used in `block` are inserted into. */
export function getInsertionRegion(block: Block): Region {
  let b: Block | undefined = block;
  while (b) {
    const region: Region | undefined = b.parent;
    if (!region) break;
    const parentOp: Operation | undefined = region.parent;
    if (!parentOp || mightBeIsolatedFromAbove(parentOp) || !parentOp.parent) return region;
    b = parentOp.parent;
  }
  throw new Error('expected valid insertion region');
}

export class OperationFolder {
  private readonly erasedFoldedLocation: Location = UnknownLoc.get();
  /** Per insertion region: (dialect, value, type) → the uniqued constant op. */
  private readonly foldScopes = new Map<Region, ConstantTable>();
  /** The dialects each uniqued constant is registered under. */
  private readonly referencedDialects = new Map<Operation, string[]>();
  readonly rewriter: IRRewriter;

  constructor(listener?: RewriterListener) {
    this.rewriter = new IRRewriter(listener);
  }

  private scope(region: Region): ConstantTable {
    let m = this.foldScopes.get(region);
    if (!m) {
      m = new ConstantTable();
      this.foldScopes.set(region, m);
    }
    return m;
  }

  isFolderOwnedConstant(op: Operation | undefined): boolean {
    return op !== undefined && this.referencedDialects.has(op);
  }

  /** See the file comment; returns false when `op` was replaced by an existing constant. */
  insertKnownConstant(op: Operation, constValue?: Attribute): boolean {
    const opBlock = op.parent!;
    if (this.isFolderOwnedConstant(op)) {
      if (opBlock.firstOp !== op && !this.isFolderOwnedConstant(op.prevOp)) {
        op.moveBefore(opBlock.firstOp!);
        op.loc = this.erasedFoldedLocation;
      }
      return true;
    }
    const value = constValue ?? constantValueOfOp(op);
    if (!value) throw new Error('insertKnownConstant: expected a constant');
    const insertRegion = getInsertionRegion(opBlock);
    const uniqued = this.scope(insertRegion);
    const dialect = dialectOf(op.name);
    const type = op.result(0).type;
    const existing = uniqued.get(dialect, value, type);
    if (existing) {
      this.notifyRemoval(op);
      this.rewriter.replaceOp(op, existing.results);
      existing.loc = this.erasedFoldedLocation;
      return false;
    }
    const insertBlock = insertRegion.blocks[0]!;
    if (opBlock !== insertBlock) {
      op.moveBefore(insertBlock.firstOp!);
      if (ERASE_LOC_WHEN_HOISTED_ACROSS_BLOCKS) op.loc = this.erasedFoldedLocation;
    } else if (insertBlock.firstOp !== op && !this.isFolderOwnedConstant(op.prevOp)) {
      op.moveBefore(insertBlock.firstOp!);
    }
    uniqued.set(dialect, value, type, op);
    this.referencedDialects.set(op, [dialect]);
    return true;
  }

  /** Forgets a uniqued constant that is about to be erased by someone else. */
  notifyRemoval(op: Operation): void {
    const dialects = this.referencedDialects.get(op);
    if (!dialects) return;
    const value = constantValueOfOp(op);
    const block = op.parent;
    if (value && block) {
      const uniqued = this.scope(getInsertionRegion(block));
      for (const d of dialects) uniqued.delete(d, value, op.result(0).type);
    }
    this.referencedDialects.delete(op);
  }

  clear(): void {
    this.foldScopes.clear();
    this.referencedDialects.clear();
  }

  /**
   * Folds `op`: returns 'in-place' when it was updated in place, 'folded' when its results were replaced
   * (and the op erased), or undefined when it did not fold.
   */
  tryToFold(op: Operation): 'in-place' | 'folded' | undefined {
    if (this.isFolderOwnedConstant(op)) {
      const b = op.parent!;
      if (b.firstOp !== op && !this.isFolderOwnedConstant(op.prevOp)) {
        op.moveBefore(b.firstOp!);
        op.loc = this.erasedFoldedLocation;
      }
      return undefined;
    }
    const foldResults: OpFoldResult[] = [];
    if (!foldOperation(op, foldResults)) return undefined;
    if (foldResults.length === 0) {
      this.rewriter.listener?.notifyOperationModified?.(op);
      return 'in-place';
    }
    const results = this.processFoldResults(op, foldResults);
    if (!results) return undefined;
    this.notifyRemoval(op);
    this.rewriter.replaceOp(op, results);
    return 'folded';
  }

  private processFoldResults(op: Operation, foldResults: readonly OpFoldResult[]): Value[] | undefined {
    const insertRegion = getInsertionRegion(op.parent!);
    const entry = insertRegion.blocks[0]!;
    const uniqued = this.scope(insertRegion);
    const dialect = dialectOf(op.name);
    const results: Value[] = [];
    const created: Operation[] = [];
    for (let i = 0; i < foldResults.length; i++) {
      const fr = foldResults[i]!;
      const res = op.result(i);
      if (isValue(fr)) {
        if (fr.type !== res.type) return undefined;
        results.push(fr);
        continue;
      }
      const constOp = this.rewriter.withInsertionGuard(() => {
        this.rewriter.setInsertionPointToStart(entry);
        return this.tryGetOrCreateConstant(uniqued, dialect, fr as Attribute, res.type, op.loc, created);
      });
      if (!constOp) {
        for (const c of created) {
          this.notifyRemoval(c);
          this.rewriter.eraseOp(c);
        }
        return undefined;
      }
      const opBlock = op.parent;
      if (opBlock === constOp.parent && opBlock!.firstOp !== constOp) constOp.moveBefore(opBlock!.firstOp!);
      results.push(constOp.result(0));
    }
    return results;
  }

  /** A uniqued constant for `value` usable in `block` (created at the front of its insertion region). */
  getOrCreateConstant(block: Block, dialect: string, value: Attribute, type: Type): Value | undefined {
    const insertRegion = getInsertionRegion(block);
    const entry = insertRegion.blocks[0]!;
    return this.rewriter.withInsertionGuard(() => {
      this.rewriter.setInsertionPointToStart(entry);
      const op = this.tryGetOrCreateConstant(this.scope(insertRegion), dialect, value, type, this.erasedFoldedLocation, []);
      return op?.result(0);
    });
  }

  private tryGetOrCreateConstant(
    uniqued: ConstantTable,
    dialect: string,
    value: Attribute,
    type: Type,
    loc: Location,
    created: Operation[],
  ): Operation | undefined {
    const existing = uniqued.get(dialect, value, type);
    if (existing) {
      if (existing.loc !== loc) existing.loc = this.erasedFoldedLocation;
      return existing;
    }
    const op = materializeConstant(dialect, this.rewriter, value, type, loc);
    if (!op) return undefined;
    created.push(op);
    const newDialect = dialectOf(op.name);
    if (newDialect === dialect) {
      uniqued.set(dialect, value, type, op);
      this.referencedDialects.set(op, [dialect]);
      return op;
    }
    const other = uniqued.get(newDialect, value, type);
    if (other) {
      created.pop();
      this.rewriter.eraseOp(op);
      this.referencedDialects.get(other)!.push(dialect);
      uniqued.set(dialect, value, type, other);
      return other;
    }
    this.referencedDialects.set(op, [dialect, newDialect]);
    uniqued.set(dialect, value, type, op);
    uniqued.set(newDialect, value, type, op);
    return op;
  }
}

/**
 * Uniqued constants by (dialect, value, type), compared by the value's and type's canonical text. Nested maps keyed
 * by the texts the attribute and type already hold (their hashes are cached in the strings), rather than one key
 * string built per lookup: seeding looks up every constant of a lowered module each iteration.
 */
class ConstantTable {
  private readonly byValue = new Map<string, Map<string, Map<string, Operation>>>();
  get(dialect: string, value: Attribute, type: Type): Operation | undefined {
    return this.byValue.get(value.key)?.get(type.key)?.get(dialect);
  }
  set(dialect: string, value: Attribute, type: Type, op: Operation): void {
    let byType = this.byValue.get(value.key);
    if (!byType) this.byValue.set(value.key, (byType = new Map()));
    let byDialect = byType.get(type.key);
    if (!byDialect) byType.set(type.key, (byDialect = new Map()));
    byDialect.set(dialect, op);
  }
  delete(dialect: string, value: Attribute, type: Type): void {
    this.byValue.get(value.key)?.get(type.key)?.delete(dialect);
  }
}
