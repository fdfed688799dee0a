// Typed pass options: every pass declares a schema (name, type, default, description); the option text is parsed
// once against it, values are read as llvm::cl reads them, and the schemas of the passes Triton declares match
// Triton 3.6's Passes.td.
import { describe, expect, it } from 'vitest';
import '../tools/passes.js';
import { runOpt, runOptSync } from '../tools/opt-main.js';
import { getPass } from '../transforms/pass.js';
import { defaultOptions, parseInteger, parseOptions, PassOptionError, type OptionSchema } from '../transforms/pass-options.js';

// Every Option<...> of the nvidia-side Passes.td files at 4b184cccbb42 for a pass ttg-opt registers:
// [pass, option, C type, default, description].
const TRITON_OPTIONS: [string, string, string, string | number | boolean, string][] = [
  ['convert-triton-to-tritongpu', 'target', 'std::string', '', 'the GPU target, e.g., cuda:80, hip:gfx942'],
  ['convert-triton-to-tritongpu', 'num-warps', 'int32_t', 4, 'number of warps'],
  ['convert-triton-to-tritongpu', 'threads-per-warp', 'int32_t', 32, 'number of threads per warp'],
  ['convert-triton-to-tritongpu', 'num-ctas', 'int32_t', 1, 'number of ctas in a cga'],
  ['convert-triton-to-tritongpu', 'enable-source-remat', 'bool', false, 'enable trivial source rematerialization'],
  ['tritongpu-pipeline', 'num-stages', 'int32_t', 3, 'number of pipeline stages'],
  ['tritongpu-pipeline', 'dump-intermediate-steps', 'bool', false, 'Dump intermediate steps'],
  ['tritongpu-assign-latencies', 'num-stages', 'int32_t', 3, 'number of pipeline stages'],
  ['tritongpu-F32DotTC', 'emu-tf32', 'bool', false, 'whether to handle InputPrecision TF32xN for Nvidia GPUs'],
  ['tritongpu-optimize-dot-operands', 'hoist-layout-conversion', 'bool', true, 'whether to move conver to dot operand earlier pass elementwise ops'],
  ['triton-nvidia-gpu-fence-insertion', 'compute-capability', 'int32_t', 90, 'device compute capability'],
  ['triton-nvidia-gpu-proxy-fence-insertion', 'compute-capability', 'int32_t', 90, 'device compute capability'],
  ['nvgpu-warp-specialization', 'num-stages', 'int32_t', 0, 'number of buffers for warp specialization'],
  ['nvgpu-warp-specialization', 'dump-intermediate-steps', 'bool', false, 'Dump intermediate steps'],
  ['convert-triton-gpu-to-llvm', 'compute-capability', 'int32_t', 80, 'device compute capability'],
  ['convert-triton-gpu-to-llvm', 'ptx-version', 'int32_t', 80, 'PTX version'],
  ['allocate-shared-memory-nv', 'compute-capability', 'int32_t', 80, 'device compute capability'],
  ['allocate-shared-memory-nv', 'ptx-version', 'int32_t', 80, 'PTX version'],
];

const SCHEMA = {
  n: { type: 'int', default: 1, description: 'a number' },
  big: { type: 'int', width: 'int64', default: -1, description: 'a long' },
  count: { type: 'int', width: 'uint32', default: 4, description: 'an unsigned' },
  flag: { type: 'bool', default: false, description: 'a flag' },
  name: { type: 'string', default: 'x', description: 'a name' },
  mode: { type: 'enum', values: { fast: 'go fast', slow: 'go slow' }, default: 'slow', description: 'a mode' },
  items: { type: 'list', element: 'string', default: [], description: 'strings' },
  sizes: { type: 'list', element: 'int', default: [1, 2], description: 'ints' },
} as const satisfies OptionSchema;

const errorOf = (text: string): string => {
  try {
    parseOptions(SCHEMA, text);
  } catch (e) {
    if (e instanceof PassOptionError) return e.render('tool');
    throw e;
  }
  return 'no error';
};

describe('pass option schemas', () => {
  it('match the options Triton 3.6 declares for its passes', () => {
    for (const [pass, key, ctype, def, description] of TRITON_OPTIONS) {
      const spec = getPass(pass)?.options?.[key];
      expect(spec, `${pass} ${key}`).toBeDefined();
      const type = { 'std::string': 'string', int32_t: 'int', bool: 'bool' }[ctype];
      expect([spec!.type, spec!.default, spec!.description], `${pass} ${key}`).toEqual([type, def, description]);
      if (spec!.type === 'int') expect(spec!.width ?? 'int32').toBe('int32');
    }
  });

  it('parse into typed values with defaults filled in', () => {
    const o = parseOptions(SCHEMA, 'n=0x10 big=-5 flag mode=fast items=a,b sizes=3,010');
    expect(o).toEqual({ n: 16, big: -5, count: 4, flag: true, name: 'x', mode: 'fast', items: ['a', 'b'], sizes: [3, 8] });
    // Static types: these lines only compile because the schema types each value.
    const stages: number = o.n;
    const mode: 'fast' | 'slow' = o.mode;
    const sizes: readonly number[] = o.sizes;
    expect([stages, mode, sizes.length]).toEqual([16, 'fast', 2]);
    expect(defaultOptions(SCHEMA).sizes).toEqual([1, 2]);
    expect(parseOptions(SCHEMA, 'flag=False name="a b" n=1 n=2')).toMatchObject({ flag: false, name: 'a b', n: 2 });
  });

  it('read integers as llvm::cl does', () => {
    expect(parseInteger('2147483647', 'int32')).toBe(2147483647);
    expect(parseInteger('2147483648', 'int32')).toBeUndefined();
    expect(parseInteger('-2147483648', 'int32')).toBe(-2147483648);
    expect(parseInteger('0b101', 'int32')).toBe(5);
    expect(parseInteger('0o17', 'int64')).toBe(15);
    expect(parseInteger('08', 'int32')).toBeUndefined();
    expect(parseInteger('+3', 'int32')).toBeUndefined();
    expect(parseInteger('-1', 'uint32')).toBeUndefined();
    expect(parseInteger('4294967295', 'uint32')).toBe(4294967295);
  });

  it("reject bad text with triton-opt's words", () => {
    expect(errorOf('m=1')).toBe('<unknown>:0: error: <Pass-Options-Parser>: no such option m\n\n');
    expect(errorOf('n=three')).toBe("tool: for the --n option: 'three' value invalid for integer argument!\n<unknown>:0: error: \n");
    expect(errorOf('big=1.5')).toContain("'1.5' value invalid for long argument!");
    expect(errorOf('count=-1')).toContain("'-1' value invalid for uint argument!");
    expect(errorOf('flag=yes')).toContain("for the --flag option: 'yes' is invalid value for boolean argument! Try 0 or 1");
    expect(errorOf('mode=medium')).toContain("for the --mode option: Cannot find option named 'medium'!");
    expect(errorOf('mode')).toContain('for the --mode option: requires a value!');
    expect(errorOf('sizes=1,x')).toContain("'x' value invalid for integer argument!");
  });

  it('are what --help prints', async () => {
    const help = (await runOpt(['--help'])).stdout;
    expect(help).toMatch(/--tritongpu-pipeline +- pipeline\n +num-stages=<int32> +- number of pipeline stages \(default: 3\)\n/);
    expect(help).toMatch(/region-simplify=<enum> +- Perform control flow optimizations to the region tree \(default: normal\)\n +=disabled +- /);
    expect(help).toMatch(/target=<string> +- the GPU target, e.g., cuda:80, hip:gfx942 \(default: ""\)/);
  });

  it('a --pass-pipeline element with a bad option also says which pass could not be added', () => {
    const r = runOptSync(['-', '--pass-pipeline=builtin.module(tritongpu-pipeline{num-stages=x})'], 'module {\n}\n');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe(
      "ttg-opt: for the --num-stages option: 'x' value invalid for integer argument!\n<unknown>:0: error: \n" +
        'failed to add `tritongpu-pipeline` with options `num-stages=x`\n\n',
    );
  });
});
