// enable-line-info: the path split of DIFile (llvm::sys::path), MLIR's FusedLoc rules, the environment switch for
// full debug info, and that the DI attributes it creates print back as they parse. (The exact text against
// Triton 3.6 is checked by lit/enable-line-info.)
import { afterEach, describe, expect, it } from 'vitest';
import '../dialect/index.js';
import { FileLineColLoc, FusedLoc, UnknownLoc } from '../dialect/ir/location.js';
import { diFile } from '../dialect/llvm/debug-info.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { enableLineInfo, fuseLocations, splitPath } from '../transforms/enable-line-info.js';

const parseModule = (src: string) => new Parser(src, { filename: 'test.mlir' }).parseModule();

const KERNEL = `#loc = loc("/w/k.py":3:0)
module {
  llvm.func @k() {
    llvm.return loc(#loc)
  } loc(#loc)
} loc(#loc)
`;

describe('enable-line-info', () => {
  afterEach(() => {
    delete process.env['LLVM_EXTRACT_DI_LOCAL_VARIABLES'];
  });

  it('splits paths as llvm::sys::path::filename / parent_path', () => {
    expect(splitPath('kernels.py')).toEqual({ name: 'kernels.py', directory: '' });
    expect(splitPath('triton/language/standard.py')).toEqual({ name: 'standard.py', directory: 'triton/language' });
    expect(splitPath('/k.py')).toEqual({ name: 'k.py', directory: '/' });
    expect(splitPath('/a/b/')).toEqual({ name: '.', directory: '/a/b' });
    expect(splitPath('<unknown>')).toEqual({ name: '<unknown>', directory: '' });
  });

  it('fuses as FusedLoc::get: same-metadata fused locations flatten, unknown ones drop', () => {
    const md = diFile('a.py', '');
    const a = FileLineColLoc.get('a.py', 1, 2);
    expect(fuseLocations([UnknownLoc.get()], md)).toBe(FusedLoc.get([UnknownLoc.get()], md));
    expect(fuseLocations([FusedLoc.get([a], md), UnknownLoc.get(), a], md)).toBe(FusedLoc.get([a], md));
  });

  it('gives a definition a compile unit, full debug info under LLVM_EXTRACT_DI_LOCAL_VARIABLES', () => {
    const run = (): string => {
      const m = parseModule(KERNEL);
      enableLineInfo(m);
      return printOperation(m, { debugInfo: true });
    };
    const plain = run();
    expect(plain).toContain(
      '#di_compile_unit = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #di_file, producer = "triton", isOptimized = true, emissionKind = LineTablesOnly>',
    );
    expect(plain).toContain('#di_file = #llvm.di_file<"k.py" in "/w">');
    expect(plain).toContain('} loc(#loc1)\n} loc(#loc)');
    // The printed DI attributes parse back to the same text.
    expect(printOperation(parseModule(plain), { debugInfo: true })).toBe(plain);
    process.env['LLVM_EXTRACT_DI_LOCAL_VARIABLES'] = 'TRUE';
    expect(run()).toContain('emissionKind = Full>');
  });
});
