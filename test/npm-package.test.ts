// The package as a user gets it: `npm pack` of the built tree, installed from the tarball into an empty project,
// each bin run through npm's link `node_modules/.bin/<bin>` (as `npx <bin>` does). A bin that compares
// `import.meta.url` with the unresolved `argv[1]` does nothing there and exits 0, which only this path catches.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..');
const built = existsSync(join(root, 'dist', 'bin', 'ttg-opt.js'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const example = join(root, 'examples', 'add.ttir.mlir');

let work = '';
let installError: string | undefined;

function run(cmd: string, args: string[], cwd: string, input?: string): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { cwd, encoding: 'utf8', input, timeout: 240_000, env: { ...process.env, npm_config_update_notifier: 'false' } });
}

beforeAll(() => {
  if (!built) return;
  work = mkdtempSync(join(tmpdir(), 'ttg-pack-'));
  // dist/ is built already; --ignore-scripts keeps `prepare` from rebuilding it.
  const pack = run(npm, ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], root);
  if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
  const tgz = join(work, pack.stdout.trim().split('\n').pop()!);
  const app = join(work, 'app');
  run('mkdir', ['-p', app], work);
  writeFileSync(join(app, 'package.json'), '{ "name": "app", "version": "1.0.0", "private": true }\n');
  const inst = run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', tgz], app);
  if (inst.status !== 0) installError = (inst.stderr || inst.stdout).trim().split('\n').slice(-3).join(' | ');
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

function bin(name: string, args: string[], input?: string): SpawnSyncReturns<string> {
  return run(join(work, 'app', 'node_modules', '.bin', name), args, join(work, 'app'), input);
}

describe.skipIf(!built)('npm pack → npm install → node_modules/.bin (needs `npm run build`)', () => {
  it('installs from the tarball', () => {
    expect(installError).toBeUndefined();
    const pkg = JSON.parse(readFileSync(join(work, 'app', 'node_modules', 'ttg-opt', 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(Object.keys(pkg.bin).sort()).toEqual(['ttg-filecheck', 'ttg-layout', 'ttg-lit', 'ttg-opt', 'ttg-replay']);
  });

  for (const name of ['ttg-opt', 'ttg-layout', 'ttg-lit', 'ttg-filecheck', 'ttg-replay']) {
    it(`${name} --help prints its usage and exits 0`, () => {
      const r = bin(name, ['--help']);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`${name}|USAGE|Usage`, 'i'));
      expect(r.stdout.length).toBeGreaterThan(100);
    });
  }

  it('ttg-opt runs a pass', () => {
    const r = bin('ttg-opt', [example, '--convert-triton-to-tritongpu=target=cuda:80 num-warps=4']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('#blocked = #ttg.blocked<');
    expect(r.stdout).toContain('"ttg.num-warps" = 4');
  });

  it('ttg-opt reports a located error with exit 1', () => {
    const r = bin('ttg-opt', ['-'], 'module {\n  %0 = bogus\n}\n');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^<stdin>:2:\d+: error: /);
  });

  it('ttg-layout prints a layout', () => {
    const r = bin('ttg-layout', ['#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>', '--shape', '8x8']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('{"register": [[0, 1], [0, 2]], "lane": [[0, 4], [0, 0], [0, 0], [0, 0], [1, 0]], "warp": [[2, 0], [4, 0]], "block": []}\n');
  });

  it('ttg-replay replays a dump log', () => {
    // Two dumps, as MLIR_ENABLE_DUMP=1 prints them: the IR before symbol-dce, and the IR before the next pass.
    const ir = 'module {\n  tt.func @k() {\n    tt.return\n  }\n}\n';
    const header = (cls: string, flag: string): string => `// -----// IR Dump Before ${cls} (${flag}) ('builtin.module' operation) //----- //\n`;
    const log = join(work, 'dump.log');
    writeFileSync(log, header('SymbolDCE', 'symbol-dce') + ir + '\n' + header('CSE', 'cse') + ir);
    const r = bin('ttg-replay', [log]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/\n0\s+symbol-dce\s+1\s+same\n/);
    expect(r.stdout).toContain('1 same, 0 differ');
  });

  it('ttg-filecheck checks an input', () => {
    const check = join(work, 'check.txt');
    writeFileSync(check, '// CHECK: hello\n// CHECK-NEXT: world\n');
    expect(bin('ttg-filecheck', [check], 'hello\nworld\n').status).toBe(0);
    const bad = bin('ttg-filecheck', [check], 'hello\nthere\n');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('CHECK-NEXT');
  });

  it('ttg-lit runs a lit file with the installed ttg-opt and ttg-filecheck', () => {
    const dir = join(work, 'suite');
    run('mkdir', ['-p', dir], work);
    writeFileSync(
      join(dir, 'add.mlir'),
      '// RUN: ttg-opt %s --convert-triton-to-tritongpu="target=cuda:80 num-warps=4" | FileCheck %s\n' +
        '// CHECK: #ttg.blocked<\n// CHECK: tt.func public @add\n' +
        readFileSync(example, 'utf8'),
    );
    const r = bin('ttg-lit', [dir]);
    expect(r.stdout + r.stderr).toMatch(/1 passed|Passed: 1|PASS/i);
    expect(r.status).toBe(0);
  });
});
