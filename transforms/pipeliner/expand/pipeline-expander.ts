/**
 * The loop expander of `tritongpu-pipeline` (Triton 3.6's PipelineExpander.cpp, its fork of MLIR's scf loop
 * pipelining), for dynamic loops without epilogue peeling: given the final schedule (body ops in emission
 * order, each with a stage), emits
 *   - a prologue of `maxStage` partial iterations before the loop (iteration i runs stages 0..i, each op
 *     predicated on `lb + i*step < ub`),
 *   - a kernel loop whose body runs every stage, values crossing stages carried as extra iter_args (one per
 *     stage crossed), ops of stage s < maxStage predicated on `iv < ub - (maxStage - s)*step`,
 * and replaces the original loop. Predication wraps ops in `ttg.mask` (resolved later, see mask-ops.ts).
 * Bails out (leaves the loop) on unscheduled ops, schedules that use a value before its definition, or
 * loop-carried distances above one.
 */
import { IntegerAttr } from '../../../dialect/ir/attribute.js';
import { IRMapping, type Builder } from '../../../dialect/ir/builder.js';
import { IntegerType } from '../../../dialect/ir/type.js';
import { createOperation } from '../../../dialect/ir/create.js';
import type { OpOperand, Operation, Value } from '../../../dialect/ir/ir.js';
import { nestedOperands } from './coarse-schedule.js';
import { binary, cmpi, definedOutsideOfLoop, forBody, forInits, forIterArgs, forIV, forLowerBound, forStep, forUpperBound, forYield, select } from './loop-utils.js';
import { wrapInMaskOp } from './mask-ops.js';

interface Liverange {
  lastUseStage: number;
  defStage: number;
}

function constOfType(b: Builder, v: Value, n: number): Value {
  const t = v.type;
  return b.create({ name: 'arith.constant', resultTypes: [t], attributes: [['value', IntegerAttr.get(t, n)]] }).result(0);
}

class LoopPipeliner {
  private readonly stages = new Map<Operation, number>();
  private readonly opOrder: Operation[] = [];
  private maxStage = 0;
  private readonly valueMapping = new Map<Value, (Value | undefined)[]>();

  constructor(
    private readonly forOp: Operation,
    schedule: readonly { op: Operation; stage: number }[],
    private readonly diags?: { emitWarning(op: Operation, message: string): void; emitError(op: Operation, message: string): void },
    /** Kernel stage predicates as `ttg.predicate_stage` ops (resolved later) instead of `iv < ub - k*step`. */
    private readonly keepPredicateStage = false,
  ) {
    for (const { op, stage } of schedule) {
      this.maxStage = Math.max(this.maxStage, stage);
      this.stages.set(op, stage);
      this.opOrder.push(op);
    }
  }

  private get lb(): Value {
    return forLowerBound(this.forOp);
  }
  private get ub(): Value {
    return forUpperBound(this.forOp);
  }
  private get step(): Value {
    return forStep(this.forOp);
  }

  /** The op defining `v` in the loop and its iteration distance (following iter_args to the yield). */
  private defAndDistance(v: Value): { def: Operation | undefined; distance: number } {
    let distance = 0;
    const seen = new Set<Value>();
    const body = forBody(this.forOp);
    while (!v.definingOp) {
      const arg = v as unknown as { owner: unknown; index: number };
      if (arg.owner !== body || arg.index === 0) return { def: undefined, distance: 0 };
      distance++;
      v = forYield(this.forOp).operand(arg.index - 1);
      if (seen.has(v)) return { def: undefined, distance: 0 };
      seen.add(v);
    }
    return { def: v.definingOp, distance };
  }

  private setValueMapping(key: Value, el: Value, idx: number): void {
    let vs = this.valueMapping.get(key);
    if (!vs) {
      vs = new Array<Value | undefined>(this.maxStage + 1).fill(undefined);
      this.valueMapping.set(key, vs);
    }
    vs[idx] = el;
  }

  initialize(): boolean {
    if (!this.opOrder.length) return false;
    const body = forBody(this.forOp);
    for (const op of body.ops.slice(0, -1)) {
      if (!this.stages.has(op)) {
        this.diags?.emitError(op, `'${op.name}' op not assigned a pipeline stage`);
        return false;
      }
    }
    if (!this.verifySchedule()) return false;
    for (const op of this.stages.keys()) if (op === body.terminator || op.parent !== body) return false;
    for (const op of body.ops.slice(0, -1)) {
      for (const v of nestedOperands(op)) {
        const { def, distance } = this.defAndDistance(v);
        if (def && distance > 1) return false;
      }
    }
    return true;
  }

  private verifySchedule(): boolean {
    const n = this.opOrder.length;
    const cycles = new Map<Operation, number>();
    this.opOrder.forEach((op, c) => cycles.set(op, c + this.stages.get(op)! * n));
    for (const consumer of this.opOrder) {
      const cc = cycles.get(consumer)!;
      for (const v of nestedOperands(consumer)) {
        const { def, distance } = this.defAndDistance(v);
        if (!def) continue;
        const pc = cycles.get(def);
        if (pc === undefined) continue;
        if (cc < pc - n * distance) {
          this.diags?.emitWarning(consumer, 'operation scheduled before its operands. Pipelining will be disabled.');
          return false;
        }
      }
    }
    return true;
  }

  /** Clones `op` at the builder and remaps the operands defined outside the clone (and block arguments). */
  private cloneAndUpdate(b: Builder, op: Operation, update: (o: OpOperand) => void): Operation {
    const clone = b.clone(op);
    clone.walk((nested) => {
      for (const o of nested.operands) {
        const def = o.value.definingOp;
        if ((def && !clone.isAncestorOf(def)) || !def) update(o);
      }
    });
    return clone;
  }

  emitPrologue(b: Builder): void {
    const forOp = this.forOp;
    const iterArgs = forIterArgs(forOp);
    const inits = forInits(forOp);
    iterArgs.forEach((a, i) => this.setValueMapping(a, inits[i]!, 0));
    const y = forYield(forOp);
    iterArgs.forEach((a, i) => {
      const v = y.operand(i);
      if (!definedOutsideOfLoop(forOp, v)) return;
      for (let s = 1; s < this.maxStage; s++) this.setValueMapping(a, v, s);
    });
    const predicates: (Value | undefined)[] = new Array(this.maxStage).fill(undefined);
    for (let i = 0; i < this.maxStage; i++) {
      const iv = binary(b, 'arith.addi', this.lb, binary(b, 'arith.muli', this.step, constOfType(b, this.lb, i)));
      this.setValueMapping(forIV(forOp), iv, i);
      predicates[i] = cmpi(b, 'slt', iv, this.ub);
      for (const op of this.opOrder) {
        const stage = this.stages.get(op)!;
        if (stage > i) continue;
        let newOp = this.cloneAndUpdate(b, op, (o) => {
          const vs = this.valueMapping.get(o.value);
          if (vs) o.set(vs[i - stage]!);
        });
        const pi = i - stage;
        const pred = predicates[pi];
        if (pred) {
          const saved = b.saveInsertionPoint();
          newOp = wrapInMaskOp(b, newOp, pred);
          b.restoreInsertionPoint(saved);
        }
        op.results.forEach((r, ri) => {
          let source: Value = newOp.result(ri);
          y.operands.forEach((yo, yi) => {
            if (yo.value !== r) return;
            if (pred && forOp.result(yi).uses.length) {
              const prev = this.valueMapping.get(iterArgs[yi]!)![i - stage]!;
              source = select(b, pred, source, prev);
            }
            this.setValueMapping(iterArgs[yi]!, source, i - stage + 1);
          });
          this.setValueMapping(r, newOp.result(ri), i - stage);
        });
      }
    }
  }

  analyzeCrossStageValues(): Map<Value, Liverange> {
    const out = new Map<Value, Liverange>();
    for (const op of this.opOrder) {
      const stage = this.stages.get(op)!;
      const analyze = (v: Value): void => {
        const { def, distance } = this.defAndDistance(v);
        if (!def) return;
        const ds = this.stages.get(def);
        if (ds === undefined || ds === stage || ds === stage + distance) return;
        let info = out.get(v);
        if (!info) {
          info = { lastUseStage: 0, defStage: 0 };
          out.set(v, info);
        }
        info.defStage = ds;
        info.lastUseStage = Math.max(info.lastUseStage, stage);
      };
      for (const v of op.operandValues) analyze(v);
      // Values used inside the op's regions but defined above them.
      for (const r of op.regions)
        for (const blk of r.blocks)
          for (const inner of blk.ops)
            inner.walk((n) => {
              for (const v of n.operandValues) {
                const pb = v.parentBlock;
                let inside = false;
                for (let p = pb?.parentOp; p; p = p.parentOp) if (p === op) inside = true;
                if (!inside) analyze(v);
              }
            });
    }
    return out;
  }

  createKernelLoop(b: Builder, cross: Map<Value, Liverange>, loopArgMap: Map<Value, Map<number, number>>): Operation {
    const forOp = this.forOp;
    const iterArgs = forIterArgs(forOp);
    const newArgs: Value[] = [];
    forYield(forOp).operandValues.forEach((v, i) => {
      const ds = v.definingOp ? this.stages.get(v.definingOp) : undefined;
      if (ds !== undefined) newArgs.push(this.valueMapping.get(iterArgs[i]!)![this.maxStage - ds]!);
      else newArgs.push(forInits(forOp)[i]!);
    });
    for (const [v, info] of cross) {
      for (let s = 0; s < info.lastUseStage - info.defStage; s++) {
        newArgs.push(this.valueMapping.get(v)![this.maxStage - info.lastUseStage + s]!);
        let m = loopArgMap.get(v);
        if (!m) {
          m = new Map();
          loopArgMap.set(v, m);
        }
        m.set(info.lastUseStage - info.defStage - s, newArgs.length - 1);
      }
    }
    const newFor = createOperation({
      name: 'scf.for',
      operands: [this.lb, this.ub, this.step, ...newArgs],
      resultTypes: newArgs.map((v) => v.type),
      attributes: [...forOp.attributes],
      regions: 1,
      loc: forOp.loc,
    });
    b.insert(newFor);
    const body = newFor.region(0).addBlock();
    body.addArgument(forIV(forOp).type, forIV(forOp).loc);
    for (const v of newArgs) body.addArgument(v.type, v.definingOp?.loc ?? forOp.loc);
    return newFor;
  }

  createKernel(b: Builder, newFor: Operation, cross: Map<Value, Liverange>, loopArgMap: Map<Value, Map<number, number>>): void {
    const forOp = this.forOp;
    const maxStage = this.maxStage;
    this.valueMapping.clear();
    const newBody = forBody(newFor);
    b.setInsertionPointToEnd(newBody);
    const mapping = new IRMapping();
    mapping.map(forIV(forOp), forIV(newFor));
    forIterArgs(forOp).forEach((a, i) => mapping.map(a, forIterArgs(newFor)[i]!));
    const predicates: (Value | undefined)[] = new Array(maxStage + 1).fill(undefined);
    for (let i = 0; i < maxStage; i++) {
      if (this.keepPredicateStage) {
        predicates[i] = b
          .create({
            name: 'ttg.predicate_stage',
            operands: [forIV(newFor), this.ub, this.step],
            resultTypes: [IntegerType.get(1)],
            attributes: [
              ['maxStage', IntegerAttr.i32(maxStage)],
              ['stage', IntegerAttr.i32(i)],
            ],
          })
          .result(0);
        continue;
      }
      predicates[i] = emitPredicateForStage(b, forIV(newFor), this.ub, this.step, maxStage, i);
    }
    const body = forBody(forOp);
    const y = forYield(forOp);
    const opMap = new Map<Operation, Operation>();
    for (const op of this.opOrder) {
      const useStage = this.stages.get(op)!;
      let newOp = b.clone(op, mapping);
      // Pair every original (nested) op with its clone.
      const origs: Operation[] = [];
      const clones: Operation[] = [];
      op.walk((n) => void origs.push(n));
      newOp.walk((n) => void clones.push(n));
      origs.forEach((o, k) => opMap.set(o, clones[k]!));
      const operands: OpOperand[] = [];
      op.walkPostOrder((n) => operands.push(...n.operands));
      for (const operand of operands) {
        const nested = opMap.get(operand.owner)!;
        if (operand.value === forIV(forOp)) {
          b.setInsertionPoint(newOp);
          const offset = binary(b, 'arith.muli', this.step, constOfType(b, this.step, maxStage - useStage));
          const iv = binary(b, 'arith.addi', forIV(newFor), offset);
          nested.setOperand(operand.index, iv);
          b.setInsertionPointAfter(newOp);
          continue;
        }
        let source = operand.value;
        const arg = source.definingOp ? undefined : (source as unknown as { owner: unknown; index: number });
        if (arg && arg.owner === body) {
          const ret = y.operand(arg.index - 1);
          if (definedOutsideOfLoop(forOp, ret)) {
            if (useStage !== maxStage) nested.setOperand(operand.index, ret);
            continue;
          }
          const dep = ret.definingOp;
          if (!dep) continue;
          const sd = this.stages.get(dep);
          if (sd === undefined || sd === useStage) continue;
          if (sd === useStage + 1) {
            nested.setOperand(operand.index, mapping.lookupOrDefault(ret));
            continue;
          }
          source = ret;
        }
        const def = source.definingOp;
        if (!def) continue;
        const sd = this.stages.get(def);
        if (sd === undefined || sd === useStage) continue;
        const remap = loopArgMap.get(operand.value)?.get(useStage - sd);
        if (remap === undefined) throw new Error('pipeliner: missing loop argument for a value crossing stages');
        nested.setOperand(operand.index, forIterArgs(newFor)[remap]!);
      }
      const pred = predicates[useStage];
      if (pred) {
        const saved = b.saveInsertionPoint();
        newOp = wrapInMaskOp(b, newOp, pred);
        b.restoreInsertionPoint(saved);
        op.results.forEach((r, i) => mapping.map(r, newOp.result(i)));
      }
    }

    const yieldOperands: Value[] = [];
    y.operands.forEach((yo, yi) => {
      let source = mapping.lookupOrDefault(yo.value);
      if (forOp.result(yi).uses.length) {
        const def = this.defAndDistance(yo.value).def;
        if (def) {
          const ds = this.stages.get(def);
          if (ds !== undefined && ds < maxStage) source = select(b, predicates[ds]!, source, newBody.args[yi + 1]!);
        }
      }
      yieldOperands.push(source);
    });
    for (const [v, info] of cross) {
      let version = maxStage - info.lastUseStage + 1;
      const n = info.lastUseStage - info.defStage;
      for (let i = 1; i < n; i++) {
        this.setValueMapping(v, newFor.result(yieldOperands.length), version++);
        yieldOperands.push(newBody.args[yieldOperands.length + 2]!);
      }
      this.setValueMapping(v, newFor.result(yieldOperands.length), version++);
      yieldOperands.push(mapping.lookupOrDefault(v));
    }
    b.create({ name: 'scf.yield', operands: yieldOperands, loc: forOp.loc });
  }
}

/** `iv < ub - (maxStage - stage) * step`: whether the iteration's `stage` part still has work. */
export function emitPredicateForStage(b: Builder, iv: Value, ub: Value, step: Value, maxStage: number, stage: number): Value {
  const c = binary(b, 'arith.subi', ub, binary(b, 'arith.muli', step, constOfType(b, iv, maxStage - stage)));
  return cmpi(b, 'slt', iv, c);
}

/**
 * Pipelines `forOp` by `schedule` (body ops in emission order with their stage); returns the new loop, or
 * undefined when the loop cannot be pipelined (it is then left unchanged).
 */
export function pipelineForLoop(
  b: Builder,
  forOp: Operation,
  schedule: readonly { op: Operation; stage: number }[],
  diags?: { emitWarning(op: Operation, message: string): void; emitError(op: Operation, message: string): void },
  predicateStageOps = false,
): Operation | undefined {
  const p = new LoopPipeliner(forOp, schedule, diags, predicateStageOps);
  if (!p.initialize()) return undefined;
  b.setInsertionPoint(forOp);
  p.emitPrologue(b);
  const cross = p.analyzeCrossStageValues();
  const loopArgMap = new Map<Value, Map<number, number>>();
  const newFor = p.createKernelLoop(b, cross, loopArgMap);
  p.createKernel(b, newFor, cross, loopArgMap);
  forOp.results.forEach((r, i) => r.replaceAllUsesWith(newFor.result(i)));
  forOp.erase();
  return newFor;
}
