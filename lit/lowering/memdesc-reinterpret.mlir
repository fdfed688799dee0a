// RUN: ttg-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// ttg.memdesc_reinterpret: a whole allocation keeps its base (gep by 0); a 4x1024 view of a 32x1024 i64 buffer
// starts at row * 1024 + column elements of it. The new view's offsets are one zero.
#shared0 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: @whole
  // CHECK: %[[BASE:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK: llvm.getelementptr %[[BASE]][%[[C0]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
  tt.func private @whole(%arg0: !ttg.memdesc<4x1024xi64, #shared0, #ttg.shared_memory, mutable>) {
    ttg.memdesc_reinterpret %arg0 : !ttg.memdesc<4x1024xi64, #shared0, #ttg.shared_memory, mutable> -> !ttg.memdesc<4x4x4xi32, #shared1, #ttg.shared_memory, mutable>
    tt.return
  }
  // CHECK-LABEL: @subview
  // CHECK: %[[BASE:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[ROW:.*]] = llvm.extractvalue %arg0[1]
  // CHECK: %[[COL:.*]] = llvm.extractvalue %arg0[2]
  // CHECK: llvm.shl %[[COL]]
  // CHECK: llvm.or disjoint %[[ROW]]
  // CHECK: %[[PTR:.*]] = llvm.getelementptr %[[BASE]][%{{[0-9]+}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
  // CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK: llvm.insertvalue %[[PTR]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[Z]], %{{.*}}[1]
  // CHECK: llvm.insertvalue %[[Z]], %{{.*}}[2]
  // CHECK: llvm.insertvalue %[[Z]], %{{.*}}[3]
  tt.func private @subview(%arg0: !ttg.memdesc<4x1024xi64, #shared0, #ttg.shared_memory, mutable, 32x1024>) {
    ttg.memdesc_reinterpret %arg0 : !ttg.memdesc<4x1024xi64, #shared0, #ttg.shared_memory, mutable, 32x1024> -> !ttg.memdesc<4x4x4xi32, #shared1, #ttg.shared_memory, mutable>
    tt.return
  }
}
