// The pass on a matmul whose epilogue store sits in an scf.if (scripts/oracle/ws_spec_kernels.py, ws_if_epi; the input is
// Triton 3.6's IR before NVGPUWarpSpecialization): specializeRegion gives each consumer partition its own scf.if with
// its half of the store; the producer's default region has none. (Triton's output matches ours up to the order of
// consumer releases: scripts/ws-steps-check.mjs.)
// RUN: ttg-opt %s --nvgpu-warp-specialization=num-stages=3 | FileCheck %s
// CHECK: ttg.warp_specialize(
// CHECK-SAME: attributes {requestedRegisters = array<i32: 232, 232>}
// CHECK: default {
// CHECK-NOT: scf.if
// CHECK: ttg.warp_yield
// CHECK: partition0(
// CHECK-SAME: num_warps(4)
// CHECK: scf.if %{{[0-9]+}} {
// CHECK: tt.store %{{[0-9]+}}, %{{[0-9]+}} {async_task_id = array<i32: 1>} : tensor<64x128x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: } {async_task_id = array<i32: 1>}
// CHECK-NEXT: ttg.warp_return
// CHECK: partition1(
// CHECK: scf.if %{{[0-9]+}} {
// CHECK: tt.store %{{[0-9]+}}, %{{[0-9]+}} {async_task_id = array<i32: 2>} : tensor<64x128x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: } {async_task_id = array<i32: 2>}
// CHECK-NEXT: ttg.warp_return

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ws_if_epi(%arg0: !tt.tensordesc<tensor<128x64xf16, #shared>>, %arg1: i32, %arg2: i32, %arg3: i64, %arg4: i64, %arg5: !tt.tensordesc<tensor<64x128xf16, #shared>>, %arg6: i32, %arg7: i32, %arg8: i64, %arg9: i64, %arg10: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg11: i32, %arg12: i32 {tt.divisibility = 16 : i32}, %arg13: i32) attributes {noinline = false} {
    %c128_i32 = arith.constant 128 : i32
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %0, %c128_i32 : i32
    %3 = arith.muli %1, %c128_i32 : i32
    %4 = scf.for %arg14 = %c0_i32 to %arg11 step %c64_i32 iter_args(%arg15 = %cst) -> (tensor<128x128xf32, #mma>)  : i32 {
      %14 = tt.descriptor_load %arg0[%2, %arg14] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %15 = ttg.local_alloc %14 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %16 = tt.descriptor_load %arg5[%arg14, %3] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %17 = ttg.local_alloc %16 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %18 = ttng.warp_group_dot %15, %17, %arg15 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %18 : tensor<128x128xf32, #mma>
    } {tt.warp_specialize}
    %5 = arith.muli %0, %c128_i32 : i32
    %6 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %7 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %8 = tt.splat %5 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %9 = arith.addi %8, %6 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %10 = arith.muli %1, %c128_i32 : i32
    %11 = tt.splat %10 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %12 = arith.addi %11, %7 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %13 = arith.cmpi slt, %0, %arg13 : i32
    scf.if %13 {
      %14 = tt.expand_dims %9 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
      %15 = tt.splat %arg12 : i32 -> tensor<128x1xi32, #blocked1>
      %16 = arith.muli %14, %15 : tensor<128x1xi32, #blocked1>
      %17 = tt.splat %arg10 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
      %18 = tt.addptr %17, %16 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
      %19 = tt.expand_dims %12 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
      %20 = tt.broadcast %18 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x128x!tt.ptr<f16>, #blocked1>
      %21 = tt.broadcast %19 : tensor<1x128xi32, #blocked1> -> tensor<128x128xi32, #blocked1>
      %22 = tt.addptr %20, %21 : tensor<128x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xi32, #blocked1>
      %23 = arith.truncf %4 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
      %24 = ttg.convert_layout %23 : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
      tt.store %22, %24 : tensor<128x128x!tt.ptr<f16>, #blocked1>
    }
    tt.return
  }
}
