/**
 * Where the fuzz corpus comes from. Two sources, chosen once by the parent of a sweep:
 *
 * - `shared`: the ../shared folder (golden corpus and Triton's lit tests) plus the unpacked second corpus, in the
 *   order the earlier sweeps used, so that their replay indices still name the same mutants;
 * - `bundled`: only what the repository itself holds, for a machine without ../shared: the bundled ground truth
 *   (golden/data: corpus stages, Triton's lit tests of both sets), the second corpus (golden/extra), the real
 *   pipeline corpus (golden/pipeline: every pass of Triton's CUDA pipeline) and our own lit tests (lit/).
 *
 * The parent builds the seed list once (with the generic forms, which cost a parse and print per file) and writes it
 * as JSON; workers read that file, so starting or restarting a worker costs a file read, not a corpus build.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DiskTree, groundTruth, type FileTree } from '../../golden/ground-truth.js';
import { unpackExtraCorpus } from '../../golden/extra-corpus.js';
import { pipelineCorpusDir } from '../../golden/pipeline-corpus.js';
import { packageRoot } from '../../golden/common.js';
import { withGenericForms } from './exec.js';
import { goldenSeeds, litSeeds, loadCorpus, pipelineSeeds, upstreamSeeds, type CorpusOptions, type Seed } from './mutate.js';

export type CorpusSource = { kind: 'shared'; shared: string; extra: string | undefined } | { kind: 'bundled' };

/** Every 4th file also in generic form (as the sweeps have always done). */
const GENERIC_STRIDE = 4;

/** The source a sweep uses: `--bundled`, else ../shared (or `--shared DIR`) when it exists, else the bundled one. */
export function chooseSource(opts: { bundled: boolean; shared: string | undefined; extra: string | undefined }): CorpusSource {
  if (opts.bundled) return { kind: 'bundled' };
  const shared = resolve(packageRoot(), opts.shared ?? '../shared');
  if (!existsSync(join(shared, 'golden', 'corpus'))) return { kind: 'bundled' };
  const extraDefault = join(packageRoot(), '.golden-out', 'corpus-extra');
  return { kind: 'shared', shared, extra: opts.extra ?? (existsSync(extraDefault) ? extraDefault : undefined) };
}

/** How the source is named in reports and replay commands. */
export function describeSource(src: CorpusSource): string {
  return src.kind === 'bundled' ? 'bundled (golden/data, golden/extra, golden/pipeline, lit)' : `${src.shared}${src.extra ? ` + ${src.extra}` : ''}`;
}

/** The seeds of a source, generic forms included, in a fixed order. */
export function buildCorpus(src: CorpusSource, opts: CorpusOptions): Seed[] {
  if (src.kind === 'shared') return withGenericForms(loadCorpus(src.shared, src.extra, opts), GENERIC_STRIDE);
  const out: Seed[] = [];
  const gt: FileTree = groundTruth();
  goldenSeeds(gt.sub('golden/corpus'), opts, out);
  goldenSeeds(new DiskTree(unpackExtraCorpus()), opts, out);
  upstreamSeeds(gt.sub('upstream'), opts, out, 'upstream');
  upstreamSeeds(gt.sub('upstream-pipeline'), opts, out, 'upstream-pipeline');
  pipelineSeeds(new DiskTree(pipelineCorpusDir()), opts, out);
  litSeeds(new DiskTree(join(packageRoot(), 'lit')), opts, out);
  return withGenericForms(out, GENERIC_STRIDE);
}

/** Writes the seeds for the workers. */
export function writeCorpus(file: string, seeds: readonly Seed[]): void {
  writeFileSync(file, JSON.stringify(seeds));
}

/** The seeds the parent wrote. */
export function readCorpus(file: string): Seed[] {
  return JSON.parse(readFileSync(file, 'utf8')) as Seed[];
}

/** Size in bytes of the corpus's text (for the summary). */
export function corpusBytes(seeds: readonly Seed[]): number {
  return seeds.reduce((a, s) => a + s.text.length, 0);
}
