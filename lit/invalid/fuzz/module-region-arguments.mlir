// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}module-region-arguments.mlir:8:3: error: 'builtin.module' op region should have no arguments

// builtin.module is NoRegionArguments (Triton 3.6 gives the same error). Found by the fuzzer (seed 8100): a tt.func
// renamed to builtin.module kept its entry block's arguments, and the printed module lost them.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
"builtin.module"() ({
  "builtin.module"() <{sym_name = "basic_addf"}> ({
  ^bb0(%arg0: tensor<256xf32, #blocked>, %arg1: tensor<256xf32, #blocked>):
    %0 = "arith.addf"(%arg0, %arg1) : (tensor<256xf32, #blocked>, tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked>
  }) : () -> ()
}) {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} : () -> ()
