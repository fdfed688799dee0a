// RUN: ttg-opt %s -split-input-file --tritongpu-allocate-warp-groups --allocate-shared-memory-nv=compute-capability=90 --convert-triton-gpu-to-llvm=compute-capability=90 --convert-warp-specialize-to-llvm --canonicalize --cse | FileCheck %s

// Barriers of the membar analysis around ttg.warp_specialize, as Triton places them (checked against Triton 3.6):
// the default region continues from the shared memory accesses before the op (its first read of %buf, stored
// before the op, needs a barrier) and the ops after it from those at its warp_yield; a partition starts with none
// pending, and reaches the buffer it captures (its write then read of %b needs a barrier). After
// convert-warp-specialize-to-llvm these are named barriers: 0 over the 128 default threads, 2 over the partition's
// 64.
#b4 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4r = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @membar
  // CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-DAG: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
  // CHECK-DAG: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
  // The partition: store, barrier over its 64 threads, load.
  // CHECK: llvm.store %{{.*}} : vector<2xi32>, !llvm.ptr<3>
  // CHECK-NEXT: nvvm.barrier id = %[[C2]] number_of_threads = %[[C64]]
  // CHECK: llvm.load %{{.*}} -> vector<2xi32>
  // The default warps: the store before the op, then in the default region a barrier before the read.
  // CHECK: nvvm.stmatrix
  // CHECK: llvm.br ^[[DEFAULT:.*]]
  // CHECK: ^[[DEFAULT]]:
  // CHECK-NEXT: nvvm.barrier id = %[[C0]] number_of_threads = %[[C128]]
  // CHECK: llvm.load %{{.*}} -> vector<2xi32>
  // CHECK: nvvm.barrier id = %[[C0]] number_of_threads = %[[C128]]
  // CHECK: llvm.store %{{.*}} : vector<2xi32>, !llvm.ptr<3>
  // CHECK: llvm.br ^[[AFTER:.*]]
  // After the op: a barrier before reading what the default region stored.
  // CHECK: ^[[AFTER]]:
  // CHECK-NEXT: nvvm.barrier id = %[[C0]] number_of_threads = %[[C128]]
  tt.func public @membar(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b4>
    %p = tt.splat %in : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b4>
    %q = tt.addptr %p, %r : tensor<128x!tt.ptr<f32>, #b4>, tensor<128xi32, #b4>
    %v = tt.load %q : tensor<128x!tt.ptr<f32>, #b4>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    %buf2 = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    ttg.local_store %v, %buf : tensor<128xf32, #b4> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    ttg.warp_specialize(%buf2, %out)
    default {
      %w = ttg.local_load %buf : !ttg.memdesc<128xf32, #shared, #smem, mutable> -> tensor<128xf32, #b4r>
      ttg.local_store %w, %buf : tensor<128xf32, #b4r> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<128xf32, #shared, #smem, mutable>, %o: !tt.ptr<f32>) num_warps(2) {
      %z = arith.constant dense<1.0> : tensor<128xf32, #b2>
      ttg.local_store %z, %b : tensor<128xf32, #b2> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
      %y = ttg.local_load %b : !ttg.memdesc<128xf32, #shared, #smem, mutable> -> tensor<128xf32, #b2>
      %r2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b2>
      %p2 = tt.splat %o : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b2>
      %q2 = tt.addptr %p2, %r2 : tensor<128x!tt.ptr<f32>, #b2>, tensor<128xi32, #b2>
      tt.store %q2, %y : tensor<128x!tt.ptr<f32>, #b2>
      ttg.warp_return
    } : (!ttg.memdesc<128xf32, #shared, #smem, mutable>, !tt.ptr<f32>) -> ()
    %u = ttg.local_load %buf : !ttg.memdesc<128xf32, #shared, #smem, mutable> -> tensor<128xf32, #b4>
    %po = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b4>
    %qo = tt.addptr %po, %r : tensor<128x!tt.ptr<f32>, #b4>, tensor<128xi32, #b4>
    tt.store %qo, %u : tensor<128x!tt.ptr<f32>, #b4>
    tt.return
  }
}

// -----

// An arrive may signal another warp group: the shared memory writes before it are completed first (a barrier over
// the default warps between the local_store and thread 0's mbarrier.arrive, with no count when it is 1).
#b4 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @arrive
  // CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-DAG: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
  // CHECK: mbarrier.init
  // CHECK: nvvm.stmatrix
  // CHECK-NEXT: nvvm.barrier id = %[[C0]] number_of_threads = %[[C128]]
  // CHECK-NEXT: "@$0 mbarrier.arrive.shared::cta.b64 _, [$1];", "b,r"
  tt.func public @arrive(%v: tensor<128xf32, #b4>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttg.warp_specialize(%buf, %bar)
    default {
      ttg.local_store %v, %buf : tensor<128xf32, #b4> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
      ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<128xf32, #shared, #smem, mutable>, %br: !ttg.memdesc<1xi64, #shared, #smem, mutable>) num_warps(1) {
      %z = arith.constant 0 : i32
      ttng.wait_barrier %br, %z : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<128xf32, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>) -> ()
    tt.return
  }
}
