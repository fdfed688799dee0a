// --reconcile-unrealized-casts: cast chains that lead back to their input types fold away, unused casts go, a cast
// that is still needed is a located error (as MLIR's pass).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runOpt } from '../tools/opt-main.js';

const tmp = mkdtempSync(join(tmpdir(), 'ttg-reconcile-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function run(text: string): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const f = join(tmp, `t${Math.random().toString(36).slice(2)}.mlir`);
  writeFileSync(f, text);
  return runOpt([f, '--reconcile-unrealized-casts']);
}

describe('reconcile-unrealized-casts', () => {
  it('folds a round-trip chain and drops unused casts', async () => {
    const r = await run(`module {
  llvm.func @f(%arg0: i32) -> i32 {
    %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
    %1 = builtin.unrealized_conversion_cast %0 : i64 to i32
    %2 = builtin.unrealized_conversion_cast %arg0 : i32 to f32
    llvm.return %1 : i32
  }
}
`);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).not.toContain('unrealized_conversion_cast');
    expect(r.stdout).toContain('llvm.return %arg0 : i32');
  });
  // MLIR's reconcileUnrealizedCasts (as in Triton 3.6) never fails: a live cast with nothing to fold stays.
  it('keeps a cast that is still used', async () => {
    const r = await run(`module {
  llvm.func @f(%arg0: i32) -> i64 {
    %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
    llvm.return %0 : i64
  }
}
`);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('%0 = builtin.unrealized_conversion_cast %arg0 : i32 to i64');
    expect(r.stdout).toContain('llvm.return %0 : i64');
  });
});
