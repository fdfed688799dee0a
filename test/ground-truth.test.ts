// The ground truth bundled in golden/data (golden/ground-truth.ts): the file tree it gives, that it is the same as
// ../shared (or $TTG_SHARED) file for file when that folder is there, and the one-line errors of a missing folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../golden/common.js';
import { DATASETS, DiskTree, GroundTruthError, groundTruth, MemoryTree, readBundledDataset, sharedRoot, sharedTree } from '../golden/ground-truth.js';

describe('file trees', () => {
  const t = new MemoryTree('test', new Map([['a/b/c.txt', 'C'], ['a/d.txt', 'D'], ['e.txt', 'E']]));
  it('lists, reads, walks and descends', () => {
    expect(t.list('')).toEqual(['a', 'e.txt']);
    expect(t.list('a')).toEqual(['b', 'd.txt']);
    expect(t.isDir('a/b') && t.isFile('a/b/c.txt') && !t.isFile('a/b') && !t.exists('x')).toBe(true);
    expect(t.files('', (n) => n.endsWith('.txt'))).toEqual(['a/b/c.txt', 'a/d.txt', 'e.txt']);
    expect(t.sub('a').read('b/c.txt')).toBe('C');
    expect(t.sub('a').files('')).toEqual(['b/c.txt', 'd.txt']);
  });
  it('a missing file or folder is a GroundTruthError with a one-line message', () => {
    expect(() => t.read('nope.txt')).toThrow(GroundTruthError);
    expect(() => t.list('nope')).toThrow(/^no folder nope in test$/);
  });
  it('a folder on disk behaves the same', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ttg-tree-'));
    writeFileSync(join(dir, 'x.mlir'), 'X');
    const d = new DiskTree(dir);
    expect(d.list('')).toEqual(['x.mlir']);
    expect(d.read('x.mlir')).toBe('X');
    expect(() => d.read('y.mlir')).toThrow(GroundTruthError);
  });
});

describe('the bundled ground truth', () => {
  const gt = groundTruth();
  it('holds the corpus, the layouts and both upstream test sets', () => {
    expect(gt.list('')).toEqual(['golden', 'upstream', 'upstream-pipeline']);
    expect(gt.list('golden/corpus')).toHaveLength(72);
    expect(gt.read('golden/layouts.jsonl').split('\n').filter((l) => l !== '')).toHaveLength(1800);
    expect(gt.files('upstream/test', (n) => n.endsWith('.mlir')).length).toBeGreaterThan(20);
    expect(gt.files('upstream-pipeline/test', (n) => n.endsWith('.mlir')).length).toBeGreaterThan(40);
    expect(gt.read('golden/corpus/add-BLOCK1024-sm80-w4/meta.json')).toMatch(/"stages"/);
  });
  it('stays small (a few MB in the repository)', () => {
    const dir = join(packageRoot(), 'golden', 'data');
    const bytes = readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
    expect(bytes).toBeLessThan(4 * 1024 * 1024);
  });
});

function walk(abs: string, out: string[] = []): string[] {
  if (statSync(abs).isFile()) out.push(abs);
  else for (const n of readdirSync(abs)) walk(join(abs, n), out);
  return out;
}

const root = sharedRoot();
const haveShared = existsSync(join(root, 'golden', 'corpus'));
describe('bundled copy vs the shared folder', () => {
  for (const ds of DATASETS) {
    const name = haveShared
      ? `${ds.name}: golden/data/${ds.name}.jsonl.br equals ${join(root, ds.path)} (else: node scripts/bundle-ground-truth.mjs)`
      : `${ds.name}: skipped, no shared folder at ${root} to compare with`;
    it.skipIf(!haveShared)(name, () => {
      const bundled = new Map(readBundledDataset(ds.name));
      const onDisk = walk(join(root, ds.path)).map((f) => relative(root, f).split('\\').join('/'));
      const missing = onDisk.filter((p) => !bundled.has(p));
      const extra = [...bundled.keys()].filter((p) => !onDisk.includes(p));
      const changed = onDisk.filter((p) => bundled.has(p) && bundled.get(p) !== readFileSync(join(root, p), 'utf8'));
      expect({ missing, extra, changed }).toEqual({ missing: [], extra: [], changed: [] });
    });
  }
});

describe('asking for the shared folder where there is none', () => {
  it('sharedTree() names the folder in one line', () => {
    const before = process.env['TTG_SHARED'];
    process.env['TTG_SHARED'] = '/nonexistent/shared';
    try {
      expect(() => sharedTree()).toThrow(/^the ground truth folder \/nonexistent\/shared does not exist/);
    } finally {
      if (before === undefined) delete process.env['TTG_SHARED'];
      else process.env['TTG_SHARED'] = before;
    }
  });
  const bin = join(packageRoot(), 'dist', 'bin', 'ttg-golden.js');
  it.skipIf(!existsSync(bin))('ttg-golden: --shared or a missing --dir is one error line, exit 2, no stack trace', () => {
    const env = { ...process.env, TTG_SHARED: '/nonexistent/shared' };
    for (const args of [['passes', '--shared'], ['roundtrip', '--dir', '/nonexistent/corpus'], ['upstream', '--dir', '/nonexistent/up'], ['layouts', '--file', '/nonexistent.jsonl']]) {
      const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr, args.join(' ')).toMatch(/^ttg-golden: .*\/nonexistent.*\n$/);
      expect(r.stderr.split('\n')).toHaveLength(2);
    }
  });
  it.skipIf(!existsSync(bin))('ttg-golden: without ../shared every mode reads the bundled copy', () => {
    const env = { ...process.env, TTG_SHARED: '/nonexistent/shared' };
    const r = spawnSync(process.execPath, [bin, 'passes', '--case', 'add-BLOCK1024-sm80-w4'], { encoding: 'utf8', env });
    expect(r.stderr).toBe('');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('15 passed, 0 failed');
  });
});
