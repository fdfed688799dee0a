// Triton 3.6 prints a rank-3 nvmma_shared encoding with a CGA layout (gluon NVMMASharedLayout(rank=3,
// cga_layout=[[0, 0, 1]])) as below, and its own parser rejects the text:
//   error: 'CGALayout' entry length does not match rank 2
// (the parser takes the rank of an nvmma_shared encoding as 2). Found by `npm run difftest -- --kind conversions`;
// convgen.py draws nvmma shared encodings of rank 2 only.
// Run: python3 /tmp/tt_run.py input.mlir   (any driver that parses the file)
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0, 1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f(%arg0: !ttg.memdesc<2x16x64xf16, #shared, #smem>) {
    tt.return
  }
}
