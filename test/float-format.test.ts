import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import { floatBits, parseFloatLiteral } from '../dialect/ir/float-format.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';

describe('floatBits of f80 (x87: an explicit integer bit above the 63-bit fraction)', () => {
  // The patterns are APFloat's (checked against Triton 3.6's printer: dense<0x...> of a large f80 constant).
  const cases: [number, bigint][] = [
    [1, 0x3fff8000000000000000n],
    [2, 0x40008000000000000000n],
    [2.5, 0x4000a000000000000000n],
    [-3, 0xc000c000000000000000n],
    [Infinity, 0x7fff8000000000000000n],
    [NaN, 0x7fffc000000000000000n],
    [0, 0n],
  ];
  it.each(cases)('%d', (x, bits) => {
    expect(floatBits(x, 'f80')).toBe(bits);
    expect(parseFloatLiteral(`0x${bits.toString(16)}`, 'f80')).toBe(x);
  });

  it('prints a large f80 constant in the hex form that reads back to the same values', () => {
    const vals = Array.from({ length: 200_000 }, (_, i) => ['0.0', '1.0', '2.5', '-3.0', '4.0'][i % 5]).join(', ');
    const src = `module {\n  tt.func @f() {\n    %0 = arith.constant dense<[${vals}]> : tensor<200000xf80>\n    tt.return\n  }\n}\n`;
    const once = printOperation(new Parser(src).parseModule());
    expect(once).toContain('dense<"0x000000000000000000000000000000000080FF3F00000000000000A00040');
    expect(printOperation(new Parser(once).parseModule())).toBe(once);
  });

  it('keeps -0 apart from 0 in the hex form (as Triton 3.6 prints them)', () => {
    const vals = Array.from({ length: 120_000 }, (_, i) => ['0.0', '-0.0', '1.0'][i % 3]).join(', ');
    const src = `module {\n  tt.func @f() {\n    %0 = arith.constant dense<[${vals}]> : tensor<120000xf32>\n    tt.return\n  }\n}\n`;
    expect(printOperation(new Parser(src).parseModule())).toContain('dense<"0x00000000000000800000803F00000000000000800000803F');
  });
});
