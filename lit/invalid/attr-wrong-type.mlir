// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}attr-wrong-type.mlir:5:8: error: 'tt.make_range' op attribute 'end' failed to satisfy constraint: 32-bit signless integer attribute

tt.func @f() {
  %0 = "tt.make_range"() <{end = 128 : i64, start = 0 : i32}> : () -> tensor<128xi32>
  tt.return
}
