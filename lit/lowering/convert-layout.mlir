// RUN: ttg-opt %s -split-input-file --allocate-shared-memory-nv=compute-capability=80 --convert-triton-gpu-to-llvm=compute-capability=80 | FileCheck %s

// Equivalent layouts (a blocked layout and its linear form): the registers are reused, no code.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#linear = #ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32]], warp = [[64], [128]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @identity
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK-NOT: llvm.store
  // CHECK: llvm.return
  tt.func private @identity(%arg0: tensor<256xf32, #blocked>) -> tensor<256xf32, #linear> {
    %0 = ttg.convert_layout %arg0 : tensor<256xf32, #blocked> -> tensor<256xf32, #linear>
    tt.return %0 : tensor<256xf32, #linear>
  }
}

// -----

// Only the order of the registers changes: a permutation of the struct fields, no data movement.
#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.linear<{register = [[1, 0], [0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], warp = [[2, 0], [4, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @registers
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK-NOT: llvm.store
  // CHECK: %[[A:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[B:.*]] = llvm.extractvalue %arg0[1]
  // CHECK: %[[C:.*]] = llvm.extractvalue %arg0[2]
  // CHECK: llvm.insertvalue %[[A]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[C]], %{{.*}}[1]
  // CHECK: llvm.insertvalue %[[B]], %{{.*}}[2]
  tt.func private @registers(%arg0: tensor<8x64xf32, #blocked>) -> tensor<8x64xf32, #blocked1> {
    %0 = ttg.convert_layout %arg0 : tensor<8x64xf32, #blocked> -> tensor<8x64xf32, #blocked1>
    tt.return %0 : tensor<8x64xf32, #blocked1>
  }
}

// -----

// Data moves between lanes only (a register bit and a lane bit trade places): warp shuffles, no shared
// memory. The rounds that read the thread's own registers need no shuffle, the others are butterflies.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#linear = #ttg.linear<{register = [[32]], lane = [[2], [4], [8], [16], [1]], warp = [[64], [128]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @shuffle
  // CHECK-NOT: llvm.store
  // CHECK: llvm.select
  // CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32 -> i32
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  tt.func private @shuffle(%arg0: tensor<256xi32, #blocked>) -> tensor<256xi32, #linear> {
    %0 = ttg.convert_layout %arg0 : tensor<256xi32, #blocked> -> tensor<256xi32, #linear>
    tt.return %0 : tensor<256xi32, #linear>
  }
}

// -----

// Narrow elements travel packed: two f16 per 32-bit shuffle.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#linear = #ttg.linear<{register = [[1], [64]], lane = [[4], [8], [16], [32], [2]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @packed
  // CHECK: llvm.bitcast %{{.*}} : vector<2xi16> to i32
  // CHECK: nvvm.shfl.sync  bfly
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xi16>
  tt.func private @packed(%arg0: tensor<128xf16, #blocked>) -> tensor<128xf16, #linear> {
    %0 = ttg.convert_layout %arg0 : tensor<128xf16, #blocked> -> tensor<128xf16, #linear>
    tt.return %0 : tensor<128xf16, #linear>
  }
}

// -----

// A transposition across warps goes through Triton 3.6's swizzled scratch buffer (optimalSwizzlingLdSt): no
// register basis is shared by both sides, so 32-bit stores, a barrier, then 32-bit loads, as Triton 3.6 lowers
// it; shared memory moves integers, as Triton's.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @transpose
  // CHECK-COUNT-32: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<1xi32>, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-32: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  tt.func private @transpose(%arg0: tensor<64x64xf32, #blocked1>) -> tensor<64x64xf32, #blocked> {
    %0 = ttg.convert_layout %arg0 : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked>
    tt.return %0 : tensor<64x64xf32, #blocked>
  }
}

// -----

// The scratch buffer holds half of the tensor (a register bit that is a register bit on both sides forms the
// rounds): two rounds, each a store phase and a load phase, separated by barriers.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @rounds
  // CHECK: llvm.store
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load
  // CHECK: nvvm.barrier0
  // CHECK: llvm.store
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  tt.func private @rounds(%arg0: tensor<128x64xf32, #blocked>) -> tensor<128x64xf32, #blocked1> {
    %0 = ttg.convert_layout %arg0 : tensor<128x64xf32, #blocked> -> tensor<128x64xf32, #blocked1>
    tt.return %0 : tensor<128x64xf32, #blocked1>
  }
}
