// Compares ttg-opt's `--nvgpu-warp-specialization` with Triton 3.6's, step by step, on an exported pipeline folder
// whose cases have ws-steps.txt (scripts/oracle/ws_kernels.py + ws_steps.py): each intermediate dump (after
// doTaskPartition, doTaskIdPropagate, doDataPartition, doCodePartition), token lowering alone (Triton's dump after
// doCodePartition through --nvgpu-test-ws-lower-token, against the pass's output) and the pass's output (the next
// stage file, compared without locations).
//   node scripts/ws-steps-check.mjs PIPELINE_DIR [CASE_FILTER] [--diff]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { modReleaseOrder } from '../dist/golden/ws-release-order.js';

const args = process.argv.slice(2);
const showDiff = args.includes('--diff');
const [root, filter] = args.filter((a) => a !== '--diff');
const steps = (text) => {
  const out = new Map();
  for (const part of text.split('// -----// WarpSpec internal IR Dump After: ').slice(1)) {
    const nl = part.indexOf('\n');
    const body = part.slice(nl + 1);
    const end = body.indexOf('\n\n\n');
    out.set(part.slice(0, nl), (end < 0 ? body : body.slice(0, end)).trimEnd());
  }
  return out;
};
// Triton's code partition orders consecutive consumer releases by pointer-keyed maps, so two compiles of one kernel
// may differ in that order (and in the capture order it implies): golden/ws-release-order.ts compares modulo it.
const tally = new Map();
const bump = (k, ok) => {
  const t = tally.get(k) ?? { ok: 0, n: 0 };
  t.n++;
  if (ok) t.ok++;
  tally.set(k, t);
};
for (const c of readdirSync(root).sort()) {
  if (filter && !c.includes(filter)) continue;
  const d = join(root, c);
  if (!existsSync(join(d, 'ws-steps.txt'))) continue;
  const meta = JSON.parse(readFileSync(join(d, 'meta.json'), 'utf8'));
  const i = meta.stages.findIndex((s) => s.pass === 'nvgpu-warp-specialization');
  const input = join(d, meta.stages[i - 1].file);
  const flag = meta.stages[i].flag.replace('dump-intermediate-steps=false', 'dump-intermediate-steps=true');
  const r = spawnSync('node', ['dist/bin/ttg-opt.js', input, flag], { encoding: 'utf8' });
  const want = steps(readFileSync(join(d, 'ws-steps.txt'), 'utf8'));
  const got = steps(r.stderr);
  const line = [];
  for (const [name, text] of want) {
    const ok = got.get(name) === text;
    bump(name, ok);
    const okMod = ok || (name === 'doCodePartition' && got.has(name) && modReleaseOrder(got.get(name)) === modReleaseOrder(text));
    if (name === 'doCodePartition') bump(`${name}, modulo release order`, okMod);
    line.push(`${name}:${ok ? 'ok' : okMod ? 'ok-mod-order' : got.has(name) ? 'DIFF' : 'missing'}`);
    if (!ok && showDiff && got.has(name)) {
      const a = text.split('\n');
      const b = got.get(name).split('\n');
      for (let k = 0; k < Math.max(a.length, b.length); k++) {
        if (a[k] !== b[k]) {
          console.log(`  first diff at line ${k + 1}:\n  - ${a[k]?.slice(0, 300)}\n  + ${b[k]?.slice(0, 300)}`);
          break;
        }
      }
    }
  }
  const expected = readFileSync(join(d, meta.stages[i].file), 'utf8').trimEnd();
  // Token lowering alone: Triton's dump after doCodePartition through the rest of the pass.
  if (want.has('doCodePartition')) {
    const t = spawnSync('node', ['dist/bin/ttg-opt.js', '-', '--nvgpu-test-ws-lower-token'], { encoding: 'utf8', input: want.get('doCodePartition') });
    const ok = t.status === 0 && t.stdout.trimEnd() === expected;
    const okMod = ok || (t.status === 0 && modReleaseOrder(t.stdout.trimEnd()) === modReleaseOrder(expected));
    bump('doTokenLowering(Triton doCodePartition)', ok);
    bump('doTokenLowering(Triton doCodePartition), modulo release order', okMod);
    line.push(`doTokenLowering:${ok ? 'ok' : okMod ? 'ok-mod-order' : t.status === 0 ? 'DIFF' : 'error'}`);
  }
  const outOk = r.status === 0 && r.stdout.trimEnd() === expected;
  const outMod = outOk || (r.status === 0 && modReleaseOrder(r.stdout.trimEnd()) === modReleaseOrder(expected));
  bump('output', outOk);
  bump('output, modulo release order', outMod);
  console.log(`${c}  ${line.join(' ')}  output:${outOk ? 'ok' : outMod ? 'ok-mod-order' : r.status === 0 ? 'DIFF' : 'error'}`);
}
for (const [k, t] of tally) console.log(`${k}: ${t.ok}/${t.n}`);
