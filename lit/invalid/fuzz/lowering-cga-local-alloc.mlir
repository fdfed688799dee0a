// RUN: not ttg-opt %s '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' 2>&1 | FileCheck %s
// CHECK: lowering-cga-local-alloc.mlir:35:9: error: 'ttg.local_alloc' op the shared layout of !ttg.memdesc<128x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[}}{{\[}}1, 0{{\]}}{{\]}}}>, #ttg.shared_memory> does not cover every element (a CGA layout over more CTAs than the module has?)
// CHECK-NOT: internal error
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, r = 0, warpsPerCTA = [4, 1], instrShape = [16, 64 ]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 8, transposed = true, elementBitWidth = 6}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @l(%arg0: !tt.ptr<f16> {y = 2}, %arg1: !tt.ptr<f16> , %arg2 : !tt.ptr<f16> {y = 6 : i3}, %arg4: i32 { }, %arg5: i32 { }, %arg6: i32 {y = 2}, %arg8: i32, %arg9: f32) {
  %c128_i32 = arith.constant 8 : i32
  %c0_i32 = arith.constant 0 : i32
  %cst = arith.constant dense<0.0> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
  %cst_0 = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
  %cst_1 = arith.constant dense<0.0> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
  %0 = tt.get_program_id x : i32
  %1 = arith.muli %0, %c128_i32 : i32
  %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %3 = tt.splat %1 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %4 = arith.addi %3, %2 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %5 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
  %6 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %7 = tt.expand_dims %4 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
  %8 = tt.splat %arg4 : i32 -> tensor<128x1xi32, #blocked>
  %9 = arith.muli %7, %8 : tensor<128x1xi32, #blocked>
  %10 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
  %11 = tt.addptr %10, %9 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
  %12 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
  %13 = tt.expand_dims %12 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
  %14 = tt.broadcast %11 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x64x!tt.ptr<f16>, #blocked>
  %15 = tt.broadcast %13 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
  %16 = tt.addptr %14, %15 : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
  %17 = tt.load %16 : tensor<128x64x!tt.ptr<f16>, #blocked>
  %18 = ttg.local_alloc %17 {l = 2} : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
  cf.br ^bb1(%c0_i32, %cst_1, %cst, %cst_0 : i32, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>)
  ^bb1(%19: i32, %20: tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, %21: tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, %22: tensor<128x64xf32, #mma>):
  %23 = arith.cmpi slt, %1, %arg8 : i32
  cf.cond_br %23, ^bb2, ^bb3
  ^bb2:
  %24 = tt.splat %1 : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
  %25 = tt.splat %1 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %26 = arith.addi %24, %5 : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
  %27 = arith.addi %25, %6 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %28 = tt.expand_dims %26 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
  %29 = tt.splat %arg5 : i32 -> tensor<1x64xi32, #blocked1>
  %30 = arith.muli %28, %29 : tensor<1x64xi32, #blocked1>
  %31 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<1x64x!tt.ptr<f16>, #blocked1>
  %32 = tt.addptr %31, %30 : tensor<1x64x!tt.ptr<f16>, #blocked1>, tensor<1x64xi32, #blocked1>
  %33 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
  %34 = tt.expand_dims %33 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
  %35 = tt.broadcast %32 : tensor<1x64x!tt.ptr<f16>, #blocked1> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
  %36 = tt.broadcast %34 : tensor<64x1xi32, #blocked1> -> tensor<64x64xi32, #blocked1>
  %37 = tt.addptr %35, %36 : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
  %38 = tt.load %37 : tensor<64x64x!tt.ptr<f16>, #blocked1>
  %39 = ttg.local_alloc %38 { } : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
  %40 = ttng.warp_group_dot %18, %39, %cst_0 { } : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
  %41 = tt.splat %arg9 : f32 -> tensor<128x64xf32, #mma>
  %42 = arith.mulf %40, %41 : tensor<128x64xf32, #mma>
  %43 = "tt.reduce"(%42) <{axis = 1 : i32}> ({
  ^0(%arg10: f32, %arg11: f32):
  %82 = arith.maxnumf %arg10, %arg11 : f32
  tt.reduce.return %82 : f32
  }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
  %44 = arith.maxnumf %20, %43 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
  %45 = tt.expand_dims %44 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
  %46 = tt.broadcast %45 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
  %47 = arith.subf %42, %46 : tensor<128x64xf32, #mma>
  %48 = math.exp %47 : tensor<128x64xf32, #mma>
  %49 = arith.subf %20, %44 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
  %50 = math.exp %49 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
  %51 = arith.mulf %21, %50 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
  %52 = "tt.reduce"(%48) <{axis = 1 : i32}> ({
  ^0(%arg10: f32, %arg11: f32):
  %82 = arith.addf %arg10, %arg11 : f32
  tt.reduce.return %82 : f32
  }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
  %53 = arith.addf %51, %52 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
  %54 = tt.expand_dims %27 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
  %55 = tt.splat %arg6 : i32 -> tensor<64x1xi32, #blocked>
  %56 = arith.muli %54, %55 : tensor<64x1xi32, #blocked>
  %57 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
  %58 = tt.addptr %57, %56 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
  %59 = tt.broadcast %58 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked>
  %60 = tt.broadcast %13 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
  %61 = tt.addptr %59, %60 : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
  %62 = tt.load %61 : tensor<64x64x!tt.ptr<f16>, #blocked>
  %63 = ttg.local_alloc %62 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
  %64 = tt.expand_dims %50 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
  %65 = tt.broadcast %64 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
  %66 = arith.mulf %22, %65 : tensor<128x64xf32, #mma>
  %67 = arith.truncf %48 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
  %68 = ttg.convert_layout %67 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  %69 = ttng.warp_group_dot %68, %63, %66 {n = 2} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
  cf.br ^bb1(%0, %44, %53, %69 : i32, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>)
  ^bb3:
  tt.return
  }
}