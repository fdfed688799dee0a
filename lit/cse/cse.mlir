// RUN: ttg-opt %s -cse | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Commutative operands are a multiset; duplicate constants merge; unused pure ops are erased.
  // CHECK-LABEL: tt.func @pure
  // CHECK-NEXT:    %0 = arith.addi %arg0, %arg1 : i32
  // CHECK-NEXT:    %1 = arith.subi %arg0, %arg1 : i32
  // CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
  // CHECK-NEXT:    %2 = arith.addi %1, %c1_i32 : i32
  // CHECK-NEXT:    tt.return %0, %0, %0, %2, %2 : i32, i32, i32, i32, i32
  tt.func @pure(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32) {
    %0 = arith.addi %x, %y : i32
    %1 = arith.addi %y, %x : i32
    %2 = arith.addi %x, %y : i32
    %3 = arith.subi %x, %y : i32
    %4 = arith.subi %y, %x : i32
    %c1 = arith.constant 1 : i32
    %c1_0 = arith.constant 1 : i32
    %5 = arith.addi %3, %c1 : i32
    %6 = arith.addi %3, %c1_0 : i32
    %dead = arith.muli %x, %x : i32
    tt.return %0, %1, %2, %5, %6 : i32, i32, i32, i32, i32
  }

  // Reads merge only when no op in between may write.
  // CHECK-LABEL: tt.func @loads
  // CHECK-NEXT:    %0 = tt.load %arg0
  // CHECK-NEXT:    tt.store %arg0, %arg1
  // CHECK-NEXT:    %1 = tt.load %arg0
  // CHECK-NEXT:    tt.return %0, %0, %1
  tt.func @loads(%p: tensor<128x!tt.ptr<f32>, #blocked>, %v: tensor<128xf32, #blocked>) -> (tensor<128xf32, #blocked>, tensor<128xf32, #blocked>, tensor<128xf32, #blocked>) {
    %0 = tt.load %p : tensor<128x!tt.ptr<f32>, #blocked>
    %1 = tt.load %p : tensor<128x!tt.ptr<f32>, #blocked>
    tt.store %p, %v : tensor<128x!tt.ptr<f32>, #blocked>
    %2 = tt.load %p : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return %0, %1, %2 : tensor<128xf32, #blocked>, tensor<128xf32, #blocked>, tensor<128xf32, #blocked>
  }
}
