// RUN: ttg-opt %s -split-input-file -tritongpu-coalesce | FileCheck %s

// Heuristic: a load takes the widest vector among the accesses connected to it (same shape and order);
// a store (or atomic) is capped again at its own width. Widths follow the pointers' alignment: a 4-byte
// aligned offset stride limits f16 accesses to 2 elements.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[W8:.*]] = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[W4:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @group
// CHECK: tt.load {{.*}} : tensor<1024x!tt.ptr<f32>, #[[W8]]>
// CHECK: tt.load {{.*}} : tensor<1024x!tt.ptr<f16>, #[[W8]]>
// CHECK: tt.store {{.*}} : tensor<1024x!tt.ptr<f32>, #[[W4]]>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @group(%a: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %pa0 = tt.splat %a : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %pa = tt.addptr %pa0, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %x = tt.load %pa : tensor<1024x!tt.ptr<f32>, #blocked>
    %pb0 = tt.splat %b : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %pb = tt.addptr %pb0, %r : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    %y = tt.load %pb : tensor<1024x!tt.ptr<f16>, #blocked>
    %y32 = arith.extf %y : tensor<1024xf16, #blocked> to tensor<1024xf32, #blocked>
    %s = arith.addf %x, %y32 : tensor<1024xf32, #blocked>
    %pc0 = tt.splat %c : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %pc = tt.addptr %pc0, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %pc, %s : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[W2:.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @alignment
// CHECK: tt.load {{.*}} : tensor<512x!tt.ptr<f16>, #[[W2]]>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @alignment(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %off: i32 {tt.divisibility = 2 : i32}) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %o = tt.splat %off : i32 -> tensor<512xi32, #blocked>
    %i = arith.addi %r, %o : tensor<512xi32, #blocked>
    %p0 = tt.splat %a : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>, #blocked>
    %p = tt.addptr %p0, %i : tensor<512x!tt.ptr<f16>, #blocked>, tensor<512xi32, #blocked>
    %x = tt.load %p : tensor<512x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
