// Op syntax round-trips through the library (parser → printer), against Triton 3.6's own output:
//  (1) every corpus `00-ttir.mlir` with debug info;
//  (2) every corpus stage file `NN-<pass>.mlir` (stage files have no locations; llvm.mlir is not ours);
//  (3) snippets of every op family that real Triton 3.6 parsed and printed (test/fixtures/ops-triton36,
//      recorded on the GPU machine with the Python bindings: `rt-*` re-print to themselves, `X.mlir`
//      prints as `X.expected.mlir`; `debug*` with debug info);
//  (4) every `// -----` chunk of the upstream lit tests that Triton 3.6 round-trips, and the chunks it
//      rejects (counts, with a floor against regressions; `node scripts/upstream-roundtrip.mjs -v` lists them);
//  (5) verifier checks of the op invariants.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { groundTruth } from '../golden/ground-truth.js';
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { verifyOperation } from '../dialect/ir/verifier.js';

const root = join(import.meta.dirname, '..');
const gt = groundTruth();
const corpus = 'golden/corpus';
const fixtures = join(root, 'test/fixtures/ops-triton36');

function roundTrip(src: string, filename: string, debugInfo: boolean): string {
  const m = new Parser(src, { filename }).parseModule();
  return printOperation(m, { debugInfo });
}

/** The text with every SSA value name replaced by `%_` (block labels kept). */
function withoutValueNames(s: string): string {
  return s.replace(/%[A-Za-z0-9_$.-]+(#\d+)?/g, '%_');
}

const cases = gt.list(corpus);

describe('corpus round-trip', () => {
  it('finds the corpus', () => expect(cases.length).toBe(72));

  for (const c of cases) {
    const dir = join(corpus, c);
    const files = gt.list(dir).filter((f) => /^\d\d-.*\.mlir$/.test(f));
    for (const f of files) {
      const path = join(dir, f);
      const debug = f.startsWith('00-');
      it(`${c}/${f}`, () => {
        const src = gt.read(path);
        const out = roundTrip(src, path, debug);
        if (out === src) return;
        // MLIR gives scf.for's induction variable and iter_args the location of their `%name` token when
        // parsing, so the NameLocs Triton attached to them (and thus `%k`, `%acc_32`) cannot survive a
        // round trip through text: Triton 3.6 itself re-prints these files with `%arg9`-style names (checked
        // on the GPU machine). Require that this is the only difference, and that the result is stable.
        expect(debug && /scf\.for .* iter_args\(/.test(src)).toBe(true);
        expect(withoutValueNames(out)).toBe(withoutValueNames(src));
        expect(roundTrip(out, path, debug)).toBe(out);
      });
    }
  }
});

describe('Triton 3.6 op snippets', () => {
  const files = existsSync(fixtures) ? readdirSync(fixtures).sort() : [];
  for (const f of files) {
    if (f.endsWith('.expected.mlir')) continue;
    const debug = f.startsWith('debug') || f.startsWith('rt-debug');
    it(f, () => {
      const src = readFileSync(join(fixtures, f), 'utf8');
      const expected = f.startsWith('rt-') ? src : readFileSync(join(fixtures, f.replace(/\.mlir$/, '.expected.mlir')), 'utf8');
      const out = roundTrip(src, `INPUT/${f}`, debug);
      expect(out).toBe(expected);
    });
  }
});

interface RoundTripEntry {
  chunk: number;
  triton36_output?: string;
  triton36_error?: string;
}

describe('upstream lit chunks', () => {
  it('round-trip as Triton 3.6 does', () => {
    let outOk = 0;
    let outTotal = 0;
    let errOk = 0;
    let errTotal = 0;
    for (const file of gt.files('upstream/test', (f) => f.endsWith('.mlir'))) {
      const rel = file.slice('upstream/test/'.length);
      const expPath = `upstream/expected/${rel}.json`;
      if (!gt.isFile(expPath)) continue;
      const chunks = gt.read(file).split(/^\/\/ -----[ \t]*$/m);
      const exp = JSON.parse(gt.read(expPath)) as { roundtrip: RoundTripEntry[] };
      for (const rt of exp.roundtrip) {
        let out: string | undefined;
        let failed = false;
        try {
          const m = new Parser(chunks[rt.chunk] ?? '', { filename: 'input.mlir' }).parseModule();
          if (verifyOperation(m)) failed = true;
          else out = printOperation(m, {});
        } catch {
          failed = true;
        }
        if (rt.triton36_output !== undefined) {
          outTotal++;
          if (out === rt.triton36_output) outOk++;
        } else {
          errTotal++;
          if (failed) errOk++;
        }
      }
    }
    console.log(`upstream chunks: ${outOk}/${outTotal} outputs exact, ${errOk}/${errTotal} errors reproduced`);
    // Floors, not goals: the remaining mismatches are float formatting, attribute parsing and layout
    // verification outside the op definitions (see scripts/upstream-roundtrip.mjs -v).
    expect(outOk).toBeGreaterThanOrEqual(265);
    expect(errOk).toBeGreaterThanOrEqual(40);
  });
});

describe('op verifiers', () => {
  const head = `module {\n  tt.func @f(%a: tensor<16xi32>, %b: tensor<16x32xf16>, %c: tensor<32x8xf16>, %d: tensor<16x8xf32>, %i: i32) {\n`;
  const tail = `    tt.return\n  }\n}\n`;
  const verify = (body: string): string | undefined => {
    const m = new Parser(head + body + tail, { filename: 'v.mlir' }).parseModule();
    return verifyOperation(m)?.message;
  };
  const cases: [string, string, RegExp | undefined][] = [
    ['expand_dims ok', `    %0 = tt.expand_dims %a {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>\n`, undefined],
    ['expand_dims bad axis', `    %0 = tt.expand_dims %a {axis = 2 : i32} : tensor<16xi32> -> tensor<16x1xi32>\n`, /invalid axis/],
    ['expand_dims bad shape', `    %0 = tt.expand_dims %a {axis = 0 : i32} : tensor<16xi32> -> tensor<16x1xi32>\n`, /result shape/],
    ['broadcast non-1 dim', `    %0 = tt.broadcast %b : tensor<16x32xf16> -> tensor<32x32xf16>\n`, /Broadcast requires the source dimension to be 1/],
    ['trans not a permutation', `    %0 = tt.trans %b {order = array<i32: 0, 0>} : tensor<16x32xf16> -> tensor<32x16xf16>\n`, /permutation/],
    ['trans ok', `    %0 = tt.trans %b {order = array<i32: 1, 0>} : tensor<16x32xf16> -> tensor<32x16xf16>\n`, undefined],
    ['dot ok', `    %0 = tt.dot %b, %c, %d : tensor<16x32xf16> * tensor<32x8xf16> -> tensor<16x8xf32>\n`, undefined],
    ['dot K mismatch', `    %0 = tt.dot %b, %b, %d : tensor<16x32xf16> * tensor<16x32xf16> -> tensor<16x8xf32>\n`, /K dimensions/],
    ['splat to tensor', `    %0 = tt.splat %i : i32 -> tensor<16xi32>\n`, undefined],
    ['make_range size', `    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<16xi32>\n`, /must match size of range/],
    [
      'scf.for yields wrong type',
      `    %0 = scf.for %k = %i to %i step %i iter_args(%x = %i) -> (i32)  : i32 {\n      %y = arith.sitofp %x : i32 to f32\n      scf.yield %y : f32\n    }\n`,
      /should match|types/,
    ],
    [
      'reduce region arity',
      `    %0 = "tt.reduce"(%a) <{axis = 0 : i32}> ({\n    ^bb0(%x: i32):\n      tt.reduce.return %x : i32\n    }) : (tensor<16xi32>) -> i32\n`,
      /2 arguments/,
    ],
    [
      'reduce ok',
      `    %0 = "tt.reduce"(%a) <{axis = 0 : i32}> ({\n    ^bb0(%x: i32, %y: i32):\n      %s = arith.addi %x, %y : i32\n      tt.reduce.return %s : i32\n    }) : (tensor<16xi32>) -> i32\n`,
      undefined,
    ],
  ];
  it('expand_dims encoding must be a slice along the axis', () => {
    const src = `#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%a: tensor<16xi32, #ttg.slice<{dim = 1, parent = #b}>>) {
    %0 = tt.expand_dims %a {axis = 1 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #b}>> -> tensor<16x1xi32, #b>
    %1 = tt.expand_dims %a {axis = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #b}>> -> tensor<1x16xi32, #b>
    tt.return
  }
}
`;
    const m = new Parser(src, { filename: 'v.mlir' }).parseModule();
    expect(verifyOperation(m)?.message).toMatch(/Incompatible slice dimension/);
  });
  it('tt.call checks the callee signature', () => {
    const src = `module {
  tt.func private @g(i32, f32) -> i32
  tt.func @f(%a: i32) -> i32 {
    %0 = tt.call @g(%a, %a) : (i32, i32) -> i32
    tt.return %0 : i32
  }
}
`;
    const m = new Parser(src, { filename: 'v.mlir' }).parseModule();
    expect(verifyOperation(m)?.message).toMatch(/operand type mismatch: expected operand type 'f32', but provided 'i32' for operand number 1/);
  });
  for (const [name, body, want] of cases) {
    it(name, () => {
      const msg = verify(body);
      if (want === undefined) expect(msg).toBeUndefined();
      else expect(msg ?? '').toMatch(want);
    });
  }
});
