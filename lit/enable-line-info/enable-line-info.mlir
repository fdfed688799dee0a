// RUN: ttg-opt %s --enable-line-info --mlir-print-debuginfo --mlir-use-nameloc-as-prefix | FileCheck %s
// RUN: ttg-opt %s --enable-line-info --enable-line-info --mlir-print-debuginfo --mlir-use-nameloc-as-prefix | FileCheck %s

// enable-line-info (Triton's LLVMDIScope, make_llir's last pass): every llvm.func gets a #llvm.di_subprogram fused
// onto its location (a definition with a distinct id and a compile unit, a declaration without; no line for line
// 0), and ops inlined from other functions (call-site locations) get each leaf scoped by a
// #llvm.di_lexical_block_file of the leaf's file. The expected text is what Triton 3.6's pass
// (triton._C.libtriton.passes.llvmir.add_di_scope) prints for this input; a second run changes nothing.

#loc = loc("/home/u/kernels/add.py":12:0)
#loc1 = loc("/home/u/kernels/add.py":14:20)
#loc2 = loc("/site-packages/triton/language/standard.py":40:11)
#loc3 = loc("/site-packages/triton/language/math.py":7:3)
#loc4 = loc("libdevice.10.bc":0:0)
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @__nv_expf(f32) -> f32 attributes {libname = "libdevice", libpath = ""} loc(#loc4)
  llvm.func @add_kernel(%arg0: f32 loc("x"(#loc)), %arg1: i32 loc(unknown)) -> f32 attributes {nvvm.kernel = 1 : ui1} {
    %0 = llvm.call @__nv_expf(%arg0) : (f32) -> f32 loc(callsite(#loc2 at #loc1))
    %1 = llvm.fadd %0, %0 : f32 loc(callsite(callsite(#loc3 at #loc2) at #loc1))
    %2 = llvm.fmul %1, %0 : f32 loc("y"(#loc1))
    llvm.return %2 : f32 loc(#loc1)
  } loc(#loc)
  llvm.func @helper(%arg0: f32 loc(#loc1)) -> f32 {
    %0 = llvm.fadd %arg0, %arg0 : f32 loc(callsite(#loc2 at #loc1))
    llvm.return %0 : f32 loc(unknown)
  } loc(unknown)
} loc(#loc)

// CHECK: #loc = loc("/home/u/kernels/add.py":12:0)
// CHECK-NEXT: #loc2 = loc(unknown)
// CHECK-NEXT: #loc4 = loc("/home/u/kernels/add.py":14:20)
// CHECK-NEXT: #loc6 = loc("x"(#loc))
// CHECK-NEXT: module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-NEXT:   llvm.func @__nv_expf(f32) -> f32 attributes {libname = "libdevice", libpath = ""} loc(#loc8)
// CHECK-NEXT:   llvm.func @add_kernel(%x: f32 loc("x"(#loc)), %arg1: i32 loc(unknown)) -> f32 attributes {nvvm.kernel = 1 : ui1} {
// CHECK-NEXT:     %0 = llvm.call @__nv_expf(%x) : (f32) -> f32 loc(#loc16)
// CHECK-NEXT:     %1 = llvm.fadd %0, %0 : f32 loc(#loc19)
// CHECK-NEXT:     %y = llvm.fmul %1, %0 : f32 loc(#loc7)
// CHECK-NEXT:     llvm.return %y : f32 loc(#loc4)
// CHECK-NEXT:   } loc(#loc9)
// CHECK-NEXT:   llvm.func @helper(%arg0: f32 loc("/home/u/kernels/add.py":14:20)) -> f32 {
// CHECK-NEXT:     %0 = llvm.fadd %arg0, %arg0 : f32 loc(#loc18)
// CHECK-NEXT:     llvm.return %0 : f32 loc(#loc2)
// CHECK-NEXT:   } loc(#loc10)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #di_file = #llvm.di_file<"libdevice.10.bc" in "">
// CHECK-NEXT: #di_file1 = #llvm.di_file<"add.py" in "/home/u/kernels">
// CHECK-NEXT: #di_file2 = #llvm.di_file<"standard.py" in "/site-packages/triton/language">
// CHECK-NEXT: #di_file3 = #llvm.di_file<"math.py" in "/site-packages/triton/language">
// CHECK-NEXT: #di_file4 = #llvm.di_file<"<unknown>" in "">
// CHECK-NEXT: #di_subroutine_type = #llvm.di_subroutine_type<callingConvention = DW_CC_normal>
// CHECK-NEXT: #loc1 = loc("libdevice.10.bc":0:0)
// CHECK-NEXT: #loc3 = loc("/site-packages/triton/language/standard.py":40:11)
// CHECK-NEXT: #loc5 = loc("/site-packages/triton/language/math.py":7:3)
// CHECK-NEXT: #di_compile_unit = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #di_file1, producer = "triton", isOptimized = true, emissionKind = LineTablesOnly>
// CHECK-NEXT: #di_compile_unit1 = #llvm.di_compile_unit<id = distinct[1]<>, sourceLanguage = DW_LANG_C, file = #di_file4, producer = "triton", isOptimized = true, emissionKind = LineTablesOnly>
// CHECK-NEXT: #di_subprogram = #llvm.di_subprogram<scope = #di_file, name = "__nv_expf", linkageName = "__nv_expf", file = #di_file, subprogramFlags = Optimized, type = #di_subroutine_type>
// CHECK-NEXT: #loc7 = loc("y"(#loc4))
// CHECK-NEXT: #di_subprogram1 = #llvm.di_subprogram<id = distinct[0]<>, compileUnit = #di_compile_unit, scope = #di_file1, name = "add_kernel", linkageName = "add_kernel", file = #di_file1, line = 12, scopeLine = 12, subprogramFlags = "Definition|Optimized", type = #di_subroutine_type>
// CHECK-NEXT: #di_subprogram2 = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #di_compile_unit1, scope = #di_file4, name = "helper", linkageName = "helper", file = #di_file4, subprogramFlags = "Definition|Optimized", type = #di_subroutine_type>
// CHECK-NEXT: #loc8 = loc(fused<#di_subprogram>[#loc1])
// CHECK-NEXT: #di_lexical_block_file = #llvm.di_lexical_block_file<scope = #di_subprogram1, file = #di_file2, discriminator = 0>
// CHECK-NEXT: #di_lexical_block_file1 = #llvm.di_lexical_block_file<scope = #di_subprogram1, file = #di_file1, discriminator = 0>
// CHECK-NEXT: #di_lexical_block_file2 = #llvm.di_lexical_block_file<scope = #di_subprogram1, file = #di_file3, discriminator = 0>
// CHECK-NEXT: #di_lexical_block_file3 = #llvm.di_lexical_block_file<scope = #di_subprogram2, file = #di_file2, discriminator = 0>
// CHECK-NEXT: #di_lexical_block_file4 = #llvm.di_lexical_block_file<scope = #di_subprogram2, file = #di_file1, discriminator = 0>
// CHECK-NEXT: #loc9 = loc(fused<#di_subprogram1>[#loc])
// CHECK-NEXT: #loc10 = loc(fused<#di_subprogram2>[#loc2])
// CHECK-NEXT: #loc11 = loc(fused<#di_lexical_block_file>[#loc3])
// CHECK-NEXT: #loc12 = loc(fused<#di_lexical_block_file1>[#loc4])
// CHECK-NEXT: #loc13 = loc(fused<#di_lexical_block_file2>[#loc5])
// CHECK-NEXT: #loc14 = loc(fused<#di_lexical_block_file3>[#loc3])
// CHECK-NEXT: #loc15 = loc(fused<#di_lexical_block_file4>[#loc4])
// CHECK-NEXT: #loc16 = loc(callsite(#loc11 at #loc12))
// CHECK-NEXT: #loc17 = loc(callsite(#loc13 at #loc11))
// CHECK-NEXT: #loc18 = loc(callsite(#loc14 at #loc15))
// CHECK-NEXT: #loc19 = loc(callsite(#loc17 at #loc12))
