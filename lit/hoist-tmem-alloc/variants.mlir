// RUN: ttg-opt %s -tritongpu-hoist-tmem-alloc -canonicalize | FileCheck %s
// RUN: ttg-opt %s -tritongpu-optimize-accumulator-init -tritongpu-hoist-tmem-alloc | FileCheck %s --check-prefix=ACC

// More shapes of accumulator loops (each checked against Triton 3.6's wheel with these flags and with
// hoist-out-of-if: the same text). In a loop nest the alloc moves out of the inner loop only; in a chain of two
// MMAs the second accumulator's initial value is the first's load; an accumulator read inside a conditional and
// reset there keeps its load in the loop, storing the selected value back.
// CHECK-LABEL: @nested
// CHECK: scf.for
// CHECK-NEXT:   %[[M:.*]], %[[T:.*]] = ttng.tmem_alloc : ()
// CHECK-NEXT:   %[[S:.*]] = ttng.tmem_store %{{.*}}, %[[M]][%[[T]]]
// CHECK-NEXT:   %[[L:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[S]]) -> (!ttg.async.token)
// CHECK-NEXT:     %[[MT:.*]] = ttng.tc_gen5_mma %arg0, %arg1, %[[M]][%[[A]]]
// CHECK-NEXT:     scf.yield %[[MT]]
// CHECK:        %[[R:.*]], %{{.*}} = ttng.tmem_load %[[M]][%[[L]]]
// CHECK-NEXT:   tt.store %arg3, %[[R]]
// CHECK-LABEL: @chained
// CHECK-COUNT-2: ttng.tmem_alloc : ()
// CHECK-LABEL: @store_in_if
// CHECK: scf.for
// CHECK:   %[[MT:.*]] = ttng.tc_gen5_mma
// CHECK:   %[[V:.*]], %[[LT:.*]] = ttng.tmem_load %{{.*}}[%[[MT]]]
// CHECK:   %[[SEL:.*]] = arith.select %{{.*}}, %{{.*}}, %[[V]]
// CHECK:   scf.if
// CHECK:     tt.store %{{.*}}, %[[V]]
// CHECK:   %[[ST:.*]] = ttng.tmem_store %[[SEL]], %{{.*}}[%[[LT]]], %true
// CHECK:   scf.yield %[[ST]]

// The flag of a reset accumulator is carried next to its memory token once both passes ran.
// ACC-LABEL: @flag_carried
// ACC: scf.for {{.*}} iter_args(%[[USE:.*]] = %false, %[[T:.*]] = %{{.*}}) -> (i1, !ttg.async.token)
// ACC:   ttng.tc_gen5_mma %arg0, %arg1, %{{.*}}[%[[T]]], %[[USE]], %true
#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @nested(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32, %out: tensor<128x64x!tt.ptr<f32>, #blocked>) {
    %true = arith.constant true
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %j = %c0 to %n step %c1 : i32 {
      %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #blocked>) : i32 {
        %m, %t = ttng.tmem_alloc %acc : (tensor<128x64xf32, #blocked>) -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
        %mt = ttng.tc_gen5_mma %a, %b, %m[%t], %true, %true : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
        %v, %lt = ttng.tmem_load %m[%mt] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
        scf.yield %v : tensor<128x64xf32, #blocked>
      }
      tt.store %out, %res : tensor<128x64x!tt.ptr<f32>, #blocked>
    }
    tt.return
  }
  tt.func public @chained(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32) -> tensor<128x64xf32, #blocked> {
    %true = arith.constant true
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #blocked>) : i32 {
      %m, %t = ttng.tmem_alloc %acc : (tensor<128x64xf32, #blocked>) -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %mt = ttng.tc_gen5_mma %a, %b, %m[%t], %true, %true : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
      %v, %lt = ttng.tmem_load %m[%mt] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
      %m2, %t2 = ttng.tmem_alloc %v : (tensor<128x64xf32, #blocked>) -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %mt2 = ttng.tc_gen5_mma %a, %b, %m2[%t2], %true, %true : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
      %v2, %lt2 = ttng.tmem_load %m2[%mt2] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
      scf.yield %v2 : tensor<128x64xf32, #blocked>
    }
    tt.return %res : tensor<128x64xf32, #blocked>
  }
  tt.func public @store_in_if(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32, %k: i32, %out: tensor<128x64x!tt.ptr<f32>, #blocked>) -> tensor<128x64xf32, #blocked> {
    %true = arith.constant true
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #blocked>) : i32 {
      %m, %t = ttng.tmem_alloc %acc : (tensor<128x64xf32, #blocked>) -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %mt = ttng.tc_gen5_mma %a, %b, %m[%t], %true, %true : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
      %v, %lt = ttng.tmem_load %m[%mt] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
      %c = arith.cmpi eq, %i, %k : i32
      %r = scf.if %c -> (tensor<128x64xf32, #blocked>) {
        tt.store %out, %v : tensor<128x64x!tt.ptr<f32>, #blocked>
        scf.yield %zero : tensor<128x64xf32, #blocked>
      } else {
        scf.yield %v : tensor<128x64xf32, #blocked>
      }
      scf.yield %r : tensor<128x64xf32, #blocked>
    }
    tt.return %res : tensor<128x64xf32, #blocked>
  }
  tt.func public @used_in_loop(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32, %out: tensor<128x64x!tt.ptr<f32>, #blocked>) -> tensor<128x64xf32, #blocked> {
    %true = arith.constant true
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #blocked>) : i32 {
      %m, %t = ttng.tmem_alloc %acc : (tensor<128x64xf32, #blocked>) -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %mt = ttng.tc_gen5_mma %a, %b, %m[%t], %true, %true : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
      %v, %lt = ttng.tmem_load %m[%mt] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
      tt.store %out, %v : tensor<128x64x!tt.ptr<f32>, #blocked>
      %x = arith.addf %v, %v : tensor<128x64xf32, #blocked>
      scf.yield %x : tensor<128x64xf32, #blocked>
    }
    tt.return %res : tensor<128x64xf32, #blocked>
  }
  tt.func public @flag_carried(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32, %k: i32) -> tensor<128x64xf32, #blocked> {
    %true = arith.constant true
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #blocked>) : i32 {
      %m, %t = ttng.tmem_alloc %acc : (tensor<128x64xf32, #blocked>) -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %mt = ttng.tc_gen5_mma %a, %b, %m[%t], %true, %true : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
      %v, %lt = ttng.tmem_load %m[%mt] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
      %c = arith.cmpi eq, %i, %k : i32
      %next = arith.select %c, %zero, %v : tensor<128x64xf32, #blocked>
      scf.yield %next : tensor<128x64xf32, #blocked>
    }
    tt.return %res : tensor<128x64xf32, #blocked>
  }
}
