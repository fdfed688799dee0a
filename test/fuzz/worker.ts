/**
 * A fuzz worker process: loads the corpus once, then runs the mutants the parent names. Running in a child
 * process lets the parent kill a run that hangs (an infinite loop cannot be interrupted from inside), and the
 * time limit applies to this process's own CPU time, so a loaded machine does not make slow runs look like hangs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execMutant, withGenericForms } from './exec.js';
import { loadCorpus, makeMutant, TIME_LIMIT_MS, type CorpusOptions } from './mutate.js';

interface Init {
  shared: string;
  extra: string | undefined;
  seed: number;
  corpus: CorpusOptions;
  pipeline?: number;
}

const init = JSON.parse(process.argv[2]!) as Init;
const corpus = withGenericForms(loadCorpus(init.shared, init.extra, init.corpus), 4);
const tmp = mkdtempSync(join(tmpdir(), 'ttg-fuzz-'));
const send = (msg: unknown): void => void process.send!(msg);
const baselines = new Map<string, number>();
process.on('message', (index: number) => {
  const m = makeMutant(corpus, init.seed, index, init.pipeline);
  const rec = execMutant(m, tmp);
  if (rec.ms > TIME_LIMIT_MS) {
    // Slow: time the unmutated file with the same flags (once per file and flags) to tell a big input from a hang.
    const key = `${m.seed} ${m.args.join(' ')}`;
    let base = baselines.get(key);
    if (base === undefined) {
      base = execMutant({ ...m, text: corpus.find((c) => c.name === m.seed)!.text }, tmp).ms;
      baselines.set(key, base);
    }
    rec.baselineMs = base;
  }
  send({ index, rec });
});
send({ ready: corpus.length });
