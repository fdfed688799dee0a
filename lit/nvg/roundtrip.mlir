// RUN: ttg-opt %s -split-input-file -allow-unregistered-dialect | FileCheck %s
// RUN: ttg-opt %s -split-input-file -allow-unregistered-dialect -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The nvg ops print and parse as Triton 3.6 declares them (NVGPUOps.td): enum attributes are i32 integers in
// the attribute dictionary and keywords where the format names them.

// CHECK-LABEL: llvm.func @ops
// CHECK: %[[ID:.*]] = nvg.cluster_id
// CHECK: %[[W:.*]] = nvg.warp_id
// CHECK: nvg.ld_acquire acquire, gpu, %arg0, %arg1 : (!llvm.ptr<1>) -> f32
// CHECK: nvg.ld_acquire relaxed, sys, %arg0 : (!llvm.ptr<1>) -> i32
// CHECK: nvg.wgmma %arg2, %arg2, %arg1 {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, k = 16 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: nvg.wgmma %arg2, %arg2, %arg1, %{{.*}} {{{.*}}} : (i64, i64, i1, !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: nvg.wgmma_wait_group %{{.*}} {pendings = 0 : i32} : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: nvg.tensor_memory_base
// GENERIC: "nvg.cluster_id"() : () -> i32
// GENERIC: "nvg.ld_acquire"(%arg0, %arg1) <{scope = 1 : i32, sem = 2 : i32}> : (!llvm.ptr<1>, i1) -> f32
// GENERIC: "nvg.wgmma_wait_group"(%{{.*}}) <{pendings = 0 : i32}>
llvm.func @ops(%p: !llvm.ptr<1>, %m: i1, %d: i64) {
  %0 = nvg.cluster_id
  %1 = nvg.warp_id
  %2 = nvg.ld_acquire acquire, gpu, %p, %m : (!llvm.ptr<1>) -> f32
  %3 = nvg.ld_acquire relaxed, sys, %p : (!llvm.ptr<1>) -> i32
  %4 = nvg.wgmma %d, %d, %m {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  %5 = nvg.wgmma %d, %d, %m, %4 {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1, !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)>
  %6 = nvg.wgmma_wait_group %5 {pendings = 0 : i32} : !llvm.struct<(f32, f32, f32, f32)>
  %7 = nvg.tensor_memory_base
  "use"(%0, %1, %2, %3, %6, %7) : (i32, i32, f32, i32, !llvm.struct<(f32, f32, f32, f32)>, !llvm.ptr<6>) -> ()
  llvm.return
}
