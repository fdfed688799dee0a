// RUN: not ttg-opt %s -split-input-file 2>&1 | FileCheck %s
// ttng.tmem_subslice's verifier (Triton 3.6's TMEMSubSliceOp::verify), messages as Triton 3.6 prints them.

// CHECK: {{.*}}tmem-subslice-verify.mlir:[[# @LINE + 5]]:10: error: 'ttng.tmem_subslice' op The source must be a tensor memory buffer.{{$}}
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @smem_source(%s: !ttg.memdesc<128x128xf32, #shared, #ttg.shared_memory, mutable>) {
    %0 = ttng.tmem_subslice %s {N = 0 : i32} : !ttg.memdesc<128x128xf32, #shared, #ttg.shared_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// CHECK: {{.*}}tmem-subslice-verify.mlir:[[# @LINE + 5]]:10: error: 'ttng.tmem_subslice' op The destination must be a tensor memory buffer.{{$}}
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @smem_result(%a: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    %0 = ttng.tmem_subslice %a {N = 0 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #shared, #ttg.shared_memory, mutable>
    tt.return
  }
}

// -----

// CHECK: {{.*}}tmem-subslice-verify.mlir:[[# @LINE + 5]]:10: error: 'ttng.tmem_subslice' op The destination must have the same block size and CTASplit size as the source.{{$}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
#tmem64 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @block_m_differs(%a: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    %0 = ttng.tmem_subslice %a {N = 0 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem64, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// CHECK: {{.*}}tmem-subslice-verify.mlir:[[# @LINE + 5]]:10: error: 'ttng.tmem_subslice' op The destination must have the same block size and CTASplit size as the source.{{$}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
#tmem2 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 2>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @col_stride_differs(%a: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    %0 = ttng.tmem_subslice %a {N = 0 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf16, #tmem2, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// CHECK: {{.*}}tmem-subslice-verify.mlir:[[# @LINE + 4]]:10: error: 'ttng.tmem_subslice' op requires attribute 'N'{{$}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @no_offset(%a: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    %0 = ttng.tmem_subslice %a : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}
