// RUN: not ttg-opt %s -split-input-file 2>&1 | FileCheck %s
// The mask of ttg.async_copy_global_to_local has the source's shape (OptionalTypesMatchWith, as in Triton 3.6): the
// custom form infers it, the generic form is verified (a 1x128 mask of a 64x128 copy reached the lowering).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @custom(%p: tensor<64x128x!tt.ptr<f16>, #blocked>, %m: tensor<1x128xi1, #blocked>, %d: !ttg.memdesc<64x128xf16, #shared, #smem, mutable>) {
    // CHECK: async-copy-mask-type.mlir:[[# @LINE + 1]]:53: error: use of value '%m' expects different type than prior uses: 'tensor<64x128xi1, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>>' vs 'tensor<1x128xi1
    %t = ttg.async_copy_global_to_local %p, %d mask %m : tensor<64x128x!tt.ptr<f16>, #blocked> -> <64x128xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @generic(%p: tensor<64x128x!tt.ptr<f16>, #blocked>, %m: tensor<1x128xi1, #blocked>, %d: !ttg.memdesc<64x128xf16, #shared, #smem, mutable>) {
    // CHECK: async-copy-mask-type.mlir:[[# @LINE + 1]]:10: error: 'ttg.async_copy_global_to_local' op failed to verify that infer mask type from src type
    %t = "ttg.async_copy_global_to_local"(%p, %d, %m) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<64x128x!tt.ptr<f16>, #blocked>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>, tensor<1x128xi1, #blocked>) -> !ttg.async.token
    tt.return
  }
}
