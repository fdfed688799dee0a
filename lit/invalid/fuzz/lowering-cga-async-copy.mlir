// RUN: not ttg-opt %s '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' 2>&1 | FileCheck %s
// CHECK: lowering-cga-async-copy.mlir:10:12: error: 'ttg.async_copy_global_to_local' op the shared layout of !ttg.memdesc<128xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = {{\[}}0{{\]}}, CGALayout = {{\[}}{{\[}}1{{\]}}{{\]}}}>, #ttg.shared_memory, mutable> does not cover every element (a CGA layout over more CTAs than the module has?)
// CHECK-NOT: internal error
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @l(%ptr: tensor<128x!tt.ptr<f32>, #blocked>, %mem: !ttg.memdesc<128xf32, #shared, #ttg.shared_memory, mutable>) -> !ttg.async.token {
  %false = arith.constant dense<false> : tensor<128xi1, #blocked>
  %o = arith.constant dense<0.0> : tensor<8xf32, #blocked>
  %token = ttg.async_copy_global_to_local %ptr, %mem mask %false : tensor<128x!tt.ptr<f32>, #blocked> -> !ttg.memdesc<128xf32, #shared, #ttg.shared_memory, mutable>
  tt.return %token : !ttg.async.token
}
}