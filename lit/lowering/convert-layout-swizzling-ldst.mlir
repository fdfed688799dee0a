// RUN: ttg-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// convert_layout through shared memory goes through Triton 3.6's optimalSwizzlingLdSt layout, whose vector bases set
// the store / load widths (checked against Triton 3.6's own lowering of these modules).

// A register-transposing f32 conversion: no shared register bases, so 2 x 32-bit vectors each way.
// CHECK-LABEL: llvm.func internal @transpose_f32
// CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xi32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xi32>
// CHECK-NOT: llvm.store
#blocked0 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @transpose_f32(%arg0: tensor<64x32xf32, #blocked0>) -> tensor<64x32xf32, #blocked1> {
    %0 = ttg.convert_layout %arg0 : tensor<64x32xf32, #blocked0> -> tensor<64x32xf32, #blocked1>
    tt.return %0 : tensor<64x32xf32, #blocked1>
  }
}

// -----

// i8 transpose: single-byte stores, 4-byte loads (the bank bases that are destination registers go first).
// CHECK-LABEL: llvm.func internal @transpose_i8
// CHECK-COUNT-64: llvm.store %{{.*}}, %{{.*}} {alignment = 1 : i64} : vector<1xi8>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-32: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<4xi8>
// CHECK-NOT: llvm.store
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @transpose_i8(%arg0: tensor<64x128xi8, #blocked>) -> tensor<64x128xi8, #blocked1> {
    %0 = ttg.convert_layout %arg0 : tensor<64x128xi8, #blocked> -> tensor<64x128xi8, #blocked1>
    tt.return %0 : tensor<64x128xi8, #blocked1>
  }
}

// -----

// mma accumulators to a blocked layout: 128-bit stores and loads.
// CHECK-LABEL: llvm.func internal @mma_to_blocked
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
// CHECK-NOT: llvm.store
#blocked0 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @mma_to_blocked(%arg0: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #blocked0> {
    %0 = ttg.convert_layout %arg0 : tensor<32x32xf32, #mma> -> tensor<32x32xf32, #blocked0>
    tt.return %0 : tensor<32x32xf32, #blocked0>
  }
}
