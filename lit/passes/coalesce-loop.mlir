// RUN: ttg-opt %s -tritongpu-coalesce | FileCheck %s

// Heuristic: loop-carried pointers get the axis info of the fixpoint over the init value and the yielded
// increments (here 16-byte aligned steps keep 4-element f32 vectors); the conversions are inserted inside
// the loop right before the access.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[V:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[S:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: scf.for {{.*}} iter_args(%[[P:[a-z0-9]+]] = %{{[a-z0-9]+}}, %[[Q:[a-z0-9]+]] = %{{[a-z0-9]+}}
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[P]] : tensor<512x!tt.ptr<f32>, #[[S]]> -> tensor<512x!tt.ptr<f32>, #[[V]]>
// CHECK-NEXT: tt.load %[[C]] : tensor<512x!tt.ptr<f32>, #[[V]]>
// CHECK: %[[D:.*]] = ttg.convert_layout %[[Q]] : tensor<512x!tt.ptr<f32>, #[[S]]> -> tensor<512x!tt.ptr<f32>, #[[S]]>
// CHECK-NEXT: tt.load %[[D]] : tensor<512x!tt.ptr<f32>, #[[S]]>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @loop(%a: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32, %o: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<512> : tensor<512xi32, #blocked>
    %odd = arith.constant dense<3> : tensor<512xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<512xf32, #blocked>
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %p0 = tt.splat %a : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %p = tt.addptr %p0, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %res:3 = scf.for %i = %c0 to %n step %c1 iter_args(%pi = %p, %qi = %p, %acc = %zero) -> (tensor<512x!tt.ptr<f32>, #blocked>, tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xf32, #blocked>) : i32 {
      %x = tt.load %pi : tensor<512x!tt.ptr<f32>, #blocked>
      %y = tt.load %qi : tensor<512x!tt.ptr<f32>, #blocked>
      %s = arith.addf %x, %y : tensor<512xf32, #blocked>
      %t = arith.addf %acc, %s : tensor<512xf32, #blocked>
      %pn = tt.addptr %pi, %step : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
      %qn = tt.addptr %qi, %odd : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
      scf.yield %pn, %qn, %t : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xf32, #blocked>
    }
    %po0 = tt.splat %o : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %po = tt.addptr %po0, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %po, %res#2 : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
