/**
 * mbarriers for the warp simulator (PTX's `mbarrier` objects, as Triton's lowering drives them through inline
 * PTX): each 8-byte object in shared memory has an expected arrival count, a pending count, a transaction count
 * (bytes announced by `expect_tx` and not yet delivered) and a phase. A phase completes when its pending count
 * and its transaction count both reach zero; the next phase then starts with the expected count again.
 * `try_wait.parity p` / `test_wait.parity p` succeed once the phase of parity p has completed, that is once the
 * current phase's parity is no longer p.
 *
 * The simulator runs the CTA in lock-step, so a wait that is not satisfied can only be released by work in
 * flight (`cp.async.mbarrier.arrive` arrivals, delivered when every thread waits). When none is left, no thread
 * can ever arrive: the wait reports a timeout, a located error naming the barrier and what it still expects,
 * where a GPU would hang. Misuse (an arrive on an uninitialized barrier, more arrivals than expected) is an error
 * too.
 */
import { SimError } from './sim-error.js';

interface Mbarrier {
  expected: number;
  pending: number;
  tx: number;
  phase: number;
}

/** The mbarrier PTX Triton's lowering emits, by kind: its immediate (count / bytes) and operand numbers. */
export type MbarrierAsm =
  | { kind: 'init'; pred: number; addr: number; count: number }
  | { kind: 'inval'; pred: number; addr: number }
  | { kind: 'arrive'; pred: number; addr: number; count: number }
  | { kind: 'expect_tx'; pred: number; addr: number; bytes: number }
  | { kind: 'wait'; addr: number; parity: number; pred: number | undefined };

/** Recognizes the mbarrier inline PTX of lowering/tma.ts (undefined for anything else). */
export function parseMbarrierAsm(asm: string): MbarrierAsm | undefined {
  let m = /^@\$(\d+) mbarrier\.init\.shared(?:::cta)?\.b64 \[\$(\d+)\], (\d+);$/.exec(asm);
  if (m) return { kind: 'init', pred: Number(m[1]), addr: Number(m[2]), count: Number(m[3]) };
  m = /^@\$(\d+) mbarrier\.inval\.shared(?:::cta)?\.b64 \[\$(\d+)\];$/.exec(asm);
  if (m) return { kind: 'inval', pred: Number(m[1]), addr: Number(m[2]) };
  m = /^@\$(\d+) mbarrier\.arrive\.expect_tx\.shared(?:::cta)?\.b64 _, \[\$(\d+)\], (\d+);$/.exec(asm);
  if (m) return { kind: 'expect_tx', pred: Number(m[1]), addr: Number(m[2]), bytes: Number(m[3]) };
  // The count is left out when it is 1.
  m = /^@\$(\d+) mbarrier\.arrive\.shared(?:::cta)?\.b64 _, \[\$(\d+)\](?:, (\d+))?;$/.exec(asm);
  if (m) return { kind: 'arrive', pred: Number(m[1]), addr: Number(m[2]), count: m[3] === undefined ? 1 : Number(m[3]) };
  m = /mbarrier\.(?:try|test)_wait\.parity\.shared(?:::cta)?\.b64 complete, \[\$(\d+)\], \$(\d+);/.exec(asm);
  if (m) {
    const skip = /@!\$(\d+) bra\.uni skipWait;/.exec(asm);
    return { kind: 'wait', addr: Number(m[1]), parity: Number(m[2]), pred: skip ? Number(skip[1]) : undefined };
  }
  return undefined;
}

export class Mbarriers {
  private readonly bars = new Map<number, Mbarrier>();
  /** Arrivals in flight (cp.async completions), delivered while every thread waits. */
  private readonly inFlight: { addr: number; tid: number }[] = [];
  /** Wait steps taken so far (all waits). */
  waitSteps = 0;

  constructor(
    /** The most wait steps one wait may take before it is reported as a timeout. */
    readonly maxWaitSteps = 1000,
  ) {}

  private bar(addr: number, what: string, tid: number): Mbarrier {
    const b = this.bars.get(addr);
    if (!b) throw new SimError(`simulator: ${what} by thread ${tid} on shared byte ${addr}, which holds no initialized mbarrier`);
    return b;
  }

  init(addr: number, count: number, tid: number): void {
    if (addr % 8 !== 0) throw new SimError(`simulator: mbarrier.init by thread ${tid} at shared byte ${addr}, not 8-byte aligned`);
    if (count < 1) throw new SimError(`simulator: mbarrier.init by thread ${tid} with count ${count}`);
    this.bars.set(addr, { expected: count, pending: count, tx: 0, phase: 0 });
  }

  inval(addr: number, tid: number): void {
    this.bar(addr, 'mbarrier.inval', tid);
    this.bars.delete(addr);
  }

  arrive(addr: number, count: number, tid: number): void {
    const b = this.bar(addr, 'mbarrier.arrive', tid);
    if (count > b.pending) {
      throw new SimError(`simulator: thread ${tid} arrives ${count} times on the mbarrier at shared byte ${addr}, whose phase ${b.phase} expects ${b.pending} more`);
    }
    b.pending -= count;
    this.maybeComplete(b);
  }

  expectTx(addr: number, bytes: number, tid: number): void {
    this.bar(addr, 'mbarrier.arrive.expect_tx', tid).tx += bytes;
    this.arrive(addr, 1, tid);
  }

  /** Bytes of an async copy landed (`complete_tx`). */
  completeTx(addr: number, bytes: number, tid: number): void {
    const b = this.bar(addr, 'complete_tx', tid);
    b.tx -= bytes;
    this.maybeComplete(b);
  }

  /**
   * `cp.async.mbarrier.arrive[.noinc]`: an arrival once the thread's cp.async copies land. Without `.noinc` the
   * pending count is raised first, so the arrival does not count against the expected ones.
   */
  cpAsyncArrive(addr: number, noinc: boolean, tid: number): void {
    const b = this.bar(addr, 'cp.async.mbarrier.arrive', tid);
    if (!noinc) b.pending++;
    this.inFlight.push({ addr, tid });
  }

  private maybeComplete(b: Mbarrier): void {
    if (b.pending !== 0 || b.tx !== 0) return;
    b.phase++;
    b.pending = b.expected;
  }

  /** Whether the phase of parity `parity` of the barrier at `addr` has completed. */
  phaseDone(addr: number, parity: number, tid: number): boolean {
    return (this.bar(addr, 'mbarrier.try_wait', tid).phase & 1) !== (parity & 1);
  }

  /**
   * Every waiting thread (`waits`: its barrier and parity) spins until its phase completes. Work in flight is
   * delivered one arrival per step; a wait that nothing can release any more, or that takes more than
   * `maxWaitSteps` steps, is a timeout.
   */
  wait(waits: readonly { tid: number; addr: number; parity: number }[]): void {
    for (let steps = 0; ; steps++) {
      const blocked = waits.find((w) => !this.phaseDone(w.addr, w.parity, w.tid));
      if (!blocked) return;
      const next = this.inFlight.shift();
      if (!next || steps >= this.maxWaitSteps) {
        const b = this.bars.get(blocked.addr)!;
        const why = next ? `after ${steps} wait steps (the bound)` : `after ${steps} wait steps: every thread waits and nothing in flight can arrive`;
        throw new SimError(
          `simulator: timeout: thread ${blocked.tid} waits on the mbarrier at shared byte ${blocked.addr} for its phase of parity ${blocked.parity & 1}, ` +
            `which never completes (phase ${b.phase}: ${b.pending} of ${b.expected} arrivals and ${b.tx} transaction bytes outstanding) ${why}`,
        );
      }
      this.waitSteps++;
      this.arrive(next.addr, 1, next.tid);
    }
  }
}
