// RUN: ttg-opt %s -split-input-file -tritongpu-optimize-accumulator-init | FileCheck %s

// Blackwell MMAv5: the accumulator is the initial value of the MMA's tensor-memory alloc (loaded back in the same
// loop body), and the flag is the MMA's useD operand. Checked against Triton 3.6 (its wheel): the same text.
#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // A zero accumulator: useD is false, and the alloc's zeros are dropped (its MMA ignores them).
  // CHECK-LABEL: @zero_acc
  // CHECK-DAG: %[[FALSE:.*]] = arith.constant false
  // CHECK:   %[[M:.*]], %[[T:.*]] = ttng.tmem_alloc : () ->
  // CHECK:   ttng.tc_gen5_mma %arg0, %arg1, %[[M]][%[[T]]], %[[FALSE]], %true
  tt.func public @zero_acc(%a: !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, %b: !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, %n: i32, %out: tensor<128x64x!tt.ptr<f32>, #blocked>) {
    %true = arith.constant true
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %m, %t = ttng.tmem_alloc %zero : (tensor<128x64xf32, #blocked>) -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %mt = ttng.tc_gen5_mma %a, %b, %m[%t], %true, %true : !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
      %v, %lt = ttng.tmem_load %m[%mt] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
      tt.store %out, %v : tensor<128x64x!tt.ptr<f32>, #blocked>
    }
    tt.return
  }

  // Reset to zero by a select after the MMA, from a zero start: the loop carries the flag (false at first), the
  // select computes the next iteration's flag and no longer zeroes the accumulator.
  // CHECK-LABEL: @reset_after_mma
  // CHECK-DAG: %[[TRUE:.*]] = arith.constant true
  // CHECK-DAG: %[[FALSE:.*]] = arith.constant false
  // CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[USE:.*]] = %[[FALSE]]) -> (tensor<128x64xf32, #blocked>, i1)
  // CHECK:   %[[M:.*]], %[[T:.*]] = ttng.tmem_alloc %[[ACC]]
  // CHECK:   ttng.tc_gen5_mma %arg0, %arg1, %[[M]][%[[T]]], %[[USE]], %[[TRUE]]
  // CHECK:   %[[V:.*]], %{{.*}} = ttng.tmem_load %[[M]]
  // CHECK:   %[[C:.*]] = arith.cmpi eq
  // CHECK:   %[[NEXT:.*]] = arith.select %[[C]], %[[FALSE]], %[[TRUE]] : i1
  // CHECK:   scf.yield %[[V]], %[[NEXT]] : tensor<128x64xf32, #blocked>, i1
  tt.func public @reset_after_mma(%a: !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, %b: !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, %n: i32, %k: i32) -> tensor<128x64xf32, #blocked> {
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

  // The accumulator is never loaded in the loop: not an accumulator this pass follows, nothing changes.
  // CHECK-LABEL: @not_loaded
  // CHECK: ttng.tc_gen5_mma %arg0, %arg1, %{{.*}}, %true, %true
  tt.func public @not_loaded(%a: !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, %b: !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, %n: i32) {
    %true = arith.constant true
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %m, %t = ttng.tmem_alloc %zero : (tensor<128x64xf32, #blocked>) -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %mt = ttng.tc_gen5_mma %a, %b, %m[%t], %true, %true : !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    }
    tt.return
  }
}
