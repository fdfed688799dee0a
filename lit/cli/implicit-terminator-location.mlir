// An elided scf.yield (scf.for without iter args, scf.if without results) gets the location MLIR's parser gives the
// op while it is parsed: where the op's name is, not the op's trailing loc(...). Triton's passes keep such yields
// (e.g. nvgpu-warp-specialization's loops), so they print with that location.
// RUN: ttg-opt %s --mlir-print-op-generic --mlir-print-debuginfo | FileCheck %s

// CHECK: "scf.yield"() : () -> () loc(#[[IF:loc[0-9]+]])
// CHECK: "scf.yield"() : () -> () loc(#[[FOR:loc[0-9]+]])
// CHECK-DAG: #[[IF]] = loc("{{.*}}implicit-terminator-location.mlir":15:7)
// CHECK-DAG: #[[FOR]] = loc("{{.*}}implicit-terminator-location.mlir":14:5)
module {
  tt.func @f(%n: i32, %c: i1) {
    %c0 = arith.constant 0 : i32 loc(#loc1)
    %c1 = arith.constant 1 : i32 loc(#loc1)
    scf.for %i = %c0 to %n step %c1 : i32 {
      scf.if %c {
        %x = arith.addi %i, %c1 : i32 loc(#loc1)
      } loc(#loc2)
    } loc(#loc2)
    tt.return loc(#loc1)
  } loc(#loc1)
} loc(#loc1)
#loc1 = loc("k.py":1:1)
#loc2 = loc("k.py":2:2)
