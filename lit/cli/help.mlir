// RUN: ttg-opt --help | FileCheck %s
// RUN: ttg-opt -help | FileCheck %s
// RUN: ttg-opt --list-passes | FileCheck %s --check-prefix=LIST

// CHECK: ttg-opt [options] [input file|-]
// CHECK-DAG: --split-input-file
// CHECK-DAG: --mlir-print-ir-after-all
// CHECK-DAG: --verify-diagnostics
// CHECK: Passes
// CHECK-DAG: --strip-debuginfo {{ *}}- Strip debug info from all operations
// CHECK-DAG: --symbol-dce {{ *}}- Eliminate dead symbols
// LIST-DAG: symbol-dce{{[[:space:]]+}}Eliminate dead symbols
// LIST-DAG: strip-debuginfo{{[[:space:]]+}}Strip debug info from all operations
