// RUN: ttg-opt %s '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' | FileCheck %s
// A call passing more operands than its callee declares (AxisInfo annotated a missing argument).
// CHECK: llvm.call @__nv_sqrtf
module {
  llvm.func @__nv_sqrtf() -> f32
  llvm.func @l(%0: !llvm.ptr<1> { }, %4: i3 , %arg5: i32, %arg6: f32, %7: !llvm.ptr<1>, %8: !llvm.ptr<1>) attributes { l = array<i3: 6>} {
  %3 = llvm.mlir.addressof @l : !llvm.ptr<3>
  %34 = llvm.sitofp %arg5 : i32 to f32
  %199 = llvm.load %3 : !llvm.ptr<3> -> f32
  %200 = llvm.call_intrinsic "llvm."(%199, %4) : ( ) -> f32
  %201 = llvm.fadd %200, %arg6 : f32
  llvm.call @__nv_sqrtf(%201) : (f32) -> f32
  llvm.return
  }
}