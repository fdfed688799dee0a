/**
 * The kernels kind's fast path through a dump log: each module-level dump is parsed and verified once, printed
 * once (Triton's text as ttg-opt prints it), and each pass runs on a copy of the parsed "before" module. That is
 * one parse per pass instead of the two (plus verifications) of going through ttg-opt's command line per pass,
 * which tools/replay does to report each step exactly as `ttg-opt` would.
 *
 * It answers only "every pass the same" (with the counts tools/replay would give); on anything else (a pass that
 * differs or fails, a dump that does not parse) the caller runs tools/replay for the exact verdicts and texts.
 */
import '../../tools/passes.js';
import { cloneOperation } from '../../dialect/ir/builder.js';
import type { Operation } from '../../dialect/ir/ir.js';
import { verifyOperation } from '../../dialect/ir/verifier.js';
import { Parser } from '../../parser/parser.js';
import { printOperation } from '../../printer/printer.js';
import { getPass, parsePassOptions } from '../../transforms/pass.js';
import { runPipeline } from '../../transforms/pass-manager.js';
import type { PassDump } from '../../tools/replay/dump-log.js';
import { inferVars, nestedDumpIndices } from '../../tools/replay/replay.js';
import { passArgument } from '../../tools/replay/triton-pipeline.js';

interface Parsed { module: Operation; text: string }

/** Verdict counts (as tools/replay's `counts`) when every compared pass gives Triton's text; undefined otherwise. */
export function fastReplaySame(dumps: readonly PassDump[], from: string, to: string, numStages?: number): Record<string, number> | undefined {
  const first = dumps.findIndex((d) => d.flag === from);
  let last = -1;
  dumps.forEach((d, i) => {
    if (d.flag === to) last = i;
  });
  if (first < 0 || last < 0) return undefined;
  const { vars } = inferVars(dumps, numStages !== undefined ? { numStages } : {});
  const parsed = new Map<number, Parsed | null>();
  const parse = (i: number): Parsed | null => {
    let p = parsed.get(i);
    if (p === undefined) {
      p = null;
      try {
        const module = new Parser(dumps[i]!.text, { filename: '-' }).parseModule();
        if (!verifyOperation(module, { allowUnregistered: false })) p = { module, text: printOperation(module, {}) };
      } catch {
        p = null;
      }
      parsed.set(i, p);
    }
    return p;
  };
  const counts: Record<string, number> = { same: 0, differs: 0, 'not-in-ttg-opt': 0, 'ours-failed': 0, unreadable: 0, skipped: 0 };
  const nested = nestedDumpIndices(dumps);
  for (let i = first; i <= last; i++) {
    const d = dumps[i]!;
    if (d.scope !== 'module' || nested.has(i)) {
      counts['skipped']!++;
      continue;
    }
    let next = i + 1;
    while (next < dumps.length && (dumps[next]!.scope !== 'module' || nested.has(next))) next++;
    if (next >= dumps.length) {
      counts['skipped']!++;
      continue;
    }
    const pass = getPass(d.flag);
    if (!pass) {
      counts['not-in-ttg-opt']!++;
      continue;
    }
    const before = parse(i);
    const after = parse(next);
    if (!before || !after) return undefined;
    const argument = passArgument(d.flag, vars);
    const eq = argument.indexOf('=');
    let ours: string;
    try {
      const module = cloneOperation(before.module);
      const options = parsePassOptions(pass, eq < 0 ? '' : argument.slice(eq + 1));
      const r = runPipeline(module, [{ pass, options }], { verifyEach: false });
      if (!r.ok) return undefined;
      ours = printOperation(module, {});
    } catch {
      return undefined;
    }
    if (ours !== after.text) return undefined;
    counts['same']!++;
  }
  return counts;
}
