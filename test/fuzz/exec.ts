/**
 * Runs one mutant through the in-process ttg-opt driver (tools/opt-main.ts) and records what a user would see:
 * exit status, stdout, stderr, CPU time, and whether `-o` produced a file.
 */
import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import '../../tools/passes.js';
import { runOptSync } from '../../tools/opt-main.js';
import type { Mutant, RunRecord, Seed } from './mutate.js';

export function execMutant(m: Mutant, tmp: string): RunRecord {
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
    rec = { exitCode: r.exitCode, stdout: r.stdout.slice(0, 4096), stderr: r.stderr.slice(0, 65536), ms: ms(), outBytes: r.stdout.length };
  } catch (e) {
    rec = { exitCode: -1, stdout: '', stderr: '', ms: ms(), thrown: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
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
