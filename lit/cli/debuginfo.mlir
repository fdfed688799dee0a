// RUN: ttg-opt %s --mlir-print-debuginfo | FileCheck %s
// RUN: ttg-opt %s | FileCheck %s --check-prefix=NODEBUG
// RUN: ttg-opt %s --strip-debuginfo --mlir-print-debuginfo | FileCheck %s --check-prefix=STRIP

// Ops without loc(...) get the position where they were parsed, as in MLIR.
// CHECK: %0 = arith.addi %arg0, %arg0 : i32 loc([[ADD:#loc[0-9]*]])
// CHECK: tt.return loc(#loc{{[0-9]*}})
// CHECK-DAG: [[ADD]] = loc("{{.*}}debuginfo.mlir":14:8)
// CHECK-DAG: loc("file.py":7:3)
// NODEBUG-NOT: loc(
// STRIP-NOT: file.py
// STRIP-NOT: debuginfo.mlir
tt.func @f(%arg0: i32) {
  %0 = arith.addi %arg0, %arg0 : i32
  tt.return loc("file.py":7:3)
}
