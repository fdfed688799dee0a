// Code partition up to specializeRegion (`--nvgpu-test-ws-code-partition-pre-specialize`) against Triton 3.6's dump
// after doCodePartition, on an exported pipeline folder whose cases have ws-steps.txt: per task, the ops it runs
// (golden/ws-partition-compare.ts). Prints per case `exact`, `release-order` (equal up to the order of
// consecutive consumer releases, which Triton's pointer-keyed maps decide) or the first difference.
//   node scripts/ws-pre-specialize-check.mjs PIPELINE_DIR [CASE_FILTER]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import '../dist/dialect/index.js';
import { Parser } from '../dist/parser/parser.js';
import { firstTaskDifference, modReleaseOrder, preSpecializeTaskOps, specializedTaskOps } from '../dist/golden/ws-partition-compare.js';

const [root, filter] = process.argv.slice(2);
let exact = 0;
let modOrder = 0;
let total = 0;
for (const c of readdirSync(root).sort()) {
  if (filter && !c.includes(filter)) continue;
  const d = join(root, c);
  if (!existsSync(join(d, 'ws-steps.txt'))) continue;
  const text = readFileSync(join(d, 'ws-steps.txt'), 'utf8');
  const at = text.indexOf('// -----// WarpSpec internal IR Dump After: doCodePartition');
  if (at < 0) continue;
  total++;
  const body = text.slice(text.indexOf('\n', at) + 1);
  const dump = body.slice(0, body.indexOf('\n\n\n') < 0 ? undefined : body.indexOf('\n\n\n'));
  const meta = JSON.parse(readFileSync(join(d, 'meta.json'), 'utf8'));
  const i = meta.stages.findIndex((s) => s.pass === 'nvgpu-warp-specialization');
  const n = /num-stages=(\d+)/.exec(meta.stages[i].flag)[1];
  const r = spawnSync('node', ['dist/bin/ttg-opt.js', join(d, meta.stages[i - 1].file), `--nvgpu-test-ws-code-partition-pre-specialize=num-buffers=${n} partition=true`], { encoding: 'utf8' });
  if (r.status !== 0) {
    console.log(`${c}: FAILED ${r.stderr.trim().split('\n')[0]}`);
    continue;
  }
  const want = specializedTaskOps(new Parser(dump, { filename: 'triton.mlir' }).parseModule());
  const got = preSpecializeTaskOps(new Parser(r.stdout, { filename: 'ours.mlir' }).parseModule());
  const diff = firstTaskDifference(want, got);
  if (diff === undefined) {
    exact++;
    modOrder++;
    console.log(`${c}: exact`);
    continue;
  }
  const diff2 = firstTaskDifference(modReleaseOrder(want), modReleaseOrder(got));
  if (diff2 === undefined) {
    modOrder++;
    console.log(`${c}: release-order`);
  } else console.log(`${c}: DIFF ${diff2}`);
}
console.log(`pre-specialize vs Triton's partitions: ${exact}/${total} exact, ${modOrder}/${total} up to the consumer release order`);
