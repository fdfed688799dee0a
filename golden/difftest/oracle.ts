/**
 * The client side of scripts/oracle/difftest_oracle.py: one long-lived Python process (with the triton==3.6.0
 * wheel) per job, JSON lines over stdin/stdout, answered in order. `findTritonPython` says which interpreter to
 * use, or why there is none.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export type OracleReply = Record<string, unknown>;

/** TTG_TRITON_PYTHON, then .venv-triton of the repository, then python3: the first that imports triton 3.6. */
export function findTritonPython(root: string): { python?: string; why: string } {
  const candidates = [process.env['TTG_TRITON_PYTHON'], join(root, '.venv-triton', 'bin', 'python'), 'python3'].filter(
    (p): p is string => !!p,
  );
  for (const p of candidates) {
    if (p.includes('/') && !existsSync(p)) continue;
    const r = spawnSync(p, ['-c', 'import triton; print(triton.__version__)'], { encoding: 'utf8', timeout: 120_000 });
    const v = (r.stdout ?? '').trim();
    if (r.status === 0 && v.startsWith('3.6')) return { python: p, why: `${p} (triton ${v})` };
  }
  return { why: `no Python with triton 3.6 (tried ${candidates.join(', ') || 'nothing'}; set TTG_TRITON_PYTHON)` };
}

export class Oracle {
  private readonly proc: ChildProcessWithoutNullStreams;
  private readonly waiting: ((r: OracleReply) => void)[] = [];
  private stderrTail = '';

  constructor(python: string, root: string) {
    const script = join(root, 'scripts', 'oracle', 'difftest_oracle.py');
    this.proc = spawn(python, [script], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, PYTHONUNBUFFERED: '1' } });
    createInterface({ input: this.proc.stdout }).on('line', (line) => {
      const w = this.waiting.shift();
      if (!w) return;
      try {
        w(JSON.parse(line) as OracleReply);
      } catch {
        w({ error: `unreadable oracle reply: ${line.slice(0, 200)}` });
      }
    });
    this.proc.stderr.on('data', (d: Buffer) => {
      this.stderrTail = (this.stderrTail + d.toString()).slice(-4000);
    });
    this.proc.on('exit', () => {
      for (const w of this.waiting.splice(0)) w({ crash: `oracle exited: ${this.stderrTail.slice(-500)}` });
    });
  }

  request(req: Record<string, unknown>): Promise<OracleReply> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.proc.stdin.write(JSON.stringify(req) + '\n');
    });
  }

  /** CPU seconds the oracle (and the children it has reaped) used so far; 0 when it cannot say. */
  async cpuSeconds(): Promise<number> {
    const r = await this.request({ op: 'stats' });
    return typeof r['cpu'] === 'number' ? r['cpu'] : 0;
  }

  close(): void {
    this.proc.stdin.end();
  }
}
