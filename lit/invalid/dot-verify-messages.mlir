// RUN: not ttg-opt %s -split-input-file 2>&1 | FileCheck %s
// tt.dot's own checks are reported as Triton 3.6 emits them (emitError: no "'tt.dot' op" prefix), in its order.

// CHECK: {{.*}}dot-verify-messages.mlir:[[# @LINE + 6]]:10: error: element types of operands A and B must have same bit width{{$}}
#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @bit_width(%a: tensor<16x16xf32, #a>, %b: tensor<16x16xf16, #b>, %c: tensor<16x16xf32, #mma>) {
    %d = tt.dot %a, %b, %c : tensor<16x16xf32, #a> * tensor<16x16xf16, #b> -> tensor<16x16xf32, #mma>
    tt.return
  }
}

// -----

// CHECK: {{.*}}dot-verify-messages.mlir:[[# @LINE + 6]]:10: error: miss encoding of C operand{{$}}
#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @no_c_encoding(%a: tensor<16x16xf16, #a>, %b: tensor<16x16xf16, #b>, %c: tensor<16x16xf32>) {
    %d = tt.dot %a, %b, %c : tensor<16x16xf16, #a> * tensor<16x16xf16, #b> -> tensor<16x16xf32>
    tt.return
  }
}

// -----

// CHECK: {{.*}}dot-verify-messages.mlir:[[# @LINE + 6]]:10: error: mismatching kWidth between A and B operands{{$}}
#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>
#b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @kwidth(%a: tensor<16x16xf16, #a>, %b: tensor<16x16xf16, #b>, %c: tensor<16x16xf32, #mma>) {
    %d = tt.dot %a, %b, %c : tensor<16x16xf16, #a> * tensor<16x16xf16, #b> -> tensor<16x16xf32, #mma>
    tt.return
  }
}

// -----

// An fp32 dot without tf32 (the default inputPrecision is ieee) has no MMA form.
// CHECK: {{.*}}dot-verify-messages.mlir:[[# @LINE + 6]]:10: error: unsupported MMA version{{$}}
#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>
#b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @ieee_f32(%a: tensor<64x16xf32, #a>, %b: tensor<16x16xf32, #b>, %c: tensor<64x16xf32, #mma>) {
    %d = tt.dot %a, %b, %c : tensor<64x16xf32, #a> * tensor<16x16xf32, #b> -> tensor<64x16xf32, #mma>
    tt.return
  }
}

// -----

// The same dot with tf32 is valid.
// CHECK: tt.func @tf32_f32
// CHECK: tt.dot {{.*}} inputPrecision = tf32
#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>
#b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @tf32_f32(%a: tensor<64x16xf32, #a>, %b: tensor<16x16xf32, #b>, %c: tensor<64x16xf32, #mma>) {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x16xf32, #a> * tensor<16x16xf32, #b> -> tensor<64x16xf32, #mma>
    tt.return
  }
}
