// RUN: ttg-opt %s -split-input-file -triton-licm | FileCheck %s
// The CHECK lines are the whole output of Triton 3.6 (its pass run on each chunk through the wheel's bindings).

// Loads in a read-only scf.for move out with the trip-count guard `lb < ub` and-ed into their mask; a scalar
// load takes the guard as its mask; pure ops follow their operands out.
// CHECK-LABEL: tt.func @loads_in_read_only_loop(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : tensor<64xf32>
// CHECK-NEXT: %cst_0 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = arith.cmpi slt, %arg3, %arg4 : i32
// CHECK-NEXT: %1 = tt.splat %0 : i1 -> tensor<64xi1>
// CHECK-NEXT: %2 = arith.andi %1, %arg1 : tensor<64xi1>
// CHECK-NEXT: %3 = tt.load %arg0, %2 : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: %4 = arith.cmpi slt, %arg3, %arg4 : i32
// CHECK-NEXT: %5 = tt.load %arg2, %4 : !tt.ptr<f32>
// CHECK-NEXT: %6 = arith.addf %3, %3 : tensor<64xf32>
// CHECK-NEXT: %7:2 = scf.for %arg5 = %arg3 to %arg4 step %c1_i32 iter_args(%arg6 = %cst, %arg7 = %cst_0) -> (tensor<64xf32>, f32)  : i32 {
// CHECK-NEXT: %8 = arith.addf %arg6, %6 : tensor<64xf32>
// CHECK-NEXT: %9 = arith.addf %arg7, %5 : f32
// CHECK-NEXT: scf.yield %8, %9 : tensor<64xf32>, f32
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %7#0, %7#1 : tensor<64xf32>, f32
tt.func @loads_in_read_only_loop(%p: tensor<64x!tt.ptr<f32>>, %m: tensor<64xi1>, %q: !tt.ptr<f32>, %lb: i32, %ub: i32) -> (tensor<64xf32>, f32) {
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<64xf32>
  %fz = arith.constant 0.000000e+00 : f32
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero, %s = %fz) -> (tensor<64xf32>, f32) : i32 {
    %a = tt.load %p, %m : tensor<64x!tt.ptr<f32>>
    %b = tt.load %q : !tt.ptr<f32>
    %c = arith.addf %a, %a : tensor<64xf32>
    %d = arith.addf %acc, %c : tensor<64xf32>
    %e = arith.addf %s, %b : f32
    scf.yield %d, %e : tensor<64xf32>, f32
  }
  tt.return %r#0, %r#1 : tensor<64xf32>, f32
}

// -----

// A store in the loop keeps the load inside; pure invariant ops still move.
// CHECK-LABEL: tt.func @store_blocks_load(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT: %1 = tt.splat %0 : i32 -> tensor<64xi32>
// CHECK-NEXT: %2 = arith.sitofp %1 : tensor<64xi32> to tensor<64xf32>
// CHECK-NEXT: scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32  : i32 {
// CHECK-NEXT: %3 = tt.load %arg0 : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: %4 = arith.addf %3, %2 : tensor<64xf32>
// CHECK-NEXT: tt.store %arg0, %4 : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return
tt.func @store_blocks_load(%p: tensor<64x!tt.ptr<f32>>, %x: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %a = tt.load %p : tensor<64x!tt.ptr<f32>>
    %y = arith.muli %x, %x : i32
    %s = tt.splat %y : i32 -> tensor<64xi32>
    %f = arith.sitofp %s : tensor<64xi32> to tensor<64xf32>
    %b = arith.addf %a, %f : tensor<64xf32>
    tt.store %p, %b : tensor<64x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// Integer division moves only when it cannot trap: a constant divisor other than 0 (and -1 for signed).
// CHECK-LABEL: tt.func @division_speculation(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %0 = arith.divsi %arg0, %c4_i32 : i32
// CHECK-NEXT: %1 = arith.divui %arg0, %c4_i32 : i32
// CHECK-NEXT: %2 = arith.remsi %arg0, %arg1 : i32
// CHECK-NEXT: %3 = arith.ceildivsi %arg0, %c4_i32 : i32
// CHECK-NEXT: scf.for %arg4 = %c0_i32 to %arg2 step %c1_i32  : i32 {
// CHECK-NEXT: %4 = arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT: %5 = arith.divsi %arg0, %c-1_i32 : i32
// CHECK-NEXT: %6 = arith.divui %arg0, %c0_i32 : i32
// CHECK-NEXT: %7 = arith.addi %0, %4 : i32
// CHECK-NEXT: %8 = arith.addi %7, %5 : i32
// CHECK-NEXT: %9 = arith.addi %8, %1 : i32
// CHECK-NEXT: %10 = arith.addi %9, %6 : i32
// CHECK-NEXT: %11 = arith.addi %10, %2 : i32
// CHECK-NEXT: %12 = arith.addi %11, %3 : i32
// CHECK-NEXT: %13 = arith.addi %12, %arg4 : i32
// CHECK-NEXT: tt.store %arg3, %13 : !tt.ptr<i32>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return
tt.func @division_speculation(%x: i32, %d: i32, %n: i32, %out: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %cm1 = arith.constant -1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %a = arith.divsi %x, %c4 : i32
    %b = arith.divsi %x, %d : i32
    %c = arith.divsi %x, %cm1 : i32
    %e = arith.divui %x, %c4 : i32
    %f = arith.divui %x, %c0 : i32
    %g = arith.remsi %x, %d : i32
    %h = arith.ceildivsi %x, %c4 : i32
    %s0 = arith.addi %a, %b : i32
    %s1 = arith.addi %s0, %c : i32
    %s2 = arith.addi %s1, %e : i32
    %s3 = arith.addi %s2, %f : i32
    %s4 = arith.addi %s3, %g : i32
    %s5 = arith.addi %s4, %h : i32
    %s6 = arith.addi %s5, %i : i32
    tt.store %out, %s6 : !tt.ptr<i32>
  }
  tt.return
}

// -----

// Nested loops: the inner loop is visited first, its invariant ops land in the outer body and move on out.
// An invariant inner loop with step 1 and a pure body moves as a whole; with step 2 it stays.
// CHECK-LABEL: tt.func @nested(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %0 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT: %1 = scf.for %arg3 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg4 = %c0_i32) -> (i32)  : i32 {
// CHECK-NEXT: %2 = arith.addi %arg4, %arg0 : i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %arg3 = %c0_i32 to %arg1 step %c1_i32  : i32 {
// CHECK-NEXT: %2 = arith.addi %0, %arg3 : i32
// CHECK-NEXT: scf.for %arg4 = %c0_i32 to %arg1 step %c1_i32  : i32 {
// CHECK-NEXT: %5 = arith.addi %2, %arg4 : i32
// CHECK-NEXT: tt.store %arg2, %5 : !tt.ptr<i32>
// CHECK-NEXT: }
// CHECK-NEXT: %3 = scf.for %arg4 = %c0_i32 to %arg1 step %c2_i32 iter_args(%arg5 = %c0_i32) -> (i32)  : i32 {
// CHECK-NEXT: %5 = arith.addi %arg5, %arg0 : i32
// CHECK-NEXT: scf.yield %5 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %4 = arith.addi %1, %3 : i32
// CHECK-NEXT: tt.store %arg2, %4 : !tt.ptr<i32>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return
tt.func @nested(%x: i32, %n: i32, %out: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %n step %c1 : i32 {
      %a = arith.muli %x, %x : i32
      %b = arith.addi %a, %i : i32
      %c = arith.addi %b, %j : i32
      tt.store %out, %c : !tt.ptr<i32>
    }
    %s1 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
      %t = arith.addi %acc, %x : i32
      scf.yield %t : i32
    }
    %s2 = scf.for %k = %c0 to %n step %c2 iter_args(%acc = %c0) -> (i32) : i32 {
      %t = arith.addi %acc, %x : i32
      scf.yield %t : i32
    }
    %s = arith.addi %s1, %s2 : i32
    tt.store %out, %s : !tt.ptr<i32>
  }
  tt.return
}

// -----

// An scf.if on an invariant condition with a pure body moves; one that stores does not.
// CHECK-LABEL: tt.func @invariant_if(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %1 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %arg4 = %c0_i32 to %arg2 step %c1_i32  : i32 {
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: tt.store %arg3, %arg1 : !tt.ptr<i32>
// CHECK-NEXT: }
// CHECK-NEXT: %1 = arith.addi %0, %arg4 : i32
// CHECK-NEXT: tt.store %arg3, %1 : !tt.ptr<i32>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return
tt.func @invariant_if(%c: i1, %x: i32, %n: i32, %out: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %v = scf.if %c -> (i32) {
      %a = arith.muli %x, %x : i32
      scf.yield %a : i32
    } else {
      scf.yield %x : i32
    }
    scf.if %c {
      tt.store %out, %x : !tt.ptr<i32>
    }
    %w = arith.addi %v, %i : i32
    tt.store %out, %w : !tt.ptr<i32>
  }
  tt.return
}

// -----

// scf.while: invariant pure ops leave both regions; loads stay (no trip-count guard for while loops), as does
// a volatile load in a for loop (it also writes).
// CHECK-LABEL: tt.func @while_and_volatile(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.muli %arg2, %arg2 : i32
// CHECK-NEXT: %1 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT: %2 = scf.while (%arg3 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT: %4 = tt.load %arg0 : !tt.ptr<i32>
// CHECK-NEXT: %5 = arith.addi %arg3, %4 : i32
// CHECK-NEXT: %6 = arith.cmpi slt, %5, %0 : i32
// CHECK-NEXT: scf.condition(%6) %5 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg3: i32):
// CHECK-NEXT: %4 = arith.addi %arg3, %1 : i32
// CHECK-NEXT: scf.yield %4 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %3 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %c0_i32) -> (i32)  : i32 {
// CHECK-NEXT: %4 = tt.load %arg0 {isVolatile = true} : !tt.ptr<i32>
// CHECK-NEXT: %5 = arith.addi %arg4, %4 : i32
// CHECK-NEXT: scf.yield %5 : i32
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %2, %3 : i32, i32
tt.func @while_and_volatile(%p: !tt.ptr<i32>, %x: i32, %n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %w = scf.while (%a = %c0) : (i32) -> i32 {
    %lim = arith.muli %n, %n : i32
    %l = tt.load %p : !tt.ptr<i32>
    %t = arith.addi %a, %l : i32
    %cond = arith.cmpi slt, %t, %lim : i32
    scf.condition(%cond) %t : i32
  } do {
  ^bb0(%b: i32):
    %inc = arith.muli %x, %x : i32
    %nb = arith.addi %b, %inc : i32
    scf.yield %nb : i32
  }
  %f = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %v = tt.load %p {isVolatile = true} : !tt.ptr<i32>
    %s = arith.addi %acc, %v : i32
    scf.yield %s : i32
  }
  tt.return %w, %f : i32, i32
}
