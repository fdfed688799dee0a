// RUN: not ttg-opt %s --tritongpu-accelerate-matmul 2>&1 | FileCheck %s
// CHECK: {{.*}}implicit-module-location.mlir:0:0: error: 'builtin.module' op expected a target attribute 'ttg.target' on the module operation
// CHECK-NOT: <unknown>

// A file without a `module` gets an implicit one at line 0, column 0 (as MLIR): errors about it say where.
