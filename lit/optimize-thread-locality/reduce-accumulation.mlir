// RUN: ttg-opt %s -split-input-file --tritongpu-optimize-thread-locality | FileCheck %s

// A sum over the innermost dim of loaded data, accumulated across a loop, is reduced per thread first: the load
// is reshaped so that each thread's run of 4 elements becomes a new fastest dim, reduced along it and accumulated
// in a new iter_arg seeded with addf's neutral element (+0.0); the partials are reduced along the original axis
// after the loop, converted back and combined with the original (non-neutral) initial value. The original reduce
// and update stay in the loop, dead, and the original iter_arg is passed through.
// CHECK-DAG: #[[$B:.+]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$B3:.+]] = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-LABEL: @sum_nonzero_init
// CHECK: %[[INIT:.+]] = arith.constant dense<1.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[$B]]}>>
// CHECK-NEXT: %[[NEUTRAL:.+]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[$B3]]}>>
// CHECK: %[[LOOP:.+]]:2 = scf.for {{.*}} iter_args(%[[ACC:.+]] = %[[INIT]], %[[PART:.+]] = %[[NEUTRAL]])
// CHECK: %[[X:.+]] = tt.load
// CHECK: %[[OLD:.+]] = "tt.reduce"(%[[X]]) <{axis = 1 : i32}>
// CHECK: %[[V:.+]] = tt.reshape %[[X]] allow_reorder efficient_layout : tensor<32x128xf32, #[[$B]]> -> tensor<32x32x4xf32, #[[$B3]]>
// CHECK-NEXT: %[[R:.+]] = "tt.reduce"(%[[V]]) <{axis = 2 : i32}>
// CHECK: (tensor<32x32x4xf32, #[[$B3]]>) -> tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[$B3]]}>>
// CHECK-NEXT: %[[UPD:.+]] = arith.addf %[[PART]], %[[R]] : tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[$B3]]}>>
// CHECK-NEXT: arith.addf %[[ACC]], %[[OLD]]
// CHECK-NEXT: scf.yield %[[ACC]], %[[UPD]]
// CHECK: %[[POST:.+]] = "tt.reduce"(%[[LOOP]]#1) <{axis = 1 : i32}>
// CHECK: -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = #[[$B3]]}>}>>
// CHECK-NEXT: %[[CVT:.+]] = ttg.convert_layout %[[POST]] : {{.*}} -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[$B]]}>>
// CHECK-NEXT: %[[FINAL:.+]] = arith.addf %[[INIT]], %[[CVT]]
// CHECK-NEXT: tt.store %{{.+}}, %[[FINAL]]
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sum_nonzero_init(%ptrs: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32, %out: tensor<32x!tt.ptr<f32>, #slice>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %cst = arith.constant dense<1.000000e+00> : tensor<32xf32, #slice>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %cst) -> (tensor<32xf32, #slice>)  : i32 {
      %x = tt.load %ptrs : tensor<32x128x!tt.ptr<f32>, #blocked>
      %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
      %u = arith.addf %acc, %s : tensor<32xf32, #slice>
      scf.yield %u : tensor<32xf32, #slice>
    }
    tt.store %out, %r : tensor<32x!tt.ptr<f32>, #slice>
    tt.return
  }
}

// -----

// Neutral elements: mulf 1.0; maximumf -inf; minimumf +inf, or the largest finite value with `ninf`; Triton's
// own -inf / +inf for maxnumf / minnumf (MLIR would use NaN). The update's operands keep their order: the new
// update is `op(partial, reduce)` and the final one `op(init, convert)` whichever side the reduce was on.
// CHECK-LABEL: @neutral_elements
// CHECK-DAG: arith.constant dense<1.000000e+00> : tensor<32x32xf16
// CHECK-DAG: arith.constant dense<0xFF800000> : tensor<32x32xf32
// CHECK-DAG: arith.constant dense<3.40282347E+38> : tensor<32x32xf32
// CHECK-DAG: arith.constant dense<0xFF800000> : tensor<32x32xf32
// CHECK-DAG: arith.constant dense<0x7F800000> : tensor<32x32xf32
// CHECK: scf.for
// CHECK-COUNT-5: tt.reshape {{.*}} allow_reorder efficient_layout
// CHECK: scf.yield
// CHECK-COUNT-5: ttg.convert_layout
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @neutral_elements(%p16: tensor<32x128x!tt.ptr<f16>, #blocked>, %p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32) -> (tensor<32xf16, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %h = arith.constant dense<2.000000e+00> : tensor<32xf16, #slice>
    %z = arith.constant dense<0.000000e+00> : tensor<32xf32, #slice>
    %r:5 = scf.for %i = %c0 to %n step %c1 iter_args(%a0 = %h, %a1 = %z, %a2 = %z, %a3 = %z, %a4 = %z) -> (tensor<32xf16, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>)  : i32 {
      %x16 = tt.load %p16 : tensor<32x128x!tt.ptr<f16>, #blocked>
      %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
      %s0 = "tt.reduce"(%x16) <{axis = 1 : i32}> ({
      ^bb0(%a: f16, %b: f16):
        %t = arith.mulf %a, %b : f16
        tt.reduce.return %t : f16
      }) : (tensor<32x128xf16, #blocked>) -> tensor<32xf16, #slice>
      %u0 = arith.mulf %s0, %a0 : tensor<32xf16, #slice>
      %s1 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.maximumf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
      %u1 = arith.maximumf %a1, %s1 : tensor<32xf32, #slice>
      %s2 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.minimumf %a, %b fastmath<ninf> : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
      %u2 = arith.minimumf %a2, %s2 : tensor<32xf32, #slice>
      %s3 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.maxnumf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
      %u3 = arith.maxnumf %a3, %s3 : tensor<32xf32, #slice>
      %s4 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.minnumf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
      %u4 = arith.minnumf %a4, %s4 : tensor<32xf32, #slice>
      scf.yield %u0, %u1, %u2, %u3, %u4 : tensor<32xf16, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>
    }
    tt.return %r#0, %r#1, %r#2, %r#3, %r#4 : tensor<32xf16, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>
  }
}

// -----

// Left unchanged: a reduce of a computed value (not a load), a reduce over a non-innermost dim, a layout with a
// single element per thread along the axis, an accumulator initialised by a function argument, an integer
// combiner, a combine region of more than one op, an update that is not yielded, and an accumulator whose loop
// result has two uses (where Triton 3.6 asserts).
// CHECK-LABEL: @unchanged
// CHECK-NOT: efficient_layout
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @unchanged(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %p1: tensor<128x32x!tt.ptr<f32>, #blocked1>, %p2: tensor<32x32x!tt.ptr<f32>, #blocked2>, %pi: tensor<32x128x!tt.ptr<i32>, #blocked>, %init: tensor<32xf32, #slice>, %n: i32) -> (tensor<32xf32, #slice>, tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked2}>>, tensor<32xf32, #slice>, tensor<32xi32, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant dense<0.000000e+00> : tensor<32xf32, #slice>
    %z1 = arith.constant dense<0.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %z2 = arith.constant dense<0.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked2}>>
    %zi = arith.constant dense<0> : tensor<32xi32, #slice>
    %r:7 = scf.for %i = %c0 to %n step %c1 iter_args(%a0 = %z, %a1 = %z1, %a2 = %z2, %a3 = %init, %a4 = %zi, %a5 = %z, %a6 = %z) -> (tensor<32xf32, #slice>, tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked2}>>, tensor<32xf32, #slice>, tensor<32xi32, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>)  : i32 {
      %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
      %sq = arith.mulf %x, %x : tensor<32x128xf32, #blocked>
      %s0 = "tt.reduce"(%sq) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
      %u0 = arith.addf %a0, %s0 : tensor<32xf32, #slice>
      %x1 = tt.load %p1 : tensor<128x32x!tt.ptr<f32>, #blocked1>
      %s1 = "tt.reduce"(%x1) <{axis = 0 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<128x32xf32, #blocked1>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>
      %u1 = arith.addf %a1, %s1 : tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>
      %x2 = tt.load %p2 : tensor<32x32x!tt.ptr<f32>, #blocked2>
      %s2 = "tt.reduce"(%x2) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x32xf32, #blocked2>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked2}>>
      %u2 = arith.addf %a2, %s2 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked2}>>
      %s3 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
      %u3 = arith.addf %a3, %s3 : tensor<32xf32, #slice>
      %xi = tt.load %pi : tensor<32x128x!tt.ptr<i32>, #blocked>
      %s4 = "tt.reduce"(%xi) <{axis = 1 : i32}> ({
      ^bb0(%a: i32, %b: i32):
        %t = arith.addi %a, %b : i32
        tt.reduce.return %t : i32
      }) : (tensor<32x128xi32, #blocked>) -> tensor<32xi32, #slice>
      %u4 = arith.addi %a4, %s4 : tensor<32xi32, #slice>
      %s5 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.mulf %a, %a : f32
        %t2 = arith.addf %t, %b : f32
        tt.reduce.return %t2 : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
      %u5 = arith.addf %a5, %s5 : tensor<32xf32, #slice>
      %s6 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.maxnumf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
      %u6 = arith.maxnumf %a6, %s6 : tensor<32xf32, #slice>
      %m = arith.addf %u6, %u6 : tensor<32xf32, #slice>
      scf.yield %u0, %u1, %u2, %u3, %u4, %u5, %m : tensor<32xf32, #slice>, tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked2}>>, tensor<32xf32, #slice>, tensor<32xi32, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>
    }
    tt.return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#6 : tensor<32xf32, #slice>, tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked2}>>, tensor<32xf32, #slice>, tensor<32xi32, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>, tensor<32xf32, #slice>
  }
}

// -----

// The loop result of the accumulator is used twice: Triton 3.6 asserts that it has a single use, this is left
// unchanged.
// CHECK-LABEL: @two_result_uses
// CHECK-NOT: efficient_layout
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @two_result_uses(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32) -> (tensor<32xf32, #slice>, tensor<32xf32, #slice>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant dense<0.000000e+00> : tensor<32xf32, #slice>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a0 = %z) -> (tensor<32xf32, #slice>)  : i32 {
      %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
      %s0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
      %u0 = arith.addf %a0, %s0 : tensor<32xf32, #slice>
      scf.yield %u0 : tensor<32xf32, #slice>
    }
    tt.return %r, %r : tensor<32xf32, #slice>, tensor<32xf32, #slice>
  }
}
