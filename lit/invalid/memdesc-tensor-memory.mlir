// RUN: not ttg-opt %s -split-input-file 2>&1 | FileCheck %s
// Triton 3.6's MemDescType::verify for the tensor-memory encodings; every message checked against the wheel.
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 2>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK: error: bitwidth * colStride must be less than or equal to 32. Got 32 and 2
  tt.func @f(%a: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) { tt.return }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK: error: the allocation shape must be at least 128x128. Got 64, 128
  tt.func @f(%a: !ttg.memdesc<64x128xf32, #tmem, #ttng.tensor_memory, mutable>) { tt.return }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK: error: memorySpace must be TensorMemorySpace
  tt.func @f(%a: !ttg.memdesc<128x128xf32, #tmem, #ttg.shared_memory, mutable>) { tt.return }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK: error: Scales don't currently support multibuffering
  tt.func @f(%a: !ttg.memdesc<2x128x4xi8, #ttng.tensor_memory_scales_encoding<>, #ttng.tensor_memory, mutable>) { tt.return }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK: error: bitwidth must be 8
  tt.func @f(%a: !ttg.memdesc<128x4xi16, #ttng.tensor_memory_scales_encoding<>, #ttng.tensor_memory, mutable>) { tt.return }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK: error: 1 : i32 is not a valid encoding
  tt.func @f(%a: !ttg.memdesc<128x4xi16, 1 : i32, #ttng.tensor_memory, mutable>) { tt.return }
}
