/**
 * Runs one mutant through the in-process ttg-opt driver (tools/opt-main.ts) and records what a user would see:
 * exit status, stdout, stderr, CPU time, and whether `-o` produced a file.
 */
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import '../../tools/passes.js';
import { runOptSync } from '../../tools/opt-main.js';
import type { Mutant, RunRecord, Seed } from './mutate.js';

/**
 * What a successful run printed must read back and print the same (print/parse a fixed point): a first line of
 * what differs, or undefined.
 */
function reparseProblem(out: string, split: boolean): { kind: 'fails' | 'differs'; detail: string } | undefined {
  const r = runOptSync(['-', ...(split ? ['--split-input-file'] : [])], out);
  if (r.exitCode !== 0) return { kind: 'fails', detail: r.stderr.split('\n').find((l) => / error: /.test(l)) ?? r.stderr.slice(0, 200) };
  if (r.stdout === out) return undefined;
  const a = out.split('\n');
  const b = r.stdout.split('\n');
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return { kind: 'differs', detail: `line ${i + 1}: ${(a[i] ?? '').slice(0, 120)} | reprinted: ${(b[i] ?? '').slice(0, 120)}` };
}

/**
 * Diagnostics with their over-long lines cut in the middle: a 200k-character file name in a location would
 * otherwise push a diagnostic's `:line:col: error:` out of what is kept, and the classifier would not see it.
 */
function shortenLines(text: string): string {
  return text
    .split('\n')
    .map((l) => (l.length > 4000 ? `${l.slice(0, 500)}…${l.slice(-3000)}` : l))
    .join('\n');
}

export function execMutant(m: Mutant, tmp: string, opts: { reparse?: boolean } = {}): RunRecord {
  const input = join(tmp, `m${m.index}.mlir`);
  writeFileSync(input, m.text);
  // Every other mutant writes through -o, which must stay absent when the input is rejected.
  const output = m.index % 2 ? join(tmp, `m${m.index}.out.mlir`) : undefined;
  const args = [input, ...m.args, ...(output ? ['-o', output] : [])];
  // CPU time of this process (user + system): wall time would count other processes on a loaded machine.
  const c0 = process.cpuUsage();
  const ms = (): number => {
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000;
  };
  let rec: RunRecord;
  try {
    const r = runOptSync(args);
    // Only the start of a big output is kept (it travels to the parent process); its length is recorded.
    rec = { exitCode: r.exitCode, stdout: r.stdout.slice(0, 4096), stderr: shortenLines(r.stderr).slice(0, 65536), ms: ms(), outBytes: r.stdout.length };
    if (opts.reparse && r.exitCode === 0) {
      const out = output ? (existsSync(output) ? readFileSync(output, 'utf8') : '') : r.stdout;
      // Not counted in the run's time (a slow re-parse is not the mutant's hang).
      if (out !== '') rec.reparse = reparseProblem(out, m.args.includes('--split-input-file'));
    }
  } catch (e) {
    rec = { exitCode: -1, stdout: '', stderr: '', ms: ms(), thrown: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
  if (m.args.includes('--split-input-file')) rec.split = true;
  if (m.text.includes('loc(unknown)') || m.args.some((a) => a.startsWith('--') && a !== '--split-input-file')) rec.unknownLoc = true;
  if (output) {
    rec.wroteOutput = existsSync(output);
    if (rec.wroteOutput) rec.outBytes = statSync(output).size;
    rmSync(output, { force: true });
  }
  rmSync(input, { force: true });
  return rec;
}

/**
 * The corpus plus the generic form (`--mlir-print-op-generic`) of every `stride`-th file: generic ops carry
 * their attributes and properties verbatim, so mutations there reach the attribute verifiers directly.
 */
export function withGenericForms(corpus: readonly Seed[], stride: number): Seed[] {
  const out = [...corpus];
  for (let i = 0; i < corpus.length; i += stride) {
    const s = corpus[i]!;
    const r = runOptSync(['-', '--mlir-print-op-generic', ...(s.name.startsWith('upstream/') ? ['--allow-unregistered-dialect'] : [])], s.text);
    if (r.exitCode === 0) out.push({ name: `${s.name} (generic)`, text: r.stdout, passSets: s.passSets });
  }
  return out;
}
