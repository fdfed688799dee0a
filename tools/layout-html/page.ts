/**
 * The self-contained `ttg-layout --html` page: inline CSS and a small renderer over the embedded `PageModel` JSON
 * (no network, no computation of layouts in the browser). Each tensor element is a cell coloured by warp and
 * labelled lane/register (or shared offset), with `data-coord`, `data-owners` (every owner, `b:w:t:r` or `b:o`)
 * attributes; the canvas zooms (wheel, buttons) and pans (drag) through a CSS transform.
 */
import type { PageModel } from './model.js';

const CSS = `
body{font:13px system-ui,sans-serif;margin:0;display:flex;height:100vh;color:#222}
nav{width:330px;overflow:auto;border-right:1px solid #ccc;padding:8px;flex:none}
nav h2{font-size:13px;margin:10px 0 4px}
nav li{cursor:pointer;list-style:none;padding:2px 4px;border-radius:3px;font-family:monospace;font-size:11px;word-break:break-all}
nav li:hover,nav li.sel{background:#e4ecff}
nav ul{padding:0;margin:0}
main{flex:1;overflow:auto;padding:8px}
.views{display:flex;gap:12px;flex-wrap:wrap}
.view{flex:1;min-width:420px}
.view h3{font:12px monospace;margin:4px 0;word-break:break-all}
.port{height:60vh;border:1px solid #bbb;overflow:hidden;position:relative;cursor:grab;background:#fafafa}
.canvas{transform-origin:0 0;position:absolute;left:0;top:0}
.slice-title{font:11px monospace;margin:6px 0 2px}
.grid{display:grid;gap:1px;background:#999;border:1px solid #999;width:max-content}
.cell{width:42px;height:26px;font:9px/1.1 monospace;display:flex;align-items:center;justify-content:center;text-align:center;white-space:pre;color:#111}
.cell.empty{background:#fff;color:#aaa}
.ctl button{font-size:11px;margin-right:4px}
#tip{position:fixed;pointer-events:none;background:#fff;border:1px solid #444;padding:4px 6px;font:11px monospace;white-space:pre;display:none;z-index:9;max-width:520px}
table.m{border-collapse:collapse;font:10px monospace;margin-top:6px}
table.m td,table.m th{border:1px solid #ddd;padding:1px 3px;text-align:center}
table.m td.one{background:#333;color:#fff}
#explain{display:none;border:1px solid #999;padding:6px;margin-bottom:8px;background:#fffbe8}
#explain pre{font-size:11px;white-space:pre-wrap;margin:4px 0}
table.num td{font:11px monospace;padding:1px 8px 1px 0}
.err{color:#b00;font-family:monospace}
`;

const SCRIPT = String.raw`
const M = JSON.parse(document.getElementById('model').textContent);
const byId = new Map(M.views.map((v) => [v.id, v]));
const tip = document.getElementById('tip');
const LABEL = { register: 'r', lane: 't', warp: 'w', block: 'b', offset: 'o' };
function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}
function bits(v, n) { return n > 0 ? v.toString(2).padStart(n, '0') : '-'; }
function ownerText(view, o) { return view.inDims.map((d, i) => LABEL[d.name] + o[i]).join(':'); }
function colour(view, o) {
  const idx = (n) => view.inDims.findIndex((d) => d.name === n);
  if (view.shared) { const off = o[idx('offset')]; return 'hsl(' + ((off % 32) * 11.25) + ',70%,78%)'; }
  const w = o[idx('warp')] || 0, nw = (view.inDims[idx('warp')] || { size: 1 }).size;
  const b = idx('block') >= 0 ? o[idx('block')] : 0;
  return 'hsl(' + Math.round((w * 360) / Math.max(nw, 1) + b * 23) % 360 + ',65%,' + (72 + (b % 2) * 8) + '%)';
}
function label(view, o) {
  const idx = (n) => view.inDims.findIndex((d) => d.name === n);
  if (view.shared) return 'o' + o[idx('offset')];
  return 't' + o[idx('lane')] + '\nr' + o[idx('register')];
}
function coordsOf(shape, flat) {
  const c = []; for (let i = shape.length - 1; i >= 0; i--) { c.unshift(flat % shape[i]); flat = Math.floor(flat / shape[i]); } return c;
}
function tipText(view, flat) {
  const c = coordsOf(view.shape, flat);
  const lines = ['element [' + c.join(', ') + ']  bits ' + c.map((x, i) => 'dim' + i + '=' + bits(x, Math.log2(view.shape[i]))).join(' ')];
  const os = view.owners[flat];
  lines.push(os.length ? os.length + ' owner' + (os.length > 1 ? 's (broadcast)' : '') + ':' : 'no owner');
  for (const o of os.slice(0, 16)) {
    lines.push('  ' + ownerText(view, o) + '   ' + view.inDims.map((d, i) => LABEL[d.name] + '=' + bits(o[i], Math.log2(d.size))).join(' '));
  }
  if (os.length > 16) lines.push('  ... +' + (os.length - 16));
  return lines.join('\n');
}
function drawView(view) {
  const box = el('div', { class: 'view', 'data-view': view.id });
  box.appendChild(el('h3', {}, view.title + '  [' + view.shape.join('x') + ']' + (view.shared ? ' (allocation)' : '')));
  if (view.error) { box.appendChild(el('div', { class: 'err' }, 'error: ' + view.error)); return box; }
  const ctl = el('div', { class: 'ctl' });
  const port = el('div', { class: 'port' });
  const canvas = el('div', { class: 'canvas' });
  port.appendChild(canvas);
  const shape = view.shape;
  const cols = shape[shape.length - 1], rows = shape.length > 1 ? shape[shape.length - 2] : 1;
  const per = rows * cols, slices = view.owners.length / per;
  for (let s = 0; s < slices; s++) {
    if (shape.length > 2) canvas.appendChild(el('div', { class: 'slice-title' }, '[' + coordsOf(shape.slice(0, -2), s).join(', ') + ', :, :]'));
    const grid = el('div', { class: 'grid' });
    grid.style.gridTemplateColumns = 'repeat(' + cols + ', 42px)';
    for (let k = 0; k < per; k++) {
      const flat = s * per + k, os = view.owners[flat];
      const cell = el('div', { class: 'cell', 'data-coord': coordsOf(shape, flat).join(','), 'data-flat': String(flat), 'data-owners': os.map((o) => o.join(':')).join(' ') });
      if (os.length) { cell.style.background = colour(view, os[0]); cell.textContent = label(view, os[0]) + (os.length > 1 ? '+' : ''); }
      else { cell.classList.add('empty'); cell.textContent = '-'; }
      grid.appendChild(cell);
    }
    canvas.appendChild(grid);
  }
  let scale = 1, tx = 0, ty = 0;
  const apply = () => { canvas.style.transform = 'translate(' + tx + 'px,' + ty + 'px) scale(' + scale + ')'; canvas.dataset.scale = String(scale); };
  const fit = () => { const w = canvas.scrollWidth || 1; scale = Math.min(1, (port.clientWidth || 600) / w); tx = 0; ty = 0; apply(); };
  const zoom = (f, cx, cy) => { tx = cx - (cx - tx) * f; ty = cy - (cy - ty) * f; scale *= f; apply(); };
  for (const [t, f] of [['+', () => zoom(1.25, 0, 0)], ['-', () => zoom(0.8, 0, 0)], ['fit', fit], ['1:1', () => { scale = 1; tx = ty = 0; apply(); }]]) {
    const b = el('button', { 'data-zoom': t }, t); b.onclick = f; ctl.appendChild(b);
  }
  port.addEventListener('wheel', (e) => { e.preventDefault(); const r = port.getBoundingClientRect(); zoom(e.deltaY < 0 ? 1.1 : 1 / 1.1, e.clientX - r.left, e.clientY - r.top); }, { passive: false });
  let drag = null;
  port.addEventListener('pointerdown', (e) => { drag = { x: e.clientX - tx, y: e.clientY - ty }; });
  window.addEventListener('pointerup', () => { drag = null; });
  port.addEventListener('pointermove', (e) => {
    if (drag) { tx = e.clientX - drag.x; ty = e.clientY - drag.y; apply(); }
    const cell = e.target.closest && e.target.closest('.cell');
    if (cell) { tip.textContent = tipText(view, Number(cell.dataset.flat)); tip.style.display = 'block'; tip.style.left = e.clientX + 14 + 'px'; tip.style.top = e.clientY + 10 + 'px'; }
    else tip.style.display = 'none';
  });
  port.addEventListener('pointerleave', () => { tip.style.display = 'none'; });
  box.appendChild(ctl); box.appendChild(port);
  const bases = el('pre', { class: 'bases' }, Object.entries(view.bases).map(([d, bs]) => d + ': ' + JSON.stringify(bs)).join('\n'));
  box.appendChild(bases);
  const t = el('table', { class: 'm' });
  const head = el('tr'); head.appendChild(el('th', {}, ''));
  for (const c of view.matrix.cols) head.appendChild(el('th', {}, c));
  t.appendChild(head);
  view.matrix.rows.forEach((r, i) => {
    const tr = el('tr'); tr.appendChild(el('th', {}, r));
    for (const b of view.matrix.bits[i]) tr.appendChild(el('td', b ? { class: 'one' } : {}, String(b)));
    t.appendChild(tr);
  });
  box.appendChild(el('div', {}, 'GF(2) matrix (rows: output bits, columns: input bits)'));
  box.appendChild(t);
  setTimeout(fit, 0);
  return box;
}
function show(ids) {
  const area = document.getElementById('views');
  area.replaceChildren(...ids.map((id) => drawView(byId.get(id))));
  document.querySelectorAll('nav li').forEach((li) => li.classList.toggle('sel', li.dataset.view !== undefined && ids.length === 1 && li.dataset.view === ids[0]));
}
function explain(m, li) {
  const box = document.getElementById('explain');
  box.style.display = 'block';
  box.replaceChildren();
  box.appendChild(el('div', {}, (m.line !== null ? 'line ' + m.line + ': ' : '') + m.text));
  const t = el('table', { class: 'num' });
  for (const [k, v] of Object.entries(m.numbers)) { const tr = el('tr', { 'data-key': k, 'data-value': String(v) }); tr.appendChild(el('td', {}, k)); tr.appendChild(el('td', {}, String(v))); t.appendChild(tr); }
  box.appendChild(t);
  box.appendChild(el('pre', {}, m.explanation));
  const ids = [m.src, m.dst].filter((x) => x !== undefined);
  show(ids);
  document.querySelectorAll('nav li').forEach((x) => x.classList.toggle('sel', x === li));
}
const vl = document.getElementById('view-list');
for (const v of M.views) { const li = el('li', { 'data-view': v.id }, v.title + ' [' + v.shape.join('x') + ']'); li.onclick = () => { document.getElementById('explain').style.display = 'none'; show([v.id]); }; vl.appendChild(li); }
const ml = document.getElementById('move-list');
M.movements.forEach((m, i) => { const li = el('li', { 'data-movement': String(i), 'data-line': String(m.line) }, (m.line !== null ? m.line + ': ' : '') + m.text); li.onclick = () => explain(m, li); ml.appendChild(li); });
if (M.movements.length === 0) document.getElementById('move-head').style.display = 'none';
if (M.startMovement !== undefined) explain(M.movements[M.startMovement], ml.children[M.startMovement]);
else if (M.views.length) show([M.views[0].id]);
document.body.dataset.ready = '1';
`;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** The page for `model`; `startMovement` opens that movement first (the `--convert` page). */
export function renderPage(model: PageModel, startMovement?: number): string {
  const json = JSON.stringify({ ...model, ...(startMovement !== undefined ? { startMovement } : {}) }).replace(/</g, '\\u003c');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(model.title)}</title><style>${CSS}</style></head>
<body>
<nav><div><b>ttg-layout</b> ${escapeHtml(model.title)}</div>
<h2>Layouts</h2><ul id="view-list"></ul>
<h2 id="move-head">Data movements</h2><ul id="move-list"></ul></nav>
<main><div id="explain"></div><div id="views" class="views"></div></main>
<div id="tip"></div>
<script type="application/json" id="model">${json}</script>
<script>${SCRIPT}</script>
</body></html>
`;
}
