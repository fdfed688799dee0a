/**
 * `ttg-replay`: diff ttg-opt against a real Triton run of the user's own kernel, pass by pass.
 *
 *   ttg-replay LOG   [--from P] [--to P] [--only P] [--diff first|all|none] [--debuginfo] [--json] [--html FILE]
 *                    [--num-stages N] [--ptx-version N] [--fail-on-diff]
 *       LOG: the stderr of a Triton compile with MLIR_ENABLE_DUMP=1 (`-` reads stdin; `.gz` / `.br` are decompressed).
 *   ttg-replay DIR   a TRITON_KERNEL_DUMP / TRITON_DUMP_DIR folder: each kernel's .ttir through ttg-opt's make_ttgir
 *                    pipeline, compared with its .ttgir; its .ttgir through make_llir (lowered or not, and why).
 *
 * Exit status: 0 when a report was made (1 with --fail-on-diff when a pass differs or fails in ttg-opt), 1 on a
 * log or folder that cannot be read (one `ttg-replay: error: ...` line, never a stack trace).
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import yargs from 'yargs';
import { DumpLogError, parseDumpLog } from './dump-log.js';
import { KernelDirError, replayKernelDir } from './kernel-dir.js';
import { replay, ReplayUsageError } from './replay.js';
import { formatHtml, formatJson, formatText } from './report.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

class CliUsageError extends Error {}

/** A log file as text; `.br` and `.gz` logs are decompressed (dumps are tens of MB, and compress 50-100x). */
export function readLog(path: string): string {
  const raw = readFileSync(path);
  if (path.endsWith('.br')) return brotliDecompressSync(raw).toString('utf8');
  if (path.endsWith('.gz')) return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

export async function runReplayCli(argv: readonly string[], stdin?: () => string): Promise<CliResult> {
  let usage = '';
  try {
    const parser = yargs([...argv])
      .scriptName('ttg-replay')
      .usage(
        '$0 LOG|DIR [options]\n\nReplay a Triton MLIR_ENABLE_DUMP=1 log (or a TRITON_KERNEL_DUMP folder) through ttg-opt, pass by pass, and say where ttg-opt and Triton differ.',
      )
      .option('from', { type: 'string', describe: 'start at the first dump of this pass (flag, class name or dump index)' })
      .option('to', { type: 'string', describe: 'stop after the last dump of this pass' })
      .option('only', { type: 'string', describe: 'only the runs of this pass' })
      .option('diff', { choices: ['first', 'all', 'none'] as const, default: 'first' as const, describe: 'unified diffs: the first differing run of each pass, every one, or none' })
      .option('debuginfo', { type: 'boolean', default: false, describe: 'compare with locations and NameLoc SSA names, as Triton prints its dumps' })
      .option('json', { type: 'boolean', default: false, describe: 'print the report as JSON' })
      .option('html', { type: 'string', describe: 'also write an offline HTML page (pass list, before / Triton / ours side by side)' })
      .option('num-stages', { type: 'number', describe: 'num_stages of the compile (default: inferred from the log)' })
      .option('ptx-version', { type: 'number', describe: 'ptx-version of the compile (default 87)' })
      .option('ptx', { type: 'boolean', default: true, describe: 'DIR: also compare our PTX instruction mix with Triton\'s .ptx (needs LLVM 22 and ptxas; --no-ptx skips it)' })
      .option('fail-on-diff', { type: 'boolean', default: false, describe: 'exit 1 when a pass differs or fails in ttg-opt' })
      .strictOptions()
      .exitProcess(false)
      .fail((msg: string | null, err: Error | null) => {
        throw new CliUsageError(msg ?? err?.message ?? 'bad arguments');
      })
      .help();
    usage = await parser.getHelp();
    const a = await parser.parseAsync();
    if (a.help) return { code: 0, stdout: usage + '\n', stderr: '' };
    const positional = a._.map(String);
    if (positional.length !== 1) throw new CliUsageError(positional.length ? 'give one log file or dump folder' : 'missing the log file (or - for stdin)');
    const input = positional[0]!;
    const numStages = a['num-stages'];
    const ptxVersion = a['ptx-version'];
    if (numStages !== undefined && !(Number.isInteger(numStages) && numStages >= 1)) throw new CliUsageError('--num-stages takes a positive integer');
    if (ptxVersion !== undefined && !(Number.isInteger(ptxVersion) && ptxVersion > 0)) throw new CliUsageError('--ptx-version takes a positive integer');

    if (input !== '-' && existsSync(input) && statSync(input).isDirectory()) {
      const r = await replayKernelDir(input, { ...(numStages !== undefined ? { numStages } : {}), ...(ptxVersion !== undefined ? { ptxVersion } : {}), ptx: a.ptx });
      const failed = r.kernels.some((k) => k.ttgir.verdict !== 'same' || k.llir.verdict === 'failed');
      return { code: a['fail-on-diff'] && failed ? 1 : 0, stdout: a.json ? JSON.stringify(r, null, 1) + '\n' : r.text, stderr: '' };
    }
    let log: string;
    if (input === '-') log = stdin ? stdin() : readFileSync(0, 'utf8');
    else {
      if (!existsSync(input)) throw new CliUsageError(`cannot read '${input}': no such file or directory`);
      log = readLog(input);
    }
    const dumps = parseDumpLog(log);
    const report = replay(dumps, {
      debuginfo: a.debuginfo,
      diff: a.diff,
      keepTexts: a.html !== undefined,
      ...(a.from !== undefined ? { from: a.from } : {}),
      ...(a.to !== undefined ? { to: a.to } : {}),
      ...(a.only !== undefined ? { only: a.only } : {}),
      ...(numStages !== undefined ? { numStages } : {}),
      ...(ptxVersion !== undefined ? { ptxVersion } : {}),
    });
    const source = input === '-' ? '<stdin>' : input;
    if (a.html !== undefined) writeFileSync(a.html, formatHtml(report, source));
    const stdout = a.json ? formatJson(report, source) : formatText(report, source);
    const bad = report.counts.differs + report.counts['ours-failed'];
    return { code: a['fail-on-diff'] && bad > 0 ? 1 : 0, stdout, stderr: '' };
  } catch (e) {
    if (e instanceof CliUsageError || e instanceof DumpLogError || e instanceof ReplayUsageError || e instanceof KernelDirError) {
      return { code: 1, stdout: '', stderr: `ttg-replay: error: ${e.message}\n` + (e instanceof CliUsageError && usage ? `\n${usage}\n` : '') };
    }
    const err = e as NodeJS.ErrnoException;
    if (err && typeof err.code === 'string' && typeof err.message === 'string') return { code: 1, stdout: '', stderr: `ttg-replay: error: ${err.message}\n` };
    return { code: 2, stdout: '', stderr: `ttg-replay: internal error: ${e instanceof Error ? e.message : String(e)}\n` };
  }
}
