// RUN: not ttg-opt %s --split-input-file 2>&1 | FileCheck %s
// tt.load's mask and other and tt.store's value and mask take their types from the pointer (TypesMatchWith): in the
// custom form a value of another type is a parse error, in the generic form a verifier error (Triton checks the
// mask once the op has two operands, so `other` without a mask fails it). Found by the fuzzer: an f16 `other` of an
// f32 load was accepted.
// CHECK: load-store-types-from-ptr.mlir:16:26: error: use of value '%o' expects different type than prior uses: 'tensor<8xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>' vs 'tensor<8xf16, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>'
// CHECK: load-store-types-from-ptr.mlir:26:22: error: use of value '%m' expects different type than prior uses: 'tensor<8xi1, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>' vs 'tensor<4xi1, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>'
// CHECK: load-store-types-from-ptr.mlir:36:18: error: use of value '%v' expects different type than prior uses: 'tensor<8xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>' vs 'tensor<8xf16, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>'
// CHECK: load-store-types-from-ptr.mlir:46:10: error: 'tt.load' op failed to verify that other matches ptr type
// CHECK: load-store-types-from-ptr.mlir:56:10: error: 'tt.load' op failed to verify that mask type matches ptr type
// CHECK: load-store-types-from-ptr.mlir:66:5: error: 'tt.store' op failed to verify that value type matches ptr type

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @other_f16(%p: tensor<8x!tt.ptr<f32>, #blocked>, %m: tensor<8xi1, #blocked>, %o: tensor<8xf16, #blocked>) {
    %0 = tt.load %p, %m, %o : tensor<8x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @mask_shape(%p: tensor<8x!tt.ptr<f32>, #blocked>, %m: tensor<4xi1, #blocked>) {
    %0 = tt.load %p, %m : tensor<8x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @store_f16(%p: tensor<8x!tt.ptr<f32>, #blocked>, %v: tensor<8xf16, #blocked>) {
    tt.store %p, %v : tensor<8x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @generic_other(%p: tensor<8x!tt.ptr<f32>, #blocked>, %m: tensor<8xi1, #blocked>, %o: tensor<8xf16, #blocked>) {
    %0 = "tt.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<8x!tt.ptr<f32>, #blocked>, tensor<8xi1, #blocked>, tensor<8xf16, #blocked>) -> tensor<8xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @generic_other_no_mask(%p: tensor<8x!tt.ptr<f32>, #blocked>, %o: tensor<8xf32, #blocked>) {
    %0 = "tt.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<8x!tt.ptr<f32>, #blocked>, tensor<8xf32, #blocked>) -> tensor<8xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @generic_store(%p: tensor<8x!tt.ptr<f32>, #blocked>, %v: tensor<8xf16, #blocked>) {
    "tt.store"(%p, %v) : (tensor<8x!tt.ptr<f32>, #blocked>, tensor<8xf16, #blocked>) -> ()
    tt.return
  }
}
