// RUN: ttg-opt %s | FileCheck %s
// RUN: ttg-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: ttg-opt %s --mlir-print-op-generic | ttg-opt - | FileCheck %s

// llvm.switch (the warp-specialize switch loop's dispatch) prints and parses as MLIR's LLVM dialect does: case
// values signed in the flag's width, operands per destination, `[` `]` without cases; in the generic form the
// case operands are one group split by case_operand_segments (text checked against mlir-opt-22).
// CHECK-LABEL: llvm.func @sw
// CHECK:      llvm.switch %arg0 : i8, ^bb1(%arg1 : i32) [
// CHECK-NEXT:   0: ^bb2,
// CHECK-NEXT:   -1: ^bb1(%arg1 : i32),
// CHECK-NEXT:   5: ^bb3
// CHECK-NEXT: ]
// CHECK:      ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
// CHECK:      ^bb3:  // pred: ^bb0
// CHECK-NEXT: llvm.switch %arg1 : i32, ^bb2 [
// CHECK-NEXT: ]
// GENERIC: "llvm.switch"(%arg0, %arg1, %arg1)[^bb1, ^bb2, ^bb1, ^bb3] <{case_operand_segments = array<i32: 0, 1, 0>, case_values = dense<[0, -1, 5]> : vector<3xi8>, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i8, i32, i32) -> ()
// GENERIC: "llvm.switch"(%arg1)[^bb2] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
llvm.func @sw(%arg0: i8, %arg1: i32) -> i32 {
  llvm.switch %arg0 : i8, ^bb1(%arg1 : i32) [
    0: ^bb2,
    255: ^bb1(%arg1 : i32),
    5: ^bb3
  ]
^bb1(%0: i32):
  llvm.return %0 : i32
^bb2:
  llvm.return %arg1 : i32
^bb3:
  llvm.switch %arg1 : i32, ^bb2 [
  ]
}
