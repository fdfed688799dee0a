// mbarriers on the warp simulator: TTGIR kernels using ttng barrier ops are lowered (sm90: try_wait loop) and run
// on one CTA. Right phase logic completes; a wait on a phase that nothing can complete is a timeout error, not a
// hang.
import { describe, expect, it } from 'vitest';
import { findFunc, lowerModule, parseModule } from './simulator/harness.js';
import { SimError, Simulator } from './simulator/sim.js';
import { parseMbarrierAsm } from './simulator/mbarrier.js';

const BAR = '!ttg.memdesc<1xi64, #shared, #smem, mutable>';

/** A kernel `@f() -> i32` whose body is `body` (with `%bar` an initialized 1-barrier allocation of `count`). */
function kernel(body: string, count = 1): string {
  return `#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @f() -> i32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %false = arith.constant false
    %bar = ttg.local_alloc : () -> ${BAR}
    ttng.init_barrier %bar, ${count} : ${BAR}
${body}
    tt.return %c1 : i32
  }
}`;
}

function run(text: string, maxWaitSteps?: number): Simulator {
  const { module, shared } = lowerModule(parseModule(text), 90);
  const func = findFunc(module, 'f');
  const sim = new Simulator({ numWarps: 4, sharedBytes: shared, ...(maxWaitSteps !== undefined ? { maxWaitSteps } : {}) });
  // @f's arguments after lowering: the shared memory base and the scratch pointers.
  sim.run(func, [sim.make(func.region(0).blocks[0]!.args[0]!.type, () => 0), ...func.region(0).blocks[0]!.args.slice(1).map((a) => sim.make(a.type, () => 0))]);
  return sim;
}

const arrive = `    ttng.arrive_barrier %bar, 1 : ${BAR}`;
const wait = (phase: string, pred = ''): string => `    ttng.wait_barrier %bar, ${phase}${pred ? `, ${pred}` : ''} : ${BAR}`;

describe('mbarrier simulation', () => {
  it('recognizes the lowering\'s mbarrier PTX', () => {
    expect(parseMbarrierAsm('@$0 mbarrier.init.shared::cta.b64 [$1], 3;')).toEqual({ kind: 'init', pred: 0, addr: 1, count: 3 });
    expect(parseMbarrierAsm('@$0 mbarrier.arrive.expect_tx.shared.b64 _, [$1], 128;')).toEqual({ kind: 'expect_tx', pred: 0, addr: 1, bytes: 128 });
    expect(parseMbarrierAsm('@$0 mbarrier.arrive.shared::cta.b64 _, [$1];')).toEqual({ kind: 'arrive', pred: 0, addr: 1, count: 1 });
    expect(parseMbarrierAsm('@$0 mbarrier.arrive.shared::cta.b64 _, [$1], 2;')).toEqual({ kind: 'arrive', pred: 0, addr: 1, count: 2 });
    expect(parseMbarrierAsm('{\n\t@!$2 bra.uni skipWait;\n\t.reg .pred complete;\n\twaitLoop:\n\tmbarrier.try_wait.parity.shared.b64 complete, [$0], $1;\n\t@!complete bra.uni waitLoop;\n\tskipWait:\n}')).toEqual({
      kind: 'wait',
      addr: 0,
      parity: 1,
      pred: 2,
    });
    expect(parseMbarrierAsm('@$0 st.shared.b32 [ $1 + 0 ], $2;')).toBeUndefined();
  });

  it('completes when the phases are waited in order (0, then 1)', () => {
    const sim = run(kernel([arrive, wait('%c0'), arrive, wait('%c1')].join('\n')));
    expect(sim.stats.ops.get('llvm.inline_asm')).toBe(5);
  });

  it('a completed phase does not block again: waiting parity 0 twice passes', () => {
    expect(() => run(kernel([arrive, wait('%c0'), wait('%c0')].join('\n')))).not.toThrow();
  });

  it('reports a timeout for a barrier that never arrives', () => {
    expect(() => run(kernel(wait('%c0')))).toThrow(SimError);
    expect(() => run(kernel(wait('%c0')))).toThrow(
      /timeout: thread 0 waits on the mbarrier at shared byte 0 for its phase of parity 0, which never completes \(phase 0: 1 of 1 arrivals and 0 transaction bytes outstanding\) after 0 wait steps: every thread waits/,
    );
  });

  it('reports a timeout when the phase is not flipped: the second round waits on parity 1 with no arrival', () => {
    expect(() => run(kernel([arrive, wait('%c0'), wait('%c1')].join('\n')))).toThrow(/parity 1, which never completes \(phase 1: 1 of 1 arrivals/);
  });

  it('a skipped wait (predicate false) does not block', () => {
    expect(() => run(kernel(wait('%c0', '%false')))).not.toThrow();
    expect(() => run(kernel(wait('%c0', '%true')))).toThrow(/timeout/);
  });

  it('expect_tx bytes that no copy delivers keep the phase open', () => {
    expect(() => run(kernel([`    ttng.barrier_expect %bar, 64, %true : ${BAR}`, wait('%c0')].join('\n')))).toThrow(/0 of 1 arrivals and 64 transaction bytes outstanding/);
  });

  it('cp.async arrivals in flight release the wait, one per step, within the step bound', () => {
    const body = [`    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : ${BAR}`, wait('%c0')].join('\n');
    // 128 threads, each one arrival: the barrier expects 128.
    const sim = run(kernel(body, 128));
    expect(sim.mbarriers.waitSteps).toBe(128);
    expect(() => run(kernel(body, 128), 50)).toThrow(/after 50 wait steps \(the bound\)/);
    // Without noIncrement each arrival first raises the pending count: the phase never completes.
    expect(() => run(kernel(`    ttng.async_copy_mbarrier_arrive %bar : ${BAR}\n${wait('%c0')}`, 128))).toThrow(/timeout/);
  });

  it('rejects more arrivals than the phase expects', () => {
    expect(() => run(kernel([arrive, arrive].join('\n').replace(/, 1 :/g, ', 2 :')))).toThrow(/arrives 2 times on the mbarrier at shared byte 0, whose phase 0 expects 1 more/);
  });
});
