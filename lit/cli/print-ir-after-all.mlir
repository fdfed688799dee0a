// RUN: ttg-opt %s --symbol-dce --strip-debuginfo --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s
// RUN: ttg-opt %s --symbol-dce --mlir-print-ir-before-all 2>&1 >/dev/null | FileCheck %s --check-prefix=BEFORE

// CHECK: // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// CHECK-NEXT: module {
// CHECK-NOT: @dead
// CHECK: tt.func @live
// CHECK: // -----// IR Dump After StripDebugInfo (strip-debuginfo) //----- //
// CHECK-NEXT: module {

// BEFORE: // -----// IR Dump Before SymbolDCE (symbol-dce) //----- //
// BEFORE-NEXT: module {
// BEFORE: tt.func private @dead
tt.func private @dead() {
  tt.return
}
tt.func @live() {
  tt.return
}
