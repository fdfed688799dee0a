// RUN: not ttg-opt %s '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' 2>&1 | FileCheck %s
// CHECK: lowering-cga-nvmma.mlir:21:3: error: 'ttg.local_alloc' op the shared layout of !ttg.memdesc<64x64xi8, #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8, CGALayout = {{\[}}{{\[}}1, 0{{\]}}, {{\[}}2, 0{{\]}}, {{\[}}4, 0{{\]}}{{\]}}}>, #ttg.shared_memory> does not cover every element (a CGA layout over more CTAs than the module has?)
// CHECK-NOT: internal error
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8, CGALayout = [[1, 0], [2, 0], [4, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 8 : i32} {
  tt.func @i(%arg0: !tt.ptr<i8> {t = 3}, %a: !tt.ptr<i8> {t = 3}) attributes { } {
  %cst_0 = arith.constant dense<4> : tensor<64x1xi32, #blocked>
  %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
  %4 = arith.muli %2, %cst_0 : tensor<64x1xi32, #blocked>
  %6 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<64x1x!tt.ptr<i8>, #blocked>
  %7 = tt.addptr %6, %4 : tensor<64x1x!tt.ptr<i8>, #blocked>, tensor<64x1xi32, #blocked>
  %8 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
  %10 = tt.expand_dims %8 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
  %12 = tt.broadcast %7 : tensor<64x1x!tt.ptr<i8>, #blocked> -> tensor<64x64x!tt.ptr<i8>, #blocked>
  %13 = tt.broadcast %10 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
  %15 = tt.addptr %12, %13 : tensor<64x64x!tt.ptr<i8>, #blocked>, tensor<64x64xi32, #blocked>
  %16 = tt.load %15 : tensor<64x64x!tt.ptr<i8>, #blocked>
  ttg.local_alloc %16 : (tensor<64x64xi8, #blocked>) -> !ttg.memdesc<64x64xi8, #shared, #smem>
  tt.return
  }
}