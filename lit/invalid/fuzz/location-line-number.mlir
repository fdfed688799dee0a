// RUN: not ttg-opt %s -split-input-file 2>&1 | FileCheck %s
// Lines and columns of file locations are unsigned 32-bit numbers in MLIR: larger or negative ones are refused
// where they are read (Triton 3.6's message), not printed as 1e+26.
// CHECK: location-line-number.mlir:7:24: error: expected integer line number in FileLineColRange
tt.func @f() {
  // line beyond 32 bits
  tt.return loc("k.py":99999999999999999999999999:0)
}

// -----

// CHECK: location-line-number.mlir:14:26: error: expected integer column number in FileLineColRange
tt.func @g() {
  tt.return loc("k.py":1:4294967296)
}

// -----

// CHECK: location-line-number.mlir:22:24: error: expected integer line number in FileLineColRange
// CHECK-NOT: 1e+
tt.func @h() {
  tt.return loc("k.py":-3:0)
}
