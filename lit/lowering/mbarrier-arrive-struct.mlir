// RUN: ttg-opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=90 -reconcile-unrealized-casts | FileCheck %s

// ttng.arrive_barrier hands the memdesc's whole struct to the inline asm as its "r" operand, as Triton 3.6 does (its
// pattern passes the adaptor's operand, not the base pointer): no llvm.extractvalue, and the asm's operand type is
// the struct. The other barrier ops pass the extracted base pointer. NVPTX packs the struct into one 64-bit
// register and takes its low 32 bits (the pointer) for "r", so the PTX still addresses the barrier.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: llvm.func @arrive
  // CHECK-NOT: llvm.extractvalue
  // CHECK: "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], 3;", "b,r" %{{.*}}, %arg0 : (i1, !llvm.struct<(ptr<3>, i32)>) -> !llvm.void
  // CHECK: %[[BASE:.*]] = llvm.extractvalue %arg0[0] : !llvm.struct<(ptr<3>, i32)>
  // CHECK: "@$0 mbarrier.inval.shared::cta.b64 [$1];", "b,r" %{{.*}}, %[[BASE]] : (i1, !llvm.ptr<3>) -> !llvm.void
  tt.func @arrive(%bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>) {
    ttng.arrive_barrier %bar, 3 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}
