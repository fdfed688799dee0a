// RUN: ttg-opt %s  > %t.a.mlir
// RUN: ttg-opt %t.a.mlir > %t.b.mlir
// RUN: diff %t.a.mlir %t.b.mlir
// Printing is a fixed point: non-ASCII text prints as the \XX escapes of its UTF-8 bytes (as MLIR) and reads back the same.
module {
  llvm.func @l(%0: !llvm.ptr {t = 3}, %1: !llvm.ptr {t = 6 : i3}, %2: i2 , %3: !llvm.ptr<1>, %a: !llvm.ptr<1>) attributes {n = array<i3: 6>} {
  %4 = llvm.mlir.constant(2 : i2) : i32
  %45 = llvm.getelementptr %3[%4] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
  %7 = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] " ", "r,=r,=r,​" %45 : (!llvm.ptr<1>) -> !llvm.struct<(i2, i2)>
  llvm.return
  }
}
