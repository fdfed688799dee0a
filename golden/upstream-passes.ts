// `ttg-golden upstream-passes`: for each upstream lit test whose RUN line Triton 3.6 could run (expected JSON
// `runs[]` with `flags`), run our opt driver chunk by chunk with those flags and FileCheck the chunk's CHECK lines
// against our output, as the oracle did for Triton (check file = the chunk, FileCheck arguments of the RUN line).
// Only chunks that Triton 3.6 itself passes count in the summary ("ours/triton36").
import {
  clip,
  firstLine,
  formatTable,
  type GoldenResult,
  importOptional,
  loadRunOpt,
  normalizeEnd,
  notImplementedReason,
  type RunOptFn,
  splitInputFile,
  summaryLine,
} from './common.js';
import { type UpstreamRun, upstreamTests, upstreamTree } from './upstream.js';

/** The subset of lit/filecheck's API used here. */
export interface FileCheckApi {
  fileCheck(opts: {
    checkText: string;
    checkFileName: string;
    input: string;
    inputName?: string;
    prefixes?: string[];
    implicitCheckNot?: string[];
    matchFullLines?: boolean;
    strictWhitespace?: boolean;
    allowEmpty?: boolean;
    allowUnusedPrefixes?: boolean;
    enableVarScope?: boolean;
    ignoreCase?: boolean;
    defines?: string[];
    dumpInput?: 'help' | 'always' | 'fail' | 'never';
    dumpInputContext?: number;
  }): { ok: boolean; diagnostics: string };
}

export type FileCheckOpts = Parameters<FileCheckApi['fileCheck']>[0];

/** Splits a shell command line into words (single and double quotes, backslash escapes). */
export function shellWords(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  let has = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "'") {
      const end = s.indexOf("'", i + 1);
      cur += s.slice(i + 1, end < 0 ? s.length : end);
      i = end < 0 ? s.length : end;
      has = true;
    } else if (c === '"') {
      i++;
      while (i < s.length && s[i] !== '"') {
        if (s[i] === '\\' && i + 1 < s.length) i++;
        cur += s[i];
        i++;
      }
      has = true;
    } else if (c === '\\' && i + 1 < s.length) {
      cur += s[++i];
      has = true;
    } else if (/\s/.test(c)) {
      if (has) out.push(cur);
      cur = '';
      has = false;
    } else {
      cur += c;
      has = true;
    }
  }
  if (has) out.push(cur);
  return out;
}

/** What our driver needs from a RUN line besides the pass flags: the non-pass options triton-opt would honour. */
export function runLineExtras(run: string): { split: boolean; mergeStderr: boolean; extraArgs: string[] } {
  const first = run.split('|')[0] ?? '';
  const words = shellWords(first);
  const names = words.map((w) => w.replace(/^--?/, '').split('=')[0]);
  const extraArgs = ['allow-unregistered-dialect', 'mlir-print-local-scope']
    .filter((n) => names.includes(n))
    .map((n) => `--${n}`);
  return { split: names.includes('split-input-file'), mergeStderr: /2>&1/.test(first), extraArgs };
}

/** FileCheck arguments of a RUN line → fileCheck() options (throws on an option we do not map). */
export function fileCheckOptions(args: readonly string[]): Partial<FileCheckOpts> {
  const o: Partial<FileCheckOpts> = {};
  const prefixes: string[] = [];
  const list = (k: 'implicitCheckNot' | 'defines', v: string): void => {
    (o[k] ??= []).push(v);
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const body = a.replace(/^--?/, '');
    const eq = body.indexOf('=');
    const name = eq < 0 ? body : body.slice(0, eq);
    const val = (): string => (eq >= 0 ? body.slice(eq + 1) : (args[++i] ?? ''));
    switch (name) {
      case 'check-prefix': prefixes.push(val()); break;
      case 'check-prefixes': prefixes.push(...val().split(',')); break;
      case 'dump-input-context': o.dumpInputContext = Number(val()); break;
      case 'dump-input': o.dumpInput = val() as FileCheckOpts['dumpInput']; break;
      case 'implicit-check-not': list('implicitCheckNot', val()); break;
      case 'match-full-lines': o.matchFullLines = true; break;
      case 'strict-whitespace': o.strictWhitespace = true; break;
      case 'allow-empty': o.allowEmpty = true; break;
      case 'allow-unused-prefixes': o.allowUnusedPrefixes = true; break;
      case 'enable-var-scope': o.enableVarScope = true; break;
      case 'ignore-case': o.ignoreCase = true; break;
      default:
        if (name.startsWith('D')) {
          list('defines', name.length > 1 ? body.slice(1) : val());
          break;
        }
        throw new Error(`FileCheck option not mapped: ${a}`);
    }
  }
  if (prefixes.length > 0) o.prefixes = prefixes;
  return o;
}

/** FileCheck's first error and the directive it is about (`CHECK-NEXT: expected string not found in input: // CHECK-NEXT: ...`). */
export function fileCheckSummary(diagnostics: string): string {
  const lines = diagnostics.split('\n');
  const i = lines.findIndex((l) => /error:/.test(l));
  if (i < 0) return firstLine(diagnostics);
  const msg = lines[i]!.replace(/^.*?error: /, '');
  const directive = lines[i + 1]?.trim();
  return directive ? `${msg}: ${directive}` : msg;
}

export interface UpstreamPassesOptions {
  dir?: string;
  file?: string;
  verbose?: boolean;
  showFileCheck?: boolean;
  runOpt?: RunOptFn;
}

interface RunStats {
  name: string;
  flags: string;
  chunks: number;
  tritonPasses: number;
  oursOnTriton: number;
  oursAll: number;
  exact: number;
  firstFailure?: string;
}

export async function runUpstreamPassesGolden(opts: UpstreamPassesOptions = {}): Promise<GoldenResult> {
  const tree = upstreamTree(opts.dir);
  const runOpt = opts.runOpt ?? (await loadRunOpt());
  const fc = await importOptional<FileCheckApi>('../lit/filecheck/index.js');
  const stats: RunStats[] = [];
  const lines: string[] = [];
  for (const t of upstreamTests(tree, opts.file)) {
    if (!t.expected) continue;
    const text = tree.read(t.path);
    const runnable = t.expected.runs.filter((r): r is UpstreamRun & { flags: string[]; chunks: NonNullable<UpstreamRun['chunks']> } => Array.isArray(r.flags) && Array.isArray(r.chunks));
    for (const run of runnable) {
      const { split, mergeStderr, extraArgs } = runLineExtras(run.run);
      const chunks = split ? splitInputFile(text) : [{ text, offset: 0, line: 1 }];
      const st: RunStats = { name: t.name, flags: run.flags.join(' ') || '(none)', chunks: run.chunks.length, tritonPasses: 0, oursOnTriton: 0, oursAll: 0, exact: 0 };
      stats.push(st);
      let fcOpts: Partial<FileCheckOpts> | undefined;
      let fcError: string | undefined;
      try {
        fcOpts = fileCheckOptions(run.filecheck_args ?? []);
      } catch (e) {
        fcError = e instanceof Error ? e.message : String(e);
      }
      for (const exp of run.chunks) {
        const chunk = chunks[exp.chunk];
        if (exp.triton36_passes) st.tritonPasses++;
        let ok = false;
        let reason = '';
        if (!chunk) reason = 'chunk missing (split mismatch)';
        else if (!runOpt) reason = 'not implemented (no opt driver: tools/opt-main.ts)';
        else if (!fc) reason = 'no FileCheck (lit/filecheck)';
        else if (fcError !== undefined) reason = fcError;
        else {
          let r;
          try {
            r = await runOpt([...run.flags, ...extraArgs, '-'], chunk.text);
          } catch (e) {
            r = { exitCode: 1, stdout: '', stderr: `driver threw: ${e instanceof Error ? e.message : String(e)}` };
          }
          const input = mergeStderr ? r.stderr + r.stdout : r.stdout;
          const notImpl = r.exitCode !== 0 ? notImplementedReason(r.stderr) : undefined;
          if (notImpl !== undefined) {
            reason = notImpl;
          } else {
            const res = fc.fileCheck({
              checkText: chunk.text,
              checkFileName: tree.show(t.path),
              input,
              dumpInput: opts.showFileCheck ? 'fail' : 'never',
              ...fcOpts,
            });
            ok = res.ok;
            if (!ok) {
              reason = r.exitCode !== 0 ? `driver failed: ${firstLine(r.stderr)}` : `FileCheck: ${fileCheckSummary(res.diagnostics)}`;
              if (opts.showFileCheck) reason += '\n' + res.diagnostics;
            }
            if (exp.triton36_passes && exp.triton36_output !== undefined && r.exitCode === 0 && normalizeEnd(r.stdout) === normalizeEnd(exp.triton36_output)) st.exact++;
          }
        }
        if (ok) st.oursAll++;
        if (ok && exp.triton36_passes) st.oursOnTriton++;
        if (!ok && exp.triton36_passes) st.firstFailure ??= `#${exp.chunk}: ${firstLine(reason)}`;
        if (opts.verbose && (ok !== exp.triton36_passes || (!ok && exp.triton36_passes))) {
          lines.push(`  ${t.name} chunk ${exp.chunk} (line ${chunk?.line ?? '?'}): triton36 ${exp.triton36_passes ? 'PASS' : 'FAIL'}, ours ${ok ? 'PASS' : 'FAIL'}${ok ? '' : ` — ${clip(reason, opts.showFileCheck ? 100000 : 200)}`}`);
        }
      }
    }
  }
  const sum = (f: (s: RunStats) => number): number => stats.reduce((a, s) => a + f(s), 0);
  const rows = stats.map((s) => [
    s.name,
    clip(s.flags, 60),
    s.chunks,
    `${s.oursOnTriton}/${s.tritonPasses}`,
    `${s.oursAll}/${s.chunks}`,
    `${s.exact}/${s.tritonPasses}`,
    clip(s.firstFailure ?? '', 90),
  ]);
  const ours = sum((s) => s.oursOnTriton);
  const theirs = sum((s) => s.tritonPasses);
  rows.push(['total', '', sum((s) => s.chunks), `${ours}/${theirs}`, `${sum((s) => s.oursAll)}/${sum((s) => s.chunks)}`, `${sum((s) => s.exact)}/${theirs}`, '']);
  let report = `Upstream lit RUN lines through our driver, chunk by chunk, in ${tree.origin}${runOpt ? '' : ' (no opt driver yet)'}\n`;
  report += formatTable(['file', 'flags', 'chunks', 'ours/triton36', 'ours (all)', 'output = Triton', 'first failure (of a chunk Triton passes)'], rows);
  if (lines.length > 0) report += '\nChunks where we differ from Triton 3.6 or fail:\n' + lines.join('\n') + '\n';
  report += `FileCheck on chunks Triton 3.6 passes: ${ours}/${theirs} (ours/triton36)\n`;
  report += summaryLine(ours, theirs - ours) + '\n';
  return { passed: ours, failed: theirs - ours, report };
}
