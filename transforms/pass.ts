/**
 * Passes and the pass registry. A pass is registered under its triton-opt flag (`tritongpu-coalesce`) with a
 * one-line description and typed options (`--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=83`);
 * `transforms/index.ts` imports every pass module so that each registers itself.
 */
import { Diagnostic } from '../dialect/ir/diagnostics.js';
import type { Operation } from '../dialect/ir/ir.js';
import { parseOptions, type OptionSchema, type OptionsOf } from './pass-options.js';

export { PassOptionError, splitOptionEntries, type OptionSchema, type OptionsOf, type ParsedOptions } from './pass-options.js';

export interface PassContext {
  /** Reports an error at `op` (the pass keeps running; call `signalPassFailure` to stop the pipeline). */
  emitError(op: Operation, message: string): Diagnostic;
  emitWarning(op: Operation, message: string): Diagnostic;
  emitRemark(op: Operation, message: string): Diagnostic;
  /** Marks the pass as failed: the pipeline stops after this pass and the tool exits with status 1. */
  signalPassFailure(): void;
  readonly failed: boolean;
  /** Everything reported so far by this pass. */
  readonly diagnostics: readonly Diagnostic[];
  /** Writes a pass's own debug dump (`dump-intermediate-steps`) where the driver's IR dumps go (stderr in the CLI). */
  debugDump?(text: string): void;
}

/** A pass whose options follow the schema `S` (type-erased to `Pass` in the registry). */
export interface Pass<S extends OptionSchema = OptionSchema> {
  /** The triton-opt flag, e.g. `tritongpu-coalesce`. */
  name: string;
  /** MLIR's pass class name for `IR Dump After <className> (<name>)`; defaults to the CamelCased flag. */
  className?: string;
  description: string;
  /** The options Triton (or MLIR) declares for the pass, with their types and defaults. */
  options?: S;
  run(module: Operation, options: OptionsOf<S>, ctx: PassContext): void;
}

const registry = new Map<string, Pass>();

/** Registers a pass; `S` is inferred from its `options` literal, so `run` gets a typed options object. */
export function registerPass<const S extends OptionSchema = Record<never, never>>(p: Pass<S>): Pass<S> {
  if (registry.has(p.name)) throw new Error(`pass '${p.name}' registered twice`);
  registry.set(p.name, p as unknown as Pass);
  return p;
}

export function getPass(name: string): Pass | undefined {
  return registry.get(name);
}

/** Every registered pass, sorted by flag. */
export function allPasses(): Pass[] {
  return [...registry.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function passClassName(p: Pass): string {
  return p.className ?? p.name.split(/[-_]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** Parses a pass's option text (`num-stages=3 dump-intermediate-steps`) against its schema; see pass-options.ts. */
export function parsePassOptions<S extends OptionSchema>(pass: Pass<S>, text: string): OptionsOf<S> {
  return parseOptions(pass.options ?? ({} as S), text);
}

/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

/**
 * Registered pass names close to `name`: within an edit distance of a quarter of the longer name (so a short
 * option such as `o` is never offered for a long pass name), the closest first; else names that `name` begins
 * (8 characters or more). Empty when nothing is close: a wrong guess is worse than none.
 */
export function closestPasses(name: string, candidates: readonly string[] = allPasses().map((p) => p.name)): string[] {
  const scored = candidates
    .map((c) => ({ c, d: editDistance(name, c) }))
    .filter((s) => s.d <= Math.floor(Math.max(name.length, s.c.length) / 4));
  if (scored.length === 0) return name.length >= 8 ? candidates.filter((c) => c.startsWith(name)).slice(0, 3) : [];
  const best = Math.min(...scored.map((s) => s.d));
  return scored
    .filter((s) => s.d === best)
    .map((s) => s.c)
    .slice(0, 3);
}
