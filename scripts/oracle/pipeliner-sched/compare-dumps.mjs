// usage: node cmpdump.mjs <wt> <dir with names + N.log[.gz]>
import fs from 'node:fs'; import zlib from 'node:zlib'; import path from 'node:path';
const [wt, dir] = process.argv.slice(2);
const { runOpt } = await import(path.join(wt, 'dist/tools/opt-main.js'));
const names = fs.readFileSync(path.join(dir, 'names'), 'utf8').trim().split('\n');
const re = /^\/\/ -----\/\/ IR Dump Before (\S+) \((\S+)\) \('([^']+)' operation\) \/\/----- \/\/\n/m;
let ok = [0, 0], tot = [0, 0], changed = [0, 0];
for (let i = 0; i < names.length; i++) {
  let f = path.join(dir, `${i}.log`);
  let text = fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : zlib.gunzipSync(fs.readFileSync(f + '.gz')).toString();
  const parts = text.split(re);
  const dumps = {};
  for (let j = 1; j + 3 < parts.length + 1; j += 4) {
    if (parts[j + 2] !== 'builtin.module') continue;
    let body = parts[j + 3] ?? '';
    body = body.split('\n// -----// SoftwarePipeliner internal')[0];
    dumps[parts[j + 1]] ??= body;
  }
  const ns = /-s(\d+)$/.exec(names[i])[1];
  const steps = [['tritongpu-assign-latencies', `--tritongpu-assign-latencies=num-stages=${ns}`, 'tritongpu-schedule-loops'], ['tritongpu-schedule-loops', '--tritongpu-schedule-loops', 'tritongpu-pipeline']];
  for (const [k, [from, flag, to]] of steps.entries()) {
    if (!dumps[from] || !dumps[to]) { console.log(names[i], 'missing dump', from, to, Object.keys(dumps).length); continue; }
    const inF = path.join(process.env.TMPDIR ?? '/tmp', 'pipeliner-cmp-in.mlir'); fs.writeFileSync(inF, dumps[from]);
    const r = await runOpt([inF, flag, '--mlir-print-debuginfo', '--keep-arg-names']);
    const norm = (s) => s.replace(/\s+$/, '');
    tot[k]++;
    if (norm(dumps[from]) !== norm(dumps[to])) changed[k]++;
    if (r.exitCode === 0 && norm(r.stdout) === norm(dumps[to])) ok[k]++;
    else { console.log('MISMATCH', names[i], from); fs.writeFileSync(`/tmp/pipeliner-mm_${i}_${k}_want.mlir`, dumps[to]); fs.writeFileSync(`/tmp/pipeliner-mm_${i}_${k}_got.mlir`, r.stdout + r.stderr); }
  }
}
console.log(`assign-latencies ${ok[0]}/${tot[0]} (changed ${changed[0]}), schedule-loops ${ok[1]}/${tot[1]} (changed ${changed[1]})`);
