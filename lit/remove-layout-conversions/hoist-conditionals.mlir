// RUN: ttg-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// Inside a loop, a convert whose slice can be rematerialized along one branch of an scf.if (a constant) but
// not the other (an expensive load) is hoisted into that other branch, so it only runs when the branch is
// taken.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @hoist_into_branch
  // CHECK: arith.constant {{.*}} tensor<128x32xf16, #ttg.dot_op
  // CHECK: scf.for
  // CHECK-NEXT: scf.if
  // CHECK-NEXT: %[[L:.*]] = tt.load
  // CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[L]] : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op
  // CHECK-NEXT: scf.yield %[[C]]
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return
  tt.func @hoist_into_branch(%c: i1, %p: tensor<128x32x!tt.ptr<f16>, #blocked>, %b: tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %acc0: tensor<128x128xf32, #mma>, %lb: i32, %ub: i32, %st: i32) -> tensor<128x128xf32, #mma> {
    %cst = arith.constant dense<1.000000e+00> : tensor<128x32xf16, #blocked>
    %r:2 = scf.for %i = %lb to %ub step %st iter_args(%x = %cst, %acc = %acc0) -> (tensor<128x32xf16, #blocked>, tensor<128x128xf32, #mma>) : i32 {
      %0 = scf.if %c -> (tensor<128x32xf16, #blocked>) {
        %1 = tt.load %p : tensor<128x32x!tt.ptr<f16>, #blocked>
        scf.yield %1 : tensor<128x32xf16, #blocked>
      } else {
        scf.yield %x : tensor<128x32xf16, #blocked>
      }
      %2 = ttg.convert_layout %0 : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %3 = tt.dot %2, %b, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      scf.yield %0, %3 : tensor<128x32xf16, #blocked>, tensor<128x128xf32, #mma>
    }
    tt.return %r#1 : tensor<128x128xf32, #mma>
  }
}
