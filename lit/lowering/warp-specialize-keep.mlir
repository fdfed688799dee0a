// RUN: ttg-opt %s -split-input-file -allow-unregistered-dialect --tritongpu-allocate-warp-groups --allocate-shared-memory-nv=compute-capability=90 --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s

// convert-triton-gpu-to-llvm keeps ttg.warp_specialize with its TritonGPU types and lowers the ops of its regions
// in place: the capture is the lowered pointer cast back to !tt.ptr, the partition casts its argument to
// !llvm.ptr<1> where a lowered op first uses it, the default region's result goes out through warp_yield as i32.
// The partition (1 warp, starting at warp 6 after allocate-warp-groups) computes its thread id relative to its
// first thread (192) and masks it to its own 32 threads; the default warps mask to 128.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @kernel
  // CHECK-SAME: attributes {allocation.offset = 12 : i32
  // CHECK: %[[C:.*]] = llvm.add %arg1, %arg1 : i32
  // CHECK: %[[P:.*]] = llvm.getelementptr %arg0[%[[C]]]
  // CHECK-NEXT: %[[PC:.*]] = builtin.unrealized_conversion_cast %[[P]] : !llvm.ptr<1> to !tt.ptr<i32>
  // CHECK-NEXT: %[[R:.*]] = ttg.warp_specialize(%[[PC]], %[[C]]) attributes {allocation.offset = 0 : i32, warpGroupStartIds = array<i32: 6, 4, 7>}
  // CHECK: llvm.mul %[[C]], %[[C]] : i32
  // CHECK: ttg.warp_yield %{{.*}} : i32
  // CHECK: partition0(%[[A:.*]]: !tt.ptr<i32>, %[[B:.*]]: i32) num_warps(1)
  // CHECK-NEXT: %[[AP:.*]] = builtin.unrealized_conversion_cast %[[A]] : !tt.ptr<i32> to !llvm.ptr<1>
  // CHECK-NEXT: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
  // CHECK-NEXT: %[[START:.*]] = llvm.mlir.constant(192 : i32)
  // CHECK-NEXT: %[[REL:.*]] = llvm.sub %[[TID]], %[[START]]
  // CHECK-NEXT: %[[MASK:.*]] = llvm.mlir.constant(31 : i32)
  // CHECK-NEXT: llvm.and %[[REL]], %[[MASK]]
  // CHECK: %[[BV:.*]] = llvm.insertelement %[[B]], %{{.*}}[%{{.*}} : i32] : vector<1xi32>
  // CHECK-NEXT: %[[BW:.*]] = llvm.bitcast %[[BV]] : vector<1xi32> to i32
  // CHECK: st.global.b32 {{.*}} %[[BW]], %[[AP]]
  // CHECK: ttg.warp_return
  // CHECK: partition1(%{{.*}}: !tt.ptr<i32>, %{{.*}}: i32) num_warps(2)
  // CHECK: } : (!tt.ptr<i32>, i32) -> i32
  // CHECK: nvvm.read.ptx.sreg.tid.x
  // CHECK-NEXT: llvm.mlir.constant(127 : i32)
  // CHECK: %[[RV:.*]] = llvm.insertelement %[[R]], %{{.*}}[%{{.*}} : i32] : vector<1xi32>
  // CHECK-NEXT: %[[RW:.*]] = llvm.bitcast %[[RV]] : vector<1xi32> to i32
  // CHECK: st.global.b32 {{.*}} %[[RW]], %arg0
  tt.func public @kernel(%arg0: !tt.ptr<i32>, %arg1: i32) {
    %c = arith.addi %arg1, %arg1 : i32
    %p = tt.addptr %arg0, %c : !tt.ptr<i32>, i32
    %r = ttg.warp_specialize(%p, %c)
    default {
      %v = arith.muli %c, %c : i32
      ttg.warp_yield %v : i32
    }
    partition0(%a: !tt.ptr<i32>, %b: i32) num_warps(1) {
      tt.store %a, %b : !tt.ptr<i32>
      ttg.warp_return
    } : (!tt.ptr<i32>, i32) -> i32
    tt.store %arg0, %r : !tt.ptr<i32>
    tt.return
  }
}

// -----

// An op of an unknown dialect stays as it is and reads the TritonGPU-typed values it used: a lowered pointer is
// cast back right after its definition, an i32 (same type once lowered) is used directly; its result is cast to
// the LLVM type where a lowered op first uses it.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @unknown_ops
  // CHECK: %[[P:.*]] = llvm.getelementptr %arg0
  // CHECK-NEXT: %[[PC:.*]] = builtin.unrealized_conversion_cast %[[P]] : !llvm.ptr<1> to !tt.ptr<f32>
  // CHECK-NEXT: %[[Q:.*]] = "test.produce"(%[[PC]], %arg1) : (!tt.ptr<f32>, i32) -> !tt.ptr<f32>
  // CHECK-NEXT: %[[QC:.*]] = builtin.unrealized_conversion_cast %[[Q]] : !tt.ptr<f32> to !llvm.ptr<1>
  // CHECK-NEXT: llvm.getelementptr %[[QC]][%arg1]
  tt.func public @unknown_ops(%arg0: !tt.ptr<f32>, %arg1: i32) -> !tt.ptr<f32> {
    %p = tt.addptr %arg0, %arg1 : !tt.ptr<f32>, i32
    %q = "test.produce"(%p, %arg1) : (!tt.ptr<f32>, i32) -> !tt.ptr<f32>
    %r = tt.addptr %q, %arg1 : !tt.ptr<f32>, i32
    tt.return %r : !tt.ptr<f32>
  }
}

// -----

// The ops inside the region of an unknown op are lowered; the region's arguments keep their types.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @unknown_region
  // CHECK: "test.region"() ({
  // CHECK-NEXT: ^bb0(%[[X:.*]]: !tt.ptr<f32>):
  // CHECK-NEXT: %[[XC:.*]] = builtin.unrealized_conversion_cast %[[X]] : !tt.ptr<f32> to !llvm.ptr<1>
  // CHECK-NEXT: %[[B:.*]] = llvm.add %arg0, %arg0 : i32
  // CHECK-NEXT: %[[Q:.*]] = llvm.getelementptr %[[XC]][%[[B]]]
  // CHECK-NEXT: %[[QC:.*]] = builtin.unrealized_conversion_cast %[[Q]] : !llvm.ptr<1> to !tt.ptr<f32>
  // CHECK-NEXT: "test.use"(%[[QC]]) : (!tt.ptr<f32>) -> ()
  tt.func public @unknown_region(%a: i32, %p: !tt.ptr<f32>) {
    "test.region"() ({
    ^bb0(%x: !tt.ptr<f32>):
      %b = arith.addi %a, %a : i32
      %q = tt.addptr %x, %b : !tt.ptr<f32>, i32
      "test.use"(%q) : (!tt.ptr<f32>) -> ()
      "test.end"() : () -> ()
    }) : () -> ()
    tt.return
  }
}
