#!/usr/bin/env node
// ttg-lit [paths...] [--filecheck ours|system|FileCheck-22|PATH] [-v] [--filter REGEX] [-j N]
// Runs the RUN lines of every *.mlir test under the given paths.

import { availableParallelism } from 'node:os';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { isMainModule } from '../tools/is-main.js';
import { discoverTests, type LitFileResult, type LitOptions, runLitFileAsync } from '../lit/runner/index.js';
import type { InProcessOpt } from '../lit/runner/runner.js';

/** The ttg-opt driver loaded into this process, with every pass registered. */
async function loadInProcessOpt(): Promise<InProcessOpt> {
  await import('../tools/passes.js');
  const { runOptSync } = await import('../tools/opt-main.js');
  // --help is rendered by yargs asynchronously: leave it to a real process.
  const needsProcess = (args: readonly string[]): boolean => args.some((a) => a === '--help' || a === '-help' || a === '-h');
  return (args, stdin) => (needsProcess(args) ? undefined : runOptSync(args, stdin));
}

async function main(): Promise<number> {
  const argv = await yargs(hideBin(process.argv))
    .scriptName('ttg-lit')
    .usage('$0 [paths...] [options]\n\nRun the RUN: lines of *.mlir lit tests under the given paths (default: lit).')
    .option('filecheck', {
      type: 'string',
      default: 'ours',
      describe: "FileCheck to use: 'ours' (in-process), 'system' (FileCheck-22), or an executable name/path",
    })
    .option('verbose', { alias: 'v', type: 'boolean', default: false, describe: 'Show the command log of every test' })
    .option('filter', { type: 'string', describe: 'Only run tests whose path matches this regular expression' })
    .option('workers', { alias: 'j', type: 'number', describe: 'Number of tests to run in parallel' })
    .option('timeout', { type: 'number', default: 300, describe: 'Per-command timeout in seconds' })
    .option('feature', { type: 'string', array: true, default: [] as string[], describe: 'Extra lit feature (for REQUIRES/UNSUPPORTED/XFAIL)' })
    .option('ttg-opt', { type: 'string', describe: 'Path to the ttg-opt entry point (default <repo>/dist/bin/ttg-opt.js)' })
    .option('spawn', { type: 'boolean', default: false, describe: 'Run ttg-opt as a subprocess for every RUN line (default: in-process)' })
    .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'Only print failures and the summary' })
    .strictOptions()
    .help()
    .parseAsync();

  const paths = argv._.length > 0 ? argv._.map(String) : ['lit'];
  let filter: RegExp | undefined;
  if (argv.filter !== undefined) {
    try {
      filter = new RegExp(argv.filter);
    } catch (e) {
      process.stderr.write(`ttg-lit: invalid --filter: ${e instanceof Error ? e.message : String(e)}\n`);
      return 2;
    }
  }
  const tests = discoverTests(paths, filter);
  const opts: LitOptions = {
    filecheck: argv.filecheck,
    verbose: argv.verbose,
    timeoutSec: argv.timeout,
    features: argv.feature,
    ...(argv['ttg-opt'] !== undefined ? { ttgOpt: argv['ttg-opt'] } : {}),
    ...(argv.spawn || argv['ttg-opt'] !== undefined ? {} : { optInProcess: await loadInProcessOpt() }),
  };
  const workers = Math.max(1, Math.min(argv.workers ?? availableParallelism(), tests.length || 1));

  const results: Array<LitFileResult | undefined> = new Array<LitFileResult | undefined>(tests.length);
  let printed = 0;
  const counts = { passed: 0, failed: 0, unsupported: 0, xfail: 0 };
  const flush = (): void => {
    while (printed < tests.length && results[printed] !== undefined) {
      const r = results[printed]!;
      if (r.ok) {
        if (r.status === 'UNSUPPORTED') counts.unsupported++;
        else if (r.status === 'XFAIL') counts.xfail++;
        else counts.passed++;
      } else counts.failed++;
      if (!(argv.quiet && r.ok)) {
        process.stdout.write(`${r.status}: ${r.path}\n`);
        if (r.output !== '' && (!r.ok || argv.verbose)) {
          const body = r.output.endsWith('\n') ? r.output : r.output + '\n';
          process.stdout.write(`${'*'.repeat(20)} TEST '${r.path}' ${r.ok ? 'LOG' : 'FAILED'} ${'*'.repeat(20)}\n${body}${'*'.repeat(20)}\n`);
        }
      }
      printed++;
    }
  };
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tests.length) {
      const i = next++;
      const t = tests[i]!;
      try {
        results[i] = await runLitFileAsync(t, opts);
      } catch (e) {
        results[i] = { path: t, status: 'FAIL', ok: false, output: `internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n` };
      }
      flush();
    }
  };
  await Promise.all(Array.from({ length: workers }, () => worker()));
  flush();
  const extra: string[] = [];
  if (counts.xfail > 0) extra.push(`${counts.xfail} expectedly failed (counted as passed)`);
  if (counts.unsupported > 0) extra.push(`${counts.unsupported} unsupported (not counted)`);
  if (extra.length > 0) process.stdout.write(`(${extra.join(', ')})\n`);
  process.stdout.write(`${counts.passed + counts.xfail} passed, ${counts.failed} failed\n`);
  return counts.failed > 0 ? 1 : 0;
}

if (isMainModule(import.meta.url)) main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`ttg-lit: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 2;
  },
);
