// RUN: ttg-opt %s -split-input-file --tritongpu-schedule-loops --mlir-print-debuginfo --keep-arg-names | FileCheck %s
// Kernels compiled by Triton 3.6 (scripts/oracle/kernels_sched.py); input = the IR before the pass, CHECK lines = the IR after it.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#loc = loc("/tmp/kern.py":3:0)
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#loc39 = loc("a"(#loc))
#loc40 = loc("b"(#loc))
#loc41 = loc("idx"(#loc))
#loc42 = loc("c"(#loc))
#loc43 = loc("K"(#loc))
#loc44 = loc("sam"(#loc))
#loc45 = loc("sbk"(#loc))
#loc46 = loc("scm"(#loc))
// Triton 3.6 on mm_gather-BM64-BN64-BK32-sm80-w4-s4 (MLIR_ENABLE_DUMP of a real compile).
// CHECK-LABEL: @mm_gather
// CHECK: %ki = tt.addptr %idx, %acc_21 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : !tt.ptr<i32>, i32
// CHECK: %ki_23 = tt.splat %ki {loop.cluster = 0 : i32, loop.stage = 3 : i32} : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK: %ki_24 = tt.addptr %ki_23, %rk {loop.cluster = 0 : i32, loop.stage = 3 : i32} : tensor<32x!tt.ptr<i32>, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK: %ki_25 = tt.load %ki_24 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : tensor<32x!tt.ptr<i32>, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK: %x_26 = tt.expand_dims %ki_25 {axis = 0 : i32, loop.cluster = 0 : i32, loop.stage = 3 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
// CHECK: %x_27 = tt.broadcast %x_26 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
// CHECK: %x_28 = tt.addptr %x_16, %x_27 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
// CHECK: %x_29 = tt.load %x_28 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK: %y_30 = tt.splat %acc_21 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK: %y_31 = arith.addi %y_30, %rk_11 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK: %y_32 = tt.expand_dims %y_31 {axis = 1 : i32, loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<32x1xi32, #blocked1>
// CHECK: %y_33 = arith.muli %y_32, %y {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<32x1xi32, #blocked1>
// CHECK: %y_34 = tt.addptr %y_17, %y_33 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked1>, tensor<32x1xi32, #blocked1>
// CHECK: %y_35 = tt.broadcast %y_34 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked1> -> tensor<32x64x!tt.ptr<f16>, #blocked1>
// CHECK: %y_36 = tt.addptr %y_35, %y_19 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
// CHECK: %y_37 = tt.load %y_36 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked1>
// CHECK: %x_38 = ttg.convert_layout %x_29 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %y_39 = ttg.convert_layout %y_37 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : tensor<32x64xf16, #blocked1> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK: %acc_40 = tt.dot %x_38, %y_39, %acc_22, inputPrecision = tf32 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK: } {tt.scheduled_max_stage = 3 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mm_gather(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("a"(#loc)), %b: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("b"(#loc)), %idx: !tt.ptr<i32> {tt.divisibility = 16 : i32} loc("idx"(#loc)), %c: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("c"(#loc)), %K: i32 {tt.divisibility = 16 : i32} loc("K"(#loc)), %sam: i32 {tt.divisibility = 16 : i32} loc("sam"(#loc)), %sbk: i32 {tt.divisibility = 16 : i32} loc("sbk"(#loc)), %scm: i32 {tt.divisibility = 16 : i32} loc("scm"(#loc))) attributes {noinline = false} {
    %c64_i32 = arith.constant 64 : i32 loc(#loc1)
    %c0_i32 = arith.constant 0 : i32 loc(#loc2)
    %c32_i32 = arith.constant 32 : i32 loc(#loc2)
    %acc = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma> loc(#loc74)
    %rm = tt.get_program_id x : i32 loc(#loc48)
    %rm_0 = arith.muli %rm, %c64_i32 : i32 loc(#loc49)
    %rm_1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc50)
    %rm_2 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc50)
    %rm_3 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc50)
    %rm_4 = tt.splat %rm_0 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc51)
    %rm_5 = tt.splat %rm_0 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc51)
    %rm_6 = arith.addi %rm_4, %rm_1 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc51)
    %rm_7 = arith.addi %rm_5, %rm_2 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc51)
    %rn = tt.get_program_id y : i32 loc(#loc52)
    %rn_8 = arith.muli %rn, %c64_i32 : i32 loc(#loc53)
    %rn_9 = tt.splat %rn_8 : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc54)
    %rn_10 = arith.addi %rn_9, %rm_3 : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc54)
    %rk = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc55)
    %rk_11 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc55)
    %x = tt.expand_dims %rm_6 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked> loc(#loc56)
    %x_12 = tt.splat %sam : i32 -> tensor<64x1xi32, #blocked> loc(#loc57)
    %x_13 = arith.muli %x, %x_12 : tensor<64x1xi32, #blocked> loc(#loc57)
    %x_14 = tt.splat %a : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked> loc(#loc58)
    %x_15 = tt.addptr %x_14, %x_13 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked> loc(#loc58)
    %x_16 = tt.broadcast %x_15 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x32x!tt.ptr<f16>, #blocked> loc(#loc59)
    %y = tt.splat %sbk : i32 -> tensor<32x1xi32, #blocked1> loc(#loc60)
    %y_17 = tt.splat %b : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>, #blocked1> loc(#loc61)
    %y_18 = tt.expand_dims %rn_10 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1> loc(#loc62)
    %y_19 = tt.broadcast %y_18 : tensor<1x64xi32, #blocked1> -> tensor<32x64xi32, #blocked1> loc(#loc63)
    %acc_20 = scf.for %acc_21 = %c0_i32 to %K step %c32_i32 iter_args(%acc_22 = %acc) -> (tensor<64x64xf32, #mma>)  : i32 {
      %ki = tt.addptr %idx, %acc_21 : !tt.ptr<i32>, i32 loc(#loc65)
      %ki_23 = tt.splat %ki : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc66)
      %ki_24 = tt.addptr %ki_23, %rk : tensor<32x!tt.ptr<i32>, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc66)
      %ki_25 = tt.load %ki_24 : tensor<32x!tt.ptr<i32>, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc67)
      %x_26 = tt.expand_dims %ki_25 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked> loc(#loc68)
      %x_27 = tt.broadcast %x_26 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked> loc(#loc59)
      %x_28 = tt.addptr %x_16, %x_27 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked> loc(#loc59)
      %x_29 = tt.load %x_28 : tensor<64x32x!tt.ptr<f16>, #blocked> loc(#loc69)
      %y_30 = tt.splat %acc_21 : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc70)
      %y_31 = arith.addi %y_30, %rk_11 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc70)
      %y_32 = tt.expand_dims %y_31 {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<32x1xi32, #blocked1> loc(#loc71)
      %y_33 = arith.muli %y_32, %y : tensor<32x1xi32, #blocked1> loc(#loc60)
      %y_34 = tt.addptr %y_17, %y_33 : tensor<32x1x!tt.ptr<f16>, #blocked1>, tensor<32x1xi32, #blocked1> loc(#loc61)
      %y_35 = tt.broadcast %y_34 : tensor<32x1x!tt.ptr<f16>, #blocked1> -> tensor<32x64x!tt.ptr<f16>, #blocked1> loc(#loc63)
      %y_36 = tt.addptr %y_35, %y_19 : tensor<32x64x!tt.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1> loc(#loc63)
      %y_37 = tt.load %y_36 {tt.latency = 3 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked1> loc(#loc72)
      %x_38 = ttg.convert_layout %x_29 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> loc(#loc69)
      %y_39 = ttg.convert_layout %y_37 : tensor<32x64xf16, #blocked1> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> loc(#loc72)
      %acc_40 = tt.dot %x_38, %y_39, %acc_22, inputPrecision = tf32 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma> loc(#loc73)
      scf.yield %acc_40 : tensor<64x64xf32, #mma> loc(#loc30)
    } loc(#loc64)
    %0 = tt.expand_dims %rm_7 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1> loc(#loc31)
    %1 = tt.splat %scm : i32 -> tensor<64x1xi32, #blocked1> loc(#loc32)
    %2 = arith.muli %0, %1 : tensor<64x1xi32, #blocked1> loc(#loc32)
    %3 = tt.splat %c : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1> loc(#loc33)
    %4 = tt.addptr %3, %2 : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1> loc(#loc33)
    %5 = tt.expand_dims %rn_10 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1> loc(#loc34)
    %6 = tt.broadcast %4 : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x64x!tt.ptr<f16>, #blocked1> loc(#loc35)
    %7 = tt.broadcast %5 : tensor<1x64xi32, #blocked1> -> tensor<64x64xi32, #blocked1> loc(#loc35)
    %8 = tt.addptr %6, %7 : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1> loc(#loc35)
    %9 = arith.truncf %acc_20 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma> loc(#loc36)
    %10 = ttg.convert_layout %9 : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked1> loc(#loc37)
    tt.store %8, %10 : tensor<64x64x!tt.ptr<f16>, #blocked1> loc(#loc37)
    tt.return loc(#loc38)
  } loc(#loc)
} loc(#loc)
#loc1 = loc(unknown)
#loc2 = loc("/tmp/kern.py":8:25)
#loc3 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":129:31)
#loc4 = loc("/tmp/kern.py":7:19)
#loc5 = loc("/tmp/kern.py":4:23)
#loc6 = loc("/tmp/kern.py":4:28)
#loc7 = loc("/tmp/kern.py":4:46)
#loc8 = loc("/tmp/kern.py":4:33)
#loc9 = loc("/tmp/kern.py":5:23)
#loc10 = loc("/tmp/kern.py":5:28)
#loc11 = loc("/tmp/kern.py":5:33)
#loc12 = loc("/tmp/kern.py":6:22)
#loc13 = loc("/tmp/kern.py":10:27)
#loc14 = loc("/tmp/kern.py":10:38)
#loc15 = loc("/tmp/kern.py":10:24)
#loc16 = loc("/tmp/kern.py":10:44)
#loc17 = loc("/tmp/kern.py":11:44)
#loc18 = loc("/tmp/kern.py":11:24)
#loc19 = loc("/tmp/kern.py":11:53)
#loc20 = loc("/tmp/kern.py":11:50)
#loc21 = loc("/tmp/kern.py":9:27)
#loc22 = loc("/tmp/kern.py":9:31)
#loc23 = loc("/tmp/kern.py":9:21)
#loc24 = loc("/tmp/kern.py":10:47)
#loc25 = loc("/tmp/kern.py":10:20)
#loc26 = loc("/tmp/kern.py":11:29)
#loc27 = loc("/tmp/kern.py":11:33)
#loc28 = loc("/tmp/kern.py":11:20)
#loc29 = loc("/tmp/kern.py":12:27)
#loc30 = loc("/tmp/kern.py":12:8)
#loc31 = loc("/tmp/kern.py":13:20)
#loc32 = loc("/tmp/kern.py":13:31)
#loc33 = loc("/tmp/kern.py":13:17)
#loc34 = loc("/tmp/kern.py":13:40)
#loc35 = loc("/tmp/kern.py":13:37)
#loc36 = loc("/tmp/kern.py":13:57)
#loc37 = loc("/tmp/kern.py":13:50)
#loc38 = loc("/tmp/kern.py":13:4)
#loc47 = loc("acc"(#loc4))
#loc48 = loc("rm"(#loc5))
#loc49 = loc("rm"(#loc6))
#loc50 = loc("rm"(#loc7))
#loc51 = loc("rm"(#loc8))
#loc52 = loc("rn"(#loc9))
#loc53 = loc("rn"(#loc10))
#loc54 = loc("rn"(#loc11))
#loc55 = loc("rk"(#loc12))
#loc56 = loc("x"(#loc13))
#loc57 = loc("x"(#loc14))
#loc58 = loc("x"(#loc15))
#loc59 = loc("x"(#loc16))
#loc60 = loc("y"(#loc17))
#loc61 = loc("y"(#loc18))
#loc62 = loc("y"(#loc19))
#loc63 = loc("y"(#loc20))
#loc64 = loc("acc"(#loc2))
#loc65 = loc("ki"(#loc21))
#loc66 = loc("ki"(#loc22))
#loc67 = loc("ki"(#loc23))
#loc68 = loc("x"(#loc24))
#loc69 = loc("x"(#loc25))
#loc70 = loc("y"(#loc26))
#loc71 = loc("y"(#loc27))
#loc72 = loc("y"(#loc28))
#loc73 = loc("acc"(#loc29))
#loc74 = loc(callsite(#loc3 at #loc47))

// -----

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#loc = loc("/tmp/kern.py":15:0)
#loc17 = loc("/tmp/kern.py":22:34)
#loc18 = loc(unknown)
#loc22 = loc("x"(#loc))
#loc23 = loc("idx"(#loc))
#loc24 = loc("y"(#loc))
#loc25 = loc("N"(#loc))
#loc39 = loc(callsite(#loc18 at #loc17))
// Triton 3.6 on stream_indirect-BLOCK256-STAGES3-sm90-w4-s3 (MLIR_ENABLE_DUMP of a real compile).
// CHECK-LABEL: @stream_indirect
// CHECK: %cols_6 = tt.splat %acc_4 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : i32 -> tensor<256xi32, #blocked>
// CHECK: %cols_7 = arith.addi %cols_6, %cols {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<256xi32, #blocked>
// CHECK: %i_8 = tt.addptr %i, %cols_7 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
// CHECK: %i_9 = tt.load %i_8 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<256x!tt.ptr<i32>, #blocked>
// CHECK: %acc_10 = tt.addptr %acc_2, %i_9 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
// CHECK: %acc_11 = tt.load %acc_10 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<256x!tt.ptr<f32>, #blocked>
// CHECK: %acc_12 = arith.addf %acc_5, %acc_11 {loop.cluster = 0 : i32, loop.stage = 4 : i32} : tensor<256xf32, #blocked>
// CHECK: } {tt.num_stages = 3 : i32, tt.scheduled_max_stage = 4 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @stream_indirect(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("x"(#loc)), %idx: !tt.ptr<i32> {tt.divisibility = 16 : i32} loc("idx"(#loc)), %y: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("y"(#loc)), %N: i32 {tt.divisibility = 16 : i32} loc("N"(#loc))) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32 loc(#loc1)
    %c256_i32 = arith.constant 256 : i32 loc(#loc1)
    %acc = arith.constant dense<0.000000e+00> : tensor<256xf32, #blocked> loc(#loc40)
    %row = tt.get_program_id x : i32 loc(#loc27)
    %cols = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked> loc(#loc28)
    %i = tt.splat %idx : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked> loc(#loc29)
    %acc_0 = arith.muli %row, %N : i32 loc(#loc30)
    %acc_1 = tt.addptr %x, %acc_0 : !tt.ptr<f32>, i32 loc(#loc31)
    %acc_2 = tt.splat %acc_1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked> loc(#loc32)
    %acc_3 = scf.for %acc_4 = %c0_i32 to %N step %c256_i32 iter_args(%acc_5 = %acc) -> (tensor<256xf32, #blocked>)  : i32 {
      %cols_6 = tt.splat %acc_4 : i32 -> tensor<256xi32, #blocked> loc(#loc34)
      %cols_7 = arith.addi %cols_6, %cols : tensor<256xi32, #blocked> loc(#loc34)
      %i_8 = tt.addptr %i, %cols_7 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked> loc(#loc29)
      %i_9 = tt.load %i_8 {tt.latency = 2 : i32} : tensor<256x!tt.ptr<i32>, #blocked> loc(#loc35)
      %acc_10 = tt.addptr %acc_2, %i_9 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked> loc(#loc32)
      %acc_11 = tt.load %acc_10 {tt.latency = 2 : i32} : tensor<256x!tt.ptr<f32>, #blocked> loc(#loc36)
      %acc_12 = arith.addf %acc_5, %acc_11 : tensor<256xf32, #blocked> loc(#loc37)
      scf.yield %acc_12 : tensor<256xf32, #blocked> loc(#loc14)
    } {tt.num_stages = 3 : i32} loc(#loc33)
    %0 = tt.addptr %y, %row : !tt.ptr<f32>, i32 loc(#loc15)
    %1 = "tt.reduce"(%acc_3) <{axis = 0 : i32}> ({
    ^bb0(%arg4: f32 loc(callsite(#loc18 at #loc17)), %arg5: f32 loc(callsite(#loc18 at #loc17))):
      %2 = arith.addf %arg4, %arg5 : f32 loc(#loc41)
      tt.reduce.return %2 : f32 loc(#loc38)
    }) : (tensor<256xf32, #blocked>) -> f32 loc(#loc38)
    tt.store %0, %1 : !tt.ptr<f32> loc(#loc20)
    tt.return loc(#loc21)
  } loc(#loc)
} loc(#loc)
#loc1 = loc("/tmp/kern.py":18:39)
#loc2 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":129:31)
#loc3 = loc("/tmp/kern.py":17:19)
#loc4 = loc("/tmp/kern.py":16:24)
#loc5 = loc("/tmp/kern.py":19:36)
#loc6 = loc("/tmp/kern.py":20:26)
#loc7 = loc("/tmp/kern.py":21:33)
#loc8 = loc("/tmp/kern.py":21:27)
#loc9 = loc("/tmp/kern.py":21:37)
#loc10 = loc("/tmp/kern.py":19:23)
#loc11 = loc("/tmp/kern.py":20:20)
#loc12 = loc("/tmp/kern.py":21:23)
#loc13 = loc("/tmp/kern.py":21:15)
#loc14 = loc("/tmp/kern.py":21:8)
#loc15 = loc("/tmp/kern.py":22:17)
#loc16 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":293:36)
#loc19 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":263:15)
#loc20 = loc("/tmp/kern.py":22:22)
#loc21 = loc("/tmp/kern.py":22:4)
#loc26 = loc("acc"(#loc3))
#loc27 = loc("row"(#loc4))
#loc28 = loc("cols"(#loc5))
#loc29 = loc("i"(#loc6))
#loc30 = loc("acc"(#loc7))
#loc31 = loc("acc"(#loc8))
#loc32 = loc("acc"(#loc9))
#loc33 = loc("acc"(#loc1))
#loc34 = loc("cols"(#loc10))
#loc35 = loc("i"(#loc11))
#loc36 = loc("acc"(#loc12))
#loc37 = loc("acc"(#loc13))
#loc38 = loc(callsite(#loc16 at #loc17))
#loc40 = loc(callsite(#loc2 at #loc26))
#loc41 = loc(callsite(#loc19 at #loc38))

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#loc = loc("/tmp/kern.py":3:0)
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#loc38 = loc("a"(#loc))
#loc39 = loc("b"(#loc))
#loc40 = loc("c"(#loc))
#loc41 = loc("K"(#loc))
#loc42 = loc("sam"(#loc))
#loc43 = loc("sbk"(#loc))
#loc44 = loc("scm"(#loc))
// Triton 3.6 on mm_range-BM64-BN64-BK32-ST2-UN2-NBTrue-sm80-w4-s3 (MLIR_ENABLE_DUMP of a real compile).
// CHECK-LABEL: @mm_range
// CHECK: %x_47 = tt.splat %acc_45 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK: %x_48 = tt.splat %acc_45 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK: %x_49 = arith.addi %x_47, %rk {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK: %x_50 = arith.addi %x_48, %rk_14 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK: %x_51 = tt.expand_dims %x_49 {axis = 0 : i32, loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x32xi32, #blocked1>
// CHECK: %x_52 = arith.cmpi slt, %x_51, %x {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1x32xi32, #blocked1>
// CHECK: %x_53 = tt.broadcast %x_51 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1x32xi32, #blocked1> -> tensor<64x32xi32, #blocked1>
// CHECK: %x_54 = tt.addptr %x_25, %x_53 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<64x32xi32, #blocked1>
// CHECK: %x_55 = tt.broadcast %x_52 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1x32xi1, #blocked1> -> tensor<64x32xi1, #blocked1>
// CHECK: %x_56 = tt.load %x_54, %x_55, %cst_0 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked1>
// CHECK: %y_57 = tt.expand_dims %x_50 {axis = 1 : i32, loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
// CHECK: %y_58 = arith.cmpi slt, %y_57, %y {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32x1xi32, #blocked>
// CHECK: %y_59 = arith.muli %y_57, %y_26 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32x1xi32, #blocked>
// CHECK: %y_60 = tt.addptr %y_27, %y_59 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked>
// CHECK: %y_61 = tt.broadcast %y_60 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked> -> tensor<32x64x!tt.ptr<f16>, #blocked>
// CHECK: %y_62 = tt.addptr %y_61, %y_29 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
// CHECK: %y_63 = tt.broadcast %y_58 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32x1xi1, #blocked> -> tensor<32x64xi1, #blocked>
// CHECK: %y_64 = tt.load %y_62, %y_63, %cst {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked>
// CHECK: %x_65 = ttg.convert_layout %x_56 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<64x32xf16, #blocked1> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %y_66 = ttg.convert_layout %y_64 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK: %acc_67 = tt.dot %x_65, %y_66, %acc_46, inputPrecision = tf32 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK: %acc_68 = arith.addi %acc_45, %c32_i32 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : i32
// CHECK: %x_69 = tt.splat %acc_68 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK: %x_70 = tt.splat %acc_68 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK: %x_71 = arith.addi %x_69, %rk {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK: %x_72 = arith.addi %x_70, %rk_14 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK: %x_73 = tt.expand_dims %x_71 {axis = 0 : i32, loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x32xi32, #blocked1>
// CHECK: %x_74 = arith.cmpi slt, %x_73, %x {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1x32xi32, #blocked1>
// CHECK: %x_75 = tt.broadcast %x_73 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1x32xi32, #blocked1> -> tensor<64x32xi32, #blocked1>
// CHECK: %x_76 = tt.addptr %x_25, %x_75 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<64x32xi32, #blocked1>
// CHECK: %x_77 = tt.broadcast %x_74 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1x32xi1, #blocked1> -> tensor<64x32xi1, #blocked1>
// CHECK: %x_78 = tt.load %x_76, %x_77, %cst_0 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked1>
// CHECK: %y_79 = tt.expand_dims %x_72 {axis = 1 : i32, loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
// CHECK: %y_80 = arith.cmpi slt, %y_79, %y {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32x1xi32, #blocked>
// CHECK: %y_81 = arith.muli %y_79, %y_26 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32x1xi32, #blocked>
// CHECK: %y_82 = tt.addptr %y_27, %y_81 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked>
// CHECK: %y_83 = tt.broadcast %y_82 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked> -> tensor<32x64x!tt.ptr<f16>, #blocked>
// CHECK: %y_84 = tt.addptr %y_83, %y_29 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
// CHECK: %y_85 = tt.broadcast %y_80 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32x1xi1, #blocked> -> tensor<32x64xi1, #blocked>
// CHECK: %y_86 = tt.load %y_84, %y_85, %cst {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked>
// CHECK: %x_87 = ttg.convert_layout %x_78 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<64x32xf16, #blocked1> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %y_88 = ttg.convert_layout %y_86 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK: %acc_89 = tt.dot %x_87, %y_88, %acc_67, inputPrecision = tf32 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK: } {tt.disallow_acc_multi_buffer, tt.num_stages = 2 : i32, tt.scheduled_max_stage = 1 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mm_range(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("a"(#loc)), %b: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("b"(#loc)), %c: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("c"(#loc)), %K: i32 {tt.divisibility = 16 : i32} loc("K"(#loc)), %sam: i32 {tt.divisibility = 16 : i32} loc("sam"(#loc)), %sbk: i32 {tt.divisibility = 16 : i32} loc("sbk"(#loc)), %scm: i32 {tt.divisibility = 16 : i32} loc("scm"(#loc))) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x64xf16, #blocked> loc(#loc1)
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x32xf16, #blocked1> loc(#loc1)
    %c64_i32 = arith.constant 64 : i32 loc(#loc1)
    %c0_i32 = arith.constant 0 : i32 loc(#loc2)
    %c32_i32 = arith.constant 32 : i32 loc(#loc2)
    %acc = arith.constant 31 : i32 loc(#loc45)
    %acc_1 = arith.constant 2 : i32 loc(#loc45)
    %acc_2 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma> loc(#loc71)
    %rm = tt.get_program_id x : i32 loc(#loc47)
    %rm_3 = arith.muli %rm, %c64_i32 : i32 loc(#loc48)
    %rm_4 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc49)
    %rm_5 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc49)
    %rm_6 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc49)
    %rm_7 = tt.splat %rm_3 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc50)
    %rm_8 = tt.splat %rm_3 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc50)
    %rm_9 = arith.addi %rm_7, %rm_4 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc50)
    %rm_10 = arith.addi %rm_8, %rm_5 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc50)
    %rn = tt.get_program_id y : i32 loc(#loc51)
    %rn_11 = arith.muli %rn, %c64_i32 : i32 loc(#loc52)
    %rn_12 = tt.splat %rn_11 : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc53)
    %rn_13 = arith.addi %rn_12, %rm_6 : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc53)
    %rk = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc54)
    %rk_14 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc54)
    %acc_15 = arith.addi %K, %acc : i32 loc(#loc45)
    %acc_16 = arith.divui %acc_15, %c32_i32 : i32 loc(#loc45)
    %acc_17 = arith.remsi %acc_16, %acc_1 : i32 loc(#loc45)
    %acc_18 = arith.subi %acc_16, %acc_17 : i32 loc(#loc45)
    %acc_19 = arith.muli %acc_18, %c32_i32 : i32 loc(#loc45)
    %x = tt.splat %K : i32 -> tensor<1x32xi32, #blocked1> loc(#loc55)
    %x_20 = tt.expand_dims %rm_9 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1> loc(#loc56)
    %x_21 = tt.splat %sam : i32 -> tensor<64x1xi32, #blocked1> loc(#loc57)
    %x_22 = arith.muli %x_20, %x_21 : tensor<64x1xi32, #blocked1> loc(#loc57)
    %x_23 = tt.splat %a : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1> loc(#loc58)
    %x_24 = tt.addptr %x_23, %x_22 : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1> loc(#loc58)
    %x_25 = tt.broadcast %x_24 : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x32x!tt.ptr<f16>, #blocked1> loc(#loc59)
    %y = tt.splat %K : i32 -> tensor<32x1xi32, #blocked> loc(#loc60)
    %y_26 = tt.splat %sbk : i32 -> tensor<32x1xi32, #blocked> loc(#loc61)
    %y_27 = tt.splat %b : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>, #blocked> loc(#loc62)
    %y_28 = tt.expand_dims %rn_13 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked> loc(#loc63)
    %y_29 = tt.broadcast %y_28 : tensor<1x64xi32, #blocked> -> tensor<32x64xi32, #blocked> loc(#loc64)
    %acc_30 = scf.for %acc_45 = %c0_i32 to %acc_19 step %c64_i32 iter_args(%acc_46 = %acc_2) -> (tensor<64x64xf32, #mma>)  : i32 {
      %x_47 = tt.splat %acc_45 : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc65)
      %x_48 = tt.splat %acc_45 : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc65)
      %x_49 = arith.addi %x_47, %rk : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc65)
      %x_50 = arith.addi %x_48, %rk_14 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc65)
      %x_51 = tt.expand_dims %x_49 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x32xi32, #blocked1> loc(#loc66)
      %x_52 = arith.cmpi slt, %x_51, %x : tensor<1x32xi32, #blocked1> loc(#loc55)
      %x_53 = tt.broadcast %x_51 : tensor<1x32xi32, #blocked1> -> tensor<64x32xi32, #blocked1> loc(#loc59)
      %x_54 = tt.addptr %x_25, %x_53 : tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<64x32xi32, #blocked1> loc(#loc59)
      %x_55 = tt.broadcast %x_52 : tensor<1x32xi1, #blocked1> -> tensor<64x32xi1, #blocked1> loc(#loc67)
      %x_56 = tt.load %x_54, %x_55, %cst_0 {tt.latency = 1 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked1> loc(#loc67)
      %y_57 = tt.expand_dims %x_50 {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked> loc(#loc68)
      %y_58 = arith.cmpi slt, %y_57, %y : tensor<32x1xi32, #blocked> loc(#loc60)
      %y_59 = arith.muli %y_57, %y_26 : tensor<32x1xi32, #blocked> loc(#loc61)
      %y_60 = tt.addptr %y_27, %y_59 : tensor<32x1x!tt.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked> loc(#loc62)
      %y_61 = tt.broadcast %y_60 : tensor<32x1x!tt.ptr<f16>, #blocked> -> tensor<32x64x!tt.ptr<f16>, #blocked> loc(#loc64)
      %y_62 = tt.addptr %y_61, %y_29 : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked> loc(#loc64)
      %y_63 = tt.broadcast %y_58 : tensor<32x1xi1, #blocked> -> tensor<32x64xi1, #blocked> loc(#loc69)
      %y_64 = tt.load %y_62, %y_63, %cst {tt.latency = 1 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked> loc(#loc69)
      %x_65 = ttg.convert_layout %x_56 : tensor<64x32xf16, #blocked1> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> loc(#loc67)
      %y_66 = ttg.convert_layout %y_64 : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> loc(#loc69)
      %acc_67 = tt.dot %x_65, %y_66, %acc_46, inputPrecision = tf32 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma> loc(#loc70)
      %acc_68 = arith.addi %acc_45, %c32_i32 : i32 loc(#loc45)
      %x_69 = tt.splat %acc_68 : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc65)
      %x_70 = tt.splat %acc_68 : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc65)
      %x_71 = arith.addi %x_69, %rk : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc65)
      %x_72 = arith.addi %x_70, %rk_14 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc65)
      %x_73 = tt.expand_dims %x_71 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x32xi32, #blocked1> loc(#loc66)
      %x_74 = arith.cmpi slt, %x_73, %x : tensor<1x32xi32, #blocked1> loc(#loc55)
      %x_75 = tt.broadcast %x_73 : tensor<1x32xi32, #blocked1> -> tensor<64x32xi32, #blocked1> loc(#loc59)
      %x_76 = tt.addptr %x_25, %x_75 : tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<64x32xi32, #blocked1> loc(#loc59)
      %x_77 = tt.broadcast %x_74 : tensor<1x32xi1, #blocked1> -> tensor<64x32xi1, #blocked1> loc(#loc67)
      %x_78 = tt.load %x_76, %x_77, %cst_0 {tt.latency = 1 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked1> loc(#loc67)
      %y_79 = tt.expand_dims %x_72 {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked> loc(#loc68)
      %y_80 = arith.cmpi slt, %y_79, %y : tensor<32x1xi32, #blocked> loc(#loc60)
      %y_81 = arith.muli %y_79, %y_26 : tensor<32x1xi32, #blocked> loc(#loc61)
      %y_82 = tt.addptr %y_27, %y_81 : tensor<32x1x!tt.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked> loc(#loc62)
      %y_83 = tt.broadcast %y_82 : tensor<32x1x!tt.ptr<f16>, #blocked> -> tensor<32x64x!tt.ptr<f16>, #blocked> loc(#loc64)
      %y_84 = tt.addptr %y_83, %y_29 : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked> loc(#loc64)
      %y_85 = tt.broadcast %y_80 : tensor<32x1xi1, #blocked> -> tensor<32x64xi1, #blocked> loc(#loc69)
      %y_86 = tt.load %y_84, %y_85, %cst {tt.latency = 1 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked> loc(#loc69)
      %x_87 = ttg.convert_layout %x_78 : tensor<64x32xf16, #blocked1> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> loc(#loc67)
      %y_88 = ttg.convert_layout %y_86 : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> loc(#loc69)
      %acc_89 = tt.dot %x_87, %y_88, %acc_67, inputPrecision = tf32 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma> loc(#loc70)
      scf.yield %acc_89 : tensor<64x64xf32, #mma> loc(#loc29)
    } {tt.disallow_acc_multi_buffer, tt.num_stages = 2 : i32} loc(#loc45)
    %acc_31 = ttg.convert_layout %acc_30 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma1> loc(#loc45)
    %x_32 = tt.splat %K : i32 -> tensor<1x32xi32, #blocked1> loc(#loc55)
    %x_33 = tt.expand_dims %rm_9 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1> loc(#loc56)
    %x_34 = tt.splat %sam : i32 -> tensor<64x1xi32, #blocked1> loc(#loc57)
    %x_35 = arith.muli %x_33, %x_34 : tensor<64x1xi32, #blocked1> loc(#loc57)
    %x_36 = tt.splat %a : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1> loc(#loc58)
    %x_37 = tt.addptr %x_36, %x_35 : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1> loc(#loc58)
    %x_38 = tt.broadcast %x_37 : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x32x!tt.ptr<f16>, #blocked1> loc(#loc59)
    %y_39 = tt.splat %K : i32 -> tensor<32x1xi32, #blocked> loc(#loc60)
    %y_40 = tt.splat %sbk : i32 -> tensor<32x1xi32, #blocked> loc(#loc61)
    %y_41 = tt.splat %b : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>, #blocked> loc(#loc62)
    %y_42 = tt.expand_dims %rn_13 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked> loc(#loc63)
    %y_43 = tt.broadcast %y_42 : tensor<1x64xi32, #blocked> -> tensor<32x64xi32, #blocked> loc(#loc64)
    %acc_44 = scf.for %acc_45 = %acc_19 to %K step %c32_i32 iter_args(%acc_46 = %acc_31) -> (tensor<64x64xf32, #mma1>)  : i32 {
      %x_47 = tt.splat %acc_45 : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc65)
      %x_48 = tt.splat %acc_45 : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc65)
      %x_49 = arith.addi %x_47, %rk : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc65)
      %x_50 = arith.addi %x_48, %rk_14 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc65)
      %x_51 = tt.expand_dims %x_49 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x32xi32, #blocked1> loc(#loc66)
      %x_52 = arith.cmpi slt, %x_51, %x_32 : tensor<1x32xi32, #blocked1> loc(#loc55)
      %x_53 = tt.broadcast %x_51 : tensor<1x32xi32, #blocked1> -> tensor<64x32xi32, #blocked1> loc(#loc59)
      %x_54 = tt.addptr %x_38, %x_53 : tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<64x32xi32, #blocked1> loc(#loc59)
      %x_55 = tt.broadcast %x_52 : tensor<1x32xi1, #blocked1> -> tensor<64x32xi1, #blocked1> loc(#loc67)
      %x_56 = tt.load %x_54, %x_55, %cst_0 : tensor<64x32x!tt.ptr<f16>, #blocked1> loc(#loc67)
      %y_57 = tt.expand_dims %x_50 {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked> loc(#loc68)
      %y_58 = arith.cmpi slt, %y_57, %y_39 : tensor<32x1xi32, #blocked> loc(#loc60)
      %y_59 = arith.muli %y_57, %y_40 : tensor<32x1xi32, #blocked> loc(#loc61)
      %y_60 = tt.addptr %y_41, %y_59 : tensor<32x1x!tt.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked> loc(#loc62)
      %y_61 = tt.broadcast %y_60 : tensor<32x1x!tt.ptr<f16>, #blocked> -> tensor<32x64x!tt.ptr<f16>, #blocked> loc(#loc64)
      %y_62 = tt.addptr %y_61, %y_43 : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked> loc(#loc64)
      %y_63 = tt.broadcast %y_58 : tensor<32x1xi1, #blocked> -> tensor<32x64xi1, #blocked> loc(#loc69)
      %y_64 = tt.load %y_62, %y_63, %cst : tensor<32x64x!tt.ptr<f16>, #blocked> loc(#loc69)
      %x_65 = ttg.convert_layout %x_56 : tensor<64x32xf16, #blocked1> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> loc(#loc67)
      %y_66 = ttg.convert_layout %y_64 : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 2}>> loc(#loc69)
      %acc_67 = tt.dot %x_65, %y_66, %acc_46, inputPrecision = tf32 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 2}>> -> tensor<64x64xf32, #mma1> loc(#loc70)
      scf.yield %acc_67 : tensor<64x64xf32, #mma1> loc(#loc29)
    } {tt.disallow_acc_multi_buffer, tt.num_stages = 1 : i32} loc(#loc45)
    %0 = tt.expand_dims %rm_10 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked> loc(#loc30)
    %1 = tt.splat %scm : i32 -> tensor<64x1xi32, #blocked> loc(#loc31)
    %2 = arith.muli %0, %1 : tensor<64x1xi32, #blocked> loc(#loc31)
    %3 = tt.splat %c : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked> loc(#loc32)
    %4 = tt.addptr %3, %2 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked> loc(#loc32)
    %5 = tt.expand_dims %rn_13 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked> loc(#loc33)
    %6 = tt.broadcast %4 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked> loc(#loc34)
    %7 = tt.broadcast %5 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked> loc(#loc34)
    %8 = tt.addptr %6, %7 : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked> loc(#loc34)
    %9 = arith.truncf %acc_44 : tensor<64x64xf32, #mma1> to tensor<64x64xf16, #mma1> loc(#loc35)
    %10 = ttg.convert_layout %9 : tensor<64x64xf16, #mma1> -> tensor<64x64xf16, #blocked> loc(#loc36)
    tt.store %8, %10 : tensor<64x64x!tt.ptr<f16>, #blocked> loc(#loc36)
    tt.return loc(#loc37)
  } loc(#loc)
} loc(#loc)
#loc1 = loc(unknown)
#loc2 = loc("/tmp/kern.py":8:70)
#loc3 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":129:31)
#loc4 = loc("/tmp/kern.py":7:19)
#loc5 = loc("/tmp/kern.py":4:23)
#loc6 = loc("/tmp/kern.py":4:28)
#loc7 = loc("/tmp/kern.py":4:46)
#loc8 = loc("/tmp/kern.py":4:33)
#loc9 = loc("/tmp/kern.py":5:23)
#loc10 = loc("/tmp/kern.py":5:28)
#loc11 = loc("/tmp/kern.py":5:33)
#loc12 = loc("/tmp/kern.py":6:22)
#loc13 = loc("/tmp/kern.py":9:88)
#loc14 = loc("/tmp/kern.py":9:27)
#loc15 = loc("/tmp/kern.py":9:38)
#loc16 = loc("/tmp/kern.py":9:24)
#loc17 = loc("/tmp/kern.py":9:44)
#loc18 = loc("/tmp/kern.py":10:88)
#loc19 = loc("/tmp/kern.py":10:44)
#loc20 = loc("/tmp/kern.py":10:24)
#loc21 = loc("/tmp/kern.py":10:53)
#loc22 = loc("/tmp/kern.py":10:50)
#loc23 = loc("/tmp/kern.py":9:73)
#loc24 = loc("/tmp/kern.py":9:77)
#loc25 = loc("/tmp/kern.py":9:20)
#loc26 = loc("/tmp/kern.py":10:77)
#loc27 = loc("/tmp/kern.py":10:20)
#loc28 = loc("/tmp/kern.py":11:27)
#loc29 = loc("/tmp/kern.py":11:8)
#loc30 = loc("/tmp/kern.py":12:20)
#loc31 = loc("/tmp/kern.py":12:31)
#loc32 = loc("/tmp/kern.py":12:17)
#loc33 = loc("/tmp/kern.py":12:40)
#loc34 = loc("/tmp/kern.py":12:37)
#loc35 = loc("/tmp/kern.py":12:57)
#loc36 = loc("/tmp/kern.py":12:50)
#loc37 = loc("/tmp/kern.py":12:4)
#loc45 = loc("acc"(#loc2))
#loc46 = loc("acc"(#loc4))
#loc47 = loc("rm"(#loc5))
#loc48 = loc("rm"(#loc6))
#loc49 = loc("rm"(#loc7))
#loc50 = loc("rm"(#loc8))
#loc51 = loc("rn"(#loc9))
#loc52 = loc("rn"(#loc10))
#loc53 = loc("rn"(#loc11))
#loc54 = loc("rk"(#loc12))
#loc55 = loc("x"(#loc13))
#loc56 = loc("x"(#loc14))
#loc57 = loc("x"(#loc15))
#loc58 = loc("x"(#loc16))
#loc59 = loc("x"(#loc17))
#loc60 = loc("y"(#loc18))
#loc61 = loc("y"(#loc19))
#loc62 = loc("y"(#loc20))
#loc63 = loc("y"(#loc21))
#loc64 = loc("y"(#loc22))
#loc65 = loc("x"(#loc23))
#loc66 = loc("x"(#loc24))
#loc67 = loc("x"(#loc25))
#loc68 = loc("y"(#loc26))
#loc69 = loc("y"(#loc27))
#loc70 = loc("acc"(#loc28))
#loc71 = loc(callsite(#loc3 at #loc46))

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#loc = loc("/tmp/kern.py":14:0)
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#loc48 = loc("a"(#loc))
#loc49 = loc("b"(#loc))
#loc50 = loc("c"(#loc))
#loc51 = loc("K"(#loc))
#loc52 = loc("sam"(#loc))
#loc53 = loc("sbk"(#loc))
#loc54 = loc("scm"(#loc))
// Triton 3.6 on mm_if-BM64-BN64-BK32-sm90-w4-s3 (MLIR_ENABLE_DUMP of a real compile).
// CHECK-LABEL: @mm_if
// CHECK: %x_24 = arith.muli %acc_22, %c32_i32 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32
// CHECK: %x_25 = tt.splat %x_24 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK: %x_26 = tt.splat %x_24 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK: %x_27 = arith.addi %x_25, %rk {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK: %x_28 = arith.addi %x_26, %rk_11 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK: %x_29 = tt.expand_dims %x_27 {axis = 0 : i32, loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
// CHECK: %x_30 = tt.broadcast %x_29 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
// CHECK: %x_31 = tt.addptr %x_17, %x_30 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
// CHECK: %x_32 = tt.load %x_31 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK: %x_33 = ttg.local_alloc %x_32 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
// CHECK: %y_34 = tt.expand_dims %x_28 {axis = 1 : i32, loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<32x1xi32, #blocked1>
// CHECK: %y_35 = arith.muli %y_34, %y {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1xi32, #blocked1>
// CHECK: %y_36 = tt.addptr %y_18, %y_35 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked1>, tensor<32x1xi32, #blocked1>
// CHECK: %y_37 = tt.broadcast %y_36 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked1> -> tensor<32x64x!tt.ptr<f16>, #blocked1>
// CHECK: %y_38 = tt.addptr %y_37, %y_20 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
// CHECK: %y_39 = tt.load %y_38 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked1>
// CHECK: %y_40 = ttg.local_alloc %y_39 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<32x64xf16, #blocked1>) -> !ttg.memdesc<32x64xf16, #shared1, #smem>
// CHECK: %acc_41 = ttng.warp_group_dot %x_33, %y_40, %acc_23 {inputPrecision = 0 : i32, loop.cluster = 0 : i32, loop.stage = 2 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
// CHECK: %13 = arith.remsi %acc_22, %c4_i32 {loop.cluster = 3 : i32, loop.stage = 2 : i32} : i32
// CHECK: %14 = arith.cmpi eq, %13, %c3_i32 {loop.cluster = 3 : i32, loop.stage = 2 : i32} : i32
// CHECK: } {loop.cluster = 3 : i32, loop.stage = 2 : i32}
// CHECK: } {tt.scheduled_max_stage = 2 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mm_if(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("a"(#loc)), %b: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("b"(#loc)), %c: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("c"(#loc)), %K: i32 {tt.divisibility = 16 : i32} loc("K"(#loc)), %sam: i32 {tt.divisibility = 16 : i32} loc("sam"(#loc)), %sbk: i32 {tt.divisibility = 16 : i32} loc("sbk"(#loc)), %scm: i32 {tt.divisibility = 16 : i32} loc("scm"(#loc))) attributes {noinline = false} {
    %c64_i32 = arith.constant 64 : i32 loc(#loc1)
    %c32_i32 = arith.constant 32 : i32 loc(#loc1)
    %c4_i32 = arith.constant 4 : i32 loc(#loc1)
    %c3_i32 = arith.constant 3 : i32 loc(#loc1)
    %c0_i32 = arith.constant 0 : i32 loc(#loc2)
    %c1_i32 = arith.constant 1 : i32 loc(#loc2)
    %c31_i32 = arith.constant 31 : i32 loc(#loc1)
    %acc = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma> loc(#loc82)
    %rm = tt.get_program_id x : i32 loc(#loc56)
    %rm_0 = arith.muli %rm, %c64_i32 : i32 loc(#loc57)
    %rm_1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc58)
    %rm_2 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc58)
    %rm_3 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc58)
    %rm_4 = tt.splat %rm_0 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc59)
    %rm_5 = tt.splat %rm_0 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc59)
    %rm_6 = arith.addi %rm_4, %rm_1 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc59)
    %rm_7 = arith.addi %rm_5, %rm_2 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc59)
    %rn = tt.get_program_id y : i32 loc(#loc60)
    %rn_8 = arith.muli %rn, %c64_i32 : i32 loc(#loc61)
    %rn_9 = tt.splat %rn_8 : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc62)
    %rn_10 = arith.addi %rn_9, %rm_3 : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc62)
    %rk = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc63)
    %rk_11 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc63)
    %0 = arith.addi %K, %c31_i32 : i32 loc(#loc64)
    %1 = arith.divsi %0, %c32_i32 : i32 loc(#loc65)
    %x = tt.expand_dims %rm_6 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked> loc(#loc66)
    %x_12 = tt.expand_dims %rm_7 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1> loc(#loc66)
    %x_13 = tt.splat %sam : i32 -> tensor<64x1xi32, #blocked> loc(#loc67)
    %x_14 = arith.muli %x, %x_13 : tensor<64x1xi32, #blocked> loc(#loc67)
    %x_15 = tt.splat %a : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked> loc(#loc68)
    %x_16 = tt.addptr %x_15, %x_14 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked> loc(#loc68)
    %x_17 = tt.broadcast %x_16 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x32x!tt.ptr<f16>, #blocked> loc(#loc69)
    %y = tt.splat %sbk : i32 -> tensor<32x1xi32, #blocked1> loc(#loc70)
    %y_18 = tt.splat %b : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>, #blocked1> loc(#loc71)
    %y_19 = tt.expand_dims %rn_10 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1> loc(#loc72)
    %y_20 = tt.broadcast %y_19 : tensor<1x64xi32, #blocked1> -> tensor<32x64xi32, #blocked1> loc(#loc73)
    %acc_21 = scf.for %acc_22 = %c0_i32 to %1 step %c1_i32 iter_args(%acc_23 = %acc) -> (tensor<64x64xf32, #mma>)  : i32 {
      %x_24 = arith.muli %acc_22, %c32_i32 : i32 loc(#loc75)
      %x_25 = tt.splat %x_24 : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc76)
      %x_26 = tt.splat %x_24 : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc76)
      %x_27 = arith.addi %x_25, %rk : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc76)
      %x_28 = arith.addi %x_26, %rk_11 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc76)
      %x_29 = tt.expand_dims %x_27 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked> loc(#loc77)
      %x_30 = tt.broadcast %x_29 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked> loc(#loc69)
      %x_31 = tt.addptr %x_17, %x_30 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked> loc(#loc69)
      %x_32 = tt.load %x_31 {tt.latency = 2 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked> loc(#loc78)
      %x_33 = ttg.local_alloc %x_32 : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem> loc(#loc78)
      %y_34 = tt.expand_dims %x_28 {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<32x1xi32, #blocked1> loc(#loc79)
      %y_35 = arith.muli %y_34, %y : tensor<32x1xi32, #blocked1> loc(#loc70)
      %y_36 = tt.addptr %y_18, %y_35 : tensor<32x1x!tt.ptr<f16>, #blocked1>, tensor<32x1xi32, #blocked1> loc(#loc71)
      %y_37 = tt.broadcast %y_36 : tensor<32x1x!tt.ptr<f16>, #blocked1> -> tensor<32x64x!tt.ptr<f16>, #blocked1> loc(#loc73)
      %y_38 = tt.addptr %y_37, %y_20 : tensor<32x64x!tt.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1> loc(#loc73)
      %y_39 = tt.load %y_38 {tt.latency = 2 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked1> loc(#loc80)
      %y_40 = ttg.local_alloc %y_39 : (tensor<32x64xf16, #blocked1>) -> !ttg.memdesc<32x64xf16, #shared1, #smem> loc(#loc80)
      %acc_41 = ttng.warp_group_dot %x_33, %y_40, %acc_23 {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma> loc(#loc81)
      %13 = arith.remsi %acc_22, %c4_i32 : i32 loc(#loc31)
      %14 = arith.cmpi eq, %13, %c3_i32 : i32 loc(#loc32)
      scf.if %14 {
        %15 = tt.splat %scm : i32 -> tensor<64x1xi32, #blocked1> loc(#loc34)
        %16 = arith.muli %x_12, %15 : tensor<64x1xi32, #blocked1> loc(#loc34)
        %17 = tt.splat %c : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1> loc(#loc35)
        %18 = tt.addptr %17, %16 : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1> loc(#loc35)
        %19 = tt.broadcast %18 : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x64x!tt.ptr<f16>, #blocked1> loc(#loc36)
        %20 = tt.broadcast %y_19 : tensor<1x64xi32, #blocked1> -> tensor<64x64xi32, #blocked1> loc(#loc36)
        %21 = tt.addptr %19, %20 : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1> loc(#loc36)
        %22 = arith.truncf %acc_41 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma> loc(#loc37)
        %23 = ttg.convert_layout %22 : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked1> loc(#loc38)
        tt.store %21, %23 : tensor<64x64x!tt.ptr<f16>, #blocked1> loc(#loc38)
      } loc(#loc33)
      scf.yield %acc_41 : tensor<64x64xf32, #mma> loc(#loc39)
    } loc(#loc74)
    %2 = tt.expand_dims %rm_7 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1> loc(#loc40)
    %3 = tt.splat %scm : i32 -> tensor<64x1xi32, #blocked1> loc(#loc41)
    %4 = arith.muli %2, %3 : tensor<64x1xi32, #blocked1> loc(#loc41)
    %5 = tt.splat %c : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1> loc(#loc42)
    %6 = tt.addptr %5, %4 : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1> loc(#loc42)
    %7 = tt.expand_dims %rn_10 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1> loc(#loc43)
    %8 = tt.broadcast %6 : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x64x!tt.ptr<f16>, #blocked1> loc(#loc44)
    %9 = tt.broadcast %7 : tensor<1x64xi32, #blocked1> -> tensor<64x64xi32, #blocked1> loc(#loc44)
    %10 = tt.addptr %8, %9 : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1> loc(#loc44)
    %11 = arith.truncf %acc_21 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma> loc(#loc45)
    %12 = ttg.convert_layout %11 : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked1> loc(#loc46)
    tt.store %10, %12 : tensor<64x64x!tt.ptr<f16>, #blocked1> loc(#loc46)
    tt.return loc(#loc47)
  } loc(#loc)
} loc(#loc)
#loc1 = loc(unknown)
#loc2 = loc("/tmp/kern.py":19:19)
#loc3 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":129:31)
#loc4 = loc("/tmp/kern.py":18:19)
#loc5 = loc("/tmp/kern.py":15:23)
#loc6 = loc("/tmp/kern.py":15:28)
#loc7 = loc("/tmp/kern.py":15:46)
#loc8 = loc("/tmp/kern.py":15:33)
#loc9 = loc("/tmp/kern.py":16:23)
#loc10 = loc("/tmp/kern.py":16:28)
#loc11 = loc("/tmp/kern.py":16:33)
#loc12 = loc("/tmp/kern.py":17:22)
#loc13 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":43:17)
#loc14 = loc("/tmp/kern.py":19:30)
#loc15 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":43:30)
#loc16 = loc("/tmp/kern.py":20:27)
#loc17 = loc("/tmp/kern.py":20:38)
#loc18 = loc("/tmp/kern.py":20:24)
#loc19 = loc("/tmp/kern.py":20:44)
#loc20 = loc("/tmp/kern.py":21:49)
#loc21 = loc("/tmp/kern.py":21:24)
#loc22 = loc("/tmp/kern.py":21:58)
#loc23 = loc("/tmp/kern.py":21:55)
#loc24 = loc("/tmp/kern.py":20:49)
#loc25 = loc("/tmp/kern.py":20:54)
#loc26 = loc("/tmp/kern.py":20:58)
#loc27 = loc("/tmp/kern.py":20:20)
#loc28 = loc("/tmp/kern.py":21:38)
#loc29 = loc("/tmp/kern.py":21:20)
#loc30 = loc("/tmp/kern.py":22:27)
#loc31 = loc("/tmp/kern.py":23:15)
#loc32 = loc("/tmp/kern.py":23:20)
#loc33 = loc("/tmp/kern.py":23:11)
#loc34 = loc("/tmp/kern.py":24:39)
#loc35 = loc("/tmp/kern.py":24:25)
#loc36 = loc("/tmp/kern.py":24:45)
#loc37 = loc("/tmp/kern.py":24:65)
#loc38 = loc("/tmp/kern.py":24:58)
#loc39 = loc("/tmp/kern.py":23:8)
#loc40 = loc("/tmp/kern.py":25:20)
#loc41 = loc("/tmp/kern.py":25:31)
#loc42 = loc("/tmp/kern.py":25:17)
#loc43 = loc("/tmp/kern.py":25:40)
#loc44 = loc("/tmp/kern.py":25:37)
#loc45 = loc("/tmp/kern.py":25:57)
#loc46 = loc("/tmp/kern.py":25:50)
#loc47 = loc("/tmp/kern.py":25:4)
#loc55 = loc("acc"(#loc4))
#loc56 = loc("rm"(#loc5))
#loc57 = loc("rm"(#loc6))
#loc58 = loc("rm"(#loc7))
#loc59 = loc("rm"(#loc8))
#loc60 = loc("rn"(#loc9))
#loc61 = loc("rn"(#loc10))
#loc62 = loc("rn"(#loc11))
#loc63 = loc("rk"(#loc12))
#loc64 = loc(callsite(#loc13 at #loc14))
#loc65 = loc(callsite(#loc15 at #loc14))
#loc66 = loc("x"(#loc16))
#loc67 = loc("x"(#loc17))
#loc68 = loc("x"(#loc18))
#loc69 = loc("x"(#loc19))
#loc70 = loc("y"(#loc20))
#loc71 = loc("y"(#loc21))
#loc72 = loc("y"(#loc22))
#loc73 = loc("y"(#loc23))
#loc74 = loc("acc"(#loc2))
#loc75 = loc("x"(#loc24))
#loc76 = loc("x"(#loc25))
#loc77 = loc("x"(#loc26))
#loc78 = loc("x"(#loc27))
#loc79 = loc("y"(#loc28))
#loc80 = loc("y"(#loc29))
#loc81 = loc("acc"(#loc30))
#loc82 = loc(callsite(#loc3 at #loc55))

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#loc = loc("/tmp/kern.py":16:0)
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#loc32 = loc("a"(#loc))
#loc33 = loc("b"(#loc))
#loc34 = loc("c"(#loc))
#loc35 = loc("N"(#loc))
#loc36 = loc("K"(#loc))
#loc37 = loc("sam"(#loc))
#loc38 = loc("sbk"(#loc))
#loc39 = loc("scm"(#loc))
// Triton 3.6 on mm_nest-BM64-BN64-BK32-sm80-w4-s3 (MLIR_ENABLE_DUMP of a real compile).
// CHECK-LABEL: @mm_nest
// CHECK: %acc_24 = tt.splat %acc_23 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK: %acc_25 = tt.splat %acc_23 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked2}>>
// CHECK: %acc_26 = arith.addi %acc_24, %rk {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK: %acc_27 = arith.addi %acc_25, %rk_9 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked2}>>
// CHECK: %acc_28 = tt.expand_dims %acc_26 {axis = 0 : i32, loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
// CHECK: %acc_29 = tt.broadcast %acc_28 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
// CHECK: %acc_30 = tt.addptr %acc_14, %acc_29 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
// CHECK: %acc_31 = tt.load %acc_30 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK: %acc_32 = tt.expand_dims %acc_27 {axis = 1 : i32, loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<32x1xi32, #blocked2>
// CHECK: %acc_33 = arith.muli %acc_32, %acc_15 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1xi32, #blocked2>
// CHECK: %acc_34 = tt.addptr %acc_16, %acc_33 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked2>, tensor<32x1xi32, #blocked2>
// CHECK: %acc_35 = tt.broadcast %acc_34 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked2> -> tensor<32x64x!tt.ptr<f16>, #blocked2>
// CHECK: %acc_36 = tt.addptr %acc_35, %acc_21 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked2>, tensor<32x64xi32, #blocked2>
// CHECK: %acc_37 = tt.load %acc_36 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked2>
// CHECK: %acc_38 = ttg.convert_layout %acc_31 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %acc_39 = ttg.convert_layout %acc_37 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<32x64xf16, #blocked2> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK: %acc_40 = tt.dot %acc_38, %acc_39, %arg10, inputPrecision = tf32 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK: } {tt.scheduled_max_stage = 2 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mm_nest(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("a"(#loc)), %b: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("b"(#loc)), %c: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("c"(#loc)), %N: i32 {tt.divisibility = 16 : i32} loc("N"(#loc)), %K: i32 {tt.divisibility = 16 : i32} loc("K"(#loc)), %sam: i32 {tt.divisibility = 16 : i32} loc("sam"(#loc)), %sbk: i32 {tt.divisibility = 16 : i32} loc("sbk"(#loc)), %scm: i32 {tt.divisibility = 16 : i32} loc("scm"(#loc))) attributes {noinline = false} {
    %c64_i32 = arith.constant 64 : i32 loc(#loc1)
    %c0_i32 = arith.constant 0 : i32 loc(#loc1)
    %c32_i32 = arith.constant 32 : i32 loc(#loc1)
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma> loc(#loc1)
    %rm = tt.get_program_id x : i32 loc(#loc40)
    %rm_0 = arith.muli %rm, %c64_i32 : i32 loc(#loc41)
    %rm_1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc42)
    %rm_2 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc42)
    %rm_3 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> loc(#loc42)
    %rm_4 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc42)
    %rm_5 = tt.splat %rm_0 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc43)
    %rm_6 = tt.splat %rm_0 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc43)
    %rm_7 = arith.addi %rm_5, %rm_1 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc43)
    %rm_8 = arith.addi %rm_6, %rm_2 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc43)
    %rk = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc44)
    %rk_9 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> loc(#loc44)
    %acc = tt.expand_dims %rm_7 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked> loc(#loc45)
    %acc_10 = tt.splat %sam : i32 -> tensor<64x1xi32, #blocked> loc(#loc46)
    %acc_11 = arith.muli %acc, %acc_10 : tensor<64x1xi32, #blocked> loc(#loc46)
    %acc_12 = tt.splat %a : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked> loc(#loc47)
    %acc_13 = tt.addptr %acc_12, %acc_11 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked> loc(#loc47)
    %acc_14 = tt.broadcast %acc_13 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x32x!tt.ptr<f16>, #blocked> loc(#loc48)
    %acc_15 = tt.splat %sbk : i32 -> tensor<32x1xi32, #blocked2> loc(#loc49)
    %acc_16 = tt.splat %b : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>, #blocked2> loc(#loc50)
    %0 = tt.expand_dims %rm_8 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1> loc(#loc13)
    %1 = tt.splat %scm : i32 -> tensor<64x1xi32, #blocked1> loc(#loc14)
    %2 = arith.muli %0, %1 : tensor<64x1xi32, #blocked1> loc(#loc14)
    %3 = tt.splat %c : !tt.ptr<f32> -> tensor<64x1x!tt.ptr<f32>, #blocked1> loc(#loc15)
    %4 = tt.addptr %3, %2 : tensor<64x1x!tt.ptr<f32>, #blocked1>, tensor<64x1xi32, #blocked1> loc(#loc15)
    %5 = tt.broadcast %4 : tensor<64x1x!tt.ptr<f32>, #blocked1> -> tensor<64x64x!tt.ptr<f32>, #blocked1> loc(#loc16)
    scf.for %j = %c0_i32 to %N step %c64_i32  : i32 {
      %rn = tt.splat %j : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> loc(#loc51)
      %rn_17 = tt.splat %j : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc51)
      %rn_18 = arith.addi %rn, %rm_3 : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> loc(#loc51)
      %rn_19 = arith.addi %rn_17, %rm_4 : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc51)
      %acc_20 = tt.expand_dims %rn_18 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> -> tensor<1x64xi32, #blocked2> loc(#loc52)
      %acc_21 = tt.broadcast %acc_20 : tensor<1x64xi32, #blocked2> -> tensor<32x64xi32, #blocked2> loc(#loc53)
      %acc_22 = scf.for %acc_23 = %c0_i32 to %K step %c32_i32 iter_args(%arg10 = %cst) -> (tensor<64x64xf32, #mma>)  : i32 {
        %acc_24 = tt.splat %acc_23 : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc55)
        %acc_25 = tt.splat %acc_23 : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> loc(#loc55)
        %acc_26 = arith.addi %acc_24, %rk : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc55)
        %acc_27 = arith.addi %acc_25, %rk_9 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> loc(#loc55)
        %acc_28 = tt.expand_dims %acc_26 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked> loc(#loc56)
        %acc_29 = tt.broadcast %acc_28 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked> loc(#loc48)
        %acc_30 = tt.addptr %acc_14, %acc_29 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked> loc(#loc48)
        %acc_31 = tt.load %acc_30 {tt.latency = 2 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked> loc(#loc57)
        %acc_32 = tt.expand_dims %acc_27 {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<32x1xi32, #blocked2> loc(#loc58)
        %acc_33 = arith.muli %acc_32, %acc_15 : tensor<32x1xi32, #blocked2> loc(#loc49)
        %acc_34 = tt.addptr %acc_16, %acc_33 : tensor<32x1x!tt.ptr<f16>, #blocked2>, tensor<32x1xi32, #blocked2> loc(#loc50)
        %acc_35 = tt.broadcast %acc_34 : tensor<32x1x!tt.ptr<f16>, #blocked2> -> tensor<32x64x!tt.ptr<f16>, #blocked2> loc(#loc53)
        %acc_36 = tt.addptr %acc_35, %acc_21 : tensor<32x64x!tt.ptr<f16>, #blocked2>, tensor<32x64xi32, #blocked2> loc(#loc53)
        %acc_37 = tt.load %acc_36 {tt.latency = 2 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked2> loc(#loc59)
        %acc_38 = ttg.convert_layout %acc_31 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> loc(#loc57)
        %acc_39 = ttg.convert_layout %acc_37 : tensor<32x64xf16, #blocked2> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> loc(#loc59)
        %acc_40 = tt.dot %acc_38, %acc_39, %arg10, inputPrecision = tf32 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma> loc(#loc60)
        scf.yield %acc_40 : tensor<64x64xf32, #mma> loc(#loc28)
      } loc(#loc54)
      %6 = tt.expand_dims %rn_19 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1> loc(#loc29)
      %7 = tt.broadcast %6 : tensor<1x64xi32, #blocked1> -> tensor<64x64xi32, #blocked1> loc(#loc16)
      %8 = tt.addptr %5, %7 : tensor<64x64x!tt.ptr<f32>, #blocked1>, tensor<64x64xi32, #blocked1> loc(#loc16)
      %9 = ttg.convert_layout %acc_22 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked1> loc(#loc30)
      tt.store %8, %9 : tensor<64x64x!tt.ptr<f32>, #blocked1> loc(#loc30)
    } loc(#loc17)
    tt.return loc(#loc31)
  } loc(#loc)
} loc(#loc)
#loc1 = loc(unknown)
#loc2 = loc("/tmp/kern.py":17:23)
#loc3 = loc("/tmp/kern.py":17:28)
#loc4 = loc("/tmp/kern.py":17:46)
#loc5 = loc("/tmp/kern.py":17:33)
#loc6 = loc("/tmp/kern.py":18:22)
#loc7 = loc("/tmp/kern.py":23:40)
#loc8 = loc("/tmp/kern.py":23:51)
#loc9 = loc("/tmp/kern.py":23:37)
#loc10 = loc("/tmp/kern.py":23:57)
#loc11 = loc("/tmp/kern.py":23:109)
#loc12 = loc("/tmp/kern.py":23:89)
#loc13 = loc("/tmp/kern.py":24:24)
#loc14 = loc("/tmp/kern.py":24:35)
#loc15 = loc("/tmp/kern.py":24:21)
#loc16 = loc("/tmp/kern.py":24:41)
#loc17 = loc("/tmp/kern.py":19:25)
#loc18 = loc("/tmp/kern.py":20:17)
#loc19 = loc("/tmp/kern.py":23:118)
#loc20 = loc("/tmp/kern.py":23:115)
#loc21 = loc("/tmp/kern.py":22:29)
#loc22 = loc("/tmp/kern.py":23:62)
#loc23 = loc("/tmp/kern.py":23:66)
#loc24 = loc("/tmp/kern.py":23:33)
#loc25 = loc("/tmp/kern.py":23:98)
#loc26 = loc("/tmp/kern.py":23:85)
#loc27 = loc("/tmp/kern.py":23:129)
#loc28 = loc("/tmp/kern.py":23:12)
#loc29 = loc("/tmp/kern.py":24:44)
#loc30 = loc("/tmp/kern.py":24:54)
#loc31 = loc("/tmp/kern.py":19:4)
#loc40 = loc("rm"(#loc2))
#loc41 = loc("rm"(#loc3))
#loc42 = loc("rm"(#loc4))
#loc43 = loc("rm"(#loc5))
#loc44 = loc("rk"(#loc6))
#loc45 = loc("acc"(#loc7))
#loc46 = loc("acc"(#loc8))
#loc47 = loc("acc"(#loc9))
#loc48 = loc("acc"(#loc10))
#loc49 = loc("acc"(#loc11))
#loc50 = loc("acc"(#loc12))
#loc51 = loc("rn"(#loc18))
#loc52 = loc("acc"(#loc19))
#loc53 = loc("acc"(#loc20))
#loc54 = loc("acc"(#loc21))
#loc55 = loc("acc"(#loc22))
#loc56 = loc("acc"(#loc23))
#loc57 = loc("acc"(#loc24))
#loc58 = loc("acc"(#loc25))
#loc59 = loc("acc"(#loc26))
#loc60 = loc("acc"(#loc27))

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#loc = loc("/tmp/kern.py":3:0)
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
#loc34 = loc("a"(#loc))
#loc35 = loc("b"(#loc))
#loc36 = loc("c"(#loc))
#loc37 = loc("K"(#loc))
#loc38 = loc("sam"(#loc))
#loc39 = loc("sbk"(#loc))
#loc40 = loc("scm"(#loc))
// Triton 3.6 on mm_fp8-BM128-BN128-BK64-sm90-w8-s4 (MLIR_ENABLE_DUMP of a real compile).
// CHECK-LABEL: @mm_dt
// CHECK: %acc_41 = tt.load %pa_39 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f8E4M3FN>, #blocked>
// CHECK: %acc_42 = ttg.local_alloc %acc_41 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : (tensor<128x64xf8E4M3FN, #blocked>) -> !ttg.memdesc<128x64xf8E4M3FN, #shared, #smem>
// CHECK: %acc_43 = tt.load %pb_40 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : tensor<64x128x!tt.ptr<f8E4M3FN>, #blocked2>
// CHECK: %acc_44 = ttg.local_alloc %acc_43 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : (tensor<64x128xf8E4M3FN, #blocked2>) -> !ttg.memdesc<64x128xf8E4M3FN, #shared1, #smem>
// CHECK: %acc_45 = ttng.warp_group_dot %acc_42, %acc_44, %acc_38 {inputPrecision = 0 : i32, loop.cluster = 0 : i32, loop.stage = 3 : i32, maxNumImpreciseAcc = 1073741824 : i32} : !ttg.memdesc<128x64xf8E4M3FN, #shared, #smem> * !ttg.memdesc<64x128xf8E4M3FN, #shared1, #smem> -> tensor<128x128xf32, #mma>
// CHECK: %pa_46 = tt.addptr %pa_39, %cst {loop.cluster = 3 : i32, loop.stage = 1 : i32} : tensor<128x64x!tt.ptr<f8E4M3FN>, #blocked>, tensor<128x64xi32, #blocked>
// CHECK: %pb_47 = tt.addptr %pb_40, %pb_35 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : tensor<64x128x!tt.ptr<f8E4M3FN>, #blocked2>, tensor<64x128xi32, #blocked2>
// CHECK: } {tt.scheduled_max_stage = 3 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mm_dt(%a: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32} loc("a"(#loc)), %b: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32} loc("b"(#loc)), %c: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("c"(#loc)), %K: i32 {tt.divisibility = 16 : i32} loc("K"(#loc)), %sam: i32 {tt.divisibility = 16 : i32} loc("sam"(#loc)), %sbk: i32 {tt.divisibility = 16 : i32} loc("sbk"(#loc)), %scm: i32 {tt.divisibility = 16 : i32} loc("scm"(#loc))) attributes {noinline = false} {
    %cst = arith.constant dense<64> : tensor<128x64xi32, #blocked> loc(#loc1)
    %c64_i32 = arith.constant 64 : i32 loc(#loc1)
    %c128_i32 = arith.constant 128 : i32 loc(#loc1)
    %c0_i32 = arith.constant 0 : i32 loc(#loc2)
    %acc = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma> loc(#loc66)
    %rm = tt.get_program_id x : i32 loc(#loc42)
    %rm_0 = arith.muli %rm, %c128_i32 : i32 loc(#loc43)
    %rm_1 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc44)
    %rm_2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc44)
    %rm_3 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> loc(#loc44)
    %rm_4 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc44)
    %rm_5 = tt.splat %rm_0 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc45)
    %rm_6 = tt.splat %rm_0 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc45)
    %rm_7 = arith.addi %rm_5, %rm_1 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc45)
    %rm_8 = arith.addi %rm_6, %rm_2 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc45)
    %rn = tt.get_program_id y : i32 loc(#loc46)
    %rn_9 = arith.muli %rn, %c128_i32 : i32 loc(#loc47)
    %rn_10 = tt.splat %rn_9 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> loc(#loc48)
    %rn_11 = tt.splat %rn_9 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc48)
    %rn_12 = arith.addi %rn_10, %rm_3 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> loc(#loc48)
    %rn_13 = arith.addi %rn_11, %rm_4 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc48)
    %pa = tt.expand_dims %rm_7 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked> loc(#loc49)
    %pa_14 = tt.expand_dims %rm_8 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1> loc(#loc49)
    %pa_15 = tt.splat %sam : i32 -> tensor<128x1xi32, #blocked> loc(#loc50)
    %pa_16 = arith.muli %pa, %pa_15 : tensor<128x1xi32, #blocked> loc(#loc50)
    %pa_17 = tt.splat %a : !tt.ptr<f8E4M3FN> -> tensor<128x1x!tt.ptr<f8E4M3FN>, #blocked> loc(#loc51)
    %pa_18 = tt.addptr %pa_17, %pa_16 : tensor<128x1x!tt.ptr<f8E4M3FN>, #blocked>, tensor<128x1xi32, #blocked> loc(#loc51)
    %pa_19 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc52)
    %pa_20 = tt.expand_dims %pa_19 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked> loc(#loc52)
    %pa_21 = tt.broadcast %pa_18 : tensor<128x1x!tt.ptr<f8E4M3FN>, #blocked> -> tensor<128x64x!tt.ptr<f8E4M3FN>, #blocked> loc(#loc53)
    %pa_22 = tt.broadcast %pa_20 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked> loc(#loc53)
    %pa_23 = tt.addptr %pa_21, %pa_22 : tensor<128x64x!tt.ptr<f8E4M3FN>, #blocked>, tensor<128x64xi32, #blocked> loc(#loc53)
    %pb = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> loc(#loc54)
    %pb_24 = tt.expand_dims %pb {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<64x1xi32, #blocked2> loc(#loc54)
    %pb_25 = tt.splat %sbk : i32 -> tensor<64x1xi32, #blocked2> loc(#loc55)
    %pb_26 = arith.muli %pb_24, %pb_25 : tensor<64x1xi32, #blocked2> loc(#loc55)
    %pb_27 = tt.splat %b : !tt.ptr<f8E4M3FN> -> tensor<64x1x!tt.ptr<f8E4M3FN>, #blocked2> loc(#loc56)
    %pb_28 = tt.addptr %pb_27, %pb_26 : tensor<64x1x!tt.ptr<f8E4M3FN>, #blocked2>, tensor<64x1xi32, #blocked2> loc(#loc56)
    %pb_29 = tt.expand_dims %rn_12 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> -> tensor<1x128xi32, #blocked2> loc(#loc57)
    %pb_30 = tt.expand_dims %rn_13 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1> loc(#loc57)
    %pb_31 = tt.broadcast %pb_28 : tensor<64x1x!tt.ptr<f8E4M3FN>, #blocked2> -> tensor<64x128x!tt.ptr<f8E4M3FN>, #blocked2> loc(#loc58)
    %pb_32 = tt.broadcast %pb_29 : tensor<1x128xi32, #blocked2> -> tensor<64x128xi32, #blocked2> loc(#loc58)
    %pb_33 = tt.addptr %pb_31, %pb_32 : tensor<64x128x!tt.ptr<f8E4M3FN>, #blocked2>, tensor<64x128xi32, #blocked2> loc(#loc58)
    %pb_34 = arith.muli %sbk, %c64_i32 : i32 loc(#loc59)
    %pb_35 = tt.splat %pb_34 : i32 -> tensor<64x128xi32, #blocked2> loc(#loc60)
    %acc_36:3 = scf.for %acc_37 = %c0_i32 to %K step %c64_i32 iter_args(%acc_38 = %acc, %pa_39 = %pa_23, %pb_40 = %pb_33) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f8E4M3FN>, #blocked>, tensor<64x128x!tt.ptr<f8E4M3FN>, #blocked2>)  : i32 {
      %acc_41 = tt.load %pa_39 {tt.latency = 3 : i32} : tensor<128x64x!tt.ptr<f8E4M3FN>, #blocked> loc(#loc62)
      %acc_42 = ttg.local_alloc %acc_41 : (tensor<128x64xf8E4M3FN, #blocked>) -> !ttg.memdesc<128x64xf8E4M3FN, #shared, #smem> loc(#loc62)
      %acc_43 = tt.load %pb_40 : tensor<64x128x!tt.ptr<f8E4M3FN>, #blocked2> loc(#loc63)
      %acc_44 = ttg.local_alloc %acc_43 : (tensor<64x128xf8E4M3FN, #blocked2>) -> !ttg.memdesc<64x128xf8E4M3FN, #shared1, #smem> loc(#loc63)
      %acc_45 = ttng.warp_group_dot %acc_42, %acc_44, %acc_38 {inputPrecision = 0 : i32, maxNumImpreciseAcc = 1073741824 : i32} : !ttg.memdesc<128x64xf8E4M3FN, #shared, #smem> * !ttg.memdesc<64x128xf8E4M3FN, #shared1, #smem> -> tensor<128x128xf32, #mma> loc(#loc64)
      %pa_46 = tt.addptr %pa_39, %cst : tensor<128x64x!tt.ptr<f8E4M3FN>, #blocked>, tensor<128x64xi32, #blocked> loc(#loc65)
      %pb_47 = tt.addptr %pb_40, %pb_35 : tensor<64x128x!tt.ptr<f8E4M3FN>, #blocked2>, tensor<64x128xi32, #blocked2> loc(#loc60)
      scf.yield %acc_45, %pa_46, %pb_47 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f8E4M3FN>, #blocked>, tensor<64x128x!tt.ptr<f8E4M3FN>, #blocked2> loc(#loc28)
    } loc(#loc68)
    %0 = tt.splat %scm : i32 -> tensor<128x1xi32, #blocked1> loc(#loc29)
    %1 = arith.muli %pa_14, %0 : tensor<128x1xi32, #blocked1> loc(#loc29)
    %2 = tt.splat %c : !tt.ptr<f32> -> tensor<128x1x!tt.ptr<f32>, #blocked1> loc(#loc30)
    %3 = tt.addptr %2, %1 : tensor<128x1x!tt.ptr<f32>, #blocked1>, tensor<128x1xi32, #blocked1> loc(#loc30)
    %4 = tt.broadcast %3 : tensor<128x1x!tt.ptr<f32>, #blocked1> -> tensor<128x128x!tt.ptr<f32>, #blocked1> loc(#loc31)
    %5 = tt.broadcast %pb_30 : tensor<1x128xi32, #blocked1> -> tensor<128x128xi32, #blocked1> loc(#loc31)
    %6 = tt.addptr %4, %5 : tensor<128x128x!tt.ptr<f32>, #blocked1>, tensor<128x128xi32, #blocked1> loc(#loc31)
    %7 = ttg.convert_layout %acc_36#0 : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked1> loc(#loc32)
    tt.store %6, %7 : tensor<128x128x!tt.ptr<f32>, #blocked1> loc(#loc32)
    tt.return loc(#loc33)
  } loc(#loc)
} loc(#loc)
#loc1 = loc(unknown)
#loc2 = loc("/tmp/kern.py":10:25)
#loc3 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":129:31)
#loc4 = loc("/tmp/kern.py":9:19)
#loc5 = loc("/tmp/kern.py":4:23)
#loc6 = loc("/tmp/kern.py":4:28)
#loc7 = loc("/tmp/kern.py":4:46)
#loc8 = loc("/tmp/kern.py":4:33)
#loc9 = loc("/tmp/kern.py":5:23)
#loc10 = loc("/tmp/kern.py":5:28)
#loc11 = loc("/tmp/kern.py":5:33)
#loc12 = loc("/tmp/kern.py":7:16)
#loc13 = loc("/tmp/kern.py":7:27)
#loc14 = loc("/tmp/kern.py":7:13)
#loc15 = loc("/tmp/kern.py":7:36)
#loc16 = loc("/tmp/kern.py":7:33)
#loc17 = loc("/tmp/kern.py":8:16)
#loc18 = loc("/tmp/kern.py":8:27)
#loc19 = loc("/tmp/kern.py":8:13)
#loc20 = loc("/tmp/kern.py":8:36)
#loc21 = loc("/tmp/kern.py":8:33)
#loc22 = loc("/tmp/kern.py":13:19)
#loc23 = loc("/tmp/kern.py":13:14)
#loc24 = loc("/tmp/kern.py":11:29)
#loc25 = loc("/tmp/kern.py":11:42)
#loc26 = loc("/tmp/kern.py":11:47)
#loc27 = loc("/tmp/kern.py":12:14)
#loc28 = loc("/tmp/kern.py":13:8)
#loc29 = loc("/tmp/kern.py":14:31)
#loc30 = loc("/tmp/kern.py":14:17)
#loc31 = loc("/tmp/kern.py":14:37)
#loc32 = loc("/tmp/kern.py":14:50)
#loc33 = loc("/tmp/kern.py":14:4)
#loc41 = loc("acc"(#loc4))
#loc42 = loc("rm"(#loc5))
#loc43 = loc("rm"(#loc6))
#loc44 = loc("rm"(#loc7))
#loc45 = loc("rm"(#loc8))
#loc46 = loc("rn"(#loc9))
#loc47 = loc("rn"(#loc10))
#loc48 = loc("rn"(#loc11))
#loc49 = loc("pa"(#loc12))
#loc50 = loc("pa"(#loc13))
#loc51 = loc("pa"(#loc14))
#loc52 = loc("pa"(#loc15))
#loc53 = loc("pa"(#loc16))
#loc54 = loc("pb"(#loc17))
#loc55 = loc("pb"(#loc18))
#loc56 = loc("pb"(#loc19))
#loc57 = loc("pb"(#loc20))
#loc58 = loc("pb"(#loc21))
#loc59 = loc("pb"(#loc22))
#loc60 = loc("pb"(#loc23))
#loc61 = loc("pa"(#loc2))
#loc62 = loc("acc"(#loc24))
#loc63 = loc("acc"(#loc25))
#loc64 = loc("acc"(#loc26))
#loc65 = loc("pa"(#loc27))
#loc66 = loc(callsite(#loc3 at #loc41))
#loc67 = loc("pb"(#loc61))
#loc68 = loc("acc"(#loc67))

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#loc = loc("/tmp/kern.py":25:0)
#loc1 = loc(unknown)
#loc19 = loc("/tmp/kern.py":30:47)
#loc23 = loc("x"(#loc))
#loc24 = loc("y"(#loc))
#loc25 = loc("N"(#loc))
#loc39 = loc(callsite(#loc1 at #loc19))
// Triton 3.6 on ssum16-BL64-ST4-sm80-w4-s3 (MLIR_ENABLE_DUMP of a real compile).
// CHECK-LABEL: @ssum
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ssum(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("x"(#loc)), %y: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("y"(#loc)), %N: i32 {tt.divisibility = 16 : i32} loc("N"(#loc))) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<64xf16, #blocked> loc(#loc1)
    %c64_i32 = arith.constant 64 : i32 loc(#loc2)
    %c0_i32 = arith.constant 0 : i32 loc(#loc2)
    %acc = arith.constant dense<0.000000e+00> : tensor<64xf32, #blocked> loc(#loc40)
    %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked> loc(#loc27)
    %acc_0 = tt.splat %N : i32 -> tensor<64xi32, #blocked> loc(#loc28)
    %acc_1 = tt.get_program_id x : i32 loc(#loc29)
    %acc_2 = arith.muli %acc_1, %N : i32 loc(#loc30)
    %acc_3 = tt.addptr %x, %acc_2 : !tt.ptr<f16>, i32 loc(#loc31)
    %acc_4 = tt.splat %acc_3 : !tt.ptr<f16> -> tensor<64x!tt.ptr<f16>, #blocked> loc(#loc32)
    %acc_5 = scf.for %st = %c0_i32 to %N step %c64_i32 iter_args(%acc_6 = %acc) -> (tensor<64xf32, #blocked>)  : i32 {
      %c_7 = tt.splat %st : i32 -> tensor<64xi32, #blocked> loc(#loc34)
      %c_8 = arith.addi %c_7, %c : tensor<64xi32, #blocked> loc(#loc34)
      %acc_9 = arith.cmpi slt, %c_8, %acc_0 : tensor<64xi32, #blocked> loc(#loc28)
      %acc_10 = tt.addptr %acc_4, %c_8 : tensor<64x!tt.ptr<f16>, #blocked>, tensor<64xi32, #blocked> loc(#loc32)
      %acc_11 = tt.load %acc_10, %acc_9, %cst : tensor<64x!tt.ptr<f16>, #blocked> loc(#loc35)
      %acc_12 = arith.extf %acc_11 : tensor<64xf16, #blocked> to tensor<64xf32, #blocked> loc(#loc36)
      %acc_13 = arith.addf %acc_6, %acc_12 : tensor<64xf32, #blocked> loc(#loc37)
      scf.yield %acc_13 : tensor<64xf32, #blocked> loc(#loc15)
    } {tt.num_stages = 4 : i32} loc(#loc33)
    %0 = tt.get_program_id x : i32 loc(#loc16)
    %1 = tt.addptr %y, %0 : !tt.ptr<f32>, i32 loc(#loc17)
    %2 = "tt.reduce"(%acc_5) <{axis = 0 : i32}> ({
    ^bb0(%arg3: f32 loc(callsite(#loc1 at #loc19)), %arg4: f32 loc(callsite(#loc1 at #loc19))):
      %3 = arith.addf %arg3, %arg4 : f32 loc(#loc41)
      tt.reduce.return %3 : f32 loc(#loc38)
    }) : (tensor<64xf32, #blocked>) -> f32 loc(#loc38)
    tt.store %1, %2 : !tt.ptr<f32> loc(#loc21)
    tt.return loc(#loc22)
  } loc(#loc)
} loc(#loc)
#loc2 = loc("/tmp/kern.py":27:33)
#loc3 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":129:31)
#loc4 = loc("/tmp/kern.py":26:19)
#loc5 = loc("/tmp/kern.py":28:30)
#loc6 = loc("/tmp/kern.py":29:62)
#loc7 = loc("/tmp/kern.py":29:41)
#loc8 = loc("/tmp/kern.py":29:46)
#loc9 = loc("/tmp/kern.py":29:27)
#loc10 = loc("/tmp/kern.py":29:50)
#loc11 = loc("/tmp/kern.py":28:17)
#loc12 = loc("/tmp/kern.py":29:23)
#loc13 = loc("/tmp/kern.py":29:77)
#loc14 = loc("/tmp/kern.py":29:15)
#loc15 = loc("/tmp/kern.py":29:8)
#loc16 = loc("/tmp/kern.py":30:31)
#loc17 = loc("/tmp/kern.py":30:17)
#loc18 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":293:36)
#loc20 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":263:15)
#loc21 = loc("/tmp/kern.py":30:35)
#loc22 = loc("/tmp/kern.py":30:4)
#loc26 = loc("acc"(#loc4))
#loc27 = loc("c"(#loc5))
#loc28 = loc("acc"(#loc6))
#loc29 = loc("acc"(#loc7))
#loc30 = loc("acc"(#loc8))
#loc31 = loc("acc"(#loc9))
#loc32 = loc("acc"(#loc10))
#loc33 = loc("acc"(#loc2))
#loc34 = loc("c"(#loc11))
#loc35 = loc("acc"(#loc12))
#loc36 = loc("acc"(#loc13))
#loc37 = loc("acc"(#loc14))
#loc38 = loc(callsite(#loc18 at #loc19))
#loc40 = loc(callsite(#loc3 at #loc26))
#loc41 = loc(callsite(#loc20 at #loc38))

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#loc = loc("/tmp/kern.py":3:0)
#loc1 = loc(unknown)
#loc27 = loc("/tmp/kern.py":11:40)
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#loc43 = loc("a"(#loc))
#loc44 = loc("b"(#loc))
#loc45 = loc("c"(#loc))
#loc46 = loc("s"(#loc))
#loc47 = loc("K"(#loc))
#loc48 = loc("sam"(#loc))
#loc49 = loc("sbk"(#loc))
#loc50 = loc("scm"(#loc))
#loc74 = loc("tot"(#loc27))
#loc83 = loc(callsite(#loc1 at #loc74))
// Triton 3.6 on mm_su-BM64-BN64-BK32-sm90-w4-s3 (MLIR_ENABLE_DUMP of a real compile).
// CHECK-LABEL: @mm_su
// CHECK: %x_31 = tt.splat %tot_28 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK: %x_32 = tt.splat %tot_28 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked2}>>
// CHECK: %x_33 = arith.addi %x_31, %rk {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK: %x_34 = arith.addi %x_32, %rk_17 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked2}>>
// CHECK: %x_35 = tt.expand_dims %x_33 {axis = 0 : i32, loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
// CHECK: %x_36 = tt.broadcast %x_35 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
// CHECK: %x_37 = tt.addptr %x_22, %x_36 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
// CHECK: %x_38 = tt.load %x_37 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK: %x_39 = ttg.local_alloc %x_38 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
// CHECK: %tot_40 = arith.extf %x_38 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x32xf16, #blocked> to tensor<64x32xf32, #blocked>
// CHECK: }) {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x32xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK: %tot_42 = arith.addf %tot_30, %tot_41 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK: %acc_43 = tt.expand_dims %x_34 {axis = 1 : i32, loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<32x1xi32, #blocked2>
// CHECK: %acc_44 = arith.muli %acc_43, %acc_23 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1xi32, #blocked2>
// CHECK: %acc_45 = tt.addptr %acc_24, %acc_44 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked2>, tensor<32x1xi32, #blocked2>
// CHECK: %acc_46 = tt.broadcast %acc_45 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked2> -> tensor<32x64x!tt.ptr<f16>, #blocked2>
// CHECK: %acc_47 = tt.addptr %acc_46, %acc_26 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked2>, tensor<32x64xi32, #blocked2>
// CHECK: %acc_48 = tt.load %acc_47 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked2>
// CHECK: %acc_49 = ttg.local_alloc %acc_48 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<32x64xf16, #blocked2>) -> !ttg.memdesc<32x64xf16, #shared1, #smem>
// CHECK: %acc_50 = ttng.warp_group_dot %x_39, %acc_49, %acc_29 {inputPrecision = 0 : i32, loop.cluster = 0 : i32, loop.stage = 2 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
// CHECK: } {tt.scheduled_max_stage = 2 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mm_su(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("a"(#loc)), %b: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("b"(#loc)), %c: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("c"(#loc)), %s: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("s"(#loc)), %K: i32 {tt.divisibility = 16 : i32} loc("K"(#loc)), %sam: i32 {tt.divisibility = 16 : i32} loc("sam"(#loc)), %sbk: i32 {tt.divisibility = 16 : i32} loc("sbk"(#loc)), %scm: i32 {tt.divisibility = 16 : i32} loc("scm"(#loc))) attributes {noinline = false} {
    %c64_i32 = arith.constant 64 : i32 loc(#loc1)
    %c0_i32 = arith.constant 0 : i32 loc(#loc2)
    %c32_i32 = arith.constant 32 : i32 loc(#loc2)
    %tot = arith.constant dense<0.000000e+00> : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc79)
    %acc = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma> loc(#loc80)
    %rm = tt.get_program_id x : i32 loc(#loc53)
    %rm_0 = arith.muli %rm, %c64_i32 : i32 loc(#loc54)
    %rm_1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc55)
    %rm_2 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc55)
    %rm_3 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> loc(#loc55)
    %rm_4 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc55)
    %rm_5 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked3> loc(#loc55)
    %rm_6 = tt.splat %rm_0 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc56)
    %rm_7 = tt.splat %rm_0 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc56)
    %rm_8 = tt.splat %rm_0 : i32 -> tensor<64xi32, #blocked3> loc(#loc56)
    %rm_9 = arith.addi %rm_6, %rm_1 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc56)
    %rm_10 = arith.addi %rm_7, %rm_2 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc56)
    %rm_11 = arith.addi %rm_8, %rm_5 : tensor<64xi32, #blocked3> loc(#loc56)
    %rn = tt.get_program_id y : i32 loc(#loc57)
    %rn_12 = arith.muli %rn, %c64_i32 : i32 loc(#loc58)
    %rn_13 = tt.splat %rn_12 : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> loc(#loc59)
    %rn_14 = tt.splat %rn_12 : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc59)
    %rn_15 = arith.addi %rn_13, %rm_3 : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> loc(#loc59)
    %rn_16 = arith.addi %rn_14, %rm_4 : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc59)
    %rk = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc60)
    %rk_17 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> loc(#loc60)
    %x = tt.expand_dims %rm_9 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked> loc(#loc61)
    %x_18 = tt.splat %sam : i32 -> tensor<64x1xi32, #blocked> loc(#loc62)
    %x_19 = arith.muli %x, %x_18 : tensor<64x1xi32, #blocked> loc(#loc62)
    %x_20 = tt.splat %a : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked> loc(#loc63)
    %x_21 = tt.addptr %x_20, %x_19 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked> loc(#loc63)
    %x_22 = tt.broadcast %x_21 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x32x!tt.ptr<f16>, #blocked> loc(#loc64)
    %acc_23 = tt.splat %sbk : i32 -> tensor<32x1xi32, #blocked2> loc(#loc65)
    %acc_24 = tt.splat %b : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>, #blocked2> loc(#loc66)
    %acc_25 = tt.expand_dims %rn_15 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> -> tensor<1x64xi32, #blocked2> loc(#loc67)
    %acc_26 = tt.broadcast %acc_25 : tensor<1x64xi32, #blocked2> -> tensor<32x64xi32, #blocked2> loc(#loc68)
    %tot_27:2 = scf.for %tot_28 = %c0_i32 to %K step %c32_i32 iter_args(%acc_29 = %acc, %tot_30 = %tot) -> (tensor<64x64xf32, #mma>, tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %x_31 = tt.splat %tot_28 : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc70)
      %x_32 = tt.splat %tot_28 : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> loc(#loc70)
      %x_33 = arith.addi %x_31, %rk : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc70)
      %x_34 = arith.addi %x_32, %rk_17 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> loc(#loc70)
      %x_35 = tt.expand_dims %x_33 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked> loc(#loc71)
      %x_36 = tt.broadcast %x_35 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked> loc(#loc64)
      %x_37 = tt.addptr %x_22, %x_36 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked> loc(#loc64)
      %x_38 = tt.load %x_37 {tt.latency = 2 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked> loc(#loc72)
      %x_39 = ttg.local_alloc %x_38 : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem> loc(#loc72)
      %tot_40 = arith.extf %x_38 : tensor<64x32xf16, #blocked> to tensor<64x32xf32, #blocked> loc(#loc73)
      %tot_41 = "tt.reduce"(%tot_40) <{axis = 1 : i32}> ({
      ^bb0(%tot_51: f32 loc(callsite(#loc1 at #loc74)), %tot_52: f32 loc(callsite(#loc1 at #loc74))):
        %tot_53 = arith.addf %tot_51, %tot_52 : f32 loc(#loc84)
        tt.reduce.return %tot_53 : f32 loc(#loc82)
      }) : (tensor<64x32xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc82)
      %tot_42 = arith.addf %tot_30, %tot_41 : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc75)
      %acc_43 = tt.expand_dims %x_34 {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<32x1xi32, #blocked2> loc(#loc76)
      %acc_44 = arith.muli %acc_43, %acc_23 : tensor<32x1xi32, #blocked2> loc(#loc65)
      %acc_45 = tt.addptr %acc_24, %acc_44 : tensor<32x1x!tt.ptr<f16>, #blocked2>, tensor<32x1xi32, #blocked2> loc(#loc66)
      %acc_46 = tt.broadcast %acc_45 : tensor<32x1x!tt.ptr<f16>, #blocked2> -> tensor<32x64x!tt.ptr<f16>, #blocked2> loc(#loc68)
      %acc_47 = tt.addptr %acc_46, %acc_26 : tensor<32x64x!tt.ptr<f16>, #blocked2>, tensor<32x64xi32, #blocked2> loc(#loc68)
      %acc_48 = tt.load %acc_47 {tt.latency = 2 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked2> loc(#loc77)
      %acc_49 = ttg.local_alloc %acc_48 : (tensor<32x64xf16, #blocked2>) -> !ttg.memdesc<32x64xf16, #shared1, #smem> loc(#loc77)
      %acc_50 = ttng.warp_group_dot %x_39, %acc_49, %acc_29 {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma> loc(#loc78)
      scf.yield %acc_50, %tot_42 : tensor<64x64xf32, #mma>, tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc33)
    } loc(#loc81)
    %0 = tt.expand_dims %rm_10 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1> loc(#loc34)
    %1 = tt.splat %scm : i32 -> tensor<64x1xi32, #blocked1> loc(#loc35)
    %2 = arith.muli %0, %1 : tensor<64x1xi32, #blocked1> loc(#loc35)
    %3 = tt.splat %c : !tt.ptr<f32> -> tensor<64x1x!tt.ptr<f32>, #blocked1> loc(#loc36)
    %4 = tt.addptr %3, %2 : tensor<64x1x!tt.ptr<f32>, #blocked1>, tensor<64x1xi32, #blocked1> loc(#loc36)
    %5 = tt.expand_dims %rn_16 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1> loc(#loc37)
    %6 = tt.broadcast %4 : tensor<64x1x!tt.ptr<f32>, #blocked1> -> tensor<64x64x!tt.ptr<f32>, #blocked1> loc(#loc38)
    %7 = tt.broadcast %5 : tensor<1x64xi32, #blocked1> -> tensor<64x64xi32, #blocked1> loc(#loc38)
    %8 = tt.addptr %6, %7 : tensor<64x64x!tt.ptr<f32>, #blocked1>, tensor<64x64xi32, #blocked1> loc(#loc38)
    %9 = ttg.convert_layout %tot_27#0 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked1> loc(#loc39)
    tt.store %8, %9 : tensor<64x64x!tt.ptr<f32>, #blocked1> loc(#loc39)
    %10 = tt.splat %s : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked3> loc(#loc40)
    %11 = tt.addptr %10, %rm_11 : tensor<64x!tt.ptr<f32>, #blocked3>, tensor<64xi32, #blocked3> loc(#loc40)
    %12 = ttg.convert_layout %tot_27#1 : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64xf32, #blocked3> loc(#loc41)
    tt.store %11, %12 : tensor<64x!tt.ptr<f32>, #blocked3> loc(#loc41)
    tt.return loc(#loc42)
  } loc(#loc)
} loc(#loc)
#loc2 = loc("/tmp/kern.py":9:25)
#loc3 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":129:31)
#loc4 = loc("/tmp/kern.py":8:19)
#loc5 = loc("/tmp/kern.py":7:19)
#loc6 = loc("/tmp/kern.py":4:23)
#loc7 = loc("/tmp/kern.py":4:28)
#loc8 = loc("/tmp/kern.py":4:46)
#loc9 = loc("/tmp/kern.py":4:33)
#loc10 = loc("/tmp/kern.py":5:23)
#loc11 = loc("/tmp/kern.py":5:28)
#loc12 = loc("/tmp/kern.py":5:33)
#loc13 = loc("/tmp/kern.py":6:22)
#loc14 = loc("/tmp/kern.py":10:27)
#loc15 = loc("/tmp/kern.py":10:38)
#loc16 = loc("/tmp/kern.py":10:24)
#loc17 = loc("/tmp/kern.py":10:44)
#loc18 = loc("/tmp/kern.py":12:56)
#loc19 = loc("/tmp/kern.py":12:36)
#loc20 = loc("/tmp/kern.py":12:65)
#loc21 = loc("/tmp/kern.py":12:62)
#loc22 = loc("/tmp/kern.py":10:49)
#loc23 = loc("/tmp/kern.py":10:53)
#loc24 = loc("/tmp/kern.py":10:20)
#loc25 = loc("/tmp/kern.py":11:27)
#loc26 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":293:36)
#loc28 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":263:15)
#loc29 = loc("/tmp/kern.py":11:15)
#loc30 = loc("/tmp/kern.py":12:45)
#loc31 = loc("/tmp/kern.py":12:32)
#loc32 = loc("/tmp/kern.py":12:76)
#loc33 = loc("/tmp/kern.py":12:8)
#loc34 = loc("/tmp/kern.py":13:20)
#loc35 = loc("/tmp/kern.py":13:31)
#loc36 = loc("/tmp/kern.py":13:17)
#loc37 = loc("/tmp/kern.py":13:40)
#loc38 = loc("/tmp/kern.py":13:37)
#loc39 = loc("/tmp/kern.py":13:50)
#loc40 = loc("/tmp/kern.py":14:17)
#loc41 = loc("/tmp/kern.py":14:21)
#loc42 = loc("/tmp/kern.py":14:4)
#loc51 = loc("tot"(#loc4))
#loc52 = loc("acc"(#loc5))
#loc53 = loc("rm"(#loc6))
#loc54 = loc("rm"(#loc7))
#loc55 = loc("rm"(#loc8))
#loc56 = loc("rm"(#loc9))
#loc57 = loc("rn"(#loc10))
#loc58 = loc("rn"(#loc11))
#loc59 = loc("rn"(#loc12))
#loc60 = loc("rk"(#loc13))
#loc61 = loc("x"(#loc14))
#loc62 = loc("x"(#loc15))
#loc63 = loc("x"(#loc16))
#loc64 = loc("x"(#loc17))
#loc65 = loc("acc"(#loc18))
#loc66 = loc("acc"(#loc19))
#loc67 = loc("acc"(#loc20))
#loc68 = loc("acc"(#loc21))
#loc69 = loc("acc"(#loc2))
#loc70 = loc("x"(#loc22))
#loc71 = loc("x"(#loc23))
#loc72 = loc("x"(#loc24))
#loc73 = loc("tot"(#loc25))
#loc75 = loc("tot"(#loc29))
#loc76 = loc("acc"(#loc30))
#loc77 = loc("acc"(#loc31))
#loc78 = loc("acc"(#loc32))
#loc79 = loc(callsite(#loc3 at #loc51))
#loc80 = loc(callsite(#loc3 at #loc52))
#loc81 = loc("tot"(#loc69))
#loc82 = loc(callsite(#loc26 at #loc74))
#loc84 = loc(callsite(#loc28 at #loc82))

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#loc = loc("/tmp/kern.py":3:0)
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#loc35 = loc("a_ptr"(#loc))
#loc36 = loc("b_ptr"(#loc))
#loc37 = loc("c_ptr"(#loc))
#loc38 = loc("M"(#loc))
#loc39 = loc("N"(#loc))
#loc40 = loc("K"(#loc))
// Triton 3.6 on tma_p-BM128-BN128-BK64-NS132-sm90-w4-s3 (MLIR_ENABLE_DUMP of a real compile).
// CHECK-LABEL: @tma_p
// CHECK: %18 = arith.cmpi eq, %arg7, %c0_i32 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : i32
// CHECK: %19 = arith.select %18, %c0_i32, %arg9 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : i32
// CHECK: } {loop.cluster = 1 : i32, loop.stage = 0 : i32}
// CHECK: %acc_4 = arith.divsi %20, %nn_3 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : i32
// CHECK: %acc_5 = arith.muli %acc_4, %c128_i32 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : i32
// CHECK: %acc_6 = arith.muli %19, %c64_i32 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : i32
// CHECK: %acc_7 = tt.descriptor_load %ad_1[%acc_5, %acc_6] {loop.cluster = 5 : i32, loop.stage = 0 : i32} : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked1>
// CHECK: %acc_8 = ttg.local_alloc %acc_7 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : (tensor<128x64xf16, #blocked1>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
// CHECK: %acc_9 = arith.remsi %20, %nn_3 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : i32
// CHECK: %acc_10 = arith.muli %acc_9, %c128_i32 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : i32
// CHECK: %acc_11 = tt.descriptor_load %bd_2[%acc_6, %acc_10] {loop.cluster = 5 : i32, loop.stage = 0 : i32} : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked2>
// CHECK: %acc_12 = ttg.local_alloc %acc_11 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : (tensor<64x128xf16, #blocked2>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
// CHECK: %acc_13 = ttng.warp_group_dot %acc_8, %acc_12, %arg10 {inputPrecision = 0 : i32, loop.cluster = 2 : i32, loop.stage = 2 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
// CHECK: %21 = arith.addi %19, %c1_i32 {loop.cluster = 4 : i32, loop.stage = 1 : i32} : i32
// CHECK: %22 = arith.cmpi eq, %arg7, %15 {loop.cluster = 6 : i32, loop.stage = 2 : i32} : i32
// CHECK: } {loop.cluster = 6 : i32, loop.stage = 2 : i32}
// CHECK: %24 = arith.addi %arg7, %c1_i32 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
// CHECK: %25 = arith.cmpi eq, %arg7, %16 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
// CHECK: %26 = arith.select %25, %c0_i32, %24 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
// CHECK: } {tt.scheduled_max_stage = 2 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tma_p(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("a_ptr"(#loc)), %b_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("b_ptr"(#loc)), %c_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("c_ptr"(#loc)), %M: i32 {tt.divisibility = 16 : i32} loc("M"(#loc)), %N: i32 {tt.divisibility = 16 : i32} loc("N"(#loc)), %K: i32 {tt.divisibility = 16 : i32} loc("K"(#loc))) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked> loc(#loc1)
    %c1_i64 = arith.constant 1 : i64 loc(#loc1)
    %c128_i32 = arith.constant 128 : i32 loc(#loc1)
    %c64_i32 = arith.constant 64 : i32 loc(#loc1)
    %c132_i32 = arith.constant 132 : i32 loc(#loc2)
    %c0_i32 = arith.constant 0 : i32 loc(#loc1)
    %c1_i32 = arith.constant 1 : i32 loc(#loc1)
    %c127_i32 = arith.constant 127 : i32 loc(#loc1)
    %c63_i32 = arith.constant 63 : i32 loc(#loc1)
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma> loc(#loc1)
    %ad = arith.extsi %K : i32 to i64 loc(#loc41)
    %ad_1 = tt.make_tensor_descriptor %a_ptr, [%M, %K], [%ad, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>> loc(#loc41)
    %bd = arith.extsi %N : i32 to i64 loc(#loc42)
    %bd_2 = tt.make_tensor_descriptor %b_ptr, [%K, %N], [%bd, %c1_i64] : <f16>, <tensor<64x128xf16, #shared>> loc(#loc42)
    %nn = arith.addi %N, %c127_i32 : i32 loc(#loc57)
    %nn_3 = arith.divsi %nn, %c128_i32 : i32 loc(#loc58)
    %0 = tt.get_program_id x : i32 loc(#loc8)
    %1 = arith.addi %M, %c127_i32 : i32 loc(#loc44)
    %2 = arith.divsi %1, %c128_i32 : i32 loc(#loc45)
    %3 = arith.muli %2, %nn_3 : i32 loc(#loc10)
    %4 = arith.addi %K, %c63_i32 : i32 loc(#loc46)
    %5 = arith.divsi %4, %c64_i32 : i32 loc(#loc47)
    %6 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc12)
    %7 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc12)
    %8 = tt.splat %N : i32 -> tensor<128x1xi32, #blocked> loc(#loc13)
    %9 = tt.splat %c_ptr : !tt.ptr<f32> -> tensor<128x1x!tt.ptr<f32>, #blocked> loc(#loc14)
    %acc = arith.cmpi eq, %5, %c0_i32 : i32 loc(#loc48)
    scf.if %acc {
      scf.for %t = %0 to %3 step %c132_i32  : i32 {
        %10 = arith.divsi %t, %nn_3 : i32 loc(#loc16)
        %11 = arith.muli %10, %c128_i32 : i32 loc(#loc17)
        %12 = tt.splat %11 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc18)
        %13 = arith.addi %12, %6 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc18)
        %14 = tt.expand_dims %13 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked> loc(#loc19)
        %15 = arith.muli %14, %8 : tensor<128x1xi32, #blocked> loc(#loc13)
        %16 = tt.addptr %9, %15 : tensor<128x1x!tt.ptr<f32>, #blocked>, tensor<128x1xi32, #blocked> loc(#loc14)
        %17 = arith.remsi %t, %nn_3 : i32 loc(#loc20)
        %18 = arith.muli %17, %c128_i32 : i32 loc(#loc21)
        %19 = tt.splat %18 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc22)
        %20 = arith.addi %19, %7 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc22)
        %21 = tt.expand_dims %20 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked> loc(#loc23)
        %22 = tt.broadcast %16 : tensor<128x1x!tt.ptr<f32>, #blocked> -> tensor<128x128x!tt.ptr<f32>, #blocked> loc(#loc24)
        %23 = tt.broadcast %21 : tensor<1x128xi32, #blocked> -> tensor<128x128xi32, #blocked> loc(#loc24)
        %24 = tt.addptr %22, %23 : tensor<128x128x!tt.ptr<f32>, #blocked>, tensor<128x128xi32, #blocked> loc(#loc24)
        tt.store %24, %cst : tensor<128x128x!tt.ptr<f32>, #blocked> loc(#loc25)
      } {tt.flatten} loc(#loc2)
    } else {
      %10 = arith.subi %3, %0 : i32 loc(#loc2)
      %11 = arith.ceildivsi %10, %c132_i32 : i32 loc(#loc2)
      %12 = arith.maxsi %5, %c1_i32 : i32 loc(#loc2)
      %13 = arith.muli %11, %12 : i32 loc(#loc2)
      %14 = arith.subi %0, %c132_i32 : i32 loc(#loc2)
      %15 = arith.subi %12, %c1_i32 : i32 loc(#loc2)
      %16 = arith.subi %12, %c1_i32 : i32 loc(#loc2)
      %17:4 = scf.for %arg6 = %c0_i32 to %13 step %c1_i32 iter_args(%arg7 = %c0_i32, %arg8 = %14, %arg9 = %c0_i32, %arg10 = %cst_0) -> (i32, i32, i32, tensor<128x128xf32, #mma>)  : i32 {
        %18 = arith.cmpi eq, %arg7, %c0_i32 : i32 loc(#loc2)
        %19 = arith.select %18, %c0_i32, %arg9 : i32 loc(#loc2)
        %20 = scf.if %18 -> (i32) {
          %27 = arith.addi %arg8, %c132_i32 : i32 loc(#loc2)
          scf.yield %27 : i32 loc(#loc2)
        } else {
          scf.yield %arg8 : i32 loc(#loc2)
        } loc(#loc2)
        %acc_4 = arith.divsi %20, %nn_3 : i32 loc(#loc49)
        %acc_5 = arith.muli %acc_4, %c128_i32 : i32 loc(#loc50)
        %acc_6 = arith.muli %19, %c64_i32 : i32 loc(#loc51)
        %acc_7 = tt.descriptor_load %ad_1[%acc_5, %acc_6] {tt.latency = 2 : i32} : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked1> loc(#loc52)
        %acc_8 = ttg.local_alloc %acc_7 : (tensor<128x64xf16, #blocked1>) -> !ttg.memdesc<128x64xf16, #shared, #smem> loc(#loc52)
        %acc_9 = arith.remsi %20, %nn_3 : i32 loc(#loc53)
        %acc_10 = arith.muli %acc_9, %c128_i32 : i32 loc(#loc54)
        %acc_11 = tt.descriptor_load %bd_2[%acc_6, %acc_10] {tt.latency = 2 : i32} : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked2> loc(#loc55)
        %acc_12 = ttg.local_alloc %acc_11 : (tensor<64x128xf16, #blocked2>) -> !ttg.memdesc<64x128xf16, #shared, #smem> loc(#loc55)
        %acc_13 = ttng.warp_group_dot %acc_8, %acc_12, %arg10 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma> loc(#loc56)
        %21 = arith.addi %19, %c1_i32 : i32 loc(#loc2)
        %22 = arith.cmpi eq, %arg7, %15 : i32 loc(#loc2)
        %23 = scf.if %22 -> (tensor<128x128xf32, #mma>) {
          %27 = arith.divsi %20, %nn_3 : i32 loc(#loc16)
          %28 = arith.muli %27, %c128_i32 : i32 loc(#loc17)
          %29 = tt.splat %28 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc18)
          %30 = arith.addi %29, %6 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc18)
          %31 = tt.expand_dims %30 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked> loc(#loc19)
          %32 = arith.muli %31, %8 : tensor<128x1xi32, #blocked> loc(#loc13)
          %33 = tt.addptr %9, %32 : tensor<128x1x!tt.ptr<f32>, #blocked>, tensor<128x1xi32, #blocked> loc(#loc14)
          %34 = arith.remsi %20, %nn_3 : i32 loc(#loc20)
          %35 = arith.muli %34, %c128_i32 : i32 loc(#loc21)
          %36 = tt.splat %35 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc22)
          %37 = arith.addi %36, %7 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc22)
          %38 = tt.expand_dims %37 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked> loc(#loc23)
          %39 = tt.broadcast %33 : tensor<128x1x!tt.ptr<f32>, #blocked> -> tensor<128x128x!tt.ptr<f32>, #blocked> loc(#loc24)
          %40 = tt.broadcast %38 : tensor<1x128xi32, #blocked> -> tensor<128x128xi32, #blocked> loc(#loc24)
          %41 = tt.addptr %39, %40 : tensor<128x128x!tt.ptr<f32>, #blocked>, tensor<128x128xi32, #blocked> loc(#loc24)
          %42 = ttg.convert_layout %acc_13 : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked> loc(#loc25)
          tt.store %41, %42 : tensor<128x128x!tt.ptr<f32>, #blocked> loc(#loc25)
          scf.yield %cst_0 : tensor<128x128xf32, #mma> loc(#loc2)
        } else {
          scf.yield %acc_13 : tensor<128x128xf32, #mma> loc(#loc2)
        } loc(#loc2)
        %24 = arith.addi %arg7, %c1_i32 : i32 loc(#loc2)
        %25 = arith.cmpi eq, %arg7, %16 : i32 loc(#loc2)
        %26 = arith.select %25, %c0_i32, %24 : i32 loc(#loc2)
        scf.yield %26, %20, %21, %23 : i32, i32, i32, tensor<128x128xf32, #mma> loc(#loc2)
      } loc(#loc2)
    } loc(#loc48)
    tt.return loc(#loc34)
  } loc(#loc)
} loc(#loc)
#loc1 = loc(unknown)
#loc2 = loc("/tmp/kern.py":7:65)
#loc3 = loc("/tmp/kern.py":4:35)
#loc4 = loc("/tmp/kern.py":5:35)
#loc5 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":43:17)
#loc6 = loc("/tmp/kern.py":6:20)
#loc7 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":43:30)
#loc8 = loc("/tmp/kern.py":7:36)
#loc9 = loc("/tmp/kern.py":7:51)
#loc10 = loc("/tmp/kern.py":7:57)
#loc11 = loc("/tmp/kern.py":9:37)
#loc12 = loc("/tmp/kern.py":11:56)
#loc13 = loc("/tmp/kern.py":11:72)
#loc14 = loc("/tmp/kern.py":11:25)
#loc15 = loc("/tmp/kern.py":9:26)
#loc16 = loc("/tmp/kern.py":11:32)
#loc17 = loc("/tmp/kern.py":11:38)
#loc18 = loc("/tmp/kern.py":11:43)
#loc19 = loc("/tmp/kern.py":11:61)
#loc20 = loc("/tmp/kern.py":11:82)
#loc21 = loc("/tmp/kern.py":11:88)
#loc22 = loc("/tmp/kern.py":11:93)
#loc23 = loc("/tmp/kern.py":11:111)
#loc24 = loc("/tmp/kern.py":11:76)
#loc25 = loc("/tmp/kern.py":11:121)
#loc26 = loc("/tmp/kern.py":10:40)
#loc27 = loc("/tmp/kern.py":10:46)
#loc28 = loc("/tmp/kern.py":10:54)
#loc29 = loc("/tmp/kern.py":10:33)
#loc30 = loc("/tmp/kern.py":10:82)
#loc31 = loc("/tmp/kern.py":10:88)
#loc32 = loc("/tmp/kern.py":10:68)
#loc33 = loc("/tmp/kern.py":10:94)
#loc34 = loc("/tmp/kern.py":7:4)
#loc41 = loc("ad"(#loc3))
#loc42 = loc("bd"(#loc4))
#loc43 = loc("nn"(#loc6))
#loc44 = loc(callsite(#loc5 at #loc9))
#loc45 = loc(callsite(#loc7 at #loc9))
#loc46 = loc(callsite(#loc5 at #loc11))
#loc47 = loc(callsite(#loc7 at #loc11))
#loc48 = loc("acc"(#loc15))
#loc49 = loc("acc"(#loc26))
#loc50 = loc("acc"(#loc27))
#loc51 = loc("acc"(#loc28))
#loc52 = loc("acc"(#loc29))
#loc53 = loc("acc"(#loc30))
#loc54 = loc("acc"(#loc31))
#loc55 = loc("acc"(#loc32))
#loc56 = loc("acc"(#loc33))
#loc57 = loc(callsite(#loc5 at #loc43))
#loc58 = loc(callsite(#loc7 at #loc43))

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#loc = loc("/tmp/kern.py":13:0)
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#loc31 = loc("a"(#loc))
#loc32 = loc("b"(#loc))
#loc33 = loc("b2"(#loc))
#loc34 = loc("c"(#loc))
#loc35 = loc("K"(#loc))
#loc36 = loc("N"(#loc))
// Triton 3.6 on two_dots-BM64-BN64-BK32-sm90-w4-s3 (MLIR_ENABLE_DUMP of a real compile).
// CHECK-LABEL: @two_dots
// CHECK: %x_13 = tt.splat %acc2_12 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK: %x_14 = tt.splat %acc2_12 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK: %x_15 = arith.addi %x_13, %rk {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK: %x_16 = arith.addi %x_14, %rk_0 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK: %x_17 = tt.expand_dims %x_15 {axis = 0 : i32, loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
// CHECK: %x_18 = tt.broadcast %x_17 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
// CHECK: %x_19 = tt.addptr %x_6, %x_18 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
// CHECK: %x_20 = tt.load %x_19 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK: %x_21 = ttg.local_alloc %x_20 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
// CHECK: %acc_22 = tt.expand_dims %x_16 {axis = 1 : i32, loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<32x1xi32, #blocked1>
// CHECK: %acc_23 = arith.muli %acc_22, %acc {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1xi32, #blocked1>
// CHECK: %acc_24 = tt.addptr %acc_7, %acc_23 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked1>, tensor<32x1xi32, #blocked1>
// CHECK: %acc_25 = tt.broadcast %acc_24 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked1> -> tensor<32x64x!tt.ptr<f16>, #blocked1>
// CHECK: %acc_26 = tt.addptr %acc_25, %acc_10 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
// CHECK: %acc_27 = tt.load %acc_26 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked1>
// CHECK: %acc_28 = ttg.local_alloc %acc_27 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<32x64xf16, #blocked1>) -> !ttg.memdesc<32x64xf16, #shared1, #smem>
// CHECK: %acc_29 = ttng.warp_group_dot %x_21, %acc_28, %arg7 {inputPrecision = 0 : i32, loop.cluster = 0 : i32, loop.stage = 2 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
// CHECK: %acc2_30 = tt.addptr %acc2, %acc_23 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked1>, tensor<32x1xi32, #blocked1>
// CHECK: %acc2_31 = tt.broadcast %acc2_30 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked1> -> tensor<32x64x!tt.ptr<f16>, #blocked1>
// CHECK: %acc2_32 = tt.addptr %acc2_31, %acc_10 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
// CHECK: %acc2_33 = tt.load %acc2_32 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked1>
// CHECK: %acc2_34 = ttg.local_alloc %acc2_33 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<32x64xf16, #blocked1>) -> !ttg.memdesc<32x64xf16, #shared1, #smem>
// CHECK: %acc2_35 = ttng.warp_group_dot %x_21, %acc2_34, %arg8 {inputPrecision = 0 : i32, loop.cluster = 0 : i32, loop.stage = 2 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
// CHECK: } {tt.scheduled_max_stage = 2 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_dots(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("a"(#loc)), %b: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("b"(#loc)), %b2: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("b2"(#loc)), %c: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("c"(#loc)), %K: i32 loc("K"(#loc)), %N: i32 {tt.divisibility = 16 : i32} loc("N"(#loc))) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32 loc(#loc1)
    %c32_i32 = arith.constant 32 : i32 loc(#loc1)
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma> loc(#loc2)
    %rk = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc37)
    %rk_0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc37)
    %x = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc38)
    %x_1 = tt.expand_dims %x {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked> loc(#loc38)
    %x_2 = tt.splat %K : i32 -> tensor<64x1xi32, #blocked> loc(#loc39)
    %x_3 = arith.muli %x_1, %x_2 : tensor<64x1xi32, #blocked> loc(#loc39)
    %x_4 = tt.splat %a : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked> loc(#loc40)
    %x_5 = tt.addptr %x_4, %x_3 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked> loc(#loc40)
    %x_6 = tt.broadcast %x_5 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x32x!tt.ptr<f16>, #blocked> loc(#loc41)
    %acc = tt.splat %N : i32 -> tensor<32x1xi32, #blocked1> loc(#loc42)
    %acc_7 = tt.splat %b : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>, #blocked1> loc(#loc43)
    %acc_8 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc44)
    %acc_9 = tt.expand_dims %acc_8 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1> loc(#loc44)
    %acc_10 = tt.broadcast %acc_9 : tensor<1x64xi32, #blocked1> -> tensor<32x64xi32, #blocked1> loc(#loc45)
    %acc2 = tt.splat %b2 : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>, #blocked1> loc(#loc46)
    %acc2_11:2 = scf.for %acc2_12 = %c0_i32 to %K step %c32_i32 iter_args(%arg7 = %cst, %arg8 = %cst) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>)  : i32 {
      %x_13 = tt.splat %acc2_12 : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc48)
      %x_14 = tt.splat %acc2_12 : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc48)
      %x_15 = arith.addi %x_13, %rk : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc48)
      %x_16 = arith.addi %x_14, %rk_0 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc48)
      %x_17 = tt.expand_dims %x_15 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked> loc(#loc49)
      %x_18 = tt.broadcast %x_17 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked> loc(#loc41)
      %x_19 = tt.addptr %x_6, %x_18 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked> loc(#loc41)
      %x_20 = tt.load %x_19 : tensor<64x32x!tt.ptr<f16>, #blocked> loc(#loc50)
      %x_21 = ttg.local_alloc %x_20 : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem> loc(#loc50)
      %acc_22 = tt.expand_dims %x_16 {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<32x1xi32, #blocked1> loc(#loc51)
      %acc_23 = arith.muli %acc_22, %acc : tensor<32x1xi32, #blocked1> loc(#loc42)
      %acc_24 = tt.addptr %acc_7, %acc_23 : tensor<32x1x!tt.ptr<f16>, #blocked1>, tensor<32x1xi32, #blocked1> loc(#loc43)
      %acc_25 = tt.broadcast %acc_24 : tensor<32x1x!tt.ptr<f16>, #blocked1> -> tensor<32x64x!tt.ptr<f16>, #blocked1> loc(#loc45)
      %acc_26 = tt.addptr %acc_25, %acc_10 : tensor<32x64x!tt.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1> loc(#loc45)
      %acc_27 = tt.load %acc_26 {tt.latency = 2 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked1> loc(#loc52)
      %acc_28 = ttg.local_alloc %acc_27 : (tensor<32x64xf16, #blocked1>) -> !ttg.memdesc<32x64xf16, #shared1, #smem> loc(#loc52)
      %acc_29 = ttng.warp_group_dot %x_21, %acc_28, %arg7 {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma> loc(#loc53)
      %acc2_30 = tt.addptr %acc2, %acc_23 : tensor<32x1x!tt.ptr<f16>, #blocked1>, tensor<32x1xi32, #blocked1> loc(#loc46)
      %acc2_31 = tt.broadcast %acc2_30 : tensor<32x1x!tt.ptr<f16>, #blocked1> -> tensor<32x64x!tt.ptr<f16>, #blocked1> loc(#loc54)
      %acc2_32 = tt.addptr %acc2_31, %acc_10 : tensor<32x64x!tt.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1> loc(#loc54)
      %acc2_33 = tt.load %acc2_32 {tt.latency = 2 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked1> loc(#loc55)
      %acc2_34 = ttg.local_alloc %acc2_33 : (tensor<32x64xf16, #blocked1>) -> !ttg.memdesc<32x64xf16, #shared1, #smem> loc(#loc55)
      %acc2_35 = ttng.warp_group_dot %x_21, %acc2_34, %arg8 {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma> loc(#loc56)
      scf.yield %acc_29, %acc2_35 : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma> loc(#loc22)
    } loc(#loc57)
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> loc(#loc23)
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<64x1xi32, #blocked2> loc(#loc23)
    %2 = tt.splat %N : i32 -> tensor<64x1xi32, #blocked2> loc(#loc24)
    %3 = arith.muli %1, %2 : tensor<64x1xi32, #blocked2> loc(#loc24)
    %4 = tt.splat %c : !tt.ptr<f32> -> tensor<64x1x!tt.ptr<f32>, #blocked2> loc(#loc25)
    %5 = tt.addptr %4, %3 : tensor<64x1x!tt.ptr<f32>, #blocked2>, tensor<64x1xi32, #blocked2> loc(#loc25)
    %6 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> loc(#loc26)
    %7 = tt.expand_dims %6 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> -> tensor<1x64xi32, #blocked2> loc(#loc26)
    %8 = tt.broadcast %5 : tensor<64x1x!tt.ptr<f32>, #blocked2> -> tensor<64x64x!tt.ptr<f32>, #blocked2> loc(#loc27)
    %9 = tt.broadcast %7 : tensor<1x64xi32, #blocked2> -> tensor<64x64xi32, #blocked2> loc(#loc27)
    %10 = tt.addptr %8, %9 : tensor<64x64x!tt.ptr<f32>, #blocked2>, tensor<64x64xi32, #blocked2> loc(#loc27)
    %11 = arith.addf %acc2_11#0, %acc2_11#1 : tensor<64x64xf32, #mma> loc(#loc28)
    %12 = ttg.convert_layout %11 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked2> loc(#loc29)
    tt.store %10, %12 : tensor<64x64x!tt.ptr<f32>, #blocked2> loc(#loc29)
    tt.return loc(#loc30)
  } loc(#loc)
} loc(#loc)
#loc1 = loc("/tmp/kern.py":19:25)
#loc2 = loc(unknown)
#loc3 = loc("/tmp/kern.py":16:22)
#loc4 = loc("/tmp/kern.py":20:27)
#loc5 = loc("/tmp/kern.py":20:38)
#loc6 = loc("/tmp/kern.py":20:24)
#loc7 = loc("/tmp/kern.py":20:42)
#loc8 = loc("/tmp/kern.py":21:56)
#loc9 = loc("/tmp/kern.py":21:36)
#loc10 = loc("/tmp/kern.py":21:63)
#loc11 = loc("/tmp/kern.py":21:60)
#loc12 = loc("/tmp/kern.py":22:38)
#loc13 = loc("/tmp/kern.py":20:47)
#loc14 = loc("/tmp/kern.py":20:51)
#loc15 = loc("/tmp/kern.py":20:20)
#loc16 = loc("/tmp/kern.py":21:45)
#loc17 = loc("/tmp/kern.py":21:32)
#loc18 = loc("/tmp/kern.py":21:74)
#loc19 = loc("/tmp/kern.py":22:62)
#loc20 = loc("/tmp/kern.py":22:33)
#loc21 = loc("/tmp/kern.py":22:76)
#loc22 = loc("/tmp/kern.py":22:8)
#loc23 = loc("/tmp/kern.py":23:20)
#loc24 = loc("/tmp/kern.py":23:31)
#loc25 = loc("/tmp/kern.py":23:17)
#loc26 = loc("/tmp/kern.py":23:38)
#loc27 = loc("/tmp/kern.py":23:35)
#loc28 = loc("/tmp/kern.py":23:54)
#loc29 = loc("/tmp/kern.py":23:48)
#loc30 = loc("/tmp/kern.py":23:4)
#loc37 = loc("rk"(#loc3))
#loc38 = loc("x"(#loc4))
#loc39 = loc("x"(#loc5))
#loc40 = loc("x"(#loc6))
#loc41 = loc("x"(#loc7))
#loc42 = loc("acc"(#loc8))
#loc43 = loc("acc"(#loc9))
#loc44 = loc("acc"(#loc10))
#loc45 = loc("acc"(#loc11))
#loc46 = loc("acc2"(#loc12))
#loc47 = loc("acc"(#loc1))
#loc48 = loc("x"(#loc13))
#loc49 = loc("x"(#loc14))
#loc50 = loc("x"(#loc15))
#loc51 = loc("acc"(#loc16))
#loc52 = loc("acc"(#loc17))
#loc53 = loc("acc"(#loc18))
#loc54 = loc("acc2"(#loc19))
#loc55 = loc("acc2"(#loc20))
#loc56 = loc("acc2"(#loc21))
#loc57 = loc("acc2"(#loc47))

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#loc = loc("/tmp/kern.py":3:0)
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#loc33 = loc("a"(#loc))
#loc34 = loc("w"(#loc))
#loc35 = loc("s"(#loc))
#loc36 = loc("c"(#loc))
#loc37 = loc("K"(#loc))
#loc38 = loc("N"(#loc))
// Triton 3.6 on dq-BM64-BN64-BK32-sm90-w4-s3 (MLIR_ENABLE_DUMP of a real compile).
// CHECK-LABEL: @dq
// CHECK: %x_14 = tt.splat %acc_12 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK: %x_15 = tt.splat %acc_12 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK: %x_16 = arith.addi %x_14, %rk {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK: %x_17 = arith.addi %x_15, %rk_0 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK: %x_18 = tt.expand_dims %x_16 {axis = 0 : i32, loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
// CHECK: %x_19 = tt.broadcast %x_18 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
// CHECK: %x_20 = tt.addptr %x_6, %x_19 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
// CHECK: %x_21 = tt.load %x_20 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK: %x_22 = ttg.local_alloc %x_21 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
// CHECK: %q_23 = tt.expand_dims %x_17 {axis = 1 : i32, loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<32x1xi32, #blocked1>
// CHECK: %q_24 = arith.muli %q_23, %q {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1xi32, #blocked1>
// CHECK: %q_25 = tt.addptr %q_7, %q_24 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<i8>, #blocked1>, tensor<32x1xi32, #blocked1>
// CHECK: %q_26 = tt.broadcast %q_25 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<i8>, #blocked1> -> tensor<32x64x!tt.ptr<i8>, #blocked1>
// CHECK: %q_27 = tt.addptr %q_26, %q_10 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<i8>, #blocked1>, tensor<32x64xi32, #blocked1>
// CHECK: %q_28 = tt.load %q_27 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<i8>, #blocked1>
// CHECK: %sc = arith.divsi %acc_12, %c32_i32 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : i32
// CHECK: %sc_29 = tt.addptr %s, %sc {loop.cluster = 0 : i32, loop.stage = 2 : i32} : !tt.ptr<f16>, i32
// CHECK: %sc_30 = tt.load %sc_29 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : !tt.ptr<f16>
// CHECK: %acc_31 = arith.sitofp %q_28 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<32x64xi8, #blocked1> to tensor<32x64xf16, #blocked1>
// CHECK: %acc_32 = tt.splat %sc_30 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : f16 -> tensor<32x64xf16, #blocked1>
// CHECK: %acc_33 = arith.mulf %acc_31, %acc_32 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<32x64xf16, #blocked1>
// CHECK: %acc_34 = ttg.local_alloc %acc_33 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<32x64xf16, #blocked1>) -> !ttg.memdesc<32x64xf16, #shared1, #smem>
// CHECK: %acc_35 = ttng.warp_group_dot %x_22, %acc_34, %acc_13 {inputPrecision = 0 : i32, loop.cluster = 0 : i32, loop.stage = 2 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
// CHECK: } {tt.scheduled_max_stage = 2 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dq(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("a"(#loc)), %w: !tt.ptr<i8> {tt.divisibility = 16 : i32} loc("w"(#loc)), %s: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("s"(#loc)), %c: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("c"(#loc)), %K: i32 {tt.divisibility = 16 : i32} loc("K"(#loc)), %N: i32 {tt.divisibility = 16 : i32} loc("N"(#loc))) attributes {noinline = false} {
    %c32_i32 = arith.constant 32 : i32 loc(#loc1)
    %c0_i32 = arith.constant 0 : i32 loc(#loc2)
    %acc = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma> loc(#loc61)
    %rk = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc40)
    %rk_0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc40)
    %x = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc41)
    %x_1 = tt.expand_dims %x {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked> loc(#loc41)
    %x_2 = tt.splat %K : i32 -> tensor<64x1xi32, #blocked> loc(#loc42)
    %x_3 = arith.muli %x_1, %x_2 : tensor<64x1xi32, #blocked> loc(#loc42)
    %x_4 = tt.splat %a : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked> loc(#loc43)
    %x_5 = tt.addptr %x_4, %x_3 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked> loc(#loc43)
    %x_6 = tt.broadcast %x_5 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x32x!tt.ptr<f16>, #blocked> loc(#loc44)
    %q = tt.splat %N : i32 -> tensor<32x1xi32, #blocked1> loc(#loc45)
    %q_7 = tt.splat %w : !tt.ptr<i8> -> tensor<32x1x!tt.ptr<i8>, #blocked1> loc(#loc46)
    %q_8 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> loc(#loc47)
    %q_9 = tt.expand_dims %q_8 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1> loc(#loc47)
    %q_10 = tt.broadcast %q_9 : tensor<1x64xi32, #blocked1> -> tensor<32x64xi32, #blocked1> loc(#loc48)
    %acc_11 = scf.for %acc_12 = %c0_i32 to %K step %c32_i32 iter_args(%acc_13 = %acc) -> (tensor<64x64xf32, #mma>)  : i32 {
      %x_14 = tt.splat %acc_12 : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc50)
      %x_15 = tt.splat %acc_12 : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc50)
      %x_16 = arith.addi %x_14, %rk : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc50)
      %x_17 = arith.addi %x_15, %rk_0 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc50)
      %x_18 = tt.expand_dims %x_16 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked> loc(#loc51)
      %x_19 = tt.broadcast %x_18 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked> loc(#loc44)
      %x_20 = tt.addptr %x_6, %x_19 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked> loc(#loc44)
      %x_21 = tt.load %x_20 {tt.latency = 2 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked> loc(#loc52)
      %x_22 = ttg.local_alloc %x_21 : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem> loc(#loc52)
      %q_23 = tt.expand_dims %x_17 {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<32x1xi32, #blocked1> loc(#loc53)
      %q_24 = arith.muli %q_23, %q : tensor<32x1xi32, #blocked1> loc(#loc45)
      %q_25 = tt.addptr %q_7, %q_24 : tensor<32x1x!tt.ptr<i8>, #blocked1>, tensor<32x1xi32, #blocked1> loc(#loc46)
      %q_26 = tt.broadcast %q_25 : tensor<32x1x!tt.ptr<i8>, #blocked1> -> tensor<32x64x!tt.ptr<i8>, #blocked1> loc(#loc48)
      %q_27 = tt.addptr %q_26, %q_10 : tensor<32x64x!tt.ptr<i8>, #blocked1>, tensor<32x64xi32, #blocked1> loc(#loc48)
      %q_28 = tt.load %q_27 {tt.latency = 2 : i32} : tensor<32x64x!tt.ptr<i8>, #blocked1> loc(#loc54)
      %sc = arith.divsi %acc_12, %c32_i32 : i32 loc(#loc55)
      %sc_29 = tt.addptr %s, %sc : !tt.ptr<f16>, i32 loc(#loc56)
      %sc_30 = tt.load %sc_29 : !tt.ptr<f16> loc(#loc57)
      %acc_31 = arith.sitofp %q_28 : tensor<32x64xi8, #blocked1> to tensor<32x64xf16, #blocked1> loc(#loc58)
      %acc_32 = tt.splat %sc_30 : f16 -> tensor<32x64xf16, #blocked1> loc(#loc59)
      %acc_33 = arith.mulf %acc_31, %acc_32 : tensor<32x64xf16, #blocked1> loc(#loc59)
      %acc_34 = ttg.local_alloc %acc_33 : (tensor<32x64xf16, #blocked1>) -> !ttg.memdesc<32x64xf16, #shared1, #smem> loc(#loc59)
      %acc_35 = ttng.warp_group_dot %x_22, %acc_34, %acc_13 {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma> loc(#loc60)
      scf.yield %acc_35 : tensor<64x64xf32, #mma> loc(#loc25)
    } loc(#loc49)
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> loc(#loc26)
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<64x1xi32, #blocked2> loc(#loc26)
    %2 = tt.splat %N : i32 -> tensor<64x1xi32, #blocked2> loc(#loc27)
    %3 = arith.muli %1, %2 : tensor<64x1xi32, #blocked2> loc(#loc27)
    %4 = tt.splat %c : !tt.ptr<f32> -> tensor<64x1x!tt.ptr<f32>, #blocked2> loc(#loc28)
    %5 = tt.addptr %4, %3 : tensor<64x1x!tt.ptr<f32>, #blocked2>, tensor<64x1xi32, #blocked2> loc(#loc28)
    %6 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> loc(#loc29)
    %7 = tt.expand_dims %6 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> -> tensor<1x64xi32, #blocked2> loc(#loc29)
    %8 = tt.broadcast %5 : tensor<64x1x!tt.ptr<f32>, #blocked2> -> tensor<64x64x!tt.ptr<f32>, #blocked2> loc(#loc30)
    %9 = tt.broadcast %7 : tensor<1x64xi32, #blocked2> -> tensor<64x64xi32, #blocked2> loc(#loc30)
    %10 = tt.addptr %8, %9 : tensor<64x64x!tt.ptr<f32>, #blocked2>, tensor<64x64xi32, #blocked2> loc(#loc30)
    %11 = ttg.convert_layout %acc_11 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked2> loc(#loc31)
    tt.store %10, %11 : tensor<64x64x!tt.ptr<f32>, #blocked2> loc(#loc31)
    tt.return loc(#loc32)
  } loc(#loc)
} loc(#loc)
#loc1 = loc(unknown)
#loc2 = loc("/tmp/kern.py":8:25)
#loc3 = loc("/opt/torch/.venv/lib/python3.12/site-packages/triton/language/standard.py":129:31)
#loc4 = loc("/tmp/kern.py":7:19)
#loc5 = loc("/tmp/kern.py":6:22)
#loc6 = loc("/tmp/kern.py":9:27)
#loc7 = loc("/tmp/kern.py":9:38)
#loc8 = loc("/tmp/kern.py":9:24)
#loc9 = loc("/tmp/kern.py":9:42)
#loc10 = loc("/tmp/kern.py":10:44)
#loc11 = loc("/tmp/kern.py":10:24)
#loc12 = loc("/tmp/kern.py":10:51)
#loc13 = loc("/tmp/kern.py":10:48)
#loc14 = loc("/tmp/kern.py":9:47)
#loc15 = loc("/tmp/kern.py":9:51)
#loc16 = loc("/tmp/kern.py":9:20)
#loc17 = loc("/tmp/kern.py":10:33)
#loc18 = loc("/tmp/kern.py":10:20)
#loc19 = loc("/tmp/kern.py":11:30)
#loc20 = loc("/tmp/kern.py":11:25)
#loc21 = loc("/tmp/kern.py":11:21)
#loc22 = loc("/tmp/kern.py":12:30)
#loc23 = loc("/tmp/kern.py":12:44)
#loc24 = loc("/tmp/kern.py":12:49)
#loc25 = loc("/tmp/kern.py":12:8)
#loc26 = loc("/tmp/kern.py":13:20)
#loc27 = loc("/tmp/kern.py":13:31)
#loc28 = loc("/tmp/kern.py":13:17)
#loc29 = loc("/tmp/kern.py":13:38)
#loc30 = loc("/tmp/kern.py":13:35)
#loc31 = loc("/tmp/kern.py":13:48)
#loc32 = loc("/tmp/kern.py":13:4)
#loc39 = loc("acc"(#loc4))
#loc40 = loc("rk"(#loc5))
#loc41 = loc("x"(#loc6))
#loc42 = loc("x"(#loc7))
#loc43 = loc("x"(#loc8))
#loc44 = loc("x"(#loc9))
#loc45 = loc("q"(#loc10))
#loc46 = loc("q"(#loc11))
#loc47 = loc("q"(#loc12))
#loc48 = loc("q"(#loc13))
#loc49 = loc("acc"(#loc2))
#loc50 = loc("x"(#loc14))
#loc51 = loc("x"(#loc15))
#loc52 = loc("x"(#loc16))
#loc53 = loc("q"(#loc17))
#loc54 = loc("q"(#loc18))
#loc55 = loc("sc"(#loc19))
#loc56 = loc("sc"(#loc20))
#loc57 = loc("sc"(#loc21))
#loc58 = loc("acc"(#loc22))
#loc59 = loc("acc"(#loc23))
#loc60 = loc("acc"(#loc24))
#loc61 = loc(callsite(#loc3 at #loc39))
