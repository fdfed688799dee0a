// RUN: ttg-opt %s  > %t.a.mlir
// RUN: ttg-opt %t.a.mlir > %t.b.mlir
// RUN: diff %t.a.mlir %t.b.mlir
// Printing is a fixed point: non-ASCII text prints as the \XX escapes of its UTF-8 bytes (as MLIR) and reads back the same.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-warps" = 8 : i32} {
  tt.func public @a(%arg0: !tt.ptr<f128> {t = 2}, %arg2: i32 {y = 2}, %arg3: i32) attributes { } {
  %cst = arith.constant dense<0xFF800000> : tensor<512xf128, #blocked>
  %0 = tt.get_program_id x : i32
  %1 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
  %2 = tt.splat %arg3 : i32 -> tensor<512xi32, #blocked>
  %3 = arith.cmpi slt, %1, %2 : tensor<512xi32, #blocked>
  %4 = arith.muli %0, %arg2 : i32
  %5 = tt.addptr %arg0, %4 : !tt.ptr<f128>, i32
  %6 = tt.splat %5 : !tt.ptr<f128> -> tensor<512x!tt.ptr<f128>, #blocked>
  %7 = tt.addptr %6, %1 : tensor<512x!tt.ptr<f128>, #blocked>, tensor<512xi32, #blocked>
  %8 = tt.load %7, %3, %cst : tensor<512x!tt.ptr<f128>, #blocked>
  "tt.reduce"(%8, %1) <{axis = 0 : i32}> ({
  ^0(%arg4: f128, %arg5: i32, %arg6: f128, %arg7: i32):
  %11 = arith.cmpf oeq, %arg4, %arg6 : f128
  %12 = arith.cmpi slt, %arg5, %arg7 : i32
  %13 = arith.andi %11, %12 : i1
  %14 = arith.cmpf ogt, %arg4, %arg6 : f128
  %15 = arith.ori %14, %13 : i1
  %16 = arith.select %15, %arg4, %arg6 : f128
  %17 = arith.select %15, %arg5, %arg7 : i32
  tt.reduce.return %16, %17 : f128, i32
  }) : (tensor<512xf128, #blocked>, tensor<512xi32, #blocked>) -> (f128, i32)
  tt.return
  }
}
