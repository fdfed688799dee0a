#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked4 = #ttg.blocked<{sizePerThread = [1, 1, 1, 1, 1, 1], threadsPerWarp = [1, 2, 2, 2, 2, 2], warpsPerCTA = [8, 1, 1, 1, 1, 1], order = [5, 4, 3, 2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @interleave_flip(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c512_i32 = arith.constant 512 : i32
    %0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %2 = tt.addptr %1, %0 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %3 = tt.load %2 : tensor<256x!tt.ptr<f32>, #blocked>
    %4 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %5 = tt.addptr %4, %0 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %6 = tt.load %5 : tensor<256x!tt.ptr<f32>, #blocked>
    %7 = tt.join %3, %6 : tensor<256xf32, #blocked> -> tensor<256x2xf32, #blocked1>
    %8 = tt.reshape %7 : tensor<256x2xf32, #blocked1> -> tensor<512xf32, #blocked2>
    %9 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked2>
    %10 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked2>
    %11 = tt.addptr %10, %9 : tensor<512x!tt.ptr<f32>, #blocked2>, tensor<512xi32, #blocked2>
    %12 = tt.reshape %3 : tensor<256xf32, #blocked> -> tensor<8x32xf32, #blocked3>
    %13 = tt.addptr %arg2, %c512_i32 : !tt.ptr<f32>, i32
    %14 = tt.splat %13 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %15 = tt.addptr %14, %0 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %16 = tt.bitcast %12 : tensor<8x32xf32, #blocked3> -> tensor<8x32xi32, #blocked3>
    %17 = tt.reshape %16 : tensor<8x32xi32, #blocked3> -> tensor<8x2x2x2x2x2xi32, #blocked4>
    %18 = "tt.reduce"(%17) <{axis = 1 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %41 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %41 : i32
    }) : (tensor<8x2x2x2x2x2xi32, #blocked4>) -> tensor<8x2x2x2x2xi32, #ttg.slice<{dim = 1, parent = #blocked4}>>
    %19 = tt.expand_dims %18 {axis = 1 : i32} : tensor<8x2x2x2x2xi32, #ttg.slice<{dim = 1, parent = #blocked4}>> -> tensor<8x1x2x2x2x2xi32, #blocked4>
    %20 = tt.broadcast %19 : tensor<8x1x2x2x2x2xi32, #blocked4> -> tensor<8x2x2x2x2x2xi32, #blocked4>
    %21 = arith.xori %17, %20 : tensor<8x2x2x2x2x2xi32, #blocked4>
    %22 = "tt.reduce"(%21) <{axis = 2 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %41 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %41 : i32
    }) : (tensor<8x2x2x2x2x2xi32, #blocked4>) -> tensor<8x2x2x2x2xi32, #ttg.slice<{dim = 2, parent = #blocked4}>>
    %23 = tt.expand_dims %22 {axis = 2 : i32} : tensor<8x2x2x2x2xi32, #ttg.slice<{dim = 2, parent = #blocked4}>> -> tensor<8x2x1x2x2x2xi32, #blocked4>
    %24 = tt.broadcast %23 : tensor<8x2x1x2x2x2xi32, #blocked4> -> tensor<8x2x2x2x2x2xi32, #blocked4>
    %25 = arith.xori %21, %24 : tensor<8x2x2x2x2x2xi32, #blocked4>
    %26 = "tt.reduce"(%25) <{axis = 3 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %41 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %41 : i32
    }) : (tensor<8x2x2x2x2x2xi32, #blocked4>) -> tensor<8x2x2x2x2xi32, #ttg.slice<{dim = 3, parent = #blocked4}>>
    %27 = tt.expand_dims %26 {axis = 3 : i32} : tensor<8x2x2x2x2xi32, #ttg.slice<{dim = 3, parent = #blocked4}>> -> tensor<8x2x2x1x2x2xi32, #blocked4>
    %28 = tt.broadcast %27 : tensor<8x2x2x1x2x2xi32, #blocked4> -> tensor<8x2x2x2x2x2xi32, #blocked4>
    %29 = arith.xori %25, %28 : tensor<8x2x2x2x2x2xi32, #blocked4>
    %30 = "tt.reduce"(%29) <{axis = 4 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %41 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %41 : i32
    }) : (tensor<8x2x2x2x2x2xi32, #blocked4>) -> tensor<8x2x2x2x2xi32, #ttg.slice<{dim = 4, parent = #blocked4}>>
    %31 = tt.expand_dims %30 {axis = 4 : i32} : tensor<8x2x2x2x2xi32, #ttg.slice<{dim = 4, parent = #blocked4}>> -> tensor<8x2x2x2x1x2xi32, #blocked4>
    %32 = tt.broadcast %31 : tensor<8x2x2x2x1x2xi32, #blocked4> -> tensor<8x2x2x2x2x2xi32, #blocked4>
    %33 = arith.xori %29, %32 : tensor<8x2x2x2x2x2xi32, #blocked4>
    %34 = "tt.reduce"(%33) <{axis = 5 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %41 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %41 : i32
    }) : (tensor<8x2x2x2x2x2xi32, #blocked4>) -> tensor<8x2x2x2x2xi32, #ttg.slice<{dim = 5, parent = #blocked4}>>
    %35 = tt.expand_dims %34 {axis = 5 : i32} : tensor<8x2x2x2x2xi32, #ttg.slice<{dim = 5, parent = #blocked4}>> -> tensor<8x2x2x2x2x1xi32, #blocked4>
    %36 = tt.broadcast %35 : tensor<8x2x2x2x2x1xi32, #blocked4> -> tensor<8x2x2x2x2x2xi32, #blocked4>
    %37 = arith.xori %33, %36 : tensor<8x2x2x2x2x2xi32, #blocked4>
    %38 = tt.reshape %37 : tensor<8x2x2x2x2x2xi32, #blocked4> -> tensor<8x32xi32, #blocked3>
    %39 = tt.bitcast %38 : tensor<8x32xi32, #blocked3> -> tensor<8x32xf32, #blocked3>
    %40 = tt.reshape %39 : tensor<8x32xf32, #blocked3> -> tensor<256xf32, #blocked>
    tt.store %15, %40 : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}