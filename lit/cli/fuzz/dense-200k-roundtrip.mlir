// RUN: node -e "const v = Array.from({length: 200000}, (_, i) => i %% 7).join(', '); process.stdout.write('tt.func @f() {\n  %%c = arith.constant dense<[' + v + ']> : tensor<200000xi32>\n  tt.return\n}\n')" > %t.in.mlir
// RUN: ttg-opt %t.in.mlir > %t.a.mlir
// RUN: ttg-opt %t.a.mlir > %t.b.mlir
// RUN: diff %t.a.mlir %t.b.mlir
// RUN: FileCheck %s < %t.a.mlir
// A large dense constant prints as a hex blob and reads back (200k elements overflowed the stack).
// CHECK: arith.constant dense<"0x00000000010000000200000003000000
