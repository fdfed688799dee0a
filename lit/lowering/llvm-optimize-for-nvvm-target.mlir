// RUN: ttg-opt %s -split-input-file --llvm-optimize-for-nvvm-target | FileCheck %s

// MLIR's NVVMOptimizeForTarget: an f16 division becomes an f32 reciprocal approximation refined by one Newton
// step, keeping the unrefined quotient where its exponent bits are all zero or all one, truncated back to f16.
// CHECK-LABEL: llvm.func @fdiv_fp16
// CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : ui32) : i32
// CHECK-DAG: %[[MASK:.*]] = llvm.mlir.constant(2139095040 : ui32) : i32
// CHECK-DAG: %[[LHS:.*]] = llvm.fpext %arg0 : f16 to f32
// CHECK-DAG: %[[RHS:.*]] = llvm.fpext %arg1 : f16 to f32
// CHECK-DAG: %[[RCP:.*]] = nvvm.rcp.approx.ftz.f %[[RHS]] : f32
// CHECK-DAG: %[[APPROX:.*]] = llvm.fmul %[[LHS]], %[[RCP]] : f32
// CHECK-DAG: %[[NEG:.*]] = llvm.fneg %[[RHS]] : f32
// CHECK-DAG: %[[ERR:.*]] = llvm.intr.fma(%[[APPROX]], %[[NEG]], %[[LHS]]) : (f32, f32, f32) -> f32
// CHECK-DAG: %[[REFINED:.*]] = llvm.intr.fma(%[[ERR]], %[[RCP]], %[[APPROX]]) : (f32, f32, f32) -> f32
// CHECK-DAG: %[[BITS:.*]] = llvm.bitcast %[[APPROX]] : f32 to i32
// CHECK-DAG: %[[EXP:.*]] = llvm.and %[[BITS]], %[[MASK]] : i32
// CHECK-DAG: %[[IS_ZERO:.*]] = llvm.icmp "eq" %[[EXP]], %[[C0]] : i32
// CHECK-DAG: %[[IS_INF:.*]] = llvm.icmp "eq" %[[EXP]], %[[MASK]] : i32
// CHECK-DAG: %[[KEEP:.*]] = llvm.or %[[IS_ZERO]], %[[IS_INF]] : i1
// CHECK-DAG: %[[SEL:.*]] = llvm.select %[[KEEP]], %[[APPROX]], %[[REFINED]] : i1, f32
// CHECK-DAG: %[[RES:.*]] = llvm.fptrunc %[[SEL]] : f32 to f16
// CHECK: llvm.return %[[RES]] : f16
llvm.func @fdiv_fp16(%arg0: f16, %arg1: f16) -> f16 {
  %0 = llvm.fdiv %arg0, %arg1 : f16
  llvm.return %0 : f16
}

// -----

// Other divisions are left alone; ops without uses are erased, as by MLIR's greedy driver.
// CHECK-LABEL: llvm.func @fdiv_fp32
// CHECK-NEXT: %[[Q:.*]] = llvm.fdiv %arg0, %arg1 : f32
// CHECK-NEXT: llvm.return %[[Q]] : f32
llvm.func @fdiv_fp32(%arg0: f32, %arg1: f32) -> f32 {
  %unused = llvm.fadd %arg0, %arg1 : f32
  %0 = llvm.fdiv %arg0, %arg1 : f32
  llvm.return %0 : f32
}
