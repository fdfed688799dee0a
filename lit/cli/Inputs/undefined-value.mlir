tt.func @f(%arg0: i32) {
  %0 = arith.addi %arg0, %nope : i32
  tt.return
}
