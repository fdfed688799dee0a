/**
 * `--convert-nvvm-to-llvm` (MLIR's NVVMToLLVM) turns the NVVM ops that implement MLIR's
 * BasicPtxBuilderOpInterface into `llvm.inline_asm`; rewrites are registered with `registerNVVMToPTX(name, fn)`.
 * NVVM ops with an LLVM intrinsic (barriers, shuffles, special registers, ldmatrix, ...) are left for
 * mlir-translate. (`--convert-nv-gpu-to-llvm`, Triton's NVGPUToLLVM, is in nvg-to-llvm.ts.)
 *
 * Each rewrite gets an LLVMBuilder positioned before the op and returns the values replacing its results.
 */
import type { Operation, Value } from '../dialect/ir/ir.js';
import { Builder } from '../dialect/ir/builder.js';
import { StringAttr, UnitAttr, type Attribute } from '../dialect/ir/attribute.js';
import { LLVMEnumAttr } from '../dialect/llvm/attrs.js';
import { registerPass } from '../transforms/pass.js';
import { LLVMBuilder } from './builder.js';

export type OpRewrite = (op: Operation, b: LLVMBuilder) => Value[] | undefined;

const nvvm = new Map<string, OpRewrite>();

export function registerNVVMToPTX(name: string, fn: OpRewrite): void {
  nvvm.set(name, fn);
}

function rewriteAll(module: Operation, table: Map<string, OpRewrite>, onMissing: (op: Operation) => void, prefix: string): void {
  const ops: Operation[] = [];
  module.walk((op) => {
    if (table.has(op.name)) ops.push(op);
    else if (op.name.startsWith(prefix)) onMissing(op);
  });
  const builder = new Builder();
  for (const op of ops) {
    builder.setInsertionPoint(op);
    const repl = table.get(op.name)!(op, new LLVMBuilder(builder, op.loc));
    if (!repl) continue;
    op.results.forEach((r, i) => r.replaceAllUsesWith(repl[i]!));
    op.erase();
  }
}

/**
 * `nvvm.fence.proxy {kind, space}` → `fence.proxy.<kind>[::<space>];` (its PTX builder form in MLIR's NVVMToLLVM:
 * inline asm with no operand and no result), e.g. `fence.proxy.async.shared::cta;` before a wgmma or TMA store.
 */
registerNVVMToPTX('nvvm.fence.proxy', (op, b) => {
  const kind = nvvmEnumCase(op.getAttr('kind'));
  if (kind === undefined) return undefined;
  const space = nvvmEnumCase(op.getAttr('space'));
  // A shared-memory proxy kind names its state space: async.shared::cta / ::cluster.
  const asm = `fence.proxy.${kind}${space !== undefined && kind.endsWith('.shared') ? `::${space}` : ''};`;
  b.builder.create({
    name: 'llvm.inline_asm',
    attributes: [
      ['asm_string', StringAttr.get(asm)],
      ['constraints', StringAttr.get('')],
      ['asm_dialect', LLVMEnumAttr.get('asm_dialect', 'att')],
      ['has_side_effects', UnitAttr.get()],
    ],
    loc: op.loc,
  });
  return [];
});

/** The case text of an `#nvvm.<enum><case>` attribute (`async.shared`, `cta`). */
function nvvmEnumCase(a: Attribute | undefined): string | undefined {
  const v = (a as { value?: unknown } | undefined)?.value;
  return typeof v === 'string' ? v : undefined;
}

registerPass({
  name: 'convert-nvvm-to-llvm',
  className: 'ConvertNVVMToLLVMPass',
  description: 'Convert NVVM to PTX with Inline Assembly in LLVM dialect',
  run(module) {
    rewriteAll(module, nvvm, () => undefined, 'nvvm.');
  },
});
