// RUN: rm -f %t.out
// RUN: ttg-opt %s -o %t.out
// RUN: FileCheck %s < %t.out
// RUN: ttg-opt %s -o=%t.eq
// RUN: FileCheck %s < %t.eq

// CHECK: module {
// CHECK-NEXT: tt.func @f()
tt.func @f() {
  tt.return
}
