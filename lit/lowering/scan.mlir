// RUN: ttg-opt %s -split-input-file --allocate-shared-memory-nv=compute-capability=80 --convert-triton-gpu-to-llvm=compute-capability=80 | FileCheck %s

// cumsum (corpus), as Triton 3.6's emitFastScan: 4 elements per thread scanned in-thread, a Hillis-Steele scan of
// each row's chunk total over the 8 lanes of the row (shfl.up by 1, 2, 4, each followed by its `laneIdAxis >= i`
// mask, the combine and the select), then, for each chunk, the previous lane's total (one more shfl.up; the
// first lane takes its own total) combined into the first three elements, the first thread keeping its values;
// warps do not move along the axis.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @cumsum
  // CHECK-COUNT-12: llvm.fadd
  // CHECK: nvvm.shfl.sync  up %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32 -> i32
  // CHECK: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK: llvm.icmp "sge" %{{.*}}, %[[C1]]
  // CHECK: llvm.fadd
  // CHECK: llvm.select
  // CHECK-COUNT-11: nvvm.shfl.sync  up
  // CHECK: llvm.icmp "eq"
  // CHECK: llvm.icmp "eq"
  // CHECK: llvm.and
  // CHECK-COUNT-4: nvvm.shfl.sync  up
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  tt.func private @cumsum(%arg0: tensor<64x32xf32, #blocked>) -> tensor<64x32xf32, #blocked> {
    %0 = "tt.scan"(%arg0) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.scan.return %s : f32
    }) : (tensor<64x32xf32, #blocked>) -> tensor<64x32xf32, #blocked>
    tt.return %0 : tensor<64x32xf32, #blocked>
  }
}

// -----

// A reverse scan, as Triton's: the values are flipped first (registers in reverse order, each through a full
// shfl.bfly butterfly over the 5 lane bits, which reverses the lanes), scanned forward with shfl.up, and flipped
// back the same way.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @reverse
  // CHECK-COUNT-80: nvvm.shfl.sync  bfly
  // CHECK-NOT: nvvm.shfl.sync  bfly
  // CHECK-COUNT-16: nvvm.shfl.sync  up
  // CHECK-NOT: nvvm.shfl.sync  up
  // CHECK-COUNT-80: nvvm.shfl.sync  bfly
  // CHECK-NOT: nvvm.shfl.sync
  tt.func private @reverse(%arg0: tensor<64x32xi32, #blocked>) -> tensor<64x32xi32, #blocked> {
    %0 = "tt.scan"(%arg0) <{axis = 1 : i32, reverse = true}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<64x32xi32, #blocked>) -> tensor<64x32xi32, #blocked>
    tt.return %0 : tensor<64x32xi32, #blocked>
  }
}

// -----

// Several warps along the axis: the last lane of each warp stores its chunk totals, a barrier, and every
// thread reads the totals of the 4 warps and combines those before its own.
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @across_warps
  // CHECK-COUNT-4: nvvm.shfl.sync  up
  // CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;"
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
  // CHECK: nvvm.shfl.sync  up
  // CHECK-NOT: nvvm.barrier0
  tt.func private @across_warps(%arg0: tensor<2x128xi32, #blocked>) -> tensor<2x128xi32, #blocked> {
    %0 = "tt.scan"(%arg0) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<2x128xi32, #blocked>) -> tensor<2x128xi32, #blocked>
    tt.return %0 : tensor<2x128xi32, #blocked>
  }
}
