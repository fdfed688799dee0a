// RUN: ttg-opt %s -test-print-alignment -o /dev/null 2>&1 | FileCheck %s

// The AxisInfo analysis (printed by --test-print-alignment as remarks at each op, post-order): per dim
// contiguity / divisibility / constancy and the known constant. make_range starts give 2^30 for 0,
// constants give their largest power-of-two divisor (2^62 for 0), argument hints seed the analysis,
// known constants are constant over the whole shape, and loops join the initial and yielded values.

// CHECK: tt.make_range {{.*}} => contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
// CHECK: arith.constant dense<64> {{.*}} => contiguity = [1], divisibility = [64], constancy = [128], constant_value = 64
// CHECK: arith.addi {{.*}} => contiguity = [128], divisibility = [64], constancy = [1], constant_value = <none>
// CHECK: arith.divsi {{.*}} => contiguity = [1], divisibility = [1], constancy = [64], constant_value = <none>
// CHECK: arith.remsi {{.*}} => contiguity = [64], divisibility = [64], constancy = [1], constant_value = <none>
// CHECK: arith.muli {{.*}} => contiguity = [1], divisibility = [4611686018427387904], constancy = [128], constant_value = 0
// CHECK: tt.splat %arg0 {{.*}} => contiguity = [1], divisibility = [16], constancy = [128], constant_value = <none>
// CHECK: tt.addptr {{.*}} => contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
// CHECK: tt.expand_dims {{.*}} => contiguity = [1, 128], divisibility = [1, 1073741824], constancy = [1, 1], constant_value = <none>
// CHECK: tt.broadcast {{.*}} => contiguity = [1, 128], divisibility = [1, 1073741824], constancy = [4, 1], constant_value = <none>
// CHECK: tt.trans {{.*}} => contiguity = [128, 1], divisibility = [1073741824, 1], constancy = [1, 4], constant_value = <none>
// CHECK: arith.cmpi slt, {{.*}} => contiguity = [1], divisibility = [1], constancy = [64], constant_value = <none>
// CHECK: arith.shli {{.*}} => contiguity = [1], divisibility = [256], constancy = [1], constant_value = <none>
module {
  tt.func @visitors(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %c64 = arith.constant dense<64> : tensor<128xi32>
    %1 = arith.addi %0, %c64 : tensor<128xi32>
    %2 = arith.divsi %0, %c64 : tensor<128xi32>
    %3 = arith.remsi %0, %c64 : tensor<128xi32>
    %c0 = arith.constant dense<0> : tensor<128xi32>
    %4 = arith.muli %0, %c0 : tensor<128xi32>
    %5 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %6 = tt.addptr %5, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %7 = tt.expand_dims %0 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %8 = tt.broadcast %7 : tensor<1x128xi32> -> tensor<4x128xi32>
    %9 = tt.trans %8 {order = array<i32: 1, 0>} : tensor<4x128xi32> -> tensor<128x4xi32>
    %10 = arith.cmpi slt, %0, %c64 : tensor<128xi32>
    %c8 = arith.constant dense<8> : tensor<128xi32>
    %11 = arith.shli %0, %c8 : tensor<128xi32>
    tt.return
  }
}

// CHECK: arith.addi %arg{{[0-9]+}}, %arg{{[0-9]+}} : i32 => contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>
// CHECK: tt.addptr %arg{{[0-9]+}}, %cst {{.*}} => contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
// CHECK: scf.for
// CHECK: } => contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
module {
  tt.func @loop(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %lb: i32 {tt.divisibility = 16 : i32}, %step: i32 {tt.divisibility = 8 : i32}, %ub: i32) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %p0 = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %c = arith.constant dense<128> : tensor<128xi32>
    %res = scf.for %iv = %lb to %ub step %step iter_args(%q = %p0) -> (tensor<128x!tt.ptr<f32>>) : i32 {
      %t = arith.addi %iv, %lb : i32
      %qn = tt.addptr %q, %c : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
      scf.yield %qn : tensor<128x!tt.ptr<f32>>
    }
    tt.return
  }
}
