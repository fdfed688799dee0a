// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// An nvidia_mma without instrShape has no linear layout (Triton 3.6 aborts on an assertion here); the
// tensor-layout check reports it at the first op using it.
// CHECK: {{.*}}mma-missing-instr-shape.mlir:12:10: error: Operand 2 (<block argument> of type 'tensor<16x16xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = []}>>' at index: 2) has an invalid layout: #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = []}>.
// CHECK-NEXT: instrShape [] does not match rank 2

#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [4, 1]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%a: tensor<16x16xf16, #a>, %b: tensor<16x16xf16, #b>, %c: tensor<16x16xf32, #mma>) {
    %d = tt.dot %a, %b, %c : tensor<16x16xf16, #a> * tensor<16x16xf16, #b> -> tensor<16x16xf32, #mma>
    tt.return
  }
}
