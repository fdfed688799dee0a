// RUN: ttg-opt %s -split-input-file -tritongpu-hoist-tmem-alloc -canonicalize | FileCheck %s
// RUN: ttg-opt %s -split-input-file -tritongpu-hoist-tmem-alloc="hoist-out-of-if=true" -canonicalize | FileCheck %s --check-prefix=IF

// The accumulator is biased before each MMA: the alloc moves before the loop (without its value), the loop
// carries the memory's token, and the load / addf / store of the bias stay in the loop on that token. The CHECK
// lines were also checked against Triton 3.6 (its wheel, same flags).
#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @bias_before_mma
  // CHECK-DAG: %[[TRUE:.*]] = arith.constant true
  // CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<128x64xf32
  // CHECK: %[[M:.*]], %[[T0:.*]] = ttng.tmem_alloc : () -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
  // CHECK: %[[T1:.*]] = ttng.tmem_store %[[ZERO]], %[[M]][%[[T0]]], %[[TRUE]]
  // CHECK: %[[END:.*]] = scf.for {{.*}} iter_args(%[[T:.*]] = %[[T1]]) -> (!ttg.async.token)
  // CHECK:   %[[V:.*]], %[[LT:.*]] = ttng.tmem_load %[[M]][%[[T]]]
  // CHECK:   %[[B:.*]] = arith.addf %[[V]], %{{.*}}
  // CHECK:   %[[ST:.*]] = ttng.tmem_store %[[B]], %[[M]][%[[LT]]], %[[TRUE]]
  // CHECK:   %[[MT:.*]] = ttng.tc_gen5_mma %{{.*}}, %{{.*}}, %[[M]][%[[ST]]], %[[TRUE]], %[[TRUE]]
  // CHECK:   scf.yield %[[MT]] : !ttg.async.token
  // CHECK: %[[R:.*]], %{{.*}} = ttng.tmem_load %[[M]][%[[END]]]
  // CHECK: tt.return %[[R]]
  tt.func public @bias_before_mma(%a: !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, %b: !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, %bias: tensor<128x64xf32, #blocked>, %n: i32) -> tensor<128x64xf32, #blocked> {
    %true = arith.constant true
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #blocked>) : i32 {
      %biased = arith.addf %acc, %bias : tensor<128x64xf32, #blocked>
      %m, %t = ttng.tmem_alloc %biased : (tensor<128x64xf32, #blocked>) -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %mt = ttng.tc_gen5_mma %a, %b, %m[%t], %true, %true : !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
      %v, %lt = ttng.tmem_load %m[%mt] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
      scf.yield %v : tensor<128x64xf32, #blocked>
    }
    tt.return %res : tensor<128x64xf32, #blocked>
  }
}

// -----

// A select that keeps the loaded accumulator on its false side: the rotated store writes the other value when the
// condition holds (no negation), and no load is left in the loop.
#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @reset_on_condition
  // CHECK: %[[M:.*]], %[[T0:.*]] = ttng.tmem_alloc : ()
  // CHECK: scf.for {{.*}} iter_args(%[[T:.*]] = %{{.*}}) -> (!ttg.async.token)
  // CHECK-NOT: ttng.tmem_load
  // CHECK:   %[[MT:.*]] = ttng.tc_gen5_mma %{{.*}}, %{{.*}}, %[[M]][%[[T]]]
  // CHECK:   %[[C:.*]] = arith.cmpi eq
  // CHECK-NOT: arith.xori
  // CHECK:   %[[ST:.*]] = ttng.tmem_store %{{.*}}, %[[M]][%[[MT]]], %[[C]]
  // CHECK:   scf.yield %[[ST]]
  tt.func public @reset_on_condition(%a: !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, %b: !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, %n: i32, %k: i32) -> tensor<128x64xf32, #blocked> {
    %true = arith.constant true
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #blocked>) : i32 {
      %m, %t = ttng.tmem_alloc %acc : (tensor<128x64xf32, #blocked>) -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %mt = ttng.tc_gen5_mma %a, %b, %m[%t], %true, %true : !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
      %v, %lt = ttng.tmem_load %m[%mt] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
      %c = arith.cmpi eq, %i, %k : i32
      %next = arith.select %c, %zero, %v : tensor<128x64xf32, #blocked>
      scf.yield %next : tensor<128x64xf32, #blocked>
    }
    tt.return %res : tensor<128x64xf32, #blocked>
  }
}

// -----

// Scales in tensor memory: the one computed from a loop-invariant value (through a pure truncation and splat) is
// allocated before the loop with its producers; the one computed from the loop-carried value stays in the loop.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @invariant_scales
  // CHECK: %[[S:.*]] = arith.trunci %arg4
  // CHECK: %[[SP:.*]] = tt.splat %[[S]]
  // CHECK: %[[AS:.*]] = ttng.tmem_alloc %[[SP]]
  // CHECK: scf.for
  // CHECK:   arith.trunci %{{.*}} : i32 to i8
  // CHECK:   %[[BS:.*]] = ttng.tmem_alloc
  // CHECK:   ttng.tc_gen5_mma_scaled {{.*}}, %[[AS]], %[[BS]],
  tt.func public @invariant_scales(%a: !ttg.memdesc<128x128xf8E4M3FN, #shared, #ttg.shared_memory>, %b: !ttg.memdesc<128x128xf8E4M3FN, #shared, #ttg.shared_memory>, %d: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %n: i32, %s: i32) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %s) -> (i32) : i32 {
      %t = arith.trunci %s : i32 to i8
      %sp = tt.splat %t : i8 -> tensor<128x4xi8, #blocked>
      %as = ttng.tmem_alloc %sp : (tensor<128x4xi8, #blocked>) -> !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>
      %tx = arith.trunci %x : i32 to i8
      %spx = tt.splat %tx : i8 -> tensor<128x4xi8, #blocked>
      %bs = ttng.tmem_alloc %spx : (tensor<128x4xi8, #blocked>) -> !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>
      ttng.tc_gen5_mma_scaled %a, %b, %d, %as, %bs, %true, %true lhs = e4m3 rhs = e4m3 : !ttg.memdesc<128x128xf8E4M3FN, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf8E4M3FN, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>
      %y = arith.addi %x, %c1 : i32
      scf.yield %y : i32
    }
    tt.return
  }
}

// -----

// hoist-out-of-if: an accumulator allocated in one branch and loaded at its end, the other branch passing the
// initial value through, is allocated before the if; the if yields the memory's token and the load follows it.
// An alloc initialized with a load of a buffer of its own type becomes that buffer.
#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // IF-LABEL: @mma_in_branch
  // IF: %[[M:.*]], %[[T0:.*]] = ttng.tmem_alloc : ()
  // IF: %[[T1:.*]] = ttng.tmem_store %arg3, %[[M]][%[[T0]]]
  // IF: %[[T:.*]] = scf.if %arg2 -> (!ttg.async.token) {
  // IF:   %[[MT:.*]] = ttng.tc_gen5_mma %arg0, %arg1, %[[M]][%[[T1]]]
  // IF:   scf.yield %[[MT]]
  // IF: } else {
  // IF:   scf.yield %[[T1]]
  // IF: %[[R:.*]], %{{.*}} = ttng.tmem_load %[[M]][%[[T]]]
  // IF: tt.return %[[R]]
  tt.func public @mma_in_branch(%a: !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, %b: !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, %p: i1, %init: tensor<128x64xf32, #blocked>) -> tensor<128x64xf32, #blocked> {
    %true = arith.constant true
    %r = scf.if %p -> (tensor<128x64xf32, #blocked>) {
      %m, %t = ttng.tmem_alloc %init : (tensor<128x64xf32, #blocked>) -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %mt = ttng.tc_gen5_mma %a, %b, %m[%t], %true, %true : !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
      %v, %lt = ttng.tmem_load %m[%mt] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
      scf.yield %v : tensor<128x64xf32, #blocked>
    } else {
      scf.yield %init : tensor<128x64xf32, #blocked>
    }
    tt.return %r : tensor<128x64xf32, #blocked>
  }

  // IF-LABEL: @forward_copy
  // IF-NEXT: tt.return %arg0, %arg1
  tt.func public @forward_copy(%m: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, %t: !ttg.async.token) -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token) {
    %v, %lt = ttng.tmem_load %m[%t] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
    %m2, %t2 = ttng.tmem_alloc %v : (tensor<128x64xf32, #blocked>) -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    tt.return %m2, %t2 : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token
  }
}
