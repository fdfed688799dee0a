// usage: node check-real-pipeline.mjs <worktree> <18|19> [case filter] [--diff]: runs tritongpu-assign-latencies (18) or tritongpu-schedule-loops (19) on the stage before it in /tmp/pipe/pipeline/<case>/ (the unpacked shared/golden/pipeline.tar.xz) and compares with Triton's stage file.
import fs from 'node:fs';
import path from 'node:path';
const [wt, which, filter = '', ...rest] = process.argv.slice(2);
const showDiff = rest.includes('--diff');
const { runOpt } = await import(path.join(wt, 'dist/tools/opt-main.js'));
const root = '/tmp/pipe/pipeline';
const passName = which === '18' ? 'tritongpu-assign-latencies' : 'tritongpu-schedule-loops';
let exact = 0, total = 0, changedExact = 0, changedTotal = 0;
const fails = [];
for (const c of fs.readdirSync(root).sort()) {
  if (filter && !c.includes(filter)) continue;
  const meta = JSON.parse(fs.readFileSync(path.join(root, c, 'meta.json'), 'utf8'));
  const idx = meta.stages.findIndex((s) => s.pass === passName);
  if (idx < 0) continue;
  const st = meta.stages[idx];
  const prev = meta.stages[idx - 1];
  const inFile = path.join(root, c, prev.file);
  const want = fs.readFileSync(path.join(root, c, st.file), 'utf8');
  const r = await runOpt([inFile, st.flag]);
  total++;
  if (!st.unchanged) changedTotal++;
  if (r.exitCode === 0 && r.stdout.replace(/\n+$/, '') === want.replace(/\n+$/, '')) {
    exact++;
    if (!st.unchanged) changedExact++;
  } else {
    fails.push(c);
    if (showDiff && fails.length <= 3) {
      fs.writeFileSync((process.env.TMPDIR ?? '/tmp') + '/pipeliner-got.mlir', r.stdout + r.stderr);
      fs.writeFileSync((process.env.TMPDIR ?? '/tmp') + '/pipeliner-want.mlir', want);
      const { execSync } = await import('node:child_process');
      try { execSync(`diff ${process.env.TMPDIR ?? '/tmp'}/pipeliner-want.mlir ${process.env.TMPDIR ?? '/tmp'}/pipeliner-got.mlir | head -40`, { stdio: 'inherit' }); } catch {}
      console.log('^^^', c);
    }
  }
}
console.log(`${passName}: exact ${exact}/${total}; changed ${changedExact}/${changedTotal}`);
if (fails.length) console.log("fails:", fails.length, fails.slice(0, 30).join(" "));
