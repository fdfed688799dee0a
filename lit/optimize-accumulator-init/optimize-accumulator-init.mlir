// RUN: ttg-opt %s --tritongpu-optimize-accumulator-init | FileCheck %s

// tritongpu-optimize-accumulator-init: an accumulator zeroed by a select before the MMA, or by an scf.if after it
// (for the next iteration), becomes a loop-carried i1 `useC` flag; an fp8 dot that needs a partial accumulator is
// left alone; unused constants go away. The expected text is what Triton 3.6's pass
// (triton._C.libtriton.passes.ttgpuir.add_optimize_accumulator_init) prints for this input.

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @select_before(%a: !ttg.memdesc<64x32xf16, #shared, #smem>, %b: !ttg.memdesc<32x32xf16, #shared1, #smem>, %n: i32, %m: i32) -> tensor<64x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x32xf32, #mma>)  : i32 {
      %reset = arith.cmpi eq, %i, %m : i32
      %init = arith.select %reset, %zero, %acc : tensor<64x32xf32, #mma>
      %d = ttng.warp_group_dot %a, %b, %init : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x32xf16, #shared1, #smem> -> tensor<64x32xf32, #mma>
      scf.yield %d : tensor<64x32xf32, #mma>
    }
    tt.return %r : tensor<64x32xf32, #mma>
  }
  tt.func @if_after(%a: !ttg.memdesc<64x32xf16, #shared, #smem>, %b: !ttg.memdesc<32x32xf16, #shared1, #smem>, %n: i32, %m: i32, %init: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x32xf32, #mma>)  : i32 {
      %d = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x32xf16, #shared1, #smem> -> tensor<64x32xf32, #mma>
      %last = arith.cmpi eq, %i, %m : i32
      %next = scf.if %last -> (tensor<64x32xf32, #mma>) {
        scf.yield %d : tensor<64x32xf32, #mma>
      } else {
        scf.yield %zero : tensor<64x32xf32, #mma>
      }
      scf.yield %next : tensor<64x32xf32, #mma>
    }
    tt.return %r : tensor<64x32xf32, #mma>
  }
  tt.func @fp8_partial_acc(%a: !ttg.memdesc<64x32xf8E4M3FN, #shared2, #smem>, %b: !ttg.memdesc<32x32xf8E4M3FN, #shared3, #smem>, %n: i32) -> tensor<64x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x32xf32, #mma>)  : i32 {
      %d = ttng.warp_group_dot %a, %b, %acc {maxNumImpreciseAcc = 32 : i32} : !ttg.memdesc<64x32xf8E4M3FN, #shared2, #smem> * !ttg.memdesc<32x32xf8E4M3FN, #shared3, #smem> -> tensor<64x32xf32, #mma>
      scf.yield %d : tensor<64x32xf32, #mma>
    }
    tt.return %r : tensor<64x32xf32, #mma>
  }
}

// CHECK: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
// CHECK-NEXT: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-NEXT: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
// CHECK-NEXT: #shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
// CHECK-NEXT: #shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
// CHECK-NEXT:   tt.func @select_before(%arg0: !ttg.memdesc<64x32xf16, #shared, #smem>, %arg1: !ttg.memdesc<32x32xf16, #shared1, #smem>, %arg2: i32, %arg3: i32) -> tensor<64x32xf32, #mma> {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %cst = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %0:2 = scf.for %arg4 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg5 = %cst, %arg6 = %true) -> (tensor<64x32xf32, #mma>, i1)  : i32 {
// CHECK-NEXT:       %1 = arith.cmpi eq, %arg4, %arg3 : i32
// CHECK-NEXT:       %2 = arith.select %1, %false, %arg6 : i1
// CHECK-NEXT:       %3 = ttng.warp_group_dot %arg0, %arg1, %arg5, %2 : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x32xf16, #shared1, #smem> -> tensor<64x32xf32, #mma>
// CHECK-NEXT:       scf.yield %3, %true : tensor<64x32xf32, #mma>, i1
// CHECK-NEXT:     }
// CHECK-NEXT:     tt.return %0#0 : tensor<64x32xf32, #mma>
// CHECK-NEXT:   }
// CHECK-NEXT:   tt.func @if_after(%arg0: !ttg.memdesc<64x32xf16, #shared, #smem>, %arg1: !ttg.memdesc<32x32xf16, #shared1, #smem>, %arg2: i32, %arg3: i32, %arg4: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %0:2 = scf.for %arg5 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg6 = %arg4, %arg7 = %true) -> (tensor<64x32xf32, #mma>, i1)  : i32 {
// CHECK-NEXT:       %1 = ttng.warp_group_dot %arg0, %arg1, %arg6, %arg7 : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x32xf16, #shared1, #smem> -> tensor<64x32xf32, #mma>
// CHECK-NEXT:       %2 = arith.cmpi eq, %arg5, %arg3 : i32
// CHECK-NEXT:       %3 = scf.if %2 -> (tensor<64x32xf32, #mma>) {
// CHECK-NEXT:         scf.yield %1 : tensor<64x32xf32, #mma>
// CHECK-NEXT:       } else {
// CHECK-NEXT:         scf.yield %1 : tensor<64x32xf32, #mma>
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %3, %2 : tensor<64x32xf32, #mma>, i1
// CHECK-NEXT:     }
// CHECK-NEXT:     tt.return %0#0 : tensor<64x32xf32, #mma>
// CHECK-NEXT:   }
// CHECK-NEXT:   tt.func @fp8_partial_acc(%arg0: !ttg.memdesc<64x32xf8E4M3FN, #shared2, #smem>, %arg1: !ttg.memdesc<32x32xf8E4M3FN, #shared3, #smem>, %arg2: i32) -> tensor<64x32xf32, #mma> {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %cst = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
// CHECK-NEXT:     %0 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %cst) -> (tensor<64x32xf32, #mma>)  : i32 {
// CHECK-NEXT:       %1 = ttng.warp_group_dot %arg0, %arg1, %arg4 {maxNumImpreciseAcc = 32 : i32} : !ttg.memdesc<64x32xf8E4M3FN, #shared2, #smem> * !ttg.memdesc<32x32xf8E4M3FN, #shared3, #smem> -> tensor<64x32xf32, #mma>
// CHECK-NEXT:       scf.yield %1 : tensor<64x32xf32, #mma>
// CHECK-NEXT:     }
// CHECK-NEXT:     tt.return %0 : tensor<64x32xf32, #mma>
// CHECK-NEXT:   }
// CHECK-NEXT: }
