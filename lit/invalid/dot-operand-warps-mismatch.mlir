// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// Every distributed layout is checked through its linear layout, dot operands included (as Triton 3.6).
// CHECK: {{.*}}dot-operand-warps-mismatch.mlir:10:10: error: Operand 0 (<block argument> of type 'tensor<8x4xf32, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>, kWidth = 1}>>' at index: 0) has an invalid layout: #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>, kWidth = 1}>.
// CHECK-NEXT: Layout has 1 warps per CTA, but the context requires 4 warps per CTA.

#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#dot = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%x: tensor<8x4xf32, #dot>) {
    %0 = ttg.convert_layout %x : tensor<8x4xf32, #dot> -> tensor<8x4xf32, #dot>
    tt.return
  }
}
