// RUN: ttg-opt %s -split-input-file -mlir-print-local-scope --tritongpu-allocate-warp-groups --allocate-shared-memory-nv=compute-capability=90 --convert-triton-gpu-to-llvm=compute-capability=90 --convert-warp-specialize-to-llvm --canonicalize --cse | FileCheck %s

// The whole make_llir path of a warp-specialized kernel. Captures that are not computed from kernel arguments
// (a loaded value and its extension) travel through shared memory as a packed struct at the op's allocation
// offset (0, 20 bytes: i32 + i64 + the pointer, which is a kernel argument and is elided from the loads but not
// from the allocation); the function's 4 state bytes (one per worker warp) follow at 20. allocate-warp-groups
// pads the 2-warp partition with a second one, so the worker warps 4..7 get states 0, 0, 1, 1 and the exit
// state is 2.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @captures
  // CHECK-SAME: allocation.offset = 20 : i32
  // CHECK-DAG: %[[S2:.*]] = llvm.mlir.constant(2 : i8) : i8
  // CHECK-DAG: %[[S1:.*]] = llvm.mlir.constant(1 : i8) : i8
  // CHECK-DAG: %[[S0:.*]] = llvm.mlir.constant(0 : i8) : i8
  // CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem
  // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
  // CHECK: llvm.cond_br %{{.*}}, ^[[ENTRY:.*]], ^[[LOOP:[a-z0-9]*]]
  // CHECK: ^[[LOOP]]:
  // CHECK: llvm.switch %{{.*}} : i8, ^[[IDLE:.*]] [
  // CHECK-NEXT: 0: ^[[P0:[a-z0-9]*]],
  // CHECK-NEXT: 1: ^[[P1:[a-z0-9]*]],
  // CHECK-NEXT: 2: ^[[EXIT:[a-z0-9]*]]
  // CHECK-NEXT: ]
  // CHECK: ^[[P0]]:
  // CHECK-NEXT: %[[F0:.*]] = llvm.getelementptr %[[SMEM]][0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.struct<packed (i32, i64)>
  // CHECK-NEXT: %[[A:.*]] = llvm.load %[[F0]] {alignment = 1 : i64} : !llvm.ptr<3> -> i32
  // CHECK-NEXT: %[[F1:.*]] = llvm.getelementptr %[[SMEM]][0, 1]
  // CHECK-NEXT: %[[B:.*]] = llvm.load %[[F1]] {alignment = 1 : i64} : !llvm.ptr<3> -> i64
  // CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
  // CHECK-NEXT: %[[E:.*]] = llvm.sext %[[A]] : i32 to i64
  // CHECK-NEXT: %[[SUM:.*]] = llvm.add %[[E]], %[[B]] : i64
  // CHECK: %[[SV:.*]] = llvm.insertelement %[[SUM]], %{{.*}}[%{{.*}} : i32] : vector<1xi64>
  // CHECK-NEXT: %[[SW:.*]] = llvm.bitcast %[[SV]] : vector<1xi64> to i64
  // CHECK: st.global.b64 {{.*}} %[[SW]], %arg1
  // CHECK: llvm.br ^[[LOOP]]
  // CHECK: ^[[ENTRY]]:
  // CHECK: %[[V:.*]] = llvm.extractelement
  // CHECK-NEXT: %[[W:.*]] = llvm.sext %[[V]] : i32 to i64
  // CHECK-NEXT: %[[STATE:.*]] = llvm.getelementptr %[[SMEM]][20] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK-NEXT: llvm.store %[[S0]], %[[STATE]]
  // CHECK-NEXT: %[[ST1:.*]] = llvm.getelementptr %[[STATE]][1]
  // CHECK-NEXT: llvm.store %[[S0]], %[[ST1]]
  // CHECK-NEXT: %[[ST2:.*]] = llvm.getelementptr %[[STATE]][2]
  // CHECK-NEXT: llvm.store %[[S1]], %[[ST2]]
  // CHECK-NEXT: %[[ST3:.*]] = llvm.getelementptr %[[STATE]][3]
  // CHECK-NEXT: llvm.store %[[S1]], %[[ST3]]
  // CHECK-NEXT: %[[G0:.*]] = llvm.getelementptr %[[SMEM]][0, 0]
  // CHECK-NEXT: llvm.store %[[V]], %[[G0]] {alignment = 1 : i64} : i32, !llvm.ptr<3>
  // CHECK-NEXT: %[[G1:.*]] = llvm.getelementptr %[[SMEM]][0, 1]
  // CHECK-NEXT: llvm.store %[[W]], %[[G1]] {alignment = 1 : i64} : i64, !llvm.ptr<3>
  // CHECK: llvm.store %[[S2]], %[[STATE]]
  // CHECK-NEXT: llvm.store %[[S2]], %[[ST1]]
  // CHECK-NEXT: llvm.store %[[S2]], %[[ST2]]
  // CHECK-NEXT: llvm.store %[[S2]], %[[ST3]]
  // CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
  // CHECK-NEXT: llvm.return
  tt.func public @captures(%ptr: !tt.ptr<i32>, %out: !tt.ptr<i64>) {
    %v = tt.load %ptr : !tt.ptr<i32>
    %w = arith.extsi %v : i32 to i64
    ttg.warp_specialize(%v, %w, %out)
    default {
      ttg.warp_yield
    }
    partition0(%a: i32, %b: i64, %o: !tt.ptr<i64>) num_warps(2) {
      %e = arith.extsi %a : i32 to i64
      %s = arith.addi %e, %b : i64
      tt.store %o, %s : !tt.ptr<i64>
      ttg.warp_return
    } : (i32, i64, !tt.ptr<i64>) -> ()
    tt.return
  }
}

// -----

// Barriers: outside the partitions nvvm.barrier0 synchronizes the 128 default threads on barrier 0; in partition i
// it uses barrier 2 + i over the partition's threads, and a one-warp partition a bar.warp.sync.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @barriers
  // CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-DAG: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
  // CHECK-DAG: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
  // CHECK: nvvm.barrier id = %[[C2]] number_of_threads = %[[C64]]
  // CHECK: nvvm.bar.warp.sync
  // CHECK: nvvm.barrier id = %[[C0]] number_of_threads = %[[C128]]
  tt.func public @barriers() {
    ttg.warp_specialize()
    default {
      gpu.barrier
      ttg.warp_yield
    }
    partition0() num_warps(2) {
      gpu.barrier
      ttg.warp_return
    }
    partition1() num_warps(1) {
      gpu.barrier
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
