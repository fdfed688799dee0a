/// <reference lib="dom" />
// `ttg-layout --html` in a real headless Chromium (Debian's /usr/bin/chromium through playwright-core; nothing
// downloads a browser): every cell of the drawn grid carries its owners, checked against the bases that
// `ttg-layout --format json` prints for a dozen layouts; a .mlir page lists the data movements, and clicking one
// shows the numbers `--explain-converts --format json` gives. Skips, with the reason, when there is no chromium.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLayoutCli } from '../bin/ttg-layout.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = join(__dirname, '..');

interface PwPage {
  goto(url: string): Promise<unknown>;
  waitForSelector(sel: string, opts?: { timeout?: number }): Promise<unknown>;
  evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R>;
  click(sel: string): Promise<void>;
  hover(sel: string): Promise<void>;
  screenshot(opts: { path: string; clip?: { x: number; y: number; width: number; height: number } }): Promise<unknown>;
  setViewportSize(size: { width: number; height: number }): Promise<void>;
  textContent(sel: string): Promise<string | null>;
}
interface PwBrowser {
  newPage(): Promise<PwPage>;
  close(): Promise<void>;
}
interface Pw {
  chromium: { launch(opts: { executablePath: string; args?: string[] }): Promise<PwBrowser> };
}

async function loadPlaywright(): Promise<Pw | undefined> {
  try {
    return (await import('playwright-core' as string)) as Pw;
  } catch {
    return undefined;
  }
}

const pw = await loadPlaywright();
const skipReason = !existsSync(CHROMIUM)
  ? `no chromium at ${CHROMIUM} (apt-get install -y chromium)`
  : pw === undefined
    ? 'playwright-core is not installed (npm ci)'
    : undefined;

/** A dozen layouts (family by family), as {aliases, encoding, shape}. */
const LAYOUTS: { aliases: string[]; encoding: string; shape: number[] }[] = [
  { aliases: [], encoding: '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>', shape: [16, 64] },
  { aliases: ['#blocked = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [16, 2], warpsPerCTA = [2, 1], order = [1, 0], CGALayout = [[1, 0]]}>'], encoding: '#blocked', shape: [8, 2] },
  { aliases: ['#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1], CGALayout = [[0, 1], [1, 0]]}>'], encoding: '#ttg.dot_op<{opIdx = 1, parent = #blocked}>', shape: [2, 64] },
  { aliases: ['#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], CGALayout = [[0, 1]], instrShape = [16, 8, 16]}>'], encoding: '#mma', shape: [32, 64] },
  { aliases: ['#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1, 4], CGALayout = [[1, 0, 0]], instrShape = [1, 16, 8]}>'], encoding: '#ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>', shape: [2, 32, 64] },
  { aliases: ['#mma = #ttg.amd_mfma<{version = 4, warpsPerCTA = [1, 2], instrShape = [16, 16, 16], isTransposed = true, elementBitWidth = 64}>'], encoding: '#mma', shape: [32, 128] },
  { aliases: ['#mma = #ttg.amd_mfma<{version = 2, warpsPerCTA = [2, 1], instrShape = [4, 64, 4], isTransposed = true}>'], encoding: '#ttg.slice<{dim = 1, parent = #mma}>', shape: [64] },
  { aliases: ['#mma = #ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [1, 2]}>'], encoding: '#mma', shape: [32, 128] },
  { aliases: ['#linear = #ttg.linear<{register = [], lane = [[2, 0], [4, 0], [1, 0], [0, 0], [0, 0]], warp = [[0, 0]], block = []}>'], encoding: '#linear', shape: [16, 1] },
  { aliases: ['#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>'], encoding: '#ttg.slice<{dim = 1, parent = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>}>', shape: [32] },
  { aliases: [], encoding: '#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>', shape: [32, 64] },
  { aliases: [], encoding: '#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>', shape: [16, 64] },
];

/** The owners of every element (row-major), each `i0:i1:...` in the in-dim order of the JSON, from the bases alone. */
function ownersFromBases(bases: Record<string, number[][]>, shape: readonly number[]): string[][] {
  const dims = Object.entries(bases);
  const all: { basis: number[]; dim: number; bit: number }[] = [];
  dims.forEach(([, bs], dim) => bs.forEach((basis, bit) => all.push({ basis, dim, bit })));
  const elements = shape.reduce((a, b) => a * b, 1);
  const owners: string[][] = Array.from({ length: elements }, () => []);
  for (let flat = 0; flat < 2 ** all.length; flat++) {
    const out = shape.map(() => 0);
    const ins = dims.map(() => 0);
    all.forEach((c, i) => {
      if ((flat >>> i) & 1) {
        ins[c.dim]! |= 1 << c.bit;
        c.basis.forEach((v, k) => (out[k]! ^= v));
      }
    });
    if (out.some((v, i) => v >= shape[i]!)) continue;
    owners[out.reduce((acc, v, i) => acc * shape[i]! + v, 0)]!.push(ins.join(':'));
  }
  return owners;
}

let work = '';
let browser: PwBrowser | undefined;

beforeAll(async () => {
  if (skipReason) return;
  work = mkdtempSync(join(tmpdir(), 'ttg-html-'));
  browser = await pw!.chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function open(file: string): Promise<PwPage> {
  const page = await browser!.newPage();
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`file://${file}`);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 30_000 });
  return page;
}

describe.skipIf(skipReason !== undefined)(`ttg-layout --html in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it.each(LAYOUTS.map((l, i) => [i, l] as const))('layout %i: every cell shows the owners the bases give', async (i, l) => {
    const aliasArgs = l.aliases.flatMap((a) => ['--alias', a]);
    const json = await runLayoutCli([l.encoding, '--shape', l.shape.join('x'), ...aliasArgs, '--format', 'json']);
    expect(json.stderr).toBe('');
    const expected = ownersFromBases(JSON.parse(json.stdout) as Record<string, number[][]>, l.shape);
    const file = join(work, `layout${i}.html`);
    const r = await runLayoutCli([l.encoding, '--shape', l.shape.join('x'), ...aliasArgs, '--html', file]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const page = await open(file);
    const cells = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>('.cell')).map((c) => ({ coord: c.dataset.coord!, owners: c.dataset.owners! })), undefined);
    expect(cells.length).toBe(expected.length);
    cells.forEach((c, flat) => {
      expect(c.owners === '' ? [] : c.owners.split(' ').sort(), `cell ${c.coord}`).toEqual([...expected[flat]!].sort());
    });
    // Coordinates are row-major over the whole shape (3-D tensors as slices of 2-D grids).
    expect(cells[cells.length - 1]!.coord).toBe(l.shape.map((s) => s - 1).join(','));
    const slices = await page.evaluate(() => document.querySelectorAll('.grid').length, undefined);
    expect(slices).toBe(l.shape.length > 2 ? l.shape[0]! : 1);
    // The GF(2) matrix has one column per input bit and one row per output bit.
    const inBits = Object.values(JSON.parse(json.stdout) as Record<string, number[][]>).reduce((n, b) => n + b.length, 0);
    const heads = await page.evaluate(() => document.querySelectorAll('table.m tr:first-child th').length, undefined);
    expect(heads).toBe(inBits + 1);
  }, 60_000);

  it('zooms, shows owners and bits on hover, and screenshots a 128x256 mma layout', async () => {
    const file = join(work, 'big.html');
    const enc = '#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 8]}>';
    expect((await runLayoutCli([enc, '--shape', '128x256', '--html', file])).code).toBe(0);
    const page = await open(file);
    expect(await page.evaluate(() => document.querySelectorAll('.cell').length, undefined)).toBe(128 * 256);
    const before = Number(await page.evaluate(() => (document.querySelector('.canvas') as HTMLElement).dataset.scale, undefined));
    await page.click('button[data-zoom="+"]');
    const after = Number(await page.evaluate(() => (document.querySelector('.canvas') as HTMLElement).dataset.scale, undefined));
    expect(after).toBeCloseTo(before * 1.25, 5);
    await page.click('button[data-zoom="1:1"]');
    await page.hover('.cell[data-coord="0,1"]');
    const tip = (await page.textContent('#tip')) ?? '';
    expect(tip).toContain('element [0, 1]');
    expect(tip).toMatch(/1 owner:\n {2}r1:t0:w0:b0 {3}r=0*1 t=00000 w=000 b=-/);
    const shot = join(work, 'layout-html.png');
    await page.screenshot({ path: shot, clip: { x: 0, y: 0, width: 1000, height: 560 } });
    expect(existsSync(shot)).toBe(true);
    if (process.env.TTG_UPDATE_SCREENSHOT) await page.screenshot({ path: join(root, 'docs', 'layout-html.png'), clip: { x: 0, y: 0, width: 1000, height: 560 } });
  }, 120_000);

  it('lists the data movements of a .mlir file; clicking one shows the --explain-converts numbers', async () => {
    const mlir = join(root, 'lit', 'pipeliner', 'attention-sm80.mlir');
    const file = join(work, 'file.html');
    const r = await runLayoutCli([mlir, '--html', file]);
    expect(r.stderr).toBe('');
    const explained = (await runLayoutCli(['--explain-converts', mlir, '--format', 'json'])).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { line: number; op: string; scratchBytes?: number; cost: string; triton?: { path: string } });
    expect(explained.length).toBeGreaterThan(2);
    const page = await open(file);
    const lines = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>('li[data-movement]')).map((li) => Number(li.dataset.line)), undefined);
    expect(lines).toEqual(explained.map((e) => e.line));
    const views = await page.evaluate(() => document.querySelectorAll('li[data-view]').length, undefined);
    expect(views).toBeGreaterThan(3);
    for (const [i, e] of explained.entries()) {
      await page.click(`li[data-movement="${i}"]`);
      const numbers = await page.evaluate(
        () => Object.fromEntries(Array.from(document.querySelectorAll<HTMLElement>('#explain tr[data-key]')).map((tr) => [tr.dataset.key!, tr.dataset.value!])),
        undefined,
      );
      expect(numbers.op).toBe(e.op);
      expect(numbers.cost).toBe(e.cost);
      if (e.op === 'convert_layout') {
        expect(Number(numbers.scratchBytes)).toBe(e.scratchBytes);
        expect(numbers.path).toBe(e.triton!.path);
        // Both layouts of the conversion are drawn.
        expect(await page.evaluate(() => document.querySelectorAll('#views .view').length, undefined)).toBe(2);
      }
    }
  }, 180_000);
});

if (skipReason !== undefined) {
  describe('ttg-layout --html in headless Chromium', () => {
    it.skip(`skipped: ${skipReason}`, () => {});
  });
}
