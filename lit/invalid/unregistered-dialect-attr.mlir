// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unregistered-dialect-attr.mlir:6:11: error: #"blocked0g"<"swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>"> : 'none' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used

// A typo in an alias use (`#blocked0` run into `#ttg.`) reads as an attribute of a dialect nobody registered.
#blocked0 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #blocked0g.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
tt.func @f() {
  tt.return
}
