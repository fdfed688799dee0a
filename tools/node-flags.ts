/**
 * The V8 options ttg-opt runs under: its launcher lines (`bin/ttg-opt.ts`, `bin/ttg-replay.ts`) pass them to node,
 * and the benchmarks run the in-process side under them too (bench/run.ts restarts itself with them), so that what
 * is measured is what the tool does.
 *
 * `--max-semi-space-size=128` (MB; node 20's default is 16): V8 collects its young generation by copying the live
 * objects, and almost everything a pass builds is live IR, so with small semi-spaces each scavenge copies and then
 * promotes the module being built, and a lowered kernel of ~15k ops triggers dozens of them. Measured on a 16-core
 * Xeon with `scripts/perf/phases.mjs` (30 runs each): `matmul_f16-BM128-BN128` sm80 with the LLVM lowering, median
 * 220 ms -> 134 ms, GC pauses per run 19.7 -> 4.7 ms; 64 MB gave 162 ms, 256 MB no better than 128. The space grows
 * only as a run needs it.
 */
export const NODE_FLAGS: readonly string[] = ['--max-semi-space-size=128'];

/** Whether this process runs with NODE_FLAGS (given on node's command line or in NODE_OPTIONS). */
export function hasNodeFlags(execArgv: readonly string[] = process.execArgv, nodeOptions: string = process.env['NODE_OPTIONS'] ?? ''): boolean {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/).filter(Boolean)]);
  return NODE_FLAGS.every((f) => given.has(f));
}
