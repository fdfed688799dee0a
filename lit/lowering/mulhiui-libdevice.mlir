// RUN: ttg-opt %s --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s

// tt.mulhiui calls libdevice as Triton 3.6 does (MulhiUIOpConversion): __nv_umulhi for i32, __nv_umul64hi for
// i64, each declared once with empty libname/libpath attributes (appendOrGetExternFuncOp).
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: llvm.func @__nv_umulhi(i32, i32) -> i32 attributes {libname = "", libpath = ""}
  // CHECK-DAG: llvm.func @__nv_umul64hi(i64, i64) -> i64 attributes {libname = "", libpath = ""}
  // CHECK-LABEL: llvm.func internal @mulhi
  // CHECK-COUNT-2: llvm.call @__nv_umulhi(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
  // CHECK-COUNT-2: llvm.call @__nv_umul64hi(%{{.*}}, %{{.*}}) : (i64, i64) -> i64
  // CHECK-NOT: llvm.lshr
  tt.func private @mulhi(%a: tensor<64xi32, #blocked>, %b: tensor<64xi32, #blocked>, %c: tensor<64xi64, #blocked>, %d: tensor<64xi64, #blocked>) -> (tensor<64xi32, #blocked>, tensor<64xi64, #blocked>) {
    %0 = tt.mulhiui %a, %b : tensor<64xi32, #blocked>
    %1 = tt.mulhiui %c, %d : tensor<64xi64, #blocked>
    tt.return %0, %1 : tensor<64xi32, #blocked>, tensor<64xi64, #blocked>
  }
}
