// RUN: not ttg-opt %s -tritongpu-hoist-tmem-alloc 2>&1 | FileCheck %s
// An accumulator whose accesses in the loop end in two places (two loads of the MMA's result) cannot be carried by
// one token: Triton 3.6 aborts with this message (LLVM ERROR); ttg-opt reports it at the alloc.
// CHECK: {{.*}}hoist-tmem-alloc-forked-token.mlir:16:16: error: FIXME: can't hoist TMEM alloc with multiple or conditional uses
// CHECK-NOT: internal error
#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @forked(%a: !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, %b: !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, %n: i32) -> tensor<128x64xf32, #blocked> {
    %true = arith.constant true
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #blocked>) : i32 {
      %m, %t = ttng.tmem_alloc %acc : (tensor<128x64xf32, #blocked>) -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %mt = ttng.tc_gen5_mma %a, %b, %m[%t], %true, %true : !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
      %v, %lt = ttng.tmem_load %m[%mt] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
      %w, %lt2 = ttng.tmem_load %m[%mt] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
      %s = arith.addf %v, %w : tensor<128x64xf32, #blocked>
      scf.yield %s : tensor<128x64xf32, #blocked>
    }
    tt.return %res : tensor<128x64xf32, #blocked>
  }
}
