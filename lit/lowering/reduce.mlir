// RUN: ttg-opt %s -split-input-file --allocate-shared-memory-nv=compute-capability=80 --convert-triton-gpu-to-llvm=compute-capability=80 | FileCheck %s

// Warp-synchronous row reduction (rowmax): 8 registers per row combined in-thread, then 3 butterflies over
// the 8 lanes of a row (offsets 4, 2, 1) for each of the 4 rows of a thread; no shared memory.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @rowmax
  // CHECK-COUNT-7: llvm.intr.maxnum
  // CHECK: %[[O4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %[[O4]], %{{.*}} : i32 -> i32
  // CHECK: %[[O2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %[[O2]], %{{.*}} : i32 -> i32
  // CHECK: %[[O1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %[[O1]], %{{.*}} : i32 -> i32
  // CHECK-COUNT-9: nvvm.shfl.sync  bfly
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK-NOT: nvvm.barrier0
  // CHECK-NOT: st.shared
  // CHECK: llvm.return
  tt.func private @rowmax(%arg0: tensor<64x64xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %0 = "tt.reduce"(%arg0) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<64x64xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %0 : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

// Across warps (layernorm's sum): 5 butterflies, the first lane of each warp stores its partial sum
// (predicated st.shared), a barrier, 4 threads reduce the 4 partials with 2 butterflies and store back, a
// barrier, and every thread loads the total.
#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @sum
  // CHECK-COUNT-7: llvm.fadd
  // CHECK-COUNT-5: nvvm.shfl.sync  bfly
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b"
  // CHECK-NEXT: nvvm.barrier0
  // CHECK: llvm.icmp "slt"
  // CHECK: "@$2 ld.shared.b32 $0, [ $1 + 0 ];", "=r,r,b"
  // CHECK-COUNT-2: nvvm.shfl.sync  bfly
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b"
  // CHECK-NEXT: nvvm.barrier0
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK: llvm.return
  tt.func private @sum(%arg0: tensor<1024xf32, #blocked>) -> f32 {
    %0 = "tt.reduce"(%arg0) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<1024xf32, #blocked>) -> f32
    tt.return %0 : f32
  }
}

// -----

// A full-warp integer reduction on sm80 uses redux.sync (across warps too: 4 warps are not a full warp, so
// the partials are combined with butterflies).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @redux
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK: nvvm.redux.sync  umax %{{.*}}, %{{.*}} : i32 -> i32
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-2: nvvm.shfl.sync  bfly
  // CHECK: llvm.intr.umax
  tt.func private @redux(%arg0: tensor<128xi32, #blocked>) -> i32 {
    %0 = "tt.reduce"(%arg0) <{axis = 0 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.maxui %a, %b : i32
      tt.reduce.return %s : i32
    }) : (tensor<128xi32, #blocked>) -> i32
    tt.return %0 : i32
  }
}

// -----

// Triton's reduce_to_llvm.mlir layout: registers (0, 2) and (1, 3) are added in-thread, then butterflies over
// the 4 lane bits that move along axis 0 (lane offsets 16, 8, 4, 2); lane bit 0 moves along the other dim and
// the warps never move along the axis.
#linear = #ttg.linear<{register = [[0, 2], [2, 0]], lane = [[0, 8], [8, 0], [1, 0], [4, 0], [16, 0]], warp = [[0, 1], [0, 4]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @reduce_linear_layout
  // CHECK: %[[S0:.*]] = llvm.add %{{.*}}, %{{.*}} : i32
  // CHECK: %[[S1:.*]] = llvm.add %{{.*}}, %{{.*}} : i32
  // CHECK: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK: nvvm.shfl.sync  bfly %{{.*}}, %[[S0]], %[[C16]]
  // CHECK: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
  // CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %[[C8]]
  // CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %[[C4]]
  // CHECK: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %[[C2]]
  // CHECK: nvvm.shfl.sync  bfly %{{.*}}, %[[S1]]
  // CHECK-COUNT-3: nvvm.shfl.sync  bfly
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK-NOT: nvvm.barrier0
  tt.func private @reduce_linear_layout(%arg0: tensor<32x16xi32, #linear>) -> tensor<16xi32, #ttg.slice<{dim = 0, parent = #linear}>> {
    %0 = "tt.reduce"(%arg0) ({
    ^bb0(%arg1: i32, %arg2: i32):
      %1 = arith.addi %arg1, %arg2 : i32
      tt.reduce.return %1 : i32
    }) {axis = 0 : i32} : (tensor<32x16xi32, #linear>) -> tensor<16xi32, #ttg.slice<{dim = 0, parent = #linear}>>
    tt.return %0 : tensor<16xi32, #ttg.slice<{dim = 0, parent = #linear}>>
  }
}

// -----

// 128 elements over 8 warps: warps 4-7 hold copies (a broadcast warp bit). Only the 2 warp bits along the axis
// are reduced across warps, and only warps with the broadcast bit clear write their partials.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @broadcast_warps
  // CHECK-COUNT-5: nvvm.shfl.sync  bfly
  // CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK: llvm.and %[[C4]], %{{.*}} : i32
  // CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;"
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-2: nvvm.shfl.sync  bfly
  // CHECK-NOT: nvvm.shfl.sync
  tt.func private @broadcast_warps(%arg0: tensor<128xf32, #blocked>) -> f32 {
    %0 = "tt.reduce"(%arg0) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.maxnumf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<128xf32, #blocked>) -> f32
    tt.return %0 : f32
  }
}

// -----

// Column sums across warps where every lane writes its partial (colsum): as in Triton, the partials still go
// through predicated inline-PTX stores (the predicate a constant true) and the re-reduction reads them with the
// `tid < elems` predicate, so LLVM keeps them in place; the final reads are plain loads.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @colsum
  // CHECK: llvm.mlir.constant(true) : i1
  // CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b"
  // CHECK: nvvm.barrier0
  // CHECK: llvm.icmp "slt"
  // CHECK: "@$2 ld.shared.b32 $0, [ $1 + 0 ];", "=r,r,b"
  // CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b"
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  tt.func private @colsum(%arg0: tensor<32x128xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>> {
    %0 = "tt.reduce"(%arg0) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %1 = arith.addf %a, %b : f32
      tt.reduce.return %1 : f32
    }) : (tensor<32x128xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.return %0 : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  }
}
