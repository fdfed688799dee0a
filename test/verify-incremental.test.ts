// Incremental verification (dialect/ir/ir.ts change marks, verifier.ts `changedOnly`): after the pass manager has
// verified a module once, it checks only what later passes marked. It must accept and reject exactly what the full
// verifier accepts and rejects, with the same diagnostic. Checked on random edits of corpus modules (TTGIR with
// scf regions, and lowered LLVM-dialect functions with control flow) and on edits whose effect is far from the op
// that was edited (a symbol removed, a module attribute the layouts read, a yield's parent, a block argument).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groundTruth } from '../golden/ground-truth.js';
import '../dialect/index.js';
import '../tools/passes.js';
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { currentVerifyGeneration, type Operation, type Value } from '../dialect/ir/ir.js';
import { i32, i64 } from '../dialect/ir/type.js';
import { verifyOperation } from '../dialect/ir/verifier.js';
import { Parser } from '../parser/parser.js';
import { runPipeline, type PipelineEntry } from '../transforms/pass-manager.js';
import type { Pass } from '../transforms/pass.js';

/** A pass that applies `edit` (the first pass of a run marks the module so that the run verifies it in full). */
function editPass(name: string, edit: (m: Operation) => void): PipelineEntry {
  const pass: Pass = { name, description: name, run: (m) => edit(m) };
  return { pass, options: {} };
}
const touch = editPass('touch', (m) => m.setAttr('test.touched', IntegerAttr.get(i32(), 1n)));

/** The pass manager's verdict after `edit` (incremental) and the full verifier's on the same IR. */
function verdicts(m: Operation, edit: (m: Operation) => void): { incremental: string | undefined; full: string | undefined } {
  const r = runPipeline(m, [touch, editPass('edit', edit)], { verifyEach: true });
  const incremental = r.ok ? undefined : r.diagnostics.map((d) => d.message).join('\n');
  const full = verifyOperation(m)?.message;
  return { incremental, full };
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const gt = groundTruth();
const corpusFile = (c: string, f: string): string => gt.read(join('golden/corpus', c, f));
const parse = (text: string): Operation => new Parser(text, { filename: 'in.mlir' }).parseModule();

function allOps(m: Operation): Operation[] {
  const ops: Operation[] = [];
  m.walk((op) => {
    if (op !== m) ops.push(op);
  });
  return ops;
}
function allValues(ops: readonly Operation[]): Value[] {
  const vs: Value[] = [];
  for (const op of ops) {
    vs.push(...op.results);
    for (const r of op.regions) for (const b of r.blocks) vs.push(...b.args);
  }
  return vs;
}

/** One random edit that may or may not leave the IR valid. */
function randomEdit(rand: () => number): (m: Operation) => void {
  const kind = Math.floor(rand() * 6);
  const pick = <T>(xs: readonly T[]): T | undefined => (xs.length ? xs[Math.floor(rand() * xs.length)] : undefined);
  return (m) => {
    const ops = allOps(m);
    const op = pick(ops);
    if (!op) return;
    switch (kind) {
      case 0: {
        // An operand pointed at another value: a type mismatch, a use before its definition, or fine.
        const v = pick(allValues(ops));
        if (op.operands.length && v) op.setOperand(Math.floor(rand() * op.operands.length), v);
        break;
      }
      case 1: {
        // An op moved before another op of some block: a use before its definition, a lost terminator, or fine.
        const anchor = pick(ops.filter((o) => o !== op && !op.isAncestorOf(o)));
        if (anchor) op.moveBefore(anchor);
        break;
      }
      case 2: {
        // A result's type changed to one seen elsewhere.
        const t = pick(allValues(ops))?.type;
        const r = pick(op.results);
        if (t && r) r.type = t;
        break;
      }
      case 3: {
        // An attribute replaced by another op's attribute.
        const names = [...op.attributes.keys()];
        const donor = pick(ops.filter((o) => o.attributes.size));
        const a = donor && pick([...donor.attributes.values()]);
        const n = pick(names);
        if (n && a) op.setAttr(n, a);
        break;
      }
      case 4: {
        // An op taken out of the IR while its results are still used (or erased when they are not).
        if (op.results.every((r) => r.useEmpty)) op.erase();
        else op.remove();
        break;
      }
      default: {
        // A block argument's type changed.
        const args = ops.flatMap((o) => o.regions.flatMap((r) => r.blocks.flatMap((b) => b.args)));
        const a = pick(args);
        const t = pick(allValues(ops))?.type;
        if (a && t) a.type = t;
      }
    }
  };
}

describe('incremental verification', () => {
  const inputs: [string, string][] = [
    ['matmul_f16-BM64-BN64-BK32-sak1-sbn1-scn1-sm80-w4', '09-tritongpu-remove-layout-conversions.mlir'],
    ['softmax-BLOCK1024-sm90-w4', '13-canonicalize.mlir'],
    ['layernorm-BLOCK1024-sm80-w4', '14-convert-scf-to-cf.mlir'],
    ['cumsum-BM16-BN128-sm80-w4', 'llvm.mlir'],
    ['matmul_f16-BM64-BN64-BK32-sak1-sbn1-scn1-sm80-w4', 'llvm.mlir'],
  ];
  for (const [c, f] of inputs) {
    it(`agrees with the full verifier on random edits of ${c}/${f}`, () => {
      const text = corpusFile(c, f);
      const rand = mulberry32(c.length * 7919 + f.length + Number(process.env.SEED ?? 0));
      let rejected = 0;
      const n = Number(process.env.EDITS ?? 60);
      for (let i = 0; i < n; i++) {
        // One to three edits in one pass.
        const edits = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => randomEdit(rand));
        const { incremental, full } = verdicts(parse(text), (m) => edits.forEach((e) => e(m)));
        expect(incremental, `edit ${i}`).toBe(full);
        if (full) rejected++;
      }
      // The edits exercise both outcomes.
      expect(rejected).toBeGreaterThan(5);
      expect(rejected).toBeLessThan(n);
    });
  }

  const funcs = `module {
  tt.func private @callee(%a: i32) -> i32 {
    tt.return %a : i32
  }
  tt.func public @caller(%a: i32) -> i32 {
    %0 = tt.call @callee(%a) : (i32) -> i32
    %1 = scf.for %i = %a to %a step %a iter_args(%x = %0) -> (i32) : i32 {
      scf.yield %x : i32
    }
    tt.return %1 : i32
  }
}
`;
  const named = (m: Operation, name: string): Operation => allOps(m).find((o) => o.getAttr('sym_name')?.toString().includes(name))!;

  it('finds a call whose callee was removed', () => {
    const { incremental, full } = verdicts(parse(funcs), (m) => named(m, 'callee').erase());
    expect(full).toMatch(/callee/);
    expect(incremental).toBe(full);
  });

  it("finds a yield that no longer matches its loop's results", () => {
    const { incremental, full } = verdicts(parse(funcs), (m) => {
      const loop = allOps(m).find((o) => o.name === 'scf.for')!;
      loop.result(0).type = i64();
    });
    expect(full).toBeDefined();
    expect(incremental).toBe(full);
  });

  it('finds layouts made invalid by a module attribute', () => {
    const text = corpusFile('softmax-BLOCK1024-sm90-w4', '13-canonicalize.mlir');
    const { incremental, full } = verdicts(parse(text), (m) => m.setAttr('ttg.num-warps', IntegerAttr.get(i32(), 2n)));
    expect(full).toBeDefined();
    expect(incremental).toBe(full);
  });

  it('checks only marked ops after the first verification of a run', () => {
    const m = parse(corpusFile('matmul_f16-BM64-BN64-BK32-sak1-sbn1-scn1-sm80-w4', 'llvm.mlir'));
    const g0 = currentVerifyGeneration();
    // Two passes that change something: the first verification checks everything and starts a generation, the
    // second starts another one.
    expect(runPipeline(m, [touch, touch], { verifyEach: true }).ok).toBe(true);
    expect(currentVerifyGeneration()).toBe(g0 + 2);
    const op = allOps(m).find((o) => o.name === 'llvm.add')!;
    expect(op.changedGen).toBeLessThan(currentVerifyGeneration());
    op.setOperand(0, op.operand(1));
    expect(op.changedGen).toBe(currentVerifyGeneration());
    expect(op.parentOp!.subtreeGen).toBe(currentVerifyGeneration());
  });
});
