// RUN: ttg-opt %s -split-input-file '--convert-triton-to-tritongpu=target=cuda:80 num-warps=4' | FileCheck %s

// Heuristic: scf.for/scf.if/scf.while results and region arguments take the default layouts; init
// operands and yielded values are converted to them where they differ (after their definition, so a
// value defined outside a loop is converted outside it).

// CHECK-DAG: #[[B2:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @loop
// CHECK: %[[E:.*]] = tt.expand_dims
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[E]] {{.*}} -> tensor<1x32xi32, #[[B2]]>
// CHECK: scf.for {{.*}} iter_args(%[[A:.*]] = %[[C]]) -> (tensor<1x32xi32, #[[B2]]>)
// CHECK-NEXT: arith.addi %[[A]], %[[C]] : tensor<1x32xi32, #[[B2]]>
module {
  tt.func @loop(%n: i32, %p: !tt.ptr<i32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %f = scf.for %i = %c0 to %n step %c1 iter_args(%a = %e) -> (tensor<1x32xi32>) : i32 {
      %s = arith.addi %a, %e : tensor<1x32xi32>
      scf.yield %s : tensor<1x32xi32>
    }
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<1x32x!tt.ptr<i32>>
    tt.store %ps, %f : tensor<1x32x!tt.ptr<i32>>
    tt.return
  }
}

// -----

// CHECK-DAG: #[[B:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @branches
// CHECK: scf.if %{{.*}} -> (tensor<128xf32, #[[B]]>)
// CHECK: scf.while (%{{.*}} = %{{.*}}) : (tensor<128xf32, #[[B]]>) -> tensor<128xf32, #[[B]]>
// CHECK: scf.condition(%{{.*}}) %{{.*}} : tensor<128xf32, #[[B]]>
// CHECK: ^bb0(%{{.*}}: tensor<128xf32, #[[B]]>):
module {
  tt.func @branches(%c: i1, %p: !tt.ptr<f32>) {
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %x = tt.load %ps : tensor<128x!tt.ptr<f32>>
    %y = scf.if %c -> (tensor<128xf32>) {
      %t = arith.addf %x, %x : tensor<128xf32>
      scf.yield %t : tensor<128xf32>
    } else {
      scf.yield %x : tensor<128xf32>
    }
    %w = scf.while (%a = %y) : (tensor<128xf32>) -> tensor<128xf32> {
      scf.condition(%c) %a : tensor<128xf32>
    } do {
    ^bb0(%b: tensor<128xf32>):
      %m = arith.mulf %b, %b : tensor<128xf32>
      scf.yield %m : tensor<128xf32>
    }
    tt.store %ps, %w : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}
