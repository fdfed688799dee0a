// RUN: ttg-opt %s --tritongpu-pipeline --canonicalize | FileCheck %s --match-full-lines

// Simulated grouped GEMM (pre-scheduled): device-side descriptors for loads and the store, TMA store
// pipelining (store wait, local_store, fence, async_tma_copy_local_to_global), wgmma made async.
// Input: chunk 0 of Triton's lit test TritonGPU/samples/simulated-grouped-gemm.mlir; expected: Triton 3.6's output, line for line.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
// CHECK-NEXT: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
// CHECK-NEXT: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-NEXT: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-NEXT:   tt.func public @matmul_kernel_descriptor_persistent(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}) {
// CHECK-NEXT:     %c2_i64 = arith.constant 2 : i64
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c132_i32 = arith.constant 132 : i32
// CHECK-NEXT:     %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT:     %c128_i32 = arith.constant 128 : i32
// CHECK-NEXT:     %c256_i32 = arith.constant 256 : i32
// CHECK-NEXT:     %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT:     %c1_i64 = arith.constant 1 : i64
// CHECK-NEXT:     %c127_i32 = arith.constant 127 : i32
// CHECK-NEXT:     %c255_i32 = arith.constant 255 : i32
// CHECK-NEXT:     %c63_i32 = arith.constant 63 : i32
// CHECK-NEXT:     %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
// CHECK-NEXT:     %0 = tt.get_program_id x : i32
// CHECK-NEXT:     %1 = arith.addi %arg3, %c127_i32 : i32
// CHECK-NEXT:     %2 = arith.divsi %1, %c128_i32 : i32
// CHECK-NEXT:     %3 = arith.addi %arg4, %c255_i32 : i32
// CHECK-NEXT:     %4 = arith.divsi %3, %c256_i32 : i32
// CHECK-NEXT:     %5 = arith.addi %arg5, %c63_i32 : i32
// CHECK-NEXT:     %6 = arith.divsi %5, %c64_i32 : i32
// CHECK-NEXT:     %7 = arith.muli %2, %4 : i32
// CHECK-NEXT:     %8 = arith.extsi %arg5 : i32 to i64
// CHECK-NEXT:     %9 = tt.make_tensor_descriptor %arg0, [%arg3, %arg5], [%8, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
// CHECK-NEXT:     %10 = tt.make_tensor_descriptor %arg1, [%arg4, %arg5], [%8, %c1_i64] : <f16>, <tensor<256x64xf16, #shared>>
// CHECK-NEXT:     %11 = arith.extsi %arg4 : i32 to i64
// CHECK-NEXT:     %12 = tt.make_tensor_descriptor %arg2, [%arg3, %arg4], [%11, %c1_i64] : <f16>, <tensor<128x256xf16, #shared>>
// CHECK-NEXT:     %13 = arith.divsi %7, %c132_i32 : i32
// CHECK-NEXT:     %14 = arith.remsi %7, %c132_i32 : i32
// CHECK-NEXT:     %15 = arith.cmpi slt, %0, %14 : i32
// CHECK-NEXT:     %16 = scf.if %15 -> (i32) {
// CHECK-NEXT:       %27 = arith.addi %13, %c1_i32 : i32
// CHECK-NEXT:       scf.yield %27 : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %13 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %17 = arith.subi %0, %c132_i32 : i32
// CHECK-NEXT:     %18 = arith.muli %4, %c8_i32 : i32
// CHECK-NEXT:     %19 = tt.elementwise_inline_asm "mov.b32 $0, 0;" {constraints = "=r", packed_element = 1 : i32, pure = true} -> i32
// CHECK-NEXT:     %20 = arith.muli %6, %16 : i32
// CHECK-NEXT:     %21 = arith.subi %6, %c1_i32 : i32
// CHECK-NEXT:     %22 = ttg.local_alloc : () -> !ttg.memdesc<128x256xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %23 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 384 : i32} : !tt.ptr<i8>
// CHECK-NEXT:     %24 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 384 : i32} : !tt.ptr<i8>
// CHECK-NEXT:     %25 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 384 : i32} : !tt.ptr<i8>
// CHECK-NEXT:     %26:13 = scf.for %arg6 = %c0_i32 to %20 step %c1_i32 iter_args(%arg7 = %c-1_i32, %arg8 = %9, %arg9 = %10, %arg10 = %12, %arg11 = %17, %arg12 = %c-1_i32, %arg13 = %c0_i32, %arg14 = %c0_i32, %arg15 = %cst, %arg16 = %false, %arg17 = %c0_i32, %arg18 = %c0_i32, %arg19 = %c0_i32) -> (i32, !tt.tensordesc<tensor<128x64xf16, #shared>>, !tt.tensordesc<tensor<256x64xf16, #shared>>, !tt.tensordesc<tensor<128x256xf16, #shared>>, i32, i32, i32, i32, tensor<128x256xf32, #mma>, i1, i32, i32, i32)  : i32 {
// CHECK-NEXT:       %27 = arith.cmpi eq, %arg7, %21 : i32
// CHECK-NEXT:       %28 = arith.addi %arg7, %c1_i32 : i32
// CHECK-NEXT:       %29 = arith.select %27, %c0_i32, %28 : i32
// CHECK-NEXT:       %30 = arith.cmpi eq, %29, %c0_i32 : i32
// CHECK-NEXT:       %31:10 = scf.if %30 -> (!tt.tensordesc<tensor<128x64xf16, #shared>>, !tt.tensordesc<tensor<256x64xf16, #shared>>, !tt.tensordesc<tensor<128x256xf16, #shared>>, i32, i32, i32, i32, i32, i32, i32) {
// CHECK-NEXT:         %42 = arith.addi %arg12, %c1_i32 : i32
// CHECK-NEXT:         %43 = arith.cmpi eq, %42, %c1_i32 : i32
// CHECK-NEXT:         %44 = arith.select %43, %c0_i32, %42 : i32
// CHECK-NEXT:         %45:6 = scf.if %43 -> (!tt.tensordesc<tensor<128x64xf16, #shared>>, !tt.tensordesc<tensor<256x64xf16, #shared>>, !tt.tensordesc<tensor<128x256xf16, #shared>>, i32, i32, i32) {
// CHECK-NEXT:           %57 = tt.addptr %arg0, %19 : !tt.ptr<f16>, i32
// CHECK-NEXT:           %58 = arith.muli %arg17, %c128_i32 : i32
// CHECK-NEXT:           %59 = tt.addptr %23, %58 : !tt.ptr<i8>, i32
// CHECK-NEXT:           %60 = arith.muli %8, %c2_i64 : i64
// CHECK-NEXT:           ttng.tensormap_create %59, %57, [%c64_i32, %c128_i32], [%arg5, %arg3], [%60], [%c1_i32, %c1_i32] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
// CHECK-NEXT:           ttng.tensormap_fenceproxy_acquire %59 : !tt.ptr<i8>
// CHECK-NEXT:           %61 = ttng.reinterpret_tensor_descriptor %59 : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #shared>>
// CHECK-NEXT:           %62 = arith.addi %arg17, %c1_i32 : i32
// CHECK-NEXT:           %63 = arith.cmpi sge, %62, %c3_i32 : i32
// CHECK-NEXT:           %64 = arith.select %63, %c0_i32, %62 : i32
// CHECK-NEXT:           %65 = tt.addptr %arg1, %19 : !tt.ptr<f16>, i32
// CHECK-NEXT:           %66 = arith.muli %arg18, %c128_i32 : i32
// CHECK-NEXT:           %67 = tt.addptr %24, %66 : !tt.ptr<i8>, i32
// CHECK-NEXT:           %68 = arith.muli %8, %c2_i64 : i64
// CHECK-NEXT:           ttng.tensormap_create %67, %65, [%c64_i32, %c256_i32], [%arg5, %arg4], [%68], [%c1_i32, %c1_i32] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
// CHECK-NEXT:           ttng.tensormap_fenceproxy_acquire %67 : !tt.ptr<i8>
// CHECK-NEXT:           %69 = ttng.reinterpret_tensor_descriptor %67 : !tt.ptr<i8> to !tt.tensordesc<tensor<256x64xf16, #shared>>
// CHECK-NEXT:           %70 = arith.addi %arg18, %c1_i32 : i32
// CHECK-NEXT:           %71 = arith.cmpi sge, %70, %c3_i32 : i32
// CHECK-NEXT:           %72 = arith.select %71, %c0_i32, %70 : i32
// CHECK-NEXT:           %73 = tt.addptr %arg2, %19 : !tt.ptr<f16>, i32
// CHECK-NEXT:           %74 = arith.muli %arg19, %c128_i32 : i32
// CHECK-NEXT:           %75 = tt.addptr %25, %74 : !tt.ptr<i8>, i32
// CHECK-NEXT:           %76 = arith.muli %11, %c2_i64 : i64
// CHECK-NEXT:           ttng.tensormap_create %75, %73, [%c64_i32, %c128_i32], [%arg4, %arg3], [%76], [%c1_i32, %c1_i32] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
// CHECK-NEXT:           ttng.tensormap_fenceproxy_acquire %75 : !tt.ptr<i8>
// CHECK-NEXT:           %77 = ttng.reinterpret_tensor_descriptor %75 : !tt.ptr<i8> to !tt.tensordesc<tensor<128x256xf16, #shared>>
// CHECK-NEXT:           %78 = arith.addi %arg19, %c1_i32 : i32
// CHECK-NEXT:           %79 = arith.cmpi sge, %78, %c3_i32 : i32
// CHECK-NEXT:           %80 = arith.select %79, %c0_i32, %78 : i32
// CHECK-NEXT:           scf.yield %61, %69, %77, %64, %72, %80 : !tt.tensordesc<tensor<128x64xf16, #shared>>, !tt.tensordesc<tensor<256x64xf16, #shared>>, !tt.tensordesc<tensor<128x256xf16, #shared>>, i32, i32, i32
// CHECK-NEXT:         } else {
// CHECK-NEXT:           scf.yield %arg8, %arg9, %arg10, %arg17, %arg18, %arg19 : !tt.tensordesc<tensor<128x64xf16, #shared>>, !tt.tensordesc<tensor<256x64xf16, #shared>>, !tt.tensordesc<tensor<128x256xf16, #shared>>, i32, i32, i32
// CHECK-NEXT:         }
// CHECK-NEXT:         %46 = arith.addi %arg11, %c132_i32 : i32
// CHECK-NEXT:         %47 = arith.divsi %46, %18 : i32
// CHECK-NEXT:         %48 = arith.muli %47, %c8_i32 : i32
// CHECK-NEXT:         %49 = arith.subi %2, %48 : i32
// CHECK-NEXT:         %50 = arith.minsi %49, %c8_i32 : i32
// CHECK-NEXT:         %51 = arith.remsi %46, %50 : i32
// CHECK-NEXT:         %52 = arith.addi %48, %51 : i32
// CHECK-NEXT:         %53 = arith.remsi %46, %18 : i32
// CHECK-NEXT:         %54 = arith.divsi %53, %50 : i32
// CHECK-NEXT:         %55 = arith.muli %52, %c128_i32 : i32
// CHECK-NEXT:         %56 = arith.muli %54, %c256_i32 : i32
// CHECK-NEXT:         scf.yield %45#0, %45#1, %45#2, %46, %44, %55, %56, %45#3, %45#4, %45#5 : !tt.tensordesc<tensor<128x64xf16, #shared>>, !tt.tensordesc<tensor<256x64xf16, #shared>>, !tt.tensordesc<tensor<128x256xf16, #shared>>, i32, i32, i32, i32, i32, i32, i32
// CHECK-NEXT:       } else {
// CHECK-NEXT:         scf.yield %arg8, %arg9, %arg10, %arg11, %arg12, %arg13, %arg14, %arg17, %arg18, %arg19 : !tt.tensordesc<tensor<128x64xf16, #shared>>, !tt.tensordesc<tensor<256x64xf16, #shared>>, !tt.tensordesc<tensor<128x256xf16, #shared>>, i32, i32, i32, i32, i32, i32, i32
// CHECK-NEXT:       }
// CHECK-NEXT:       %32 = arith.muli %29, %c64_i32 : i32
// CHECK-NEXT:       %33 = tt.descriptor_load %31#0[%31#5, %32] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
// CHECK-NEXT:       %34 = ttg.local_alloc %33 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
// CHECK-NEXT:       %35 = tt.descriptor_load %31#1[%31#6, %32] : !tt.tensordesc<tensor<256x64xf16, #shared>> -> tensor<256x64xf16, #blocked>
// CHECK-NEXT:       %36 = ttg.local_alloc %35 : (tensor<256x64xf16, #blocked>) -> !ttg.memdesc<256x64xf16, #shared, #smem>
// CHECK-NEXT:       %37 = ttg.memdesc_trans %36 {order = array<i32: 1, 0>} : !ttg.memdesc<256x64xf16, #shared, #smem> -> !ttg.memdesc<64x256xf16, #shared1, #smem>
// CHECK-NEXT:       %38 = ttng.warp_group_dot %34, %37, %arg15, %arg16 {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared1, #smem> -> tensor<128x256xf32, #mma>
// CHECK-NEXT:       %39:3 = ttng.warp_group_dot_wait %38, %34, %37 {pendings = 0 : i32} : tensor<128x256xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x256xf16, #shared1, #smem>
// CHECK-NEXT:       %40 = arith.cmpi eq, %29, %21 : i32
// CHECK-NEXT:       %41 = arith.cmpi ne, %29, %21 : i32
// CHECK-NEXT:       scf.if %40 {
// CHECK-NEXT:         %42 = arith.truncf %39#0 : tensor<128x256xf32, #mma> to tensor<128x256xf16, #mma>
// CHECK-NEXT:         ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT:         ttg.local_store %42, %22 : tensor<128x256xf16, #mma> -> !ttg.memdesc<128x256xf16, #shared, #smem, mutable>
// CHECK-NEXT:         ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT:         ttng.async_tma_copy_local_to_global %31#2[%31#5, %31#6] %22 : !tt.tensordesc<tensor<128x256xf16, #shared>>, !ttg.memdesc<128x256xf16, #shared, #smem, mutable>
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %29, %31#0, %31#1, %31#2, %31#3, %31#4, %31#5, %31#6, %39#0, %41, %31#7, %31#8, %31#9 : i32, !tt.tensordesc<tensor<128x64xf16, #shared>>, !tt.tensordesc<tensor<256x64xf16, #shared>>, !tt.tensordesc<tensor<128x256xf16, #shared>>, i32, i32, i32, i32, tensor<128x256xf32, #mma>, i1, i32, i32, i32
// CHECK-NEXT:     }
// CHECK-NEXT:     ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT:     ttg.local_dealloc %22 : !ttg.memdesc<128x256xf16, #shared, #smem, mutable>
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// NOTE: Assertions have been autogenerated by utils/generate-test-checks.py

// The script is designed to make adding checks to
// a test case fast, it is *not* designed to be authoritative
// about what constitutes a good test! The CHECK should be
// minimized and named to reflect the test intent.

// To regenerate this test case, run `make golden-samples` in the triton root directory
#nvmma_128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_kernel_descriptor_persistent(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}) {
    %c1_i32 = arith.constant 1 : i32
    %c132_i32 = arith.constant 132 : i32
    %c-1_i32 = arith.constant -1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %c128_i32 = arith.constant 128 : i32
    %c256_i32 = arith.constant 256 : i32
    %c64_i32 = arith.constant 64 : i32
    %c1_i64 = arith.constant 1 : i64
    %c127_i32 = arith.constant 127 : i32
    %c255_i32 = arith.constant 255 : i32
    %c63_i32 = arith.constant 63 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>>
    %0 = tt.get_program_id x : i32
    %1 = arith.addi %arg3, %c127_i32 : i32
    %2 = arith.divsi %1, %c128_i32 : i32
    %3 = arith.addi %arg4, %c255_i32 : i32
    %4 = arith.divsi %3, %c256_i32 : i32
    %5 = arith.addi %arg5, %c63_i32 : i32
    %6 = arith.divsi %5, %c64_i32 : i32
    %7 = arith.muli %2, %4 : i32
    %8 = arith.extsi %arg5 : i32 to i64
    %9 = tt.make_tensor_descriptor %arg0, [%arg3, %arg5], [%8, %c1_i64] : <f16>, <tensor<128x64xf16, #nvmma_128>>
    %10 = tt.make_tensor_descriptor %arg1, [%arg4, %arg5], [%8, %c1_i64] : <f16>, <tensor<256x64xf16, #nvmma_128>>
    %11 = arith.extsi %arg4 : i32 to i64
    %12 = tt.make_tensor_descriptor %arg2, [%arg3, %arg4], [%11, %c1_i64] : <f16>, <tensor<128x256xf16, #nvmma_128>>
    %13 = arith.divsi %7, %c132_i32 : i32
    %14 = arith.remsi %7, %c132_i32 : i32
    %15 = arith.cmpi slt, %0, %14 : i32
    %16 = scf.if %15 -> (i32) {
      %23 = arith.addi %13, %c1_i32 : i32
      scf.yield %23 : i32
    } else {
      scf.yield %13 : i32
    }
    %17 = arith.subi %0, %c132_i32 : i32
    %18 = arith.muli %4, %c8_i32 : i32
    %19 = tt.elementwise_inline_asm "mov.b32 $0, 0;" {constraints = "=r", packed_element = 1 : i32, pure = true} -> i32
    %20 = arith.muli %6, %16 : i32
    %21 = arith.subi %6, %c1_i32 : i32
    %true = arith.constant true
    %false = arith.constant false
    %22:10 = scf.for %arg6 = %c0_i32 to %20 step %c1_i32 iter_args(%arg7 = %c-1_i32, %arg8 = %9, %arg9 = %10, %arg10 = %12, %arg11 = %17, %arg12 = %c-1_i32, %arg13 = %c0_i32, %arg14 = %c0_i32, %arg15 = %cst, %arg16 = %false) -> (i32, !tt.tensordesc<tensor<128x64xf16, #nvmma_128>>, !tt.tensordesc<tensor<256x64xf16, #nvmma_128>>, !tt.tensordesc<tensor<128x256xf16, #nvmma_128>>, i32, i32, i32, i32, tensor<128x256xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>>, i1)  : i32 {
      %23 = arith.cmpi eq, %arg7, %21 {loop.cluster = 0 : i32, loop.stage = 0 : i32} : i32
      %24 = arith.addi %arg7, %c1_i32 {loop.cluster = 0 : i32, loop.stage = 0 : i32} : i32
      %25 = arith.select %23, %c0_i32, %24 {loop.cluster = 0 : i32, loop.stage = 0 : i32} : i32
      %26 = arith.cmpi eq, %25, %c0_i32 {loop.cluster = 0 : i32, loop.stage = 0 : i32} : i32
      %27:7 = scf.if %26 -> (!tt.tensordesc<tensor<128x64xf16, #nvmma_128>>, !tt.tensordesc<tensor<256x64xf16, #nvmma_128>>, !tt.tensordesc<tensor<128x256xf16, #nvmma_128>>, i32, i32, i32, i32) {
        %37 = arith.addi %arg12, %c1_i32 : i32
        %38 = arith.cmpi eq, %37, %c1_i32 : i32
        %39:4 = scf.if %38 -> (!tt.tensordesc<tensor<128x64xf16, #nvmma_128>>, !tt.tensordesc<tensor<256x64xf16, #nvmma_128>>, !tt.tensordesc<tensor<128x256xf16, #nvmma_128>>, i32) {
          %51 = tt.addptr %arg0, %19 : !tt.ptr<f16>, i32
          %52 = tt.make_tensor_descriptor %51, [%arg3, %arg5], [%8, %c1_i64] : <f16>, <tensor<128x64xf16, #nvmma_128>>
          %53 = tt.addptr %arg1, %19 : !tt.ptr<f16>, i32
          %54 = tt.make_tensor_descriptor %53, [%arg4, %arg5], [%8, %c1_i64] : <f16>, <tensor<256x64xf16, #nvmma_128>>
          %55 = tt.addptr %arg2, %19 : !tt.ptr<f16>, i32
          %56 = tt.make_tensor_descriptor %55, [%arg3, %arg4], [%11, %c1_i64] : <f16>, <tensor<128x256xf16, #nvmma_128>>
          scf.yield %52, %54, %56, %c0_i32 : !tt.tensordesc<tensor<128x64xf16, #nvmma_128>>, !tt.tensordesc<tensor<256x64xf16, #nvmma_128>>, !tt.tensordesc<tensor<128x256xf16, #nvmma_128>>, i32
        } else {
          scf.yield %arg8, %arg9, %arg10, %37 : !tt.tensordesc<tensor<128x64xf16, #nvmma_128>>, !tt.tensordesc<tensor<256x64xf16, #nvmma_128>>, !tt.tensordesc<tensor<128x256xf16, #nvmma_128>>, i32
        }
        %40 = arith.addi %arg11, %c132_i32 : i32
        %41 = arith.divsi %40, %18 : i32
        %42 = arith.muli %41, %c8_i32 : i32
        %43 = arith.subi %2, %42 : i32
        %44 = arith.minsi %43, %c8_i32 : i32
        %45 = arith.remsi %40, %44 : i32
        %46 = arith.addi %42, %45 : i32
        %47 = arith.remsi %40, %18 : i32
        %48 = arith.divsi %47, %44 : i32
        %49 = arith.muli %46, %c128_i32 : i32
        %50 = arith.muli %48, %c256_i32 : i32
        scf.yield %39#0, %39#1, %39#2, %40, %39#3, %49, %50 : !tt.tensordesc<tensor<128x64xf16, #nvmma_128>>, !tt.tensordesc<tensor<256x64xf16, #nvmma_128>>, !tt.tensordesc<tensor<128x256xf16, #nvmma_128>>, i32, i32, i32, i32
      } else {
        scf.yield %arg8, %arg9, %arg10, %arg11, %arg12, %arg13, %arg14 : !tt.tensordesc<tensor<128x64xf16, #nvmma_128>>, !tt.tensordesc<tensor<256x64xf16, #nvmma_128>>, !tt.tensordesc<tensor<128x256xf16, #nvmma_128>>, i32, i32, i32, i32
      } {loop.cluster = 0 : i32, loop.stage = 0 : i32}
      %28 = arith.muli %25, %c64_i32 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32
      %29 = tt.descriptor_load %27#0[%27#5, %28] {loop.cluster = 2 : i32, loop.stage = 0 : i32} : !tt.tensordesc<tensor<128x64xf16, #nvmma_128>> -> tensor<128x64xf16, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>>
      %30 = ttg.local_alloc %29 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : (tensor<128x64xf16, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>>) -> !ttg.memdesc<128x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory>
      %31 = tt.descriptor_load %27#1[%27#6, %28] {loop.cluster = 2 : i32, loop.stage = 0 : i32} : !tt.tensordesc<tensor<256x64xf16, #nvmma_128>> -> tensor<256x64xf16, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>>
      %32 = ttg.local_alloc %31 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : (tensor<256x64xf16, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>>) -> !ttg.memdesc<256x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory>
      %33 = ttg.memdesc_trans %32 {loop.cluster = 1 : i32, loop.stage = 2 : i32, order = array<i32: 1, 0>} : !ttg.memdesc<256x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory> -> !ttg.memdesc<64x256xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>, #ttg.shared_memory>
      %34 = ttng.warp_group_dot %30, %33, %arg15, %arg16 {inputPrecision = 0 : i32, loop.cluster = 1 : i32, loop.stage = 2 : i32} : !ttg.memdesc<128x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory> * !ttg.memdesc<64x256xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>, #ttg.shared_memory> -> tensor<128x256xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>>
      %35 = arith.cmpi eq, %25, %21 {loop.cluster = 3 : i32, loop.stage = 2 : i32} : i32
      %36 = scf.if %35 -> (i1) {
        %37 = arith.truncf %34 : tensor<128x256xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>> to tensor<128x256xf16, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>>
        %38 = ttg.convert_layout %37 : tensor<128x256xf16, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>> -> tensor<128x256xf16, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>>
        tt.descriptor_store %27#2[%27#5, %27#6], %38 : !tt.tensordesc<tensor<128x256xf16, #nvmma_128>>, tensor<128x256xf16, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>>
        scf.yield %false : i1
      } else {
        scf.yield %true : i1
      } {loop.cluster = 3 : i32, loop.stage = 2 : i32}
      scf.yield %25, %27#0, %27#1, %27#2, %27#3, %27#4, %27#5, %27#6, %34, %36 : i32, !tt.tensordesc<tensor<128x64xf16, #nvmma_128>>, !tt.tensordesc<tensor<256x64xf16, #nvmma_128>>, !tt.tensordesc<tensor<128x256xf16, #nvmma_128>>, i32, i32, i32, i32, tensor<128x256xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>>, i1
    }
    tt.return
  }
}
