// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// Top-level ops without a module are wrapped in one, one level deeper: 255 regions under a tt.func read alone
// but their printed module (257 deep) would not read back, so the input is refused where it reaches the limit.
// CHECK: region-nesting-implicit-module.mlir:261:25: error: IR is nested too deeply to be processed
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
  scf.yield
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
  tt.return
}
