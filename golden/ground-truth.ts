// The ground truth made by real Triton 3.6 (corpus stages, layouts, Triton's lit tests with Triton's outputs), as
// a read-only file tree. By default it comes from the copy bundled in the repository (golden/data/*.jsonl.br,
// written by scripts/bundle-ground-truth.mjs from ../shared), so a clone without ../shared tests everything; with
// TTG_GROUND_TRUTH=shared (ttg-golden --shared) it is read from ../shared, or from $TTG_SHARED when that is set.
// Paths are '/'-separated and relative to the shared folder's root: `golden/corpus/<case>/meta.json`,
// `golden/layouts.jsonl`, `upstream/test/...`, `upstream-pipeline/expected/...`.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { packageRoot } from './common.js';

/** A missing ground-truth file or folder: reported as one line, never with a stack trace. */
export class GroundTruthError extends Error {
  override name = 'GroundTruthError';
}

/** A read-only tree of text files. */
export interface FileTree {
  /** Where the files come from, for reports (`../shared`, `golden/data (bundled copy of ../shared)`, a folder). */
  readonly origin: string;
  /** The text of a file; throws GroundTruthError when there is none. */
  read(path: string): string;
  isFile(path: string): boolean;
  isDir(path: string): boolean;
  /** A file or a folder. */
  exists(path: string): boolean;
  /** Names of the files and folders directly in `dir` ('' = the root), sorted; throws GroundTruthError for no folder. */
  list(dir: string): string[];
  /** Paths (relative to this tree) of every file under `dir`, recursively, whose base name passes `pred`, sorted. */
  files(dir: string, pred?: (name: string) => boolean): string[];
  /** The tree below `dir`. */
  sub(dir: string): FileTree;
  /** How to show `path` to a person (a real path for a folder on disk). */
  show(path: string): string;
}

const norm = (p: string): string => p.split(/[\\/]+/).filter((s) => s !== '' && s !== '.').join('/');
const joinRel = (a: string, b: string): string => norm(a === '' ? b : `${a}/${b}`);

abstract class TreeBase implements FileTree {
  abstract readonly origin: string;
  abstract read(path: string): string;
  abstract isFile(path: string): boolean;
  abstract isDir(path: string): boolean;
  abstract list(dir: string): string[];
  abstract show(path: string): string;
  exists(path: string): boolean {
    return this.isFile(path) || this.isDir(path);
  }
  files(dir: string, pred: (name: string) => boolean = () => true): string[] {
    const out: string[] = [];
    const walk = (d: string): void => {
      for (const name of this.list(d)) {
        const p = joinRel(d, name);
        if (this.isDir(p)) walk(p);
        else if (pred(name)) out.push(p);
      }
    };
    walk(norm(dir));
    return out.sort();
  }
  sub(dir: string): FileTree {
    return new SubTree(this, norm(dir));
  }
}

/** Files in a folder on disk. */
export class DiskTree extends TreeBase {
  readonly origin: string;
  constructor(readonly root: string) {
    super();
    this.origin = root;
  }
  private abs(p: string): string {
    return join(this.root, norm(p));
  }
  read(path: string): string {
    try {
      return readFileSync(this.abs(path), 'utf8');
    } catch {
      throw new GroundTruthError(`no file ${this.abs(path)}`);
    }
  }
  isFile(path: string): boolean {
    try {
      return statSync(this.abs(path)).isFile();
    } catch {
      return false;
    }
  }
  isDir(path: string): boolean {
    try {
      return statSync(this.abs(path)).isDirectory();
    } catch {
      return false;
    }
  }
  list(dir: string): string[] {
    if (!this.isDir(dir)) throw new GroundTruthError(`no folder ${this.abs(dir)}`);
    return readdirSync(this.abs(dir)).sort();
  }
  show(path: string): string {
    return this.abs(path);
  }
}

/** Files held in memory (path → text); folders are implied by the paths. */
export class MemoryTree extends TreeBase {
  private readonly dirs = new Map<string, Set<string>>();
  constructor(
    readonly origin: string,
    private readonly fileMap: ReadonlyMap<string, string>,
  ) {
    super();
    this.dirs.set('', new Set());
    for (const p of fileMap.keys()) {
      const parts = p.split('/');
      for (let i = 0; i < parts.length; i++) {
        const parent = parts.slice(0, i).join('/');
        let s = this.dirs.get(parent);
        if (!s) this.dirs.set(parent, (s = new Set()));
        s.add(parts[i]!);
      }
    }
  }
  read(path: string): string {
    const t = this.fileMap.get(norm(path));
    if (t === undefined) throw new GroundTruthError(`no file ${path} in ${this.origin}`);
    return t;
  }
  isFile(path: string): boolean {
    return this.fileMap.has(norm(path));
  }
  isDir(path: string): boolean {
    return this.dirs.has(norm(path));
  }
  list(dir: string): string[] {
    const s = this.dirs.get(norm(dir));
    if (!s) throw new GroundTruthError(`no folder ${dir === '' ? '(root)' : dir} in ${this.origin}`);
    return [...s].sort();
  }
  show(path: string): string {
    return norm(path);
  }
}

class SubTree extends TreeBase {
  readonly origin: string;
  constructor(
    private readonly base: FileTree,
    private readonly prefix: string,
  ) {
    super();
    this.origin = `${base.origin}/${prefix}`;
  }
  read(path: string): string {
    return this.base.read(joinRel(this.prefix, path));
  }
  isFile(path: string): boolean {
    return this.base.isFile(joinRel(this.prefix, path));
  }
  isDir(path: string): boolean {
    return this.base.isDir(joinRel(this.prefix, path));
  }
  list(dir: string): string[] {
    return this.base.list(joinRel(this.prefix, dir));
  }
  show(path: string): string {
    return this.base.show(joinRel(this.prefix, path));
  }
}

/** The bundled datasets: file name under golden/data and the folder (or file) of ../shared each one holds. */
export const DATASETS: readonly { name: string; path: string }[] = [
  { name: 'corpus', path: 'golden/corpus' },
  { name: 'layouts', path: 'golden/layouts.jsonl' },
  { name: 'upstream', path: 'upstream' },
  { name: 'upstream-pipeline', path: 'upstream-pipeline' },
];

export function bundleDir(): string {
  return join(packageRoot(), 'golden', 'data');
}

/** The records of one bundled dataset: `[path, text]` pairs, one JSON array per line, brotli-compressed. */
export function readBundledDataset(name: string): [string, string][] {
  const file = join(bundleDir(), `${name}.jsonl.br`);
  let raw: Buffer;
  try {
    raw = readFileSync(file);
  } catch {
    throw new GroundTruthError(`the bundled ground truth ${file} is missing (re-create it with node scripts/bundle-ground-truth.mjs)`);
  }
  const out: [string, string][] = [];
  for (const line of brotliDecompressSync(raw).toString('utf8').split('\n')) {
    if (line !== '') out.push(JSON.parse(line) as [string, string]);
  }
  return out;
}

/** The bundled copy: datasets are decompressed on first use of a path inside them. */
class BundleTree extends TreeBase {
  readonly origin = 'golden/data (the bundled copy of ../shared)';
  private readonly loaded = new Map<string, MemoryTree>();
  private top: MemoryTree | undefined;
  private dataset(path: string): MemoryTree | undefined {
    const p = norm(path);
    const ds = DATASETS.find((d) => p === d.path || p.startsWith(`${d.path}/`));
    if (!ds) return undefined;
    let t = this.loaded.get(ds.name);
    if (!t) this.loaded.set(ds.name, (t = new MemoryTree(this.origin, new Map(readBundledDataset(ds.name)))));
    return t;
  }
  /** The folders above the datasets (`golden`, the root), with a placeholder per dataset. */
  private skeleton(): MemoryTree {
    this.top ??= new MemoryTree(this.origin, new Map(DATASETS.map((d) => [d.path, ''])));
    return this.top;
  }
  read(path: string): string {
    const t = this.dataset(path);
    if (!t) throw new GroundTruthError(`no file ${path} in ${this.origin}`);
    return t.read(path);
  }
  isFile(path: string): boolean {
    return this.dataset(path)?.isFile(path) ?? false;
  }
  isDir(path: string): boolean {
    const t = this.dataset(path);
    return t ? t.isDir(path) : this.skeleton().isDir(path);
  }
  list(dir: string): string[] {
    const t = this.dataset(dir);
    return t ? t.list(dir) : this.skeleton().list(dir);
  }
  show(path: string): string {
    return `golden/data:${norm(path)}`;
  }
}

/** `../shared` next to the repository, or `$TTG_SHARED` when set. */
export function sharedRoot(): string {
  const env = process.env['TTG_SHARED'];
  return env !== undefined && env !== '' ? resolve(env) : resolve(packageRoot(), '..', 'shared');
}

/** Whether the ground truth is read from ../shared ($TTG_GROUND_TRUTH=shared, ttg-golden --shared). */
export function usesShared(): boolean {
  return process.env['TTG_GROUND_TRUTH'] === 'shared';
}

/** The shared folder as a tree; throws GroundTruthError when it is not there. */
export function sharedTree(): FileTree {
  const root = sharedRoot();
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new GroundTruthError(`the ground truth folder ${root} does not exist (set TTG_SHARED, or leave out --shared to use the bundled copy)`);
  }
  return new DiskTree(root);
}

let bundled: BundleTree | undefined;

/** The ground truth: the bundled copy, or ../shared when asked for. */
export function groundTruth(): FileTree {
  if (usesShared()) return sharedTree();
  bundled ??= new BundleTree();
  return bundled;
}

/** A corpus: `extra` (the second corpus bundled in golden/extra), a folder on disk, or by default golden/corpus. */
export function corpusTree(dir: string | undefined, unpackExtra: () => string): FileTree {
  if (dir === 'extra') return new DiskTree(unpackExtra());
  if (dir !== undefined) return diskFolder(dir);
  return groundTruth().sub('golden/corpus');
}

/** A folder given on the command line; throws GroundTruthError when it is not one. */
export function diskFolder(dir: string): FileTree {
  const abs = resolve(dir);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new GroundTruthError(`no folder ${abs}`);
  return new DiskTree(abs);
}

/**
 * Writes the folders `dirs` of `tree` under `dest` (for tools that read paths, not trees) and returns `dest`.
 * The caller owns `dest` (a fresh temporary folder is best: concurrent writers of one folder would race).
 */
export function writeTree(tree: FileTree, dirs: readonly string[], dest: string): string {
  for (const d of dirs) {
    for (const f of tree.files(d)) {
      const out = join(dest, f);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, tree.read(f));
    }
  }
  return dest;
}
