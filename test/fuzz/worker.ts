/**
 * A fuzz worker process: reads the corpus the parent wrote, then runs the mutants the parent names and answers
 * with each one's outcome. Running in a child process lets the parent kill a run that hangs (an infinite loop
 * cannot be interrupted from inside), and the time limit applies to this process's own CPU time, so a loaded
 * machine does not make slow runs look like hangs. Mutating and classifying here keeps the parent's work per
 * mutant to a few counters, so one parent keeps up with 60+ workers.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCorpus } from './corpus.js';
import { execMutant } from './exec.js';
import { classify, makeMutant, outcomeClass, TIME_LIMIT_MS } from './mutate.js';
import type { WorkerInit, WorkerResult } from './protocol.js';

const init = JSON.parse(process.argv[2]!) as WorkerInit;
const corpus = readCorpus(init.corpusFile);
const tmp = mkdtempSync(join(tmpdir(), 'ttg-fuzz-'));
const send = (msg: unknown): void => void process.send!(msg);
const baselines = new Map<string, number>();
const RECYCLE_HEAP_BYTES = Number(process.env['TTG_FUZZ_RECYCLE_HEAP_MB'] ?? 1200) * 1e6;
process.on('message', (index: number) => {
  const c0 = process.cpuUsage();
  const m = makeMutant(corpus, init.seed, index, init.pipeline);
  // What is running, for the parent's report should this run hang (the parent does not re-create mutants).
  send({ started: index, seed: m.seed, ops: m.ops, args: m.args });
  const rec = execMutant(m, tmp, { reparse: init.reparse });
  if (rec.ms > TIME_LIMIT_MS) {
    // Slow: time the unmutated file with the same flags (once per file and flags) to tell a big input from a hang.
    const key = `${m.seed} ${m.args.join(' ')}`;
    let base = baselines.get(key);
    if (base === undefined) {
      base = execMutant({ ...m, text: corpus.find((c) => c.name === m.seed)!.text }, tmp, { reparse: false }).ms;
      baselines.set(key, base);
    }
    rec.baselineMs = base;
  }
  const o = classify(rec);
  const res: WorkerResult = { index, cls: outcomeClass(o), ms: rec.ms, exitCode: rec.exitCode, seed: m.seed, ops: m.ops, args: m.args };
  if (o.kind === 'bug') {
    res.excerpt = o.excerpt;
    if (init.wantText) res.text = m.text;
  }
  if (init.show) res.output = rec.stderr.slice(0, 3000) + (rec.thrown ?? '');
  if (init.show && init.wantText) res.text = m.text;
  const c = process.cpuUsage(c0);
  res.workerMs = (c.user + c.system) / 1000;
  // Uniqued types and attributes live as long as the process: a worker that has grown big is replaced (the parent
  // starts another one when this one exits), so a long sweep does not end in garbage-collection thrashing.
  if (process.memoryUsage().heapUsed > RECYCLE_HEAP_BYTES) {
    res.retiring = true;
    process.send!(res, () => process.exit(0));
  } else send(res);
});
send({ ready: corpus.length });
