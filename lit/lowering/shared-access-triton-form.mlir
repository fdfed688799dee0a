// RUN: ttg-opt %s -split-input-file --allocate-shared-memory-nv=compute-capability=80 --convert-triton-gpu-to-llvm=compute-capability=80 | FileCheck %s

// Data that only moves between lanes, with two or more mixed register/lane transpositions: Triton 3.6 goes
// through shared memory rather than shuffles (cvtNeedsWarpShuffle is false), and since each warp reads back only
// what it wrote, the phases meet at a warp barrier (isCvtWarpSync). Shared memory moves integers: f32 as i32.
#blocked0 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @lanes_via_shared
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK: llvm.bitcast %{{.*}} : f32 to i32
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<1xi32>, !llvm.ptr<3>
  // CHECK-NEXT: %[[ALL:.*]] = llvm.mlir.constant(-1 : i32) : i32
  // CHECK-NEXT: nvvm.bar.warp.sync %[[ALL]] : i32
  // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  // CHECK-COUNT-4: llvm.bitcast %{{.*}} : i32 to f32
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  tt.func private @lanes_via_shared(%src: tensor<64xf32, #blocked0>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked1}>> {
    %cvt = ttg.convert_layout %src : tensor<64xf32, #blocked0> -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    tt.return %cvt : tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>
  }
}

// -----

// Eight f16 per access: PTX has no ld.shared.v8.b16, so (as Triton's loadDShared) the load is of four i32, each
// split into two i16 and bitcast to f16; the store packs them the same way.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @f16_round_trip
  // CHECK: llvm.bitcast %{{.*}} : vector<2xi16> to i32
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK: %[[V:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  // CHECK: llvm.extractelement %[[V]][%{{.*}} : i32] : vector<4xi32>
  // CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xi16>
  // CHECK: llvm.bitcast %{{.*}} : i16 to f16
  tt.func private @f16_round_trip(%arg0: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked> {
    %0 = ttg.local_alloc %arg0 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %1 = ttg.local_load %0 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
    tt.return %1 : tensor<64x64xf16, #blocked>
  }
}

// -----

// memdesc_index of a padded allocation: buffer i starts at element i * 512 plus the padding of that offset
// (4 elements every 32: (off >> 5) << 2), a GEP on the element type; the view keeps the source's offsets.
#padded = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [16, 32]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @index_padded
  // CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK: %[[N:.*]] = llvm.mlir.constant(512 : i32) : i32
  // CHECK-NEXT: %[[OFF:.*]] = llvm.mul %arg0, %[[N]] : i32
  // CHECK: %[[SH:.*]] = llvm.mlir.constant(5 : i32) : i32
  // CHECK-NEXT: %[[SC:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-NEXT: %[[Q:.*]] = llvm.ashr %[[OFF]], %[[SH]] : i32
  // CHECK-NEXT: %[[PAD:.*]] = llvm.shl %[[Q]], %[[SC]] : i32
  // CHECK-NEXT: %[[PADS:.*]] = llvm.add %{{.*}}, %[[PAD]] : i32
  // CHECK-NEXT: %[[TOTAL:.*]] = llvm.add %[[OFF]], %[[PADS]] : i32
  // CHECK-NEXT: llvm.getelementptr %{{.*}}[%[[TOTAL]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  tt.func private @index_padded(%i: i32) {
    %0 = ttg.local_alloc : () -> !ttg.memdesc<3x16x32xf16, #padded, #smem, mutable>
    %1 = ttg.memdesc_index %0[%i] : !ttg.memdesc<3x16x32xf16, #padded, #smem, mutable> -> !ttg.memdesc<16x32xf16, #padded, #smem, mutable>
    tt.return
  }
}
