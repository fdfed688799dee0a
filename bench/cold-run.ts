// The "cold" side of `npm run bench -- --vs-triton`: `node dist/bench/cold-run.js FILE FLAGS...` runs one
// ttg-opt invocation in this fresh process, as a CLI user does, and prints one JSON line:
//   {"ms": wall ms of parse + passes + print, "cpu": CPU ms of the same, "startup": ms from the process's start
//    until our code is loaded, "exitCode": n}
// The run is timed in process (module loading excluded, as Python's `import triton` is on Triton's side), but V8
// starts with no compiled code, so this is the time a single CLI invocation pays for the work, JIT warm-up included.
const { runOptSync } = await import('../tools/opt-main.js');
await import('../tools/passes.js');
const loaded = performance.now();
const c0 = process.cpuUsage();
const t0 = performance.now();
const r = runOptSync(process.argv.slice(2));
const ms = performance.now() - t0;
const c = process.cpuUsage(c0);
process.stdout.write(JSON.stringify({ ms, cpu: (c.user + c.system) / 1000, startup: loaded, exitCode: r.exitCode }) + '\n');
