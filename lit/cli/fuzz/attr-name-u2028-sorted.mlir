// RUN: ttg-opt %s  > %t.a.mlir
// RUN: ttg-opt %t.a.mlir > %t.b.mlir
// RUN: diff %t.a.mlir %t.b.mlir
// Printing is a fixed point: non-ASCII text prints as the \XX escapes of its UTF-8 bytes (as MLIR) and reads back the same.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg. target" = "cuda:80", "ttg.num-ctas" = 1, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32} {
  tt.func public @r(
  %18: tensor<32x128x!tt.ptr<f32>, #blocked> {y = 2},
  %5: tensor<2x!tt.ptr<f32>, 1> {y = 6 : i3}
  ) attributes {e = false} {
  %cst = arith.constant dense<0.0> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %1 = tt.get_program_id y : i32
  %2 = tt.get_num_programs y : i32
  %12 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
  scf.for %3 = %1 to %1 step %2 iter_args(%arg4 = %cst) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) : i32 {
  %28 = tt.splat %2 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
  %29 = arith.addi %28, %12 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
  %30 = tt.expand_dims %29 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
  %31 = tt.broadcast %30 : tensor<1x128xi32, #blocked> -> tensor<32x128xi32, #blocked>
  %32 = tt.addptr %18, %31 : tensor<32x128x!tt.ptr<f32>, #blocked>, tensor<32x128xi32, #blocked>
  %33 = tt.load %32 : tensor<32x128x!tt.ptr<f32>, #blocked>
  %34 = "tt.reduce"(%33) <{axis = 1 : i32}> ({
  ^b(%arg5: f32, %arg6: f32):
  %36 = arith.addf %arg5, %arg6 : f32
  tt.reduce.return %36 : f32
  }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %35 = arith.addf %arg4, %34 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  scf.yield %35 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
  tt.return
  }
}
