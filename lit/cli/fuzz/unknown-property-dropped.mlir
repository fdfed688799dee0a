// RUN: ttg-opt %s | FileCheck %s
// A registered op reads its properties by name: an entry it does not declare is dropped (Triton 3.6 prints the
// same), and an op with SameVariadicOperandSize splits its operands without operandSegmentSizes.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module {
  tt.func @f(%a: i32, %p: !tt.ptr<f32>, %s: i64) -> i32 {
    // CHECK: arith.addi %arg0, %arg0 overflow<nsw> : i32
    %0 = "arith.addi"(%a, %a) <{foo = 1 : i32, overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    // CHECK: tt.make_tensor_descriptor %arg1, [%arg0, %arg0], [%arg2, %arg2] : <f32>, <tensor<128x256xf32, #shared>>
    %1 = "tt.make_tensor_descriptor"(%p, %a, %a, %s, %s) <{operandSEgmentSizEs = array<i32: 1, 2, 2>}> : (!tt.ptr<f32>, i32, i32, i64, i64) -> !tt.tensordesc<tensor<128x256xf32, #shared>>
    tt.return %0 : i32
  }
}
