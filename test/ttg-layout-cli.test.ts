// The ttg-layout CLI: formats, file mode, batch mode, errors.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLayoutCli } from '../bin/ttg-layout.js';

const BLOCKED = '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>';
const MMA = '#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>';
const SWIZZLED = '#ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>';

async function ok(args: string[], stdin?: string): Promise<string> {
  const r = await runLayoutCli(args, stdin === undefined ? undefined : () => stdin);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
}

async function fails(args: string[]): Promise<string> {
  const r = await runLayoutCli(args);
  expect(r.code).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/^error: /);
  expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  return r.stderr;
}

describe('ttg-layout: formats', () => {
  it('json (the default) is the bases per input dim', async () => {
    expect(await ok([BLOCKED, '--shape', '8x8'])).toBe(
      '{"register": [[0, 1], [0, 2]], "lane": [[0, 4], [0, 0], [0, 0], [0, 0], [1, 0]], "warp": [[2, 0], [4, 0]], "block": []}\n',
    );
  });
  it('resolves aliases', async () => {
    const out = await ok(['#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>', '--alias', `#mma = ${MMA}`, '--shape', '16x16']);
    expect(out).toBe('{"register": [[0, 1], [8, 0], [0, 8]], "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], "warp": [[0, 0], [0, 0]], "block": []}\n');
  });
  it("dump is Triton's LinearLayout::toString", async () => {
    expect(await ok([MMA, '--shape', '32x16', '--format', 'dump'])).toBe(
      [
        ' - register=1 -> (0, 1)',
        '   register=2 -> (8, 0)',
        ' - lane=1 -> (0, 2)',
        '   lane=2 -> (0, 4)',
        '   lane=4 -> (1, 0)',
        '   lane=8 -> (2, 0)',
        '   lane=16 -> (4, 0)',
        ' - warp=1 -> (0, 8)',
        '   warp=2 -> (16, 0)',
        ' - block is a size 1 dimension',
        'where out dims are: [dim0 (size 32), dim1 (size 16)]',
        '',
      ].join('\n'),
    );
  });
  it('matrix labels output bits and input bits', async () => {
    expect(await ok([SWIZZLED, '--shape', '4x8', '--format', 'matrix'])).toBe(
      ['        o0 o1 o2 o3 o4', 'dim0[0]  0  0  0  1  0', 'dim0[1]  0  0  0  0  1', 'dim1[0]  1  0  0  0  0', 'dim1[1]  0  1  0  1  0', 'dim1[2]  0  0  1  0  1', ''].join(
        '\n',
      ),
    );
  });
  it('table shows shared offsets', async () => {
    expect(await ok([SWIZZLED, '--shape', '4x8', '--format', 'table'])).toBe(
      [
        '     0    1    2    3    4    5    6    7',
        '[0]  o0   o1   o2   o3   o4   o5   o6   o7',
        '[1] o10  o11   o8   o9  o14  o15  o12  o13',
        '[2] o20  o21  o22  o23  o16  o17  o18  o19',
        '[3] o30  o31  o28  o29  o26  o27  o24  o25',
        '',
      ].join('\n'),
    );
  });
  it('table shows owners, several when broadcast', async () => {
    const out = await ok([MMA, '--shape', '16x8', '--format', 'table']);
    const lines = out.split('\n');
    // 16x8 is one mma tile: all four warps hold it.
    expect(lines[1]).toMatch(/^\[ 0\] +w0:t0:r0\|w1:t0:r0\|w2:t0:r0\|w3:t0:r0 +w0:t0:r1\|w1:t0:r1\|w2:t0:r1\|w3:t0:r1 /);
    expect(lines[9]).toMatch(/^\[ 8\] +w0:t0:r2\|w1:t0:r2\|w2:t0:r2\|w3:t0:r2 /);
    const wide = await ok([BLOCKED, '--shape', '2x4', '--format', 'table']);
    expect(wide).toContain('w0:t0:r0|w0:t1:r0|…(+62)');
  });
  it('table of a 1-D and a 3-D tensor', async () => {
    const one = await ok(['#ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>', '--shape', '4', '--format', 'table']);
    // 2 registers × 2 lanes cover the 4 elements; the other 30 lanes hold copies.
    expect(one).toBe('[0] w0:t0:r0|w0:t2:r0|…(+14)\n[1] w0:t0:r1|w0:t2:r1|…(+14)\n[2] w0:t1:r0|w0:t3:r0|…(+14)\n[3] w0:t1:r1|w0:t3:r1|…(+14)\n');
    const three = await ok([
      '#ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [2, 2, 8], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>',
      '--shape',
      '2x2x2',
      '--format',
      'table',
    ]);
    expect(three).toContain('[0, :, :]');
    expect(three).toContain('[1, :, :]');
  });
  it('table with several CTAs prefixes the block', async () => {
    const out = await ok([
      '#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CGALayout = [[1]]}>',
      '--shape',
      '2',
      '--format',
      'table',
    ]);
    expect(out.split('\n')[1]).toMatch(/^\[1\] b1:w0:t0:r0/);
  });
});

describe('ttg-layout: file mode', () => {
  it('lists every distinct encoding with its shapes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ttg-layout-'));
    const f = join(dir, 'k.mlir');
    writeFileSync(
      f,
      [
        `#blocked = ${BLOCKED}`,
        `#mma = ${MMA}`,
        `#shared = ${SWIZZLED}`,
        '#smem = #ttg.shared_memory',
        'module attributes {"ttg.num-warps" = 4 : i32} {',
        '  tt.func @f(%a: tensor<64x64xf32, #blocked>, %b: tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, %c: tensor<32x32xf32, #mma>) {',
        '    // tensor<8x8xf32, #blocked> in a comment is ignored',
        '    %0 = ttg.local_alloc : () -> !ttg.memdesc<2x16x16xf16, #shared, #smem, mutable>',
        '    %1 = tt.foo %a : tensor<64x64xf32, #blocked> -> tensor<32x64xf32, #blocked>',
        '    tt.return',
        '  }',
        '}',
      ].join('\n'),
    );
    const out = await ok([f]);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toBe(`#blocked = ${BLOCKED}`);
    expect(lines[1]).toMatch(/^ {2}64x64: \{"register": /);
    expect(lines[2]).toMatch(/^ {2}32x64: /);
    expect(out).toContain('#ttg.slice<{dim = 1, parent = #blocked}>\n  64: {');
    expect(out).toContain(`#mma = ${MMA}\n  32x32: {`);
    expect(out).toContain(`#shared = ${SWIZZLED}\n  16x16 (allocation): {"offset": `);
    expect(out).not.toContain('8x8');
    const dump = await ok([f, '--format', 'dump']);
    expect(dump).toContain('  64x64:\n     - register=1 -> (0, 1)\n');
  });
});

describe('ttg-layout: batch mode', () => {
  it('answers every line, errors included', async () => {
    const input = [
      JSON.stringify({ encoding: '#blocked', aliases: [`#blocked = ${BLOCKED}`], shape: [4, 4] }),
      'not json',
      JSON.stringify({ encoding: '#mma', shape: [8, 8] }),
      JSON.stringify({ encoding: MMA, shape: [8] }),
      JSON.stringify({ encoding: MMA }),
      '',
      JSON.stringify({ encoding: SWIZZLED, shape: [2, 4] }),
    ].join('\n');
    const out = (await ok(['--batch', '-'], input)).trimEnd().split('\n');
    expect(out).toHaveLength(6);
    expect(JSON.parse(out[0]!)).toEqual({
      linear: { register: [[0, 1], [0, 2]], lane: [[0, 0], [0, 0], [0, 0], [0, 0], [1, 0]], warp: [[2, 0], [0, 0]], block: [] },
    });
    expect(JSON.parse(out[1]!)).toEqual({ error: 'input line is not JSON' });
    expect(JSON.parse(out[2]!).error).toMatch(/undefined symbol alias id 'mma'/);
    expect(JSON.parse(out[3]!).error).toMatch(/rank/);
    expect(JSON.parse(out[4]!).error).toMatch(/shape/);
    expect(JSON.parse(out[5]!)).toEqual({ linear: { offset: [[0, 1], [0, 2], [1, 2]], block: [] } });
  });
  it('reads a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ttg-layout-'));
    const f = join(dir, 'in.jsonl');
    writeFileSync(f, JSON.stringify({ encoding: MMA, shape: [16, 8] }) + '\n');
    expect(await ok(['--batch', f])).toMatch(/^\{"linear": \{"register": \[\[0, 1\], \[8, 0\]\]/);
  });
});

describe('ttg-layout: errors', () => {
  it('reports malformed encodings with their position', async () => {
    expect(await fails(['#ttg.blocked<{sizePerThread = [1, 3], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>', '--shape', '8x8'])).toBe(
      'error: encoding:6: Every element in sizePerThread must be a power of two.\n',
    );
    await fails(['#ttg.blocked<{sizePerThread = [1]]}>', '--shape', '8']);
  });
  it('requires a shape with an encoding and a valid one', async () => {
    expect(await fails([BLOCKED])).toMatch(/--shape is required/);
    expect(await fails([BLOCKED, '--shape', '8x'])).toMatch(/invalid shape '8x'/);
    expect(await fails([BLOCKED, '--shape', '0x8'])).toMatch(/invalid shape/);
  });
  it('rejects shapes the layout cannot take', async () => {
    expect(await fails([MMA, '--shape', '16'])).toMatch(/rank/);
  });
  it('rejects unknown options, formats and files', async () => {
    expect(await fails([BLOCKED, '--shape', '8x8', '--bogus'])).toMatch(/Unknown argument: bogus/);
    expect(await fails([BLOCKED, '--shape', '8x8', '--format', 'xml'])).toMatch(/Invalid values/);
    expect(await fails(['missing.mlir'])).toMatch(/neither an encoding/);
    expect(await fails(['--batch', '/nonexistent/in.jsonl'])).toMatch(/cannot read/);
    expect(await fails([])).toMatch(/expected one encoding/);
  });
  it('prints help', async () => {
    expect(await ok(['--help'])).toMatch(/--format/);
  });
  const bin = join(__dirname, '..', 'dist', 'bin', 'ttg-layout.js');
  it.skipIf(!existsSync(bin))('the built CLI exits 1 with one error line', () => {
    const r = spawnSync(process.execPath, [bin, '#ttg.blocked<{order = [0, 0]}>', '--shape', '4'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: encoding:\d+: /);
  });
});
