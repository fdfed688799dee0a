// An op of a dialect ttg-opt does not know: an error by default, kept in generic form with --allow-unregistered-dialect.
tt.func @f(%arg0: i32) -> i32 {
  %0 = "mydialect.frobnicate"(%arg0) {level = 3 : i32} : (i32) -> i32
  %1 = arith.addi %0, %arg0 : i32
  tt.return %1 : i32
}
