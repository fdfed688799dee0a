// RUN: not ttg-opt %s --allocate-shared-memory-nv=compute-capability=90 --convert-triton-gpu-to-llvm=compute-capability=90 2>&1 | FileCheck %s
// CHECK: {{.*}}lowering-scan-axis-out-of-range.mlir:14:10: error: {{.*}}tt.scan: axis 1 is out of range for a tensor of rank 1
// CHECK-NOT: internal error

// Triton 3.6's verifier accepts any scan axis (its own combine.mlir scans axis 1 of a 1-D tensor); the lowering
// needs the axis to name a dimension. Found by the fuzzer (seed 8100, lowering pipeline): the blocked-layout scan
// lowering read the axis's stride before checking it.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%arg0: tensor<1024xi32, #blocked>, %p: !tt.ptr<i32>) {
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #blocked>
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %q = tt.addptr %ps, %r : tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>
    %0 = "tt.scan"(%arg0) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<1024xi32, #blocked>) -> tensor<1024xi32, #blocked>
    tt.store %q, %0 : tensor<1024x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
