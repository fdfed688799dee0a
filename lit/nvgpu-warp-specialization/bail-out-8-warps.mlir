// The pass needs exactly 4 warps: with 8 it leaves the function as it is (Triton's output is its input).
// RUN: ttg-opt %s --nvgpu-warp-specialization=num-stages=3 | FileCheck %s
// CHECK-NOT: async_task_id
// CHECK: tt.warp_specialize
// CHECK-NOT: async_task_id

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ws_mm(%arg0: !tt.tensordesc<tensor<128x64xf16, #shared>>, %arg1: i32, %arg2: i32, %arg3: i64, %arg4: i64, %arg5: !tt.tensordesc<tensor<64x128xf16, #shared>>, %arg6: i32, %arg7: i32, %arg8: i64, %arg9: i64, %arg10: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg11: i32, %arg12: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c128_i32 = arith.constant 128 : i32
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %0, %c128_i32 : i32
    %3 = arith.muli %1, %c128_i32 : i32
    %4 = scf.for %arg13 = %c0_i32 to %arg11 step %c64_i32 iter_args(%arg14 = %cst) -> (tensor<128x128xf32, #mma>)  : i32 {
      %24 = tt.descriptor_load %arg0[%2, %arg13] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %25 = ttg.local_alloc %24 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %26 = tt.descriptor_load %arg5[%arg13, %3] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %27 = ttg.local_alloc %26 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %28 = ttng.warp_group_dot %25, %27, %arg14 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %28 : tensor<128x128xf32, #mma>
    } {tt.warp_specialize}
    %5 = arith.muli %0, %c128_i32 : i32
    %6 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %7 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %8 = tt.splat %5 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %9 = arith.addi %8, %6 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %10 = arith.muli %1, %c128_i32 : i32
    %11 = tt.splat %10 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %12 = arith.addi %11, %7 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %13 = tt.expand_dims %9 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
    %14 = tt.splat %arg12 : i32 -> tensor<128x1xi32, #blocked1>
    %15 = arith.muli %13, %14 : tensor<128x1xi32, #blocked1>
    %16 = tt.splat %arg10 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
    %17 = tt.addptr %16, %15 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
    %18 = tt.expand_dims %12 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
    %19 = tt.broadcast %17 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x128x!tt.ptr<f16>, #blocked1>
    %20 = tt.broadcast %18 : tensor<1x128xi32, #blocked1> -> tensor<128x128xi32, #blocked1>
    %21 = tt.addptr %19, %20 : tensor<128x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xi32, #blocked1>
    %22 = arith.truncf %4 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %23 = ttg.convert_layout %22 : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
    tt.store %21, %23 : tensor<128x128x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}
