/**
 * `--tritongpu-global-scratch-memory-allocation` (Triton 3.6's TritonGPUGlobalScratchAllocationPass): lays out the
 * global scratch buffers of each function, one after another in post-order, each at an offset rounded up to its
 * alignment (no liveness reuse, as Triton). `ttg.global_scratch_alloc` ops and calls of functions that need
 * scratch get `ttg.global_scratch_memory_offset`; each `tt.func` gets `ttg.global_scratch_memory_size` (rounded up
 * to its largest alignment) and `ttg.global_scratch_memory_alignment`, callees first; the public kernel's values
 * are copied onto the module.
 */
import { IntegerAttr, StringAttr, SymbolRefAttr } from '../dialect/ir/attribute.js';
import { DiagnosticError, Diagnostic } from '../dialect/ir/diagnostics.js';
import type { Operation } from '../dialect/ir/ir.js';
import { registerPass } from './pass.js';
import { CallOp, FuncOp } from '../dialect/tt/ops.js';
import { GlobalScratchAllocOp } from '../dialect/ttg/ops.js';

const SIZE = 'ttg.global_scratch_memory_size';
const ALIGN = 'ttg.global_scratch_memory_alignment';
const OFFSET = 'ttg.global_scratch_memory_offset';

function roundUp(v: number, step: number): number {
  const t = v + step - 1;
  return t - (t % step);
}

function intOf(op: Operation, name: string): number {
  const a = op.getAttr(name);
  return a instanceof IntegerAttr ? Number(BigInt.asUintN(32, a.value)) : 0;
}

function symbolTable(mod: Operation): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const op of mod.region(0).blocks[0]?.ops ?? []) {
    const n = op.getAttr('sym_name');
    if (n instanceof StringAttr) out.set(n.value, op);
  }
  return out;
}

function callee(call: Operation, symbols: Map<string, Operation>): Operation {
  const ref = call.getAttr('callee');
  const f = ref instanceof SymbolRefAttr ? symbols.get(ref.root) : undefined;
  if (!f) throw new DiagnosticError(new Diagnostic('error', "'tt.call' op callee does not resolve to a function", call.loc));
  return f;
}

function allocate(fn: Operation, symbols: Map<string, Operation>, stack: Set<Operation>): void {
  fn.walk((op) => {
    if (!CallOp.is(op)) return;
    const f = callee(op, symbols);
    if (f.getAttr(SIZE) !== undefined) return;
    if (stack.has(fn)) throw new DiagnosticError(new Diagnostic('error', 'call cycle detected', op.loc));
    stack.add(fn);
    allocate(f, symbols, stack);
    stack.delete(fn);
  });
  let offset = 0;
  let largest = 1;
  fn.walkPostOrder((op) => {
    let nbytes = 0;
    let align = 0;
    if (GlobalScratchAllocOp.is(op)) {
      nbytes = intOf(op, 'nbytes');
      align = intOf(op, 'alignment');
    } else if (CallOp.is(op)) {
      const f = callee(op, symbols);
      nbytes = intOf(f, SIZE);
      align = intOf(f, ALIGN);
    }
    if (nbytes > 0) {
      offset = roundUp(offset, align);
      op.setAttr(OFFSET, IntegerAttr.i32(offset));
      offset += nbytes;
      largest = Math.max(largest, align);
    }
  });
  fn.setAttr(SIZE, IntegerAttr.i32(roundUp(offset, largest)));
  fn.setAttr(ALIGN, IntegerAttr.i32(largest));
}

registerPass({
  name: 'tritongpu-global-scratch-memory-allocation',
  className: 'TritonGPUGlobalScratchAllocationPass',
  description: 'Assign global scratch memory allocation',
  run(mod) {
    const symbols = symbolTable(mod);
    const stack = new Set<Operation>();
    mod.walk((op) => {
      if (!FuncOp.is(op)) return;
      allocate(op, symbols, stack);
      const vis = op.getAttr('sym_visibility');
      if (vis === undefined || (vis instanceof StringAttr && vis.value === 'public')) {
        mod.setAttr(SIZE, op.getAttr(SIZE)!);
        mod.setAttr(ALIGN, op.getAttr(ALIGN)!);
      }
    });
  },
});
