// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: region-nesting-limit.mlir:260:25: error: IR is nested too deeply to be processed
// CHECK-NOT: internal error
tt.func @f() {
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.execute_region"() ({
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
"scf.yield"() : () -> ()
}) : () -> ()
tt.return
}
