#!/usr/bin/env node
// ttg-golden: the conformance modes against Triton 3.6's ground truth (the copy bundled in golden/data, or ../shared
// with --shared).
//   npm run golden -- roundtrip | upstream | passes | pipeline | upstream-passes | layouts | toolchain [options]
// Each mode prints a table and ends with `N passed, M failed`; the exit status is 1 when M > 0. A missing folder or
// file is one error line, exit status 2.
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { isMainModule } from '../tools/is-main.js';
import type { GoldenResult } from './common.js';
import { importOptional } from './common.js';
import { GroundTruthError } from './ground-truth.js';

async function finish(run: () => GoldenResult | Promise<GoldenResult>): Promise<void> {
  let r: GoldenResult;
  try {
    r = await run();
  } catch (e) {
    // A missing ground-truth folder or file (or any file-system error) is the user's to fix: one line, no trace.
    if (e instanceof GroundTruthError || (e instanceof Error && typeof (e as NodeJS.ErrnoException).code === 'string')) {
      process.stderr.write(`ttg-golden: ${e.message}\n`);
      process.exitCode = 2;
      return;
    }
    throw e;
  }
  process.stdout.write(r.report.endsWith('\n') ? r.report : r.report + '\n');
  process.exitCode = r.failed > 0 ? 1 : 0;
}

interface LayoutsModule {
  runLayoutsGolden(opts: { file?: string }): Promise<GoldenResult>;
}

async function main(): Promise<void> {
  await yargs(hideBin(process.argv))
    .scriptName('ttg-golden')
    .usage(
      '$0 <mode> [options]\n\nConformance checks of ttg-opt against Triton 3.6: the ground truth bundled in golden/data, or with --shared ../shared ($TTG_SHARED).',
    )
    .option('shared', {
      type: 'boolean',
      default: false,
      global: true,
      describe: 'read the ground truth from ../shared (or $TTG_SHARED) instead of the bundled copy in golden/data',
    })
    .middleware((a) => {
      if (a.shared) process.env['TTG_GROUND_TRUTH'] = 'shared';
    })
    .command(
      'roundtrip',
      'parse and print back every corpus .mlir; must equal the file byte for byte',
      (y) =>
        y
          .option('dir', { type: 'string', describe: 'corpus folder (default: the ground truth\'s golden/corpus; "extra" = the bundled golden/extra corpus)' })
          .option('diff', { type: 'boolean', default: false, describe: 'unified diff of the first mismatches' })
          .option('max-diffs', { type: 'number', default: 3 })
          .option('verbose', { type: 'boolean', alias: 'v', default: false, describe: 'list each failure' })
          .option('filter', { type: 'string', describe: 'only paths containing this string' }),
      async (a) => {
        const { runRoundtripGolden } = await import('./roundtrip.js');
        await finish(() => runRoundtripGolden({ dir: a.dir, diff: a.diff, maxDiffs: a['max-diffs'], verbose: a.verbose, filter: a.filter }));
      },
    )
    .command(
      'upstream',
      "round trip of every `// -----` chunk of Triton's lit tests against Triton 3.6's print (or its rejection)",
      (y) =>
        y
          .option('dir', { type: 'string', describe: 'folder with test/ and expected/ (default: the ground truth\'s upstream; "upstream-pipeline": the pipeline passes\' tests)' })
          .option('file', { type: 'string', describe: 'only test files whose path contains this string' })
          .option('diff', { type: 'boolean', default: false })
          .option('max-diffs', { type: 'number', default: 3 })
          .option('verbose', { type: 'boolean', alias: 'v', default: false }),
      async (a) => {
        const { runUpstreamGolden } = await import('./upstream.js');
        await finish(() => runUpstreamGolden({ dir: a.dir, file: a.file, diff: a.diff, maxDiffs: a['max-diffs'], verbose: a.verbose }));
      },
    )
    .command(
      'passes',
      'run each corpus stage pass on the previous stage file and compare with the stage file',
      (y) =>
        y
          .option('dir', { type: 'string', describe: 'corpus folder (default: the ground truth\'s golden/corpus; "extra" = the bundled golden/extra corpus)' })
          .option('case', { type: 'string', describe: 'only cases whose name contains this string' })
          .option('pass', { type: 'string', describe: 'only this pass (e.g. tritongpu-coalesce, or llvm)' })
          .option('diff', { type: 'boolean', default: false })
          .option('max-diffs', { type: 'number', default: 3 })
          .option('verbose', { type: 'boolean', alias: 'v', default: false })
          .option('llvm', {
            type: 'boolean',
            default: false,
            describe: 'also compare llvm.mlir exactly (the lowering pipeline on stage 15; not a target, left out by default; --pass llvm implies it)',
          })
          .option('chain', {
            type: 'boolean',
            default: true,
            describe: 'retry a mismatch as the oracle ran it: 00-ttir.mlir through every stage flag in one run (--no-chain: per-file only)',
          }),
      async (a) => {
        const { runPassesGolden } = await import('./passes.js');
        await finish(() =>
          runPassesGolden({
            dir: a.dir,
            caseFilter: a.case,
            pass: a.pass,
            diff: a.diff,
            maxDiffs: a['max-diffs'],
            verbose: a.verbose,
            llvm: a.llvm,
            chain: a.chain,
          }),
        );
      },
    )
    .command(
      'pipeline',
      "run every stage of Triton 3.6's real CUDA pipeline (make_ttgir + make_llir up to the lowering) on the previous stage's file",
      (y) =>
        y
          .option('dir', { type: 'string', describe: 'an unpacked pipeline/ folder (default: the bundled golden/pipeline/pipeline.jsonl.br)' })
          .option('case', { type: 'string', describe: 'only cases whose name contains this string (or one of several, comma-separated)' })
          .option('pass', { type: 'string', describe: 'only stages of this pass (e.g. canonicalize, or a full flag)' })
          .option('chain', { type: 'boolean', default: false, describe: 'run 00-ttir.mlir through all TTGIR flags in one run per case; compare the last TTGIR stage' })
          .option('retry', {
            type: 'boolean',
            default: true,
            describe: 'retry a per-file mismatch as the oracle ran it: 00-ttir.mlir through every flag up to the stage (--no-retry: per-file only)',
          })
          .option('diff', { type: 'boolean', default: false })
          .option('max-diffs', { type: 'number', default: 3 })
          .option('verbose', { type: 'boolean', alias: 'v', default: false }),
      async (a) => {
        const { runPipelineGolden } = await import('../golden/pipeline.js');
        await finish(() =>
          runPipelineGolden({
            dir: a.dir,
            caseFilter: a.case,
            pass: a.pass,
            chain: a.chain,
            retry: a.retry,
            diff: a.diff,
            maxDiffs: a['max-diffs'],
            verbose: a.verbose,
          }),
        );
      },
    )
    .command(
      'upstream-passes',
      "run Triton's lit RUN lines chunk by chunk through our driver and FileCheck the CHECK lines",
      (y) =>
        y
          .option('dir', { type: 'string', describe: 'folder with test/ and expected/ (default: the ground truth\'s upstream; "upstream-pipeline": the pipeline passes\' tests)' })
          .option('file', { type: 'string', describe: 'only test files whose path contains this string' })
          .option('verbose', { type: 'boolean', alias: 'v', default: false, describe: 'list each failing chunk' })
          .option('show-filecheck', { type: 'boolean', default: false, describe: 'print FileCheck diagnostics of failing chunks' }),
      async (a) => {
        const { runUpstreamPassesGolden } = await import('./upstream-passes.js');
        await finish(() => runUpstreamPassesGolden({ dir: a.dir, file: a.file, verbose: a.verbose, showFileCheck: a['show-filecheck'] }));
      },
    )
    .command(
      'toolchain',
      'lower every corpus case with our pipeline (stage 14; the pipeline corpus: the input of convert-triton-gpu-to-llvm) and assemble it with mlir-translate-22, llc-22 and ptxas',
      (y) =>
        y
          .option('dir', { type: 'string', describe: 'corpus folder (default: the ground truth\'s golden/corpus; "extra" = the bundled golden/extra corpus)' })
          .option('corpus', {
            type: 'string',
            describe: 'a named corpus instead of --dir: "extra", or "pipeline" (the real-pipeline corpus: $TTG_PIPELINE_DIR, else the bundled golden/pipeline)',
          })
          .option('case', { type: 'string', describe: 'only cases whose name contains this string' })
          .option('keep', { type: 'string', describe: 'keep the intermediate files under this directory' })
          .option('verbose', { type: 'boolean', alias: 'v', default: false }),
      async (a) => {
        const { runToolchainGolden } = await import('./toolchain.js');
        await finish(() => runToolchainGolden({ dir: a.corpus ?? a.dir, caseFilter: a.case, keep: a.keep, verbose: a.verbose }));
      },
    )
    .command(
      'layouts',
      "compare toLinearLayout with Triton's layouts.jsonl",
      (y) => y.option('file', { type: 'string', describe: 'layouts JSONL (default: the ground truth\'s golden/layouts.jsonl)' }),
      async (a) => {
        // Resolved relative to golden/common.js, i.e. golden/layouts.js.
        const mod = await importOptional<LayoutsModule>('./layouts.js');
        if (!mod || typeof mod.runLayoutsGolden !== 'function') {
          process.stderr.write('ttg-golden layouts: golden/layouts.ts is not there yet (it is being written); nothing to run.\n');
          process.exitCode = 2;
          return;
        }
        await finish(() => mod.runLayoutsGolden({ file: a.file }));
      },
    )
    .demandCommand(1, 'Give a mode: roundtrip, upstream, passes, pipeline, upstream-passes, layouts or toolchain.')
    .strict()
    .help()
    .wrap(Math.min(120, process.stdout.columns ?? 120))
    .parseAsync();
}

if (isMainModule(import.meta.url)) main().catch((e: unknown) => {
  process.stderr.write(`ttg-golden: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(2);
});
