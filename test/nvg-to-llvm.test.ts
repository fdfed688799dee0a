// convert-nv-gpu-to-llvm (lowering/nvg-to-llvm.ts): the PTX of each nvg op form, as Triton 3.6's NVGPUToLLVM
// writes it — wgmma operand lists and immediates per element type, ld_acquire widths and predicates, the warp
// id inside and outside warp-specialized partitions — and a located error for a wgmma PTX does not have.
import { describe, expect, it } from 'vitest';
import { runOpt } from '../tools/opt-main.js';

async function nvgToLLVM(body: string, args = ''): Promise<{ code: number; out: string; err: string }> {
  const src = `llvm.func @f(${args}) {\n${body}\n  llvm.return\n}\n`;
  const r = await runOpt(['--convert-nv-gpu-to-llvm', '-allow-unregistered-dialect', '-'], src);
  return { code: r.exitCode, out: r.stdout, err: r.stderr };
}

const struct = (t: string, n: number): string => `!llvm.struct<(${new Array<string>(n).fill(t).join(', ')})>`;
const attrs = (a: string, b: string, c: string, la: number, lb: number, n: number, k: number): string =>
  `{eltTypeA = ${a} : i32, eltTypeB = ${b} : i32, eltTypeC = ${c} : i32, k = ${k} : i32, layoutA = ${la} : i32, layoutB = ${lb} : i32, m = 64 : i32, n = ${n} : i32}`;

describe('nvg.wgmma', () => {
  it('bf16 with a register A: A in braces, only the B transpose flag, the accumulator tied', async () => {
    const acc = struct('f32', 4);
    const r = await nvgToLLVM(
      `  %r = nvg.wgmma %a, %d, %p, %c ${attrs('5', '5', '7', 0, 0, 8, 16)} : (${struct('i32', 4)}, i64, i1, ${acc}) -> ${acc}\n  "use"(%r) : (${acc}) -> ()`,
      `%a: ${struct('i32', 4)}, %d: i64, %p: i1, %c: ${acc}`,
    );
    expect(r.err).toBe('');
    expect(r.out).toContain('"wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {$0,$1,$2,$3}, {$8,$9,$10,$11}, $12, $13, 1, 1, 1;"');
    expect(r.out).toContain('"=f,=f,=f,=f,0,1,2,3,r,r,r,r,l,b"');
  });

  it('s8 without an accumulator: scale-d 0, no scale immediates', async () => {
    const acc = struct('i32', 4);
    const r = await nvgToLLVM(
      `  %r = nvg.wgmma %d, %d, %p ${attrs('0', '0', '1', 0, 1, 8, 32)} : (i64, i64, i1) -> ${acc}\n  "use"(%r) : (${acc}) -> ()`,
      '%d: i64, %p: i1',
    );
    expect(r.out).toContain('"wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8 {$0,$1,$2,$3}, $4, $5, 0;", "=r,=r,=r,=r,l,l"');
  });

  it('tf32 cannot be transposed: a located error', async () => {
    const acc = struct('f32', 4);
    const r = await nvgToLLVM(
      `  %r = nvg.wgmma %d, %d, %p ${attrs('6', '6', '7', 1, 1, 8, 8)} : (i64, i64, i1) -> ${acc}\n  "use"(%r) : (${acc}) -> ()`,
      '%d: i64, %p: i1',
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/<stdin>:2:\d+: error: 'nvg.wgmma' op wgmma m64n8k8\.f32\.tf32\.tf32 .* is not a PTX instruction/);
  });
});

describe('nvg.ld_acquire', () => {
  it('a predicated 32-bit acquire load, bitcast to the result type', async () => {
    const r = await nvgToLLVM('  %v = nvg.ld_acquire acquire, sys, %p, %m : (!llvm.ptr<1>) -> f32\n  "use"(%v) : (f32) -> ()', '%p: !llvm.ptr<1>, %m: i1');
    expect(r.out).toContain('"mov.u32 $0, 0x0;\\0A\\09@$2 ld.global.sys.acquire.b32 $0, [ $1 + 0 ];", "=r,l,b" %arg0, %arg1 : (!llvm.ptr<1>, i1) -> i32');
    expect(r.out).toMatch(/llvm\.bitcast %\d+ : i32 to f32/);
  });

  it('8- and 16-bit values use a 16-bit mov and a byte register', async () => {
    const r = await nvgToLLVM('  %v = nvg.ld_acquire relaxed, cta, %p : (!llvm.ptr<1>) -> i8\n  "use"(%v) : (i8) -> ()', '%p: !llvm.ptr<1>');
    expect(r.out).toContain('"mov.u16 $0, 0x0;\\0A\\09ld.global.cta.relaxed.b8 $0, [ $1 + 0 ];", "=c,l"');
  });
});

describe('nvg.warp_id', () => {
  it('tid.x / 32 made warp-uniform by a shuffle from lane 0', async () => {
    const src = 'module attributes {"ttg.num-warps" = 4 : i32} {\n  llvm.func @f() {\n    %w = nvg.warp_id\n    "use"(%w) : (i32) -> ()\n    llvm.return\n  }\n}\n';
    const r = await runOpt(['--convert-nv-gpu-to-llvm', '-allow-unregistered-dialect', '-'], src);
    expect(r.stdout).toMatch(/%(\d+) = nvvm\.read\.ptx\.sreg\.tid\.x : i32\n\s+%(\d+) = llvm\.udiv %\1, %\d+ : i32\n\s+%\d+ = nvvm\.shfl\.sync {2}idx %\d+, %\2, %\d+, %\d+ : i32 -> i32/);
  });
});
