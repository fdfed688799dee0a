// The V8 options of tools/node-flags.ts reach every place ttg-opt's work runs: the launcher lines of the commands
// that run passes, and the benchmark process (which restarts itself under them when started without them).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasNodeFlags, NODE_FLAGS } from '../tools/node-flags.js';

describe('node flags', () => {
  for (const bin of ['bin/ttg-opt.ts', 'bin/ttg-replay.ts']) {
    it(`${bin}'s launcher line passes them to node`, () => {
      const shebang = readFileSync(bin, 'utf8').split('\n')[0]!;
      expect(shebang.startsWith('#!/usr/bin/env -S -u NODE_EXTRA_CA_CERTS node ')).toBe(true);
      const args = shebang.split(/\s+/).slice(5);
      for (const f of NODE_FLAGS) expect(args).toContain(f);
    });
  }

  it('recognizes them on the command line or in NODE_OPTIONS', () => {
    expect(hasNodeFlags([...NODE_FLAGS], '')).toBe(true);
    expect(hasNodeFlags([], NODE_FLAGS.join(' '))).toBe(true);
    expect(hasNodeFlags(['--inspect'], '--no-warnings')).toBe(false);
  });

  it('are what the bench restarts itself with', () => {
    const run = readFileSync('bench/run.ts', 'utf8');
    expect(run).toMatch(/if \(!hasNodeFlags\(\)\)[\s\S]*spawnSync\(process\.execPath, \[\.\.\.NODE_FLAGS/);
  });
});
