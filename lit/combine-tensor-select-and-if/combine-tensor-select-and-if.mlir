// RUN: ttg-opt %s -split-input-file -tritongpu-combine-tensor-select-and-if | FileCheck %s
// The CHECK lines are the whole output of Triton 3.6 (its pass run on each chunk through the wheel's bindings).

// Two tensor selects join the first following scf.if on their condition (which gets an else branch); a
// scalar select stays, but its uses inside the if's branches take the branch's side.
// CHECK-LABEL: tt.func @two_selects(
// CHECK-NEXT: %0 = arith.select %arg0, %arg3, %arg4 : i32
// CHECK-NEXT: %1:3 = scf.if %arg0 -> (i32, tensor<64xf32>, tensor<64xf32>) {
// CHECK-NEXT: tt.store %arg6, %arg3 : !tt.ptr<i32>
// CHECK-NEXT: scf.yield %arg3, %arg1, %arg2 : i32, tensor<64xf32>, tensor<64xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %3 = arith.addi %arg4, %arg4 : i32
// CHECK-NEXT: scf.yield %3, %arg2, %arg1 : i32, tensor<64xf32>, tensor<64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %2 = arith.addf %1#1, %1#2 : tensor<64xf32>
// CHECK-NEXT: tt.store %arg5, %2 : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: tt.store %arg6, %1#0 : !tt.ptr<i32>
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: tt.store %arg5, %arg1 : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return
tt.func @two_selects(%c: i1, %a: tensor<64xf32>, %b: tensor<64xf32>, %x: i32, %y: i32, %p: tensor<64x!tt.ptr<f32>>, %q: !tt.ptr<i32>) {
  %s1 = arith.select %c, %a, %b : tensor<64xf32>
  %s2 = arith.select %c, %b, %a : tensor<64xf32>
  %s3 = arith.select %c, %x, %y : i32
  %r = scf.if %c -> (i32) {
    tt.store %q, %s3 : !tt.ptr<i32>
    scf.yield %s3 : i32
  } else {
    %z = arith.addi %s3, %s3 : i32
    scf.yield %z : i32
  }
  %t = arith.addf %s1, %s2 : tensor<64xf32>
  tt.store %p, %t : tensor<64x!tt.ptr<f32>>
  tt.store %q, %r : !tt.ptr<i32>
  scf.if %c {
    tt.store %p, %s1 : tensor<64x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// The select must come before the if and the if before every remaining use of the select: an if before the
// select, or a use between them, leaves the select alone.
// CHECK-LABEL: tt.func @not_dominating(
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: tt.store %arg3, %arg1 : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: }
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : tensor<64xf32>
// CHECK-NEXT: tt.store %arg3, %0 : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: tt.store %arg3, %arg2 : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return
tt.func @not_dominating(%c: i1, %a: tensor<64xf32>, %b: tensor<64xf32>, %p: tensor<64x!tt.ptr<f32>>) {
  scf.if %c {
    tt.store %p, %a : tensor<64x!tt.ptr<f32>>
  }
  %s1 = arith.select %c, %a, %b : tensor<64xf32>
  tt.store %p, %s1 : tensor<64x!tt.ptr<f32>>
  scf.if %c {
    tt.store %p, %b : tensor<64x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// An if in another block (here inside a loop) is not a candidate; the select merges into the later if of its
// own block.
// CHECK-LABEL: tt.func @other_block(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: scf.for %arg5 = %c0_i32 to %arg4 step %c1_i32  : i32 {
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: tt.store %arg3, %arg1 : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %0:2 = scf.if %arg0 -> (tensor<64xf32>, tensor<64xf32>) {
// CHECK-NEXT: scf.yield %arg1, %arg1 : tensor<64xf32>, tensor<64xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2, %arg2 : tensor<64xf32>, tensor<64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %1 = arith.addf %0#1, %0#0 : tensor<64xf32>
// CHECK-NEXT: tt.store %arg3, %1 : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: tt.return
tt.func @other_block(%c: i1, %a: tensor<64xf32>, %b: tensor<64xf32>, %p: tensor<64x!tt.ptr<f32>>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %s = arith.select %c, %a, %b : tensor<64xf32>
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.if %c {
      tt.store %p, %a : tensor<64x!tt.ptr<f32>>
    }
  }
  %r = scf.if %c -> (tensor<64xf32>) {
    scf.yield %a : tensor<64xf32>
  } else {
    scf.yield %b : tensor<64xf32>
  }
  %t = arith.addf %s, %r : tensor<64xf32>
  tt.store %p, %t : tensor<64x!tt.ptr<f32>>
  tt.return
}
