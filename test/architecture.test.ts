/**
 * The layering of the sources (README, "Architecture"): every folder sits on a layer and imports only from its
 * own layer or the layers below it, and no two folders import each other, directly or through others. Reads every
 * static import/export-from and every dynamic `import('...')` of the TypeScript sources, maps each file to its
 * folder and layer, and fails listing each upward import and each folder-level cycle with the edges that make it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The layers, bottom first. A folder may import from its own layer and any layer below. */
export const LAYERS: readonly (readonly string[])[] = [
  ['dialect/ir', 'dialect/linear-layout'],
  ['dialect/*', 'dialect/index.ts'],
  ['parser', 'printer'],
  ['analysis'],
  ['transforms'],
  ['lowering'],
  ['tools', 'lit'],
  ['api'],
  ['bin'],
  ['golden', 'bench', 'test'],
];

const SOURCE_ROOTS = ['dialect', 'parser', 'printer', 'analysis', 'transforms', 'lowering', 'tools', 'api', 'lit', 'bin', 'golden', 'bench', 'test'];

/** The folder a file belongs to: `dialect/<name>` (or `dialect/index.ts`) inside dialect/, else its top folder. */
export function folderOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'dialect') return parts.length === 2 ? file : `dialect/${parts[1]}`;
  return parts[0]!;
}

/** The layer index of a folder (its position in LAYERS), or -1 for a folder no layer names. */
export function layerOf(folder: string): number {
  for (let i = 0; i < LAYERS.length; i++) if (LAYERS[i]!.includes(folder)) return i;
  if (folder.startsWith('dialect/')) return LAYERS.findIndex((l) => l.includes('dialect/*'));
  return -1;
}

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'generated') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (p.endsWith('.ts') && !p.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Every relative module specifier `src` imports: `import ... from`, `export ... from`, `import '...'`, `import('...')`. */
export function importSpecifiers(src: string): string[] {
  const code = src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const specs: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*(['"])([^'"]+)\1/g,
    /\bimport\s*(['"])([^'"]+)\1/g,
    /\bimport\s*\(\s*(['"])([^'"]+)\1\s*\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) specs.push(m[2]!);
  return specs.filter((s) => s.startsWith('.'));
}

export interface Edge {
  from: string;
  to: string;
}

/** The file-level import edges of the sources, as repository-relative paths of .ts files. */
export function importEdges(root = ROOT): Edge[] {
  const edges: Edge[] = [];
  for (const top of SOURCE_ROOTS) {
    let files: string[];
    try {
      files = walk(join(root, top), []);
    } catch {
      continue;
    }
    for (const abs of files) {
      const from = relative(root, abs).split(sep).join('/');
      for (const spec of importSpecifiers(readFileSync(abs, 'utf8'))) {
        const to = normalize(join(dirname(from), spec)).split(sep).join('/').replace(/\.js$/, '.ts');
        if (to.startsWith('node_modules/') || to.includes('/generated/')) continue;
        edges.push({ from, to });
      }
    }
  }
  return edges;
}

/** The imports that go to a higher layer, or to a folder no layer names. */
export function upwardImports(edges: readonly Edge[]): string[] {
  const bad: string[] = [];
  for (const e of edges) {
    const fa = folderOf(e.from);
    const fb = folderOf(e.to);
    if (fa === fb) continue;
    const la = layerOf(fa);
    const lb = layerOf(fb);
    if (la < 0) bad.push(`${e.from} (folder ${fa} is on no layer)`);
    else if (lb < 0) bad.push(`${e.from} -> ${e.to} (folder ${fb} is on no layer)`);
    else if (lb > la) bad.push(`${e.from} -> ${e.to} (layer ${la} ${fa} imports layer ${lb} ${fb})`);
  }
  return [...new Set(bad)].sort();
}

/** Each cycle of the folder graph (one per strongly connected component), with the file edges that close it. */
export function folderCycles(edges: readonly Edge[]): string[] {
  const graph = new Map<string, Map<string, string[]>>();
  for (const e of edges) {
    const fa = folderOf(e.from);
    const fb = folderOf(e.to);
    if (fa === fb) continue;
    if (!graph.has(fa)) graph.set(fa, new Map());
    if (!graph.has(fb)) graph.set(fb, new Map());
    const out = graph.get(fa)!;
    if (!out.has(fb)) out.set(fb, []);
    out.get(fb)!.push(`${e.from} -> ${e.to}`);
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const sccs: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)!.keys()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) sccs.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return sccs.map((scc) => {
    const inside = new Set(scc);
    const lines = [`cycle between ${scc.join(', ')}:`];
    for (const a of scc) {
      for (const [b, files] of graph.get(a)!) {
        if (!inside.has(b)) continue;
        const shown = [...new Set(files)];
        lines.push(`  ${a} -> ${b} (${shown.length} imports): ${shown.slice(0, 4).join('; ')}${shown.length > 4 ? '; ...' : ''}`);
      }
    }
    return lines.join('\n');
  });
}


/** The dialects layer 1 defines: the IR core (dialect/ir) must not name them or their ops and attributes. */
const DIALECT_NAMES = ['tt', 'ttg', 'ttng', 'scf', 'arith', 'math', 'cf', 'ub', 'llvm', 'nvvm'];

/** String literals of `src` (comments removed) that name a dialect of DIALECT_NAMES or something in one. */
export function dialectNamesIn(src: string): string[] {
  const code = src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const m of code.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
    const text = m[2]!;
    const dialect = /^[#!]?([a-z_]+)(?:\.|$)/.exec(text)?.[1];
    if (dialect !== undefined && DIALECT_NAMES.includes(dialect)) found.push(text);
  }
  return found;
}

/**
 * Op identity by name string, operands by position and attributes by unchecked cast: what the typed op handles
 * (dialect/ir/op-handle.ts) replace in passes, analyses and lowerings. Counted per file, comments removed:
 * `.name === '...'` / `!== '...'`, `getAttr('...') as T`, `x.operand(<digit>)`, and the lowering context's
 * `ctx.scalar(<digit>)` / `ctx.packedOperand(<digit>)`. The lowering's positional adaptor reads count too
 * (`ctx.operand(0)`): lowerings read an operand's registers by name (`ctx.lowered(LoadOp.mask)`), or through a
 * structural accessor of dialect/ir/operand-traits.ts for any op of a shape; a position held in a variable
 * (`ctx.operand(k)` while visiting every operand) is not a positional read of one operand.
 */
export function opNameStringUses(src: string): string[] {
  const code = src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const patterns = [
    /\.name\s*[!=]==\s*(['"`])[^'"`]*\1/g,
    /\bgetAttr\(\s*(['"`])[^'"`]*\1\s*\)\s+as\b/g,
    /(?<![\w$])[\w$]+(?:\(\))?\.operand\(\s*\d+\s*\)/g,
    /(?<![\w$])ctx\.(?:scalar|packedOperand)\(\s*\d+\s*\)/g,
  ];
  const found: string[] = [];
  for (const re of patterns) for (const m of code.matchAll(re)) found.push(m[0]);
  return found;
}

/** The folders whose code must use the op handles: every source folder above the dialects (tests may build IR by position). */
const HANDLE_FOLDERS = SOURCE_ROOTS.filter((top) => top !== 'dialect' && top !== 'test');

/**
 * The uses that remain, with the most each file may keep, each with the reason no handle answers it (a ratchet:
 * a file may only go down, and leaves the list at zero). Empty: every op answers through its handle, and code
 * for any op of a shape through the structural accessors of dialect/ir/operand-traits.ts.
 */
const OP_NAME_STRING_ALLOWED: Readonly<Record<string, number>> = {};

describe('architecture', () => {
  const edges = importEdges();

  it('finds the imports of the sources', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.some((e) => e.from === 'tools/opt-main.ts' && e.to === 'parser/parser.ts')).toBe(true);
  });

  it('has no import from a lower layer to a higher one', () => {
    expect(upwardImports(edges), 'upward imports').toEqual([]);
  });

  it('has no cycle between folders', () => {
    expect(folderCycles(edges), 'folder cycles').toEqual([]);
  });

  it('keeps dialect names out of the IR core (dialects register what the core asks)', () => {
    const bad: string[] = [];
    for (const abs of walk(join(ROOT, 'dialect', 'ir'), [])) {
      for (const name of dialectNamesIn(readFileSync(abs, 'utf8'))) bad.push(`${relative(ROOT, abs)}: '${name}'`);
    }
    expect(bad, 'dialect names in dialect/ir').toEqual([]);
    expect(dialectNamesIn("const s = new Set(['tt', 'ttg']); // 'scf.for'\nop.name === 'scf.for'")).toEqual(['tt', 'ttg', 'scf.for']);
  });

  it('uses op handles, not op-name strings, operand positions or attribute casts, in passes and lowerings', () => {
    const bad: string[] = [];
    for (const top of HANDLE_FOLDERS) {
      for (const abs of walk(join(ROOT, top), [])) {
        const file = relative(ROOT, abs).split(sep).join('/');
        const uses = opNameStringUses(readFileSync(abs, 'utf8'));
        const allowed = OP_NAME_STRING_ALLOWED[file] ?? 0;
        if (uses.length > allowed) bad.push(`${file}: ${uses.length} (allowed ${allowed}): ${uses.slice(0, 3).join('; ')}`);
      }
    }
    expect(bad, 'op-name strings, positional operands, attribute casts').toEqual([]);
  });

  it('recognizes op-name comparisons, attribute casts and positional operand reads', () => {
    const src = [
      "if (op.name === 'tt.load') x = op.operand(0);",
      "if (d?.name !== \"scf.for\") return (op.getAttr('axis') as IntegerAttr).num;",
      'const v = ctx.operand(1); // op.operand(2)',
      'const w = LoadOp.ptr(op); const u = op.operand(i); const t = f().operand(3);',
      'const s = ctx.scalar(0) + ctx.packedOperand(2) + ctx.scalar(LoadOp.ptr) + ctx.operand(k) + ctx.lowered(LoadOp.mask);',
    ].join('\n');
    expect(opNameStringUses(src)).toEqual([
      ".name === 'tt.load'",
      '.name !== "scf.for"',
      "getAttr('axis') as",
      'op.operand(0)',
      'ctx.operand(1)',
      'f().operand(3)',
      'ctx.scalar(0)',
      'ctx.packedOperand(2)',
    ]);
  });

  it('sees dynamic imports and rejects an upward one', () => {
    expect(importSpecifiers("const m = await import('../lowering/index.js');")).toEqual(['../lowering/index.js']);
    expect(importSpecifiers("export { a } from './a.js';\nimport './side.js';")).toEqual(['./a.js', './side.js']);
    expect(upwardImports([{ from: 'dialect/tt/ops.ts', to: 'transforms/pass.ts' }])).toHaveLength(1);
    expect(folderCycles([
      { from: 'dialect/tt/ops.ts', to: 'dialect/ttg/a.ts' },
      { from: 'dialect/ttg/a.ts', to: 'dialect/tt/types.ts' },
    ])).toHaveLength(1);
  });
});
