// RUN: ttg-opt %s --allocate-shared-memory-nv=compute-capability=80 --convert-triton-gpu-to-llvm=compute-capability=80 | FileCheck %s

// The affine offset of a view, built op for op as Triton's applyLinearLayout + matrixVectorProd: the variable inputs
// concatenated from a zero (shift by 0 included, plain or), the diagonal terms, the or/xor parts joined by an
// `or disjoint` (here with the empty xor part, a zero), and the result XORed with the constant part.
#shared0 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @reinterpret_view
  // CHECK: %[[BASE:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[OFF0:.*]] = llvm.extractvalue %arg0[1]
  // CHECK: %[[OFF1:.*]] = llvm.extractvalue %arg0[2]
  // CHECK-NEXT: %[[CONST:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[X0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[S0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[SH0:.*]] = llvm.shl %[[OFF0]], %[[S0]] : i32
  // CHECK-NEXT: %[[X1:.*]] = llvm.or %[[X0]], %[[SH0]] : i32
  // CHECK-NEXT: %[[S1:.*]] = llvm.mlir.constant(6 : i32) : i32
  // CHECK-NEXT: %[[SH1:.*]] = llvm.shl %[[OFF1]], %[[S1]] : i32
  // CHECK-NEXT: %[[X:.*]] = llvm.or %[[X1]], %[[SH1]] : i32
  // CHECK: %[[ORS:.*]] = llvm.or disjoint %{{.*}}, %{{.*}} : i32
  // CHECK-NEXT: %[[NOXOR:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[PROD:.*]] = llvm.or disjoint %[[ORS]], %[[NOXOR]] : i32
  // CHECK-NEXT: %[[OFF:.*]] = llvm.xor %[[CONST]], %[[PROD]] : i32
  // CHECK-NEXT: llvm.getelementptr %[[BASE]][%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
  tt.func private @reinterpret_view(%arg0: !ttg.memdesc<8x256xf32, #shared0, #ttg.shared_memory, mutable, 64x256>) {
    %0 = ttg.memdesc_reinterpret %arg0 : !ttg.memdesc<8x256xf32, #shared0, #ttg.shared_memory, mutable, 64x256> -> !ttg.memdesc<2048xi32, #shared1, #ttg.shared_memory, mutable>
    tt.return
  }
}
