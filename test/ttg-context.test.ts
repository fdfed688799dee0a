// The one lookup of a TritonGPU op's context (dialect/ttg/context.ts): warps per CTA (module, tt.func or
// warp-specialize partition; no default), threads per warp and CTAs of the enclosing module (32 and 1 by default),
// used alike by the verifier, the passes and the lowering.
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../tools/passes.js';
import { DiagnosticError } from '../dialect/ir/diagnostics.js';
import type { Operation } from '../dialect/ir/ir.js';
import { lookupNumCTAs, lookupNumWarps, lookupThreadsPerWarp, maybeLookupNumWarps } from '../dialect/ttg/context.js';
import { Parser } from '../parser/parser.js';
import { runOptSync } from '../tools/opt-main.js';
import { firstOp } from './helpers/ir.js';

function parse(src: string): Operation {
  return new Parser(src, { filename: 'ctx.mlir' }).parseModule();
}

const BLOCKED = '#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>';
const kernel = (moduleAttrs: string, funcAttrs = ''): string => `${BLOCKED}
module attributes {${moduleAttrs}} {
  tt.func public @k(%p: tensor<128x!tt.ptr<f32>, #blocked>) ${funcAttrs}{
    %0 = tt.load %p : tensor<128x!tt.ptr<f32>, #blocked>
    tt.store %p, %0 : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
`;

describe('ttg context lookups', () => {
  it('reads the module attributes, with Triton defaults for lanes and CTAs only', () => {
    const m = parse(kernel('"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32'));
    const load = firstOp(m, 'tt.load');
    expect([lookupNumWarps(load), lookupThreadsPerWarp(load), lookupNumCTAs(load)]).toEqual([4, 32, 1]);
    const bare = parse('module {\n  tt.func @f() {\n    tt.return\n  }\n}\n');
    const ret = firstOp(bare, 'tt.return');
    expect([maybeLookupNumWarps(ret), lookupThreadsPerWarp(ret), lookupNumCTAs(ret)]).toEqual([undefined, 32, 1]);
  });

  it('takes the warps of the nearest tt.func that sets them', () => {
    const m = parse(kernel('"ttg.num-warps" = 8 : i32', 'attributes {"ttg.num-warps" = 4 : i32} '));
    expect(lookupNumWarps(firstOp(m, 'tt.load'))).toBe(4);
    expect(lookupNumWarps(m)).toBe(8);
  });

  it('reports a missing warp count as a located op error, never a default', () => {
    const m = parse('module {\n  tt.func @f() {\n    tt.return\n  }\n}\n');
    const ret = firstOp(m, 'tt.return');
    let err: unknown;
    try {
      lookupNumWarps(ret);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DiagnosticError);
    expect((err as DiagnosticError).diagnostic.message).toBe("'tt.return' op is not contained within a context that specifies the number of warps");
  });

  it('the verifier rejects an encoded tensor outside any warp context, as Triton does', () => {
    const r = runOptSync(['-'], kernel('"ttg.threads-per-warp" = 32 : i32'));
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('has an invalid layout: Could not determine the number of warps per CTA. Operation is not in a context with `ttg.num-warps`.');
  });

  it('the lowering looks the warps up per function: no silent default of 4', () => {
    const ok = runOptSync(['-', '--allocate-shared-memory-nv', '--convert-triton-gpu-to-llvm'], kernel('"ttg.num-warps" = 4 : i32'));
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout).toContain('nvvm.reqntid = array<i32: 128>');
    // No encoded tensor (so the verifier has nothing to check) and no warp count: Triton's FuncOpToLLVM error.
    const none = runOptSync(['-', '--convert-triton-gpu-to-llvm'], 'module {\n  tt.func public @f() {\n    tt.return\n  }\n}\n');
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toContain("<stdin>:2:3: error: 'tt.func' op is not contained within a context that specifies the number of warps");
    const perFunc = runOptSync(['-', '--convert-triton-gpu-to-llvm'], 'module {\n  tt.func public @f() attributes {"ttg.num-warps" = 2 : i32} {\n    tt.return\n  }\n}\n');
    expect(perFunc.exitCode).toBe(0);
    expect(perFunc.stdout).toContain('nvvm.reqntid = array<i32: 64>');
  });
});
