/**
 * Rewrite patterns and the pattern applicator (MLIR's RewritePattern / PatternApplicator with the default
 * cost model): patterns are grouped by root op name, sorted by decreasing benefit (stable, so registration
 * order breaks ties), and tried one after the other on an op until one succeeds. Op-specific patterns win
 * ties against any-op (`rootName: '*'`) patterns. Before each attempt the rewriter's insertion point is
 * set before the op.
 */
import type { Operation } from '../ir.js';
import type { PatternRewriter } from '../rewriter.js';

export interface RewritePattern {
  /** The op name this pattern matches (`'*'` or undefined for any op when used outside the registry). */
  readonly rootName?: string;
  /** Higher benefits are tried first (default 1). */
  readonly benefit?: number;
  /** For debugging. */
  readonly name?: string;
  /**
   * Tries to rewrite `op`; returns true iff the IR was changed. All changes must go through `rewriter`,
   * and nothing may change when returning false.
   */
  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean;
}

/** Convenience constructor for a pattern. */
export function pattern(
  rootName: string,
  matchAndRewrite: (op: Operation, rewriter: PatternRewriter) => boolean,
  opts: { benefit?: number; name?: string } = {},
): RewritePattern {
  return { rootName, matchAndRewrite, ...opts };
}

function benefitOf(p: RewritePattern): number {
  return p.benefit ?? 1;
}

/** A frozen, sorted pattern set (MLIR's FrozenRewritePatternSet + PatternApplicator cost model). */
export class PatternApplicator {
  private readonly byOp = new Map<string, RewritePattern[]>();
  private readonly anyOp: RewritePattern[] = [];

  constructor(patterns: readonly RewritePattern[]) {
    for (const p of patterns) {
      if (benefitOf(p) < 0) continue; // impossible to match
      if (!p.rootName || p.rootName === '*') this.anyOp.push(p);
      else {
        const l = this.byOp.get(p.rootName) ?? [];
        l.push(p);
        this.byOp.set(p.rootName, l);
      }
    }
    const sort = (l: RewritePattern[]): void => {
      const keyed = l.map((p, i) => ({ p, i }));
      keyed.sort((a, b) => benefitOf(b.p) - benefitOf(a.p) || a.i - b.i);
      l.splice(0, l.length, ...keyed.map((k) => k.p));
    };
    for (const l of this.byOp.values()) sort(l);
    sort(this.anyOp);
  }

  get empty(): boolean {
    return this.byOp.size === 0 && this.anyOp.length === 0;
  }

  /**
   * Applies the first pattern that succeeds on `op`; returns whether one did. `onPattern` (if given) is
   * told about each attempt.
   */
  matchAndRewrite(op: Operation, rewriter: PatternRewriter, onPattern?: (p: RewritePattern, ok: boolean) => void): boolean {
    const specific = this.byOp.get(op.name) ?? [];
    const any = this.anyOp;
    let i = 0;
    let j = 0;
    while (i < specific.length || j < any.length) {
      let p: RewritePattern;
      if (i < specific.length && (j >= any.length || benefitOf(specific[i]!) >= benefitOf(any[j]!))) p = specific[i++]!;
      else p = any[j++]!;
      rewriter.setInsertionPoint(op);
      const ok = p.matchAndRewrite(op, rewriter);
      onPattern?.(p, ok);
      if (ok) return true;
    }
    return false;
  }
}
