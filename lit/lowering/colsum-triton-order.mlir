// RUN: ttg-opt %s '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' --canonicalize --cse --convert-nv-gpu-to-llvm --canonicalize --cse --symbol-dce --convert-nvvm-to-llvm | FileCheck %s

// Column sums (colsum, BM=32 BN=128, 4 warps, the input of Triton 3.6's convert-triton-gpu-to-llvm): the LLVM
// op order of make_llir, as Triton's text (the whole function is Triton's, op for op). LLVM and ptxas schedule
// the loop's eight 128-bit loads from this order, so it is pinned:
// - make_range: the start is an index-typed constant, every register adds it (0 included) after XORing its
//   register constant (0 included) into the per-thread base; the base's input concatenates lane, warp and the
//   CTA id (nvg.cluster_id, folded to 0 after the conversion: the `or %x, 0` stays);
// - the rows' offsets are computed in the prologue (hoisted by licm), one XOR then one ADD per row;
// - tt.load: the `other` word goes through a vector<1xf32>; each loaded word is extracted and bitcast in turn;
// - tt.reduce across warps: the lane/warp grid coordinates (urem/udiv), the write predicate and(and(true,
//   true), laneIdAxis == 0), offsets linearize(col, warpIdAxis), predicated st.shared of vector<1xi32> on the
//   shared pointer; the partials re-read with urem(lane, 4) and cumulative +128 offsets;
// - the layout conversion through shared memory: byte addresses (base xor affine*4) xor c + c, ldmatrix, and
//   the stored word through vector<1xf32>.
// CHECK-LABEL: llvm.func @colsum
// CHECK-DAG: %[[IDX0:.*]] = llvm.mlir.constant(0 : index) : i32
// CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[PID:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK-NEXT: %[[START:.*]] = llvm.mul %[[PID]], %{{.*}} : i32
// CHECK-NEXT: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %[[T:.*]] = llvm.and %[[TID]], %{{.*}} : i32
// CHECK-NEXT: %[[LANE:.*]] = llvm.urem %[[T]], %{{.*}} : i32
// CHECK-NEXT: %[[WARP:.*]] = llvm.udiv %[[T]], %{{.*}} : i32
// CHECK-NEXT: %[[L0:.*]] = llvm.shl %[[LANE]], %[[C0]] : i32
// CHECK-NEXT: %[[X0:.*]] = llvm.or %[[C0]], %[[L0]] : i32
// CHECK-NEXT: %[[W5:.*]] = llvm.shl %[[WARP]], %{{.*}} : i32
// CHECK-NEXT: %[[X1:.*]] = llvm.or %[[X0]], %[[W5]] : i32
// CHECK-NEXT: %[[X:.*]] = llvm.or %[[X1]], %[[C0]] : i32
// CHECK-NEXT: %[[CM:.*]] = llvm.and %[[X]], %{{.*}} : i32
// CHECK-NEXT: %[[CS:.*]] = llvm.shl %[[CM]], %{{.*}} : i32
// CHECK-NEXT: %[[CO:.*]] = llvm.or disjoint %[[CS]], %[[C0]] : i32
// CHECK-NEXT: %[[COL:.*]] = llvm.xor %[[C0]], %[[CO]] : i32
// CHECK-NEXT: %[[COLR:.*]] = llvm.xor %[[COL]], %[[C0]] : i32
// CHECK-NEXT: %[[COLI:.*]] = llvm.add %[[COLR]], %[[IDX0]] : i32
// CHECK: %[[OFFS:.*]] = llvm.add %[[START]], %[[COLI]] : i32
// CHECK: %[[ROW:.*]] = llvm.xor %[[C0]], %{{.*}} : i32
// CHECK-NEXT: %[[R0:.*]] = llvm.xor %[[ROW]], %[[C0]] : i32
// CHECK-COUNT-7: llvm.xor %[[ROW]], %{{.*}} : i32
// CHECK-NEXT: %[[RI0:.*]] = llvm.add %[[R0]], %[[IDX0]] : i32
// CHECK-COUNT-7: llvm.add %{{.*}}, %[[IDX0]] : i32
// CHECK-NEXT: llvm.br ^bb1
// CHECK: ^bb2:
// CHECK-NEXT: %[[M0:.*]] = llvm.add %{{.*}}, %[[RI0]] : i32
// CHECK-COUNT-7: llvm.add
// CHECK-COUNT-8: llvm.icmp "slt"
// CHECK-COUNT-8: llvm.mul %{{.*}}, %arg3 : i32
// CHECK-COUNT-8: llvm.getelementptr %arg0[
// CHECK-COUNT-8: llvm.getelementptr %{{.*}}[%[[OFFS]]]
// CHECK-NEXT: %[[OV:.*]] = llvm.insertelement %{{.*}}, %{{.*}}[%[[IDX0]] : i32] : vector<1xf32>
// CHECK-NEXT: %[[OW:.*]] = llvm.bitcast %[[OV]] : vector<1xf32> to i32
// CHECK-NEXT: %[[LD:.*]] = llvm.inline_asm has_side_effects {{.*}}ld.global.v4.b32{{.*}} %[[OW]], %[[OW]], %[[OW]], %[[OW]], %{{.*}}, %{{.*}} :
// CHECK-NEXT: %[[W0:.*]] = llvm.extractvalue %[[LD]][0]
// CHECK-NEXT: llvm.bitcast %[[W0]] : i32 to vector<1xf32>
// CHECK-NEXT: %[[W1:.*]] = llvm.extractvalue %[[LD]][1]
// CHECK-NEXT: llvm.bitcast %[[W1]] : i32 to vector<1xf32>
// CHECK: nvvm.barrier0
// CHECK: %[[LDIV:.*]] = llvm.udiv %[[LANE]], %{{.*}} : i32
// CHECK-NEXT: %[[LAX:.*]] = llvm.urem %[[LDIV]], %{{.*}} : i32
// CHECK-NEXT: %[[WAX:.*]] = llvm.urem %[[WARP]], %{{.*}} : i32
// CHECK-NEXT: %[[LZ:.*]] = llvm.icmp "eq" %[[LAX]], %[[C0]] : i32
// CHECK-NEXT: %[[REP:.*]] = llvm.and %[[TRUE:.*]], %[[TRUE]] : i1
// CHECK-NEXT: %[[WR:.*]] = llvm.and %[[REP]], %[[LZ]] : i1
// CHECK-NEXT: %[[SOFF:.*]] = llvm.mul %[[COLR]], %{{.*}} : i32
// CHECK-NEXT: %[[SLIN:.*]] = llvm.add %[[SOFF]], %[[WAX]] : i32
// CHECK-NEXT: %[[SPTR:.*]] = llvm.getelementptr %{{.*}}[%[[SLIN]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-NEXT: %[[SV:.*]] = llvm.insertelement %{{.*}}, %{{.*}}[%[[C0]] : i32] : vector<1xf32>
// CHECK-NEXT: %[[SE:.*]] = llvm.extractelement %[[SV]][%[[C0]] : i32] : vector<1xf32>
// CHECK-NEXT: %[[SI:.*]] = llvm.bitcast %[[SE]] : f32 to i32
// CHECK-NEXT: %[[SW:.*]] = llvm.insertelement %[[SI]], %{{.*}}[%[[C0]] : i32] : vector<1xi32>
// CHECK-NEXT: llvm.inline_asm has_side_effects {{.*}}"@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %[[SPTR]], %[[SW]], %[[WR]] : (!llvm.ptr<3>, vector<1xi32>, i1) -> !llvm.void
// CHECK: nvvm.barrier0
// CHECK-NEXT: %[[NEED:.*]] = llvm.icmp "slt" %[[T]], %{{.*}} : i32
// CHECK-NEXT: %[[RPTR:.*]] = llvm.getelementptr %{{.*}}[%[[T]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-NEXT: llvm.inline_asm has_side_effects {{.*}}"@$2 ld.shared.b32 $0, [ $1 + 0 ];", "=r,r,b" %[[RPTR]], %[[NEED]] : (!llvm.ptr<3>, i1) -> i32
// CHECK: nvvm.shfl.sync  bfly
// CHECK: nvvm.shfl.sync  bfly
// CHECK: %[[LM:.*]] = llvm.urem %[[LANE]], %{{.*}} : i32
// CHECK-NEXT: %[[FIRST:.*]] = llvm.icmp "eq" %[[LM]], %[[C0]] : i32
// CHECK-NEXT: llvm.and %[[NEED]], %[[FIRST]] : i1
// CHECK: %[[R2:.*]] = llvm.add %[[T]], %{{.*}} : i32
// CHECK: llvm.add %[[R2]], %{{.*}} : i32
// CHECK: ^bb3:
// CHECK: %[[AFF:.*]] = llvm.mul %[[C0]], %{{.*}} : i32
// CHECK-NEXT: %[[B1:.*]] = llvm.xor %{{.*}}, %[[AFF]] : i32
// CHECK-NEXT: %[[B2:.*]] = llvm.xor %[[B1]], %[[C0]] : i32
// CHECK-NEXT: %[[B3:.*]] = llvm.add %[[B2]], %[[C0]] : i32
// CHECK-NEXT: llvm.getelementptr inbounds %{{.*}}[%[[B3]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
// CHECK: %[[MAT:.*]] = nvvm.ldmatrix
// CHECK-NEXT: %[[MV:.*]] = llvm.bitcast %[[MAT]] : i32 to vector<1xf32>
// CHECK-NEXT: %[[ME:.*]] = llvm.extractelement %[[MV]][%[[C0]] : i32] : vector<1xf32>
// CHECK-NEXT: %[[GV:.*]] = llvm.insertelement %[[ME]], %{{.*}}[%[[C0]] : i32] : vector<1xf32>
// CHECK-NEXT: %[[GW:.*]] = llvm.bitcast %[[GV]] : vector<1xf32> to i32
// CHECK-NEXT: llvm.inline_asm has_side_effects {{.*}}"st.global.b32 [ $1 + 0 ], { $0 };", "r,l" %[[GW]],
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {ttg.global_scratch_memory_alignment = 1 : i32, ttg.global_scratch_memory_size = 0 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 2048 : i32, ttg.target = "cuda:90", ttg.tensor_memory_size = 0 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.total-num-warps" = 4 : i32, "ttng.two-ctas" = false} {
  tt.func public @colsum(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false, ttg.global_scratch_memory_alignment = 1 : i32, ttg.global_scratch_memory_size = 0 : i32} {
    %cst = arith.constant dense<0.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %c32_i32 = arith.constant 32 : i32
    %c0_i32 = arith.constant 0 : i32
    %c128_i32 = arith.constant 128 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x128xf32, #blocked>
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c128_i32 : i32
    %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %3 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked1>
    %4 = tt.splat %1 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %5 = tt.splat %1 : i32 -> tensor<128xi32, #blocked1>
    %6 = arith.addi %4, %2 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %7 = arith.addi %5, %3 : tensor<128xi32, #blocked1>
    %8 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %9 = tt.splat %arg2 : i32 -> tensor<32x1xi32, #blocked>
    %10 = tt.splat %arg3 : i32 -> tensor<32x1xi32, #blocked>
    %11 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>, #blocked>
    %12 = tt.expand_dims %6 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
    %13 = tt.broadcast %12 : tensor<1x128xi32, #blocked> -> tensor<32x128xi32, #blocked>
    cf.br ^bb1(%c0_i32, %cst : i32, tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>)
  ^bb1(%14: i32, %15: tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>):  // 2 preds: ^bb0, ^bb2
    %16 = arith.cmpi slt, %14, %arg2 : i32
    cf.cond_br %16, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %17 = tt.splat %14 : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %18 = arith.addi %17, %8 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %19 = tt.expand_dims %18 {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
    %20 = arith.cmpi slt, %19, %9 : tensor<32x1xi32, #blocked>
    %21 = arith.muli %19, %10 : tensor<32x1xi32, #blocked>
    %22 = tt.addptr %11, %21 : tensor<32x1x!tt.ptr<f32>, #blocked>, tensor<32x1xi32, #blocked>
    %23 = tt.broadcast %22 : tensor<32x1x!tt.ptr<f32>, #blocked> -> tensor<32x128x!tt.ptr<f32>, #blocked>
    %24 = tt.addptr %23, %13 : tensor<32x128x!tt.ptr<f32>, #blocked>, tensor<32x128xi32, #blocked>
    %25 = tt.broadcast %20 : tensor<32x1xi1, #blocked> -> tensor<32x128xi1, #blocked>
    %26 = tt.load %24, %25, %cst_0 : tensor<32x128x!tt.ptr<f32>, #blocked>
    %27 = "tt.reduce"(%26) <{axis = 0 : i32}> ({
    ^bb0(%arg4: f32, %arg5: f32):
      %33 = arith.addf %arg4, %arg5 : f32
      tt.reduce.return %33 : f32
    }) {allocation.offset = 0 : i32} : (tensor<32x128xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %28 = arith.addf %15, %27 : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %29 = arith.addi %14, %c32_i32 : i32
    cf.br ^bb1(%29, %28 : i32, tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>)
  ^bb3:  // pred: ^bb1
    %30 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked1>
    %31 = tt.addptr %30, %7 : tensor<128x!tt.ptr<f32>, #blocked1>, tensor<128xi32, #blocked1>
    %32 = ttg.convert_layout %15 {allocation.offset = 0 : i32} : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<128xf32, #blocked1>
    tt.store %31, %32 : tensor<128x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}
