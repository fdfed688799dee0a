// RUN: ttg-opt %s | FileCheck %s
// As Triton 3.6: nvidia_mma's parser skips a key it does not know and defaults the missing ones.
// CHECK: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [], instrShape = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, bogus = 7}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%a: tensor<16x16xf32, #mma>) {
    tt.return
  }
}
