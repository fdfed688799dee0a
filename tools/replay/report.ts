/**
 * The faces of a replay: a text table (one row per pass run, then the first diff of each differing pass), a JSON
 * document for scripts, and one self-contained HTML page (no network: styles and data inline).
 */
import type { ReplayReport, ReplayStep, ReplayVerdict } from './replay.js';

const VERDICT_TEXT: Record<ReplayVerdict, string> = {
  same: 'same',
  differs: 'differs',
  'not-in-ttg-opt': 'not in ttg-opt',
  'ours-failed': 'ttg-opt failed',
  unreadable: 'unreadable',
  skipped: 'skipped',
};

function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (r: readonly string[]): string => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [fmt(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt)].join('\n') + '\n';
}

/** The verdict line: how many pass runs agreed with Triton. */
export function summarize(r: ReplayReport): string {
  const c = r.counts;
  return `${c.same} same, ${c.differs} differ, ${c['ours-failed']} failed in ttg-opt, ${c['not-in-ttg-opt']} not in ttg-opt, ${c.unreadable} unreadable, ${c.skipped} skipped`;
}

export function formatText(r: ReplayReport, source: string): string {
  const out: string[] = [];
  out.push(`ttg-replay ${source}: ${r.steps.length} pass runs`);
  const v = r.vars;
  out.push(`options: cuda:${v.cap}, num-warps=${v.numWarps}, num-ctas=${v.numCtas}, threads-per-warp=${v.threadsPerWarp}, num-stages=${v.numStages}, ptx-version=${v.ptxVersion}`);
  for (const [k, why] of Object.entries(r.varSources)) if (why.startsWith('inferred')) out.push(`  ${k}: ${why}`);
  out.push('');
  const rows = r.steps.map((s) => [String(s.index), s.flag, `${s.beforeLine}`, VERDICT_TEXT[s.verdict], detail(s)]);
  out.push(table(['#', 'pass', 'line', 'result', 'detail'], rows));
  for (const s of r.steps) {
    if (!s.diff) continue;
    out.push(`--- #${s.index} ${s.flag} (log line ${s.beforeLine}): first difference at line ${s.firstDiffLine} of the IR after the pass`);
    out.push(s.diff.endsWith('\n') ? s.diff : s.diff + '\n');
  }
  out.push(summarize(r));
  return out.join('\n') + '\n';
}

function detail(s: ReplayStep): string {
  if (s.verdict === 'differs') return `first difference at line ${s.firstDiffLine}` + (s.note ? `; ${s.note}` : '');
  return s.note ?? '';
}

/** The report as JSON (texts left out unless the replay kept them). */
export function formatJson(r: ReplayReport, source: string): string {
  return JSON.stringify({ source, options: r.vars, optionSources: r.varSources, counts: r.counts, steps: r.steps }, null, 1) + '\n';
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * One offline page: the pass list on the left (coloured by verdict), and for the selected pass the IR before,
 * Triton's after and ours side by side, lines that differ between the last two highlighted, and the diff.
 */
export function formatHtml(r: ReplayReport, source: string): string {
  const data = r.steps.map((s) => ({
    i: s.index,
    flag: s.flag,
    verdict: s.verdict,
    label: VERDICT_TEXT[s.verdict],
    note: detail(s),
    arg: s.argument ?? '',
    before: s.before ?? '',
    triton: s.triton ?? '',
    ours: s.ours ?? '',
    diff: s.diff ?? '',
  }));
  // `</` inside a script element would end it: escape it in the embedded JSON.
  const json = JSON.stringify(data).replace(/<\//g, '<\\/');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ttg-replay: ${escapeHtml(source)}</title>
<style>
body{margin:0;font:13px system-ui,sans-serif;display:flex;height:100vh}
nav{width:22rem;overflow:auto;border-right:1px solid #ccc}
nav div{padding:3px 8px;cursor:pointer;white-space:nowrap}
nav div.sel{background:#dde8ff}
.same{color:#176b21}.differs{color:#b00}.ours-failed{color:#b00}.unreadable{color:#a60}.not-in-ttg-opt{color:#777}.skipped{color:#999}
main{flex:1;display:flex;flex-direction:column;overflow:hidden}
header{padding:6px 10px;border-bottom:1px solid #ccc}
#cols{flex:1;display:flex;overflow:hidden}
#cols section{flex:1;display:flex;flex-direction:column;min-width:0;border-right:1px solid #eee}
#cols h3{margin:0;padding:4px 8px;font-size:12px;background:#f4f4f4}
pre{margin:0;flex:1;overflow:auto;font:11px ui-monospace,monospace;padding:4px}
pre span.d{background:#ffe0e0;display:block}
#diff{max-height:30%;border-top:1px solid #ccc}
</style></head><body>
<nav id="nav"></nav>
<main><header><b id="title"></b> <span id="note"></span><div id="summary">${escapeHtml(summarize(r))}</div></header>
<div id="cols"><section><h3>before (Triton's input to the pass)</h3><pre id="before"></pre></section>
<section><h3>Triton's after</h3><pre id="triton"></pre></section>
<section><h3>ttg-opt's after</h3><pre id="ours"></pre></section></div>
<pre id="diff"></pre></main>
<script>
const steps = ${json};
const esc = (s) => s.replace(/&/g,'&amp;').replace(/</g,'&lt;').replace(/>/g,'&gt;');
function lines(text, other) {
  const a = text.split('\\n'), b = other.split('\\n');
  return a.map((l, i) => l === b[i] ? esc(l) + '\\n' : '<span class="d">' + esc(l) + '</span>').join('');
}
function show(k) {
  const s = steps[k];
  document.querySelectorAll('nav div').forEach((d, j) => d.classList.toggle('sel', j === k));
  document.getElementById('title').textContent = '#' + s.i + ' ' + s.flag + ' — ' + s.label;
  document.getElementById('note').textContent = (s.arg ? s.arg + ' ' : '') + s.note;
  document.getElementById('before').textContent = s.before;
  document.getElementById('triton').innerHTML = lines(s.triton, s.ours);
  document.getElementById('ours').innerHTML = lines(s.ours, s.triton);
  document.getElementById('diff').textContent = s.diff;
}
const nav = document.getElementById('nav');
steps.forEach((s, k) => {
  const d = document.createElement('div');
  d.className = s.verdict;
  d.textContent = s.i + ' ' + s.flag + ' — ' + s.label;
  d.onclick = () => show(k);
  nav.appendChild(d);
});
const first = steps.findIndex((s) => s.verdict === 'differs' || s.verdict === 'ours-failed');
if (steps.length) show(first >= 0 ? first : 0);
</script></body></html>
`;
}
