// Each chunk is a separate test case; `expected-error` comments say which diagnostic it must produce, and where.
//   ttg-opt --split-input-file --verify-diagnostics examples/invalid.mlir   (exit status 0: every diagnostic matched)

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mixed_layouts(%a: tensor<256xi32, #blocked>, %b: tensor<256xi32, #blocked1>) {
    // expected-error @+1 {{'tt.join' op requires all operands to have the same type}}
    %0 = "tt.join"(%a, %b) : (tensor<256xi32, #blocked>, tensor<256xi32, #blocked1>) -> tensor<256x2xi32, #blocked>
    tt.return
  }
}

// -----

module {
  tt.func @undefined_value() -> i32 {
    // expected-error @+1 {{use of undeclared SSA value name}}
    tt.return %x : i32
  }
}
