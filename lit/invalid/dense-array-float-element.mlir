// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}dense-array-float-element.mlir:6:59: error: expected integer literal

tt.func @f(%arg0: tensor<128x!tt.ptr<f16>>) {
  // An i32 array element must be an integer literal (a huge float here once reached BigInt(Infinity)).
  %0 = "tt.load"(%arg0) <{operandSegmentSizes = array<i32: 1.7976931348623157e309, 0, 0>}> : (tensor<128x!tt.ptr<f16>>) -> tensor<128xf16>
  tt.return
}
