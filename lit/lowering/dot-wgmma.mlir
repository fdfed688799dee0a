// RUN: ttg-opt %s -split-input-file --allocate-shared-memory-nv=compute-capability=90 --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s --check-prefix=NVG
// RUN: ttg-opt %s -split-input-file --allocate-shared-memory-nv=compute-capability=90 --convert-triton-gpu-to-llvm=compute-capability=90 --convert-nv-gpu-to-llvm | FileCheck %s

// convert-triton-gpu-to-llvm leaves nvg.wgmma / nvg.wgmma_wait_group / nvg.warp_id (as Triton 3.6 does);
// convert-nv-gpu-to-llvm turns them into the inline PTX checked below (its greedy driver hoists the constants).

// matmul_f16 on sm90 (corpus): A 64x32 (64B swizzle, K-major), B 32x64 (128B swizzle, N-major) from shared
// memory. The descriptors are Triton's: start address in 16-byte units, SBO 512 B / 1024 B, swizzle modes 2
// (64B) and 1 (128B); the second K step starts 32 B (A) / 2048 B (B) further.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // NVG-LABEL: llvm.func internal @wgmma
  // NVG: nvvm.wgmma.fence.aligned
  // NVG: nvg.wgmma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, k = 16 : i32, layoutA = 0 : i32, layoutB = 0 : i32, m = 64 : i32, n = 64 : i32} : (i64, i64, i1, !llvm.struct<(f32,
  // NVG: nvg.wgmma
  // NVG: nvvm.wgmma.commit.group.sync.aligned
  // NVG: nvg.wgmma_wait_group %{{.*}} {pendings = 0 : i32} : !llvm.struct<(f32,
  // CHECK-LABEL: llvm.func internal @wgmma
  // CHECK-DAG: llvm.mlir.constant(-9223371899415822336 : i64) : i64
  // CHECK-DAG: llvm.mlir.constant(4611686293305294848 : i64) : i64
  // CHECK-DAG: llvm.mlir.constant(-9223371899415822334 : i64) : i64
  // CHECK-DAG: llvm.mlir.constant(4611686293305294976 : i64) : i64
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31}, $64, $65, $66, 1, 1, 0, 1;"
  // CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  // CHECK: "// wait for regs: $0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31\0A\09wgmma.wait_group.sync.aligned 0;"
  tt.func private @wgmma(%a: !ttg.memdesc<64x32xf16, #shared, #smem>, %b: !ttg.memdesc<32x64xf16, #shared1, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// int8 with a zero accumulator: the first instruction takes no accumulator (scale-d 0), the next one the
// first one's results; integer wgmma has no scale/transpose immediates.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @wgmma_i8
  // CHECK: "wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31}, $32, $33, 0;", "=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,l,l"
  // CHECK: "wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31}, $64, $65, $66;"
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  tt.func private @wgmma_i8(%a: !ttg.memdesc<64x64xi8, #shared, #smem>, %b: !ttg.memdesc<64x64xi8, #shared1, #smem>) -> tensor<64x64xi32, #mma> {
    %c = arith.constant dense<0> : tensor<64x64xi32, #mma>
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xi8, #shared, #smem> * !ttg.memdesc<64x64xi8, #shared1, #smem> -> tensor<64x64xi32, #mma>
    tt.return %d : tensor<64x64xi32, #mma>
  }
}

// -----

// 8 warps as two warpgroups along N: the warp id (made uniform with a shuffle from lane 0) selects B's
// warpgroup offset; an async dot has no wait, warp_group_dot_wait waits on its operands' registers.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 32, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // NVG-LABEL: llvm.func internal @wgmma_async
  // NVG: nvg.warp_id
  // NVG: nvg.wgmma
  // NVG-NOT: nvg.wgmma_wait_group %{{.*}} {pendings = 0 : i32}
  // NVG: nvg.wgmma_wait_group %{{.*}} {pendings = 1 : i32} : !llvm.struct<({{.*}}f32, ptr<3>, i32, i32, ptr<3>, i32, i32)>
  // CHECK-LABEL: llvm.func internal @wgmma_async
  // CHECK: nvvm.shfl.sync  idx
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  // CHECK-NOT: wgmma.wait_group.sync.aligned 0;
  // CHECK: wgmma.wait_group.sync.aligned 1;
  tt.func private @wgmma_async(%a: !ttg.memdesc<64x32xf16, #shared, #smem>, %b: !ttg.memdesc<32x64xf16, #shared1, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
    %e:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 1 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem>, !ttg.memdesc<32x64xf16, #shared1, #smem>
    tt.return %e#0 : tensor<64x64xf32, #mma>
  }
}
