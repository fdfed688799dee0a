// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}truncated-alias.mlir:4:24: error: unbalanced '{' character in pretty dialect name

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32]