/**
 * Passes and the pass registry. A pass is registered under its triton-opt flag (`tritongpu-coalesce`) with a
 * one-line description and typed options (`--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=83`);
 * `transforms/index.ts` imports every pass module so that each registers itself.
 */
import { Diagnostic } from '../dialect/ir/diagnostics.js';
import type { Operation } from '../dialect/ir/ir.js';

export type PassOptionType = 'int' | 'bool' | 'string' | 'list';
export type PassOptionValue = number | boolean | string | string[];

export interface PassOptionSpec {
  type: PassOptionType;
  default: PassOptionValue;
  description: string;
}

/** Option values by option name, defaults filled in. */
export type ParsedOptions = Record<string, PassOptionValue>;

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
}

export interface Pass {
  /** The triton-opt flag, e.g. `tritongpu-coalesce`. */
  name: string;
  /** MLIR's pass class name for `IR Dump After <className> (<name>)`; defaults to the CamelCased flag. */
  className?: string;
  description: string;
  options?: Record<string, PassOptionSpec>;
  run(module: Operation, options: ParsedOptions, ctx: PassContext): void;
}

const registry = new Map<string, Pass>();

export function registerPass(p: Pass): Pass {
  if (registry.has(p.name)) throw new Error(`pass '${p.name}' registered twice`);
  registry.set(p.name, p);
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

/** A malformed option string or an unknown option name. */
export class PassOptionError extends Error {}

/**
 * Parses MLIR's pass option syntax: `key=value key2=value2` (spaces or commas between entries, `{...}` and
 * quotes group values with spaces), `key` alone for `true`; lists are comma-separated (`key=a,b,c`).
 */
export function parsePassOptions(pass: Pass, text: string): ParsedOptions {
  const out: ParsedOptions = {};
  const specs = pass.options ?? {};
  for (const [k, s] of Object.entries(specs)) out[k] = Array.isArray(s.default) ? [...s.default] : s.default;
  for (const [key, raw] of splitOptionEntries(text)) {
    const spec = specs[key];
    if (!spec) {
      const known = Object.keys(specs);
      throw new PassOptionError(
        `no such option ${key}` + (known.length ? ` (available options for '${pass.name}': ${known.join(', ')})` : ` ('${pass.name}' has no options)`),
      );
    }
    out[key] = convertOption(pass, key, spec, raw);
  }
  return out;
}

function convertOption(pass: Pass, key: string, spec: PassOptionSpec, raw: string | undefined): PassOptionValue {
  const bad = (what: string): never => {
    throw new PassOptionError(`invalid value '${raw ?? ''}' for option '${key}' of pass '${pass.name}': expected ${what}`);
  };
  switch (spec.type) {
    case 'bool': {
      if (raw === undefined) return true;
      const v = raw.toLowerCase();
      if (v === 'true' || v === '1') return true;
      if (v === 'false' || v === '0') return false;
      return bad('true or false');
    }
    case 'int': {
      if (raw === undefined || !/^[-+]?(0x[0-9a-fA-F]+|[0-9]+)$/.test(raw)) return bad('an integer');
      return Number(raw);
    }
    case 'string':
      return raw ?? '';
    case 'list':
      return raw === undefined || raw === '' ? [] : splitTopLevel(raw, ',');
  }
}

/** `a=1 b={x y} c="q r",d` → [[a,1],[b,x y],[c,q r],[d,undefined]]. */
export function splitOptionEntries(text: string): [string, string | undefined][] {
  const out: [string, string | undefined][] = [];
  let i = 0;
  const n = text.length;
  const skipSep = (): void => {
    while (i < n && (text[i] === ' ' || text[i] === ',' || text[i] === '\t')) i++;
  };
  skipSep();
  while (i < n) {
    let key = '';
    while (i < n && text[i] !== '=' && text[i] !== ' ' && text[i] !== ',') key += text[i++];
    let value: string | undefined;
    if (text[i] === '=') {
      i++;
      value = '';
      let depth = 0;
      while (i < n) {
        const c = text[i]!;
        if (depth === 0 && (c === ' ' || c === '\t')) break;
        if (c === '"' || c === "'") {
          const end = text.indexOf(c, i + 1);
          const stop = end < 0 ? n : end;
          value += text.slice(i + 1, stop);
          i = stop + 1;
          continue;
        }
        if (c === '{' || c === '[' || c === '(') {
          if (depth === 0 && c === '{') {
            depth++;
            i++;
            continue;
          }
          depth++;
        } else if (c === '}' || c === ']' || c === ')') {
          depth--;
          if (depth === 0 && c === '}') {
            i++;
            continue;
          }
        }
        value += c;
        i++;
      }
    }
    if (key) out.push([key, value]);
    skipSep();
  }
  return out;
}

/** Splits on `sep` outside brackets and quotes. */
function splitTopLevel(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of s) {
    if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') depth--;
    if (c === sep && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map((x) => x.trim());
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
