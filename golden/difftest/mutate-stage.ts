/**
 * Mutants of the real-pipeline corpus for the passes kind: pick a case folder and one of its TTGIR passes (from
 * meta.json), take the IR that pass started from, and vary it: num-warps (module attribute and every warpsPerCTA),
 * a blocked layout's sizePerThread / threadsPerWarp / warpsPerCTA / order, a swizzled/nvmma shared encoding's
 * parameters, an nvidia_mma's warpsPerCTA / instrShape N, the target's compute capability, a tensor dimension,
 * the float dtype, or the pass's num-stages. Triton's parser and verifier decide which mutants are valid.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface StageSeed {
  caseName: string;
  /** The pipeline string Triton prints (`any(tritongpu-coalesce)`) and the ttg-opt flag. */
  pipeline: string;
  flag: string;
  pass: string;
  input: string;
}

interface MetaStage { pass: string; pipeline: string; flag: string; file: string; stage: string }

/** Passes after the TTGIR pipeline (LLVM lowering) are not compared. */
const LOWERING = /to-llvm|convert-scf-to-cf|gluon-inline|convert-nv-gpu|convert-nvvm/;

export function loadStageSeeds(dir: string): StageSeed[] {
  const out: StageSeed[] = [];
  if (!existsSync(dir)) return out;
  for (const c of readdirSync(dir).sort()) {
    const metaPath = join(dir, c, 'meta.json');
    if (!existsSync(metaPath)) continue;
    const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as { stages: MetaStage[] };
    let prev = '00-ttir.mlir';
    const texts = new Map<string, string>();
    for (const s of meta.stages) {
      if (LOWERING.test(s.pass)) break;
      if (!texts.has(prev)) texts.set(prev, readFileSync(join(dir, c, prev), 'utf8'));
      out.push({ caseName: c, pipeline: s.pipeline, flag: s.flag, pass: s.pass, input: texts.get(prev)! });
      prev = s.file;
    }
  }
  return out;
}

export class Rand {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    // xorshift32
    let x = this.s;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.s = x >>> 0;
    return this.s / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
}

export interface StageMutant { seed: StageSeed; text: string; pipeline: string; flag: string; mutation: string }

const LIST = (name: string): RegExp => new RegExp(`${name} = \\[([0-9, ]*)\\]`);

function editList(line: string, name: string, f: (xs: number[]) => number[] | undefined): string | undefined {
  const m = LIST(name).exec(line);
  if (!m) return undefined;
  const xs = m[1]!.split(',').map((s) => Number(s.trim()));
  const ys = f(xs);
  return ys ? line.replace(LIST(name), `${name} = [${ys.join(', ')}]`) : undefined;
}

/** Moves a factor of 2 from one entry to another (the product stays). */
function moveFactor(r: Rand, xs: number[]): number[] | undefined {
  const from = xs.map((x, i) => (x > 1 ? i : -1)).filter((i) => i >= 0);
  if (!from.length || xs.length < 2) return undefined;
  const i = r.pick(from);
  let j = r.int(xs.length - 1);
  if (j >= i) j++;
  const ys = [...xs];
  ys[i]! /= 2;
  ys[j]! *= 2;
  return ys;
}

function mutateText(r: Rand, s: StageSeed): { text: string; pipeline: string; flag: string; mutation: string } | undefined {
  let { input: text, pipeline, flag } = s;
  const lines = text.split('\n');
  const layoutLines = lines.map((l, i) => (/^#\w+ = #ttg\.(blocked|nvidia_mma)/.test(l) ? i : -1)).filter((i) => i >= 0);
  const kind = r.pick(['warps', 'blocked', 'blocked', 'shape', 'dtype', 'stages', 'shared', 'mma', 'target', 'none']);
  switch (kind) {
    case 'shared': {
      // a swizzled_shared's vec/perPhase/maxPhase (x2 or /2) or an nvmma_shared's swizzle width / transposition
      const shared = lines.map((l, k) => (/^#\w+ = #ttg\.(swizzled|nvmma)_shared/.test(l) ? k : -1)).filter((k) => k >= 0);
      if (!shared.length) return undefined;
      const i = r.pick(shared);
      const line = lines[i]!;
      let edited: string;
      if (line.includes('swizzled_shared')) {
        const field = r.pick(['vec', 'perPhase', 'maxPhase']);
        edited = line.replace(new RegExp(`${field} = (\\d+)`), (_m, v: string) => `${field} = ${Number(v) > 1 && r.next() < 0.5 ? Number(v) / 2 : Number(v) * 2}`);
      } else if (r.next() < 0.5) {
        edited = line.replace(/swizzlingByteWidth = \d+/, `swizzlingByteWidth = ${r.pick([0, 32, 64, 128])}`);
      } else {
        edited = line.replace(/transposed = (true|false)/, (_m, v: string) => `transposed = ${v === 'true' ? 'false' : 'true'}`);
      }
      if (edited === line) return undefined;
      lines[i] = edited;
      return { text: lines.join('\n'), pipeline, flag, mutation: `${line.split(' ')[0]} shared` };
    }
    case 'mma': {
      // an nvidia_mma's warpsPerCTA (a factor of 2 moved) or a v3 instrShape's N
      const mma = layoutLines.filter((k) => lines[k]!.includes('#ttg.nvidia_mma'));
      if (!mma.length) return undefined;
      const i = r.pick(mma);
      const line = lines[i]!;
      const edited = r.next() < 0.5 ? editList(line, 'warpsPerCTA', (xs) => moveFactor(r, xs)) : editList(line, 'instrShape', (xs) => (xs.length === 3 ? [xs[0]!, r.pick([8, 16, 32, 64, 128, 256]), xs[2]!] : undefined));
      if (!edited || edited === line) return undefined;
      lines[i] = edited;
      return { text: lines.join('\n'), pipeline, flag, mutation: `${line.split(' ')[0]} mma` };
    }
    case 'target': {
      // another compute capability for the module and the pass's options
      const m = /ttg\.target = "cuda:(\d+)"/.exec(text);
      if (!m) return undefined;
      const cc = r.pick([75, 80, 86, 89, 90].filter((x) => x !== Number(m[1])));
      text = text.replace(/ttg\.target = "cuda:\d+"/, `ttg.target = "cuda:${cc}"`);
      pipeline = pipeline.replace(/compute-capability=\d+/, `compute-capability=${cc}`);
      flag = flag.replace(/compute-capability=\d+/, `compute-capability=${cc}`);
      return { text, pipeline, flag, mutation: `target cuda:${m[1]}->${cc}` };
    }
    case 'stages': {
      if (!/num-stages=\d+/.test(pipeline)) return undefined;
      const n = r.pick([1, 2, 3, 4, 5]);
      pipeline = pipeline.replace(/num-stages=\d+/, `num-stages=${n}`);
      flag = flag.replace(/num-stages=\d+/, `num-stages=${n}`);
      return { text, pipeline, flag, mutation: `num-stages=${n}` };
    }
    case 'warps': {
      const m = /"ttg\.num-warps" = (\d+) : i32/.exec(text);
      if (m) {
        const w = Number(m[1]);
        const nw = r.pick([1, 2, 4, 8, 16].filter((x) => x !== w));
        text = text.replace(/"ttg\.num-warps" = \d+ : i32/, `"ttg.num-warps" = ${nw} : i32`);
        // scale every warpsPerCTA: grow or shrink its entries by factors of 2 until the product is nw
        text = text.replace(/warpsPerCTA = \[([0-9, ]*)\]/g, (_all, body: string) => {
          const xs = body.split(',').map((x) => Number(x.trim()));
          let p = xs.reduce((a, b) => a * b, 1);
          while (p < nw) { xs[r.int(xs.length)]! *= 2; p *= 2; }
          while (p > nw) { const big = xs.map((x, i) => (x > 1 ? i : -1)).filter((i) => i >= 0); xs[r.pick(big)]! /= 2; p /= 2; }
          return `warpsPerCTA = [${xs.join(', ')}]`;
        });
        return { text, pipeline, flag, mutation: `num-warps ${w}->${nw}` };
      }
      if (!/num-warps=\d+/.test(pipeline)) return undefined;
      const nw = r.pick([1, 2, 4, 8, 16]);
      return { text, pipeline: pipeline.replace(/num-warps=\d+/, `num-warps=${nw}`), flag: flag.replace(/num-warps=\d+/, `num-warps=${nw}`), mutation: `convert num-warps=${nw}` };
    }
    case 'blocked': {
      const blocked = layoutLines.filter((i) => lines[i]!.includes('#ttg.blocked'));
      if (!blocked.length) return undefined;
      const i = r.pick(blocked);
      const what = r.pick(['sizePerThread', 'threadsPerWarp', 'warpsPerCTA', 'order']);
      const edited = editList(lines[i]!, what, (xs) => {
        if (what === 'sizePerThread') { const ys = [...xs]; const k = r.int(ys.length); ys[k] = r.next() < 0.5 || ys[k]! === 1 ? ys[k]! * 2 : ys[k]! / 2; return ys; }
        if (what === 'order') { if (xs.length < 2) return undefined; const ys = [...xs]; const a = r.int(ys.length); const b = (a + 1) % ys.length; [ys[a], ys[b]] = [ys[b]!, ys[a]!]; return ys; }
        return moveFactor(r, xs);
      });
      if (!edited) return undefined;
      lines[i] = edited;
      return { text: lines.join('\n'), pipeline, flag, mutation: `${lines[i]!.split(' ')[0]} ${what}` };
    }
    case 'shape': {
      const dims = [...new Set([...text.matchAll(/tensor<(\d+)x/g)].map((m) => Number(m[1])))].filter((d) => d >= 16);
      if (!dims.length) return undefined;
      const d = r.pick(dims);
      const nd = r.next() < 0.5 ? d / 2 : d * 2;
      // every occurrence as a tensor dimension, a make_range end and an integer constant of that value
      text = text
        .replace(new RegExp(`([<x])${d}x`, 'g'), `$1${nd}x`)
        .replace(new RegExp(`end = ${d} : i32`, 'g'), `end = ${nd} : i32`)
        .replace(new RegExp(`constant ${d} : i32`, 'g'), `constant ${nd} : i32`);
      return { text, pipeline, flag, mutation: `dim ${d}->${nd}` };
    }
    case 'dtype': {
      const pairs: [string, string][] = [['f16', 'bf16'], ['f32', 'f16'], ['bf16', 'f16'], ['f16', 'f32']];
      const [a, b] = r.pick(pairs);
      const re = new RegExp(`([x<, ])${a}>`, 'g');
      if (!re.test(text)) return undefined;
      return { text: text.replace(re, `$1${b}>`), pipeline, flag, mutation: `dtype ${a}->${b}` };
    }
    default:
      return { text, pipeline, flag, mutation: 'none' };
  }
}

/** One to three mutations of one stage seed (a mutation that does not apply is skipped). */
export function makeStageMutant(seeds: readonly StageSeed[], r: Rand): StageMutant {
  for (;;) {
    const seed = r.pick(seeds);
    let cur: StageSeed = seed;
    const done: string[] = [];
    const want = 1 + r.int(3);
    for (let k = 0; k < want; k++) {
      const m = mutateText(r, cur);
      if (!m) continue;
      cur = { ...cur, input: m.text, pipeline: m.pipeline, flag: m.flag };
      done.push(m.mutation);
    }
    if (done.length) return { seed, text: cur.input, pipeline: cur.pipeline, flag: cur.flag, mutation: done.join('; ') };
  }
}
