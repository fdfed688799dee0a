// convert-triton-gpu-to-llvm basics (lowering/): Triton 3.6's function ABI (extra scratch pointers, nvvm.kernel,
// nvvm.reqntid, noinline device functions with a shared memory pointer), the @global_smem global, per-register
// values (struct fields = linear layout registers), vectorized predicated global accesses as in the corpus
// llvm.mlir, block arguments of tensor type through cf branches, and the pattern registry API.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groundTruth } from '../golden/ground-truth.js';
import '../dialect/index.js';
import '../tools/passes.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { verifyOperation } from '../dialect/ir/verifier.js';
import { convertTritonGPUToLLVM } from '../lowering/index.js';
import { registerLowering, hasLowering } from '../lowering/conversion.js';
import { allocateSharedMemory } from '../transforms/allocate-shared-memory.js';
import type { Operation } from '../dialect/ir/ir.js';

const gt = groundTruth();
const corpus = 'golden/corpus';

function lower(src: string, cap = 80): { module: Operation; text: string } {
  const module = new Parser(src, { filename: 'test.mlir' }).parseModule();
  allocateSharedMemory(module, cap, 87);
  const errors = convertTritonGPUToLLVM(module, { computeCapability: cap, ptxVersion: 87 });
  expect(errors.map((e) => e.message)).toEqual([]);
  return { module, text: printOperation(module) };
}

describe('function ABI', () => {
  const src = `
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @dev(%arg0: f32, %arg1: tensor<256xf32, #blocked>) -> (f32, tensor<256xf32, #blocked>) attributes {noinline = true} {
    %0 = arith.addf %arg0, %arg0 : f32
    %1 = tt.splat %0 : f32 -> tensor<256xf32, #blocked>
    %2 = arith.mulf %1, %arg1 : tensor<256xf32, #blocked>
    tt.return %0, %2 : f32, tensor<256xf32, #blocked>
  }
  tt.func public @kern(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: f32) attributes {noinline = false} {
    %0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %1 = arith.sitofp %0 : tensor<256xi32, #blocked> to tensor<256xf32, #blocked>
    %2:2 = tt.call @dev(%arg1, %1) : (f32, tensor<256xf32, #blocked>) -> (f32, tensor<256xf32, #blocked>)
    %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %4 = tt.addptr %3, %0 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %4, %2#1 : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}`;
  const { module, text } = lower(src);

  it('verifies', () => {
    expect(verifyOperation(module)?.message).toBeUndefined();
  });
  it('kernel: two trailing !llvm.ptr<1> scratch parameters, nvvm.kernel, nvvm.reqntid, kept attributes', () => {
    expect(text).toContain(
      'llvm.func @kern(%arg0: !llvm.ptr<1> {tt.divisibility = 16 : i32}, %arg1: f32, %arg2: !llvm.ptr<1>, %arg3: !llvm.ptr<1>) attributes {noinline = false, nvvm.kernel = 1 : ui1, nvvm.reqntid = array<i32: 128>}',
    );
  });
  it('device function: internal, noinline passthrough, shared memory pointer then scratch pointers, struct results', () => {
    expect(text).toMatch(
      /llvm\.func internal @dev\(%arg0: f32(?: \{[^}]*\})?, %arg1: !llvm\.struct<\(f32, f32\)>(?: \{[^}]*\})?, %arg2: !llvm\.ptr<3>, %arg3: !llvm\.ptr<1>, %arg4: !llvm\.ptr<1>\) -> !llvm\.struct<\(f32, struct<\(f32, f32\)>\)> attributes \{[^}]*passthrough = \["noinline"\]/,
    );
    expect(text).toMatch(/llvm\.call @dev\(%[^)]*\) : \(f32, !llvm\.struct<\(f32, f32\)>, !llvm\.ptr<3>, !llvm\.ptr<1>, !llvm\.ptr<1>\) -> !llvm\.struct<\(f32, struct<\(f32, f32\)>\)>/);
  });
  it('the dynamic shared memory global', () => {
    expect(text).toContain('llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>');
  });
  it('stores two contiguous registers with one st.global.v2', () => {
    expect(text).toContain('"st.global.v2.b32 [ $2 + 0 ], { $0, $1 };", "r,r,l"');
  });
});

describe('corpus add kernel', () => {
  const c = join(corpus, 'add-BLOCK1024-sm80-w4');
  const { text } = lower(gt.read(join(c, '14-convert-scf-to-cf.mlir')));
  it('vectorized masked loads and stores with Triton inline PTX', () => {
    const ld = '"mov.u32 $0, 0x0;\\0A\\09mov.u32 $1, 0x0;\\0A\\09mov.u32 $2, 0x0;\\0A\\09mov.u32 $3, 0x0;\\0A\\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b"';
    expect(text.split(ld).length - 1).toBe(4);
    expect(text.split('"@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"').length - 1).toBe(2);
  });
  it('thread ids: masked tid, lane/warp split', () => {
    expect(text).toMatch(/nvvm\.read\.ptx\.sreg\.tid\.x : i32/);
    expect(text).toMatch(/llvm\.urem %\d+, %\d+ : i32/);
    expect(text).toMatch(/llvm\.udiv %\d+, %\d+ : i32/);
  });
});

describe('i1 in global memory', () => {
  // PTX has no 1-bit loads or stores: i1 elements are bytes (Triton 3.6 sign-extends them before a store).
  const src = `
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%p: !tt.ptr<i1> {tt.divisibility = 16 : i32}, %q: !tt.ptr<i1> {tt.divisibility = 16 : i32}, %v: i1) {
    tt.store %p, %v : !tt.ptr<i1>
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<i1> -> tensor<512x!tt.ptr<i1>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<512x!tt.ptr<i1>, #blocked>, tensor<512xi32, #blocked>
    %qs = tt.splat %q : !tt.ptr<i1> -> tensor<512x!tt.ptr<i1>, #blocked>
    %qp = tt.addptr %qs, %r : tensor<512x!tt.ptr<i1>, #blocked>, tensor<512xi32, #blocked>
    %x = tt.load %pp : tensor<512x!tt.ptr<i1>, #blocked>
    tt.store %qp, %x : tensor<512x!tt.ptr<i1>, #blocked>
    %l = tt.load %p : !tt.ptr<i1>
    tt.store %q, %l : !tt.ptr<i1>
    tt.return
  }
}`;
  const { module, text } = lower(src);
  it('scalars: st.global.b8 of the sign-extended value, ld.global.b8 truncated to i1', () => {
    expect(verifyOperation(module)?.message).toBeUndefined();
    expect(text).not.toMatch(/\.b1\b/);
    expect(text).toMatch(/llvm\.sext %arg2 : i1 to i8/);
    expect(text).toContain('"@$2 st.global.b8 [ $1 + 0 ], { $0 };", "c,l,b"');
    expect(text).toContain('"mov.u16 $0, 0x0;\\0A\\09ld.global.b8 { $0 }, [ $1 + 0 ];", "=c,l"');
    expect(text).toMatch(/llvm\.trunc %\d+ : i8 to i1/);
  });
  it('tensors: four bytes per 32-bit access', () => {
    expect(text).toContain('ld.global.b32 { $0 }, [ $1 + 0 ];", "=r,l"');
    expect(text).toContain('"st.global.b32 [ $1 + 0 ], { $0 };", "r,l"');
    expect(text).toMatch(/llvm\.bitcast %\d+ : vector<4xi8> to i32/);
  });
});

describe('control flow', () => {
  it('tensor block arguments travel as structs through cf branches', () => {
    const src = `
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%arg0: i32) attributes {noinline = false} {
    %cst = arith.constant dense<1.000000e+00> : tensor<512xf32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^bb1(%c0, %cst : i32, tensor<512xf32, #blocked>)
  ^bb1(%0: i32, %1: tensor<512xf32, #blocked>):
    %2 = arith.cmpi slt, %0, %arg0 : i32
    cf.cond_br %2, ^bb2, ^bb3
  ^bb2:
    %3 = arith.addf %1, %1 : tensor<512xf32, #blocked>
    %4 = arith.addi %0, %c1 : i32
    cf.br ^bb1(%4, %3 : i32, tensor<512xf32, #blocked>)
  ^bb3:
    tt.return
  }
}`;
    const { module, text } = lower(src);
    expect(verifyOperation(module)?.message).toBeUndefined();
    expect(text).toMatch(/\^bb1\(%\d+: i32, %\d+: !llvm\.struct<\(f32, f32, f32, f32\)>\)/);
    expect(text).toMatch(/llvm\.cond_br %\d+, \^bb2, \^bb3/);
    expect(text.match(/llvm\.insertvalue/g)?.length).toBe(8);
  });
});

describe('pattern registry', () => {
  it('a registered lowering that declines lets the next one run', () => {
    const name = 'tt.get_num_programs';
    expect(hasLowering(name)).toBe(true);
    let declined = 0;
    registerLowering(
      name,
      () => {
        declined++;
        return 'not this one';
      },
      { benefit: 100 },
    );
    const src = `
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%arg0: !tt.ptr<i32>) attributes {noinline = false} {
    %0 = tt.get_num_programs y : i32
    tt.store %arg0, %0 : !tt.ptr<i32>
    tt.return
  }
}`;
    const { text } = lower(src);
    expect(declined).toBe(1);
    expect(text).toContain('nvvm.read.ptx.sreg.nctaid.y : i32');
    // A scalar store is done by one thread.
    expect(text).toMatch(/llvm\.icmp "eq"/);
  });
});
