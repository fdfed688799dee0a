// RUN: not ttg-opt %s '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' 2>&1 | FileCheck %s
// CHECK: {{^}}:1:0: error: 'tt.make_range' op result of type 'tensor<64xi32>' has no layout encoding: --allocate-shared-memory-nv takes TritonGPU IR
// CHECK-NOT: internal error
#loc = loc("":1)
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @o(%x: !tt.ptr<f16> loc(""), %y: !tt.ptr<f16> , %s: i3 loc(""(#loc))) attributes { } {
  %c64_i32 = arith.constant 4 : i32 loc(#loc)
  %rm = tt.get_program_id x : i32 loc(#loc)
  %rm_0 = arith.muli %rm, %c64_i32 : i32 loc(#loc)
  %rm_1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32> loc(#loc)
  %rm_2 = tt.splat %rm_0 : i32 -> tensor<64xi32> loc(#loc)
  %rm_3 = arith.addi %rm_2, %rm_1 : tensor<64xi32> loc(#loc)
  %t = tt.expand_dims %rm_3 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32> loc(#loc)
  %t_6 = tt.splat %x : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>> loc(#loc)
  %t_7 = tt.addptr %t_6, %t : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32> loc(#loc)
  %t_8 = tt.expand_dims %rm_1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %t_9 = tt.broadcast %t_7 : tensor<64x1x!tt.ptr<f16>> -> tensor<64x64x!tt.ptr<f16>>
  %t_10 = tt.broadcast %t_8 : tensor<1x64xi32> -> tensor<64x64xi32> loc(#loc)
  %t_11 = tt.addptr %t_9, %t_10 : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
  %t_12 = tt.load %t_11 : tensor<64x64x!tt.ptr<f16>> loc(#loc)
  %input = arith.extf %t_12 : tensor<64x64xf16> to tensor<64x64xf32> loc(#loc)
  %2 = "tt.reduce"(%input) <{axis = 1 : i32}> ({
  ^0(%arg3: f32 loc(callsite(#loc at #loc)), %arg4: f32 loc(callsite(#loc at #loc))):
  %4 = arith.maxnumf %arg3, %arg4 : f32 loc(#loc)
  tt.reduce.return %4 : f32 loc(#loc)
  }) : (tensor<64x64xf32>) -> tensor<64xf32> loc(#loc)
  tt.return loc(#loc)
  } loc(#loc)
}