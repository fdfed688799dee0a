// Tests of the lit runner (lit/runner) on temporary .mlir files.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  applySubstitutions,
  discoverTests,
  evalFeatureExpr,
  parseCommand,
  parseTestScript,
  repoRoot,
  runLitFile,
  runLitFileAsync,
  runRunLine,
  ShellSyntaxError,
  type LitOptions,
} from '../lit/runner/index.js';

const work = mkdtempSync(join(tmpdir(), 'ttg-lit-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let counter = 0;
function testFile(text: string, name = `t${counter++}.mlir`, dir = work): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

// `node` in RUN lines means this very node binary (no dependency on PATH or a shell).
const opts: LitOptions = { tools: { node: [process.execPath] } };
const FC22 = spawnSync('FileCheck-22', ['--version']).status === 0;

describe('parseTestScript', () => {
  it('collects RUN lines with continuations and keywords', () => {
    const s = parseTestScript(
      [
        '// RUN: first %s \\',
        '// RUN:   | FileCheck %s',
        '# RUN: second',
        '// XFAIL: *',
        '// UNSUPPORTED: system-windows, foo',
        '// REQUIRES: bar && !baz',
        '// RUN: line %(line) next %(line+1)',
        '// CHECK: not a run line',
      ].join('\n'),
    );
    expect(s.runLines).toEqual([
      { line: 1, command: 'first %s    | FileCheck %s' },
      { line: 3, command: 'second' },
      { line: 7, command: 'line 7 next 8' },
    ]);
    expect(s.xfail).toEqual(['*']);
    expect(s.unsupported).toEqual(['system-windows', 'foo']);
    expect(s.requires).toEqual(['bar && !baz']);
  });
});

describe('feature expressions', () => {
  const f = new Set(['a', 'b-c', 'x86_64']);
  it('evaluates', () => {
    expect(evalFeatureExpr('a', f)).toBe(true);
    expect(evalFeatureExpr('!a', f)).toBe(false);
    expect(evalFeatureExpr('a && (z || b-c)', f)).toBe(true);
    expect(evalFeatureExpr('z || !b-c', f)).toBe(false);
    expect(evalFeatureExpr('*', f)).toBe(true);
    expect(evalFeatureExpr('x86{{.*}}', f)).toBe(true);
    expect(() => evalFeatureExpr('a &&', f)).toThrow();
  });
});

describe('substitutions', () => {
  it('replaces %s %S %p %t %T %% and friends', () => {
    const r = applySubstitutions('%s %S %p %t %T %basename_t %% %%s %/s %{pathsep} %q', {
      sourcePath: '/a/b/c.mlir',
      tempPath: '/tmp/x/c.mlir.tmp',
    });
    expect(r).toBe('/a/b/c.mlir /a/b /a/b /tmp/x/c.mlir.tmp /tmp/x c.mlir.tmp % %s /a/b/c.mlir : %q');
  });
});

describe('parseCommand', () => {
  it('parses pipelines, lists and redirections', () => {
    const s = parseCommand(`not ttg-opt 'a b' "c\\"d" e\\ f 2>&1 | FileCheck x < in && cat > out 2> err; echo 1 >> log || true &> all`);
    expect(s).toHaveLength(2);
    expect(s[0]!.first.commands[0]).toEqual({ args: ['not', 'ttg-opt', 'a b', 'c"d', 'e f'], redirects: [{ fd: 2, op: '>&', target: '1' }] });
    expect(s[0]!.first.commands[1]).toEqual({ args: ['FileCheck', 'x'], redirects: [{ fd: 0, op: '<', target: 'in' }] });
    expect(s[0]!.rest[0]!.op).toBe('&&');
    expect(s[0]!.rest[0]!.pipeline.commands[0]!.redirects).toEqual([
      { fd: 1, op: '>', target: 'out' },
      { fd: 2, op: '>', target: 'err' },
    ]);
    expect(s[1]!.first.commands[0]!.redirects).toEqual([{ fd: 1, op: '>>', target: 'log' }]);
    expect(s[1]!.rest[0]!.pipeline.commands[0]!.redirects).toEqual([
      { fd: 1, op: '>', target: 'all' },
      { fd: 2, op: '>&', target: '1' },
    ]);
  });
  it('keeps $ inside single quotes and FileCheck regexes intact', () => {
    const s = parseCommand(`FileCheck --implicit-check-not='$x' '--check-prefix=A' a{{b}}`);
    expect(s[0]!.first.commands[0]!.args).toEqual(['FileCheck', '--implicit-check-not=$x', '--check-prefix=A', 'a{{b}}']);
  });
  it('rejects exotic shell syntax clearly', () => {
    for (const bad of ['echo $(ls)', 'echo `ls`', 'echo $HOME', '(cd x)', 'sleep 1 &', 'cat <<EOF', 'echo "unterminated', 'a | ', 'diff <(a) b']) {
      expect(() => parseCommand(bad), bad).toThrow(ShellSyntaxError);
    }
  });
});

describe('runLitFile', () => {
  it('passes a cat | FileCheck test', () => {
    const p = testFile('// RUN: cat %s | FileCheck %s\n// CHECK: {{^}}hello world\nhello world\n');
    const r = runLitFile(p, opts);
    expect(r.status, r.output).toBe('PASS');
    expect(r.ok).toBe(true);
    expect(r.output).toBe('');
  });

  it('fails with the failing command and FileCheck diagnostics', () => {
    const p = testFile('// RUN: cat %s | FileCheck %s\n// CHECK: {{^}}goodbye\nhello\n');
    const r = runLitFile(p, opts);
    expect(r.status).toBe('FAIL');
    expect(r.ok).toBe(false);
    expect(r.output).toContain('# RUN: at line 1');
    expect(r.output).toContain(`# executed command: FileCheck ${p}`);
    expect(r.output).toContain(`${p}:2:11: error: CHECK: expected string not found in input`);
    expect(r.output).toContain('# error: command failed with exit status: 1');
  });

  it('shows the log of passing tests under verbose', () => {
    const p = testFile('// RUN: cat %s | FileCheck %s\n// CHECK: {{^}}x\nx\n');
    const r = runLitFile(p, { ...opts, verbose: true });
    expect(r.status).toBe('PASS');
    expect(r.output).toContain('# executed command: cat');
  });

  it('runs every RUN line, with continuations and check prefixes', () => {
    const p = testFile(
      [
        '// RUN: cat %s \\',
        '// RUN:   | FileCheck %s --check-prefix=ONE',
        '// RUN: cat %s | FileCheck %s -check-prefixes=TWO,THREE',
        '// ONE: {{^}}alpha',
        '// TWO: {{^}}alpha',
        '// THREE-NEXT: {{^}}beta',
        'alpha',
        'beta',
        '',
      ].join('\n'),
    );
    expect(runLitFile(p, opts).status).toBe('PASS');
    const bad = testFile('// RUN: cat %s | FileCheck %s\n// RUN: false\n// CHECK: {{^}}a\na\n');
    const r = runLitFile(bad, opts);
    expect(r.status).toBe('FAIL');
    expect(r.output).toContain('# RUN: at line 2');
  });

  it('supports not, not --crash, && chains and exit codes', () => {
    expect(runLitFile(testFile('// RUN: not false\n'), opts).status).toBe('PASS');
    expect(runLitFile(testFile('// RUN: not true\n'), opts).status).toBe('FAIL');
    expect(runLitFile(testFile('// RUN: not not true && true\n'), opts).status).toBe('PASS');
    expect(runLitFile(testFile('// RUN: false || true\n'), opts).status).toBe('PASS');
    expect(runLitFile(testFile('// RUN: true && false\n'), opts).status).toBe('FAIL');
    const crash = `// RUN: not --crash node -e "process.kill(process.pid, 'SIGABRT')"\n`;
    expect(runLitFile(testFile(crash), opts).status).toBe('PASS');
    expect(runLitFile(testFile('// RUN: not --crash false\n'), opts).status).toBe('FAIL');
    const exit3 = `// RUN: not node -e "process.exit(3)"\n`;
    expect(runLitFile(testFile(exit3), opts).status).toBe('PASS');
  });

  it('uses pipefail semantics', () => {
    const p = testFile('// RUN: false | cat\n');
    expect(runLitFile(p, opts).status).toBe('FAIL');
    const q = testFile('// RUN: not false | cat\n');
    expect(runLitFile(q, opts).status).toBe('PASS');
  });

  it('merges stderr into stdout in order with 2>&1', () => {
    const p = testFile(
      [
        `// RUN: node -e "console.log('o1'); console.error('e1'); console.log('o2')" 2>&1 | FileCheck %s`,
        '// CHECK: {{^}}o1',
        '// CHECK-NEXT: {{^}}e1',
        '// CHECK-NEXT: {{^}}o2',
        '',
      ].join('\n'),
    );
    const r = runLitFile(p, opts);
    expect(r.status, r.output).toBe('PASS');
    const q = testFile(`// RUN: node -e "console.error('only-err')" | FileCheck %s --allow-empty --implicit-check-not=only-err\n`);
    expect(runLitFile(q, opts).status).toBe('PASS');
  });

  it('handles %t, file redirections and builtins', () => {
    const p = testFile(
      [
        '// RUN: cat %s > %t && FileCheck %s --input-file %t',
        '// RUN: FileCheck %s < %t',
        '// RUN: echo appended >> %t && FileCheck %s --check-prefix=APP --input-file=%t',
        '// RUN: mkdir -p %t.dir && cat %s > %t.dir/copy && cat %t.dir/copy | count 10',
        '// RUN: node -e "console.error(1)" 2> %t.err && FileCheck %s --check-prefix=ERR < %t.err',
        '// RUN: node -e "console.log(1)" > /dev/null',
        '// CHECK: {{^}}payload',
        '// APP: {{^}}appended',
        '// ERR: {{^}}1',
        'payload',
        '',
      ].join('\n'),
    );
    const r = runLitFile(p, opts);
    expect(r.status, r.output).toBe('PASS');
  });

  it('supports env and split-file', () => {
    const p = testFile(
      [
        `// RUN: env GREETING=hi node -e "console.log(process.env.GREETING)" | FileCheck %s`,
        '// RUN: split-file %s %t && cat %t/a.txt | FileCheck %s --check-prefix=A',
        '// CHECK: {{^}}hi',
        '// A: {{^}}in-a',
        '//--- a.txt',
        'in-a',
        '//--- b.txt',
        'in-b',
        '',
      ].join('\n'),
    );
    const r = runLitFile(p, opts);
    expect(r.status, r.output).toBe('PASS');
  });

  it('honours XFAIL, UNSUPPORTED and REQUIRES', () => {
    expect(runLitFile(testFile('// XFAIL: *\n// RUN: false\n'), opts)).toMatchObject({ status: 'XFAIL', ok: true });
    expect(runLitFile(testFile('// XFAIL: *\n// RUN: true\n'), opts)).toMatchObject({ status: 'XPASS', ok: false });
    expect(runLitFile(testFile('// XFAIL: no-such-feature\n// RUN: true\n'), opts).status).toBe('PASS');
    expect(runLitFile(testFile('// UNSUPPORTED: my-feature\n// RUN: false\n'), { ...opts, features: ['my-feature'] })).toMatchObject({
      status: 'UNSUPPORTED',
      ok: true,
    });
    expect(runLitFile(testFile('// UNSUPPORTED: other-feature\n// RUN: true\n'), opts).status).toBe('PASS');
    expect(runLitFile(testFile('// REQUIRES: missing-feature\n// RUN: false\n'), opts).status).toBe('UNSUPPORTED');
    expect(runLitFile(testFile('// REQUIRES: my-feature\n// RUN: true\n'), { ...opts, features: ['my-feature'] }).status).toBe('PASS');
  });

  it('reports missing tools, syntax errors and files without RUN lines', () => {
    const a = runLitFile(testFile('// RUN: definitely-not-a-tool-xyz\n'), opts);
    expect(a.status).toBe('FAIL');
    expect(a.output).toContain("'definitely-not-a-tool-xyz': command not found");
    const b = runLitFile(testFile('// RUN: echo $(ls)\n'), opts);
    expect(b.status).toBe('FAIL');
    expect(b.output).toContain('unsupported shell syntax ($ expansion)');
    expect(runLitFile(testFile('no run lines\n'), opts).status).toBe('FAIL');
  });

  it('resolves ttg-opt and triton-opt to the ttg-opt entry point', () => {
    const fake = join(work, 'fake-ttg-opt.js');
    writeFileSync(fake, `process.stdout.write('fake-opt ' + process.argv.slice(2).join(' ') + '\\n');\n`);
    const p = testFile(
      [
        '// RUN: ttg-opt %s --some-pass | FileCheck %s',
        '// RUN: triton-opt -split-input-file | FileCheck %s --check-prefix=TRITON',
        '// CHECK: {{^}}fake-opt {{.*}}.mlir --some-pass',
        '// TRITON: {{^}}fake-opt -split-input-file',
        '',
      ].join('\n'),
    );
    const r = runLitFile(p, { ...opts, ttgOpt: fake });
    expect(r.status, r.output).toBe('PASS');
  });

  it('has an async variant', async () => {
    const p = testFile('// RUN: cat %s | FileCheck %s\n// CHECK: {{^}}async\nasync\n');
    expect((await runLitFileAsync(p, opts)).status).toBe('PASS');
    const q = testFile('// RUN: node -e "process.exit(2)"\n');
    expect((await runLitFileAsync(q, opts)).status).toBe('FAIL');
  });

  it.skipIf(!FC22)('agrees with --filecheck system', () => {
    const good = testFile('// RUN: cat %s | FileCheck %s\n// CHECK: {{^}}x\nx\n');
    const bad = testFile('// RUN: cat %s | FileCheck %s\n// CHECK: {{^}}y\nx\n');
    expect(runLitFile(good, { ...opts, filecheck: 'system' }).status).toBe('PASS');
    const r = runLitFile(bad, { ...opts, filecheck: 'system' });
    expect(r.status).toBe('FAIL');
    expect(r.output).toContain('error: CHECK: expected string not found in input');
    expect(runLitFile(good, { ...opts, filecheck: 'FileCheck-22' }).status).toBe('PASS');
  });
});

describe('runRunLine', () => {
  it('runs one RUN line on a given text chunk', () => {
    const src = testFile('// CHECK: {{^}}chunk line\n');
    const r = runRunLine('// RUN: cat | FileCheck %s', { sourcePath: src, stdinText: 'chunk line\n' });
    expect(r).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
    const bad = runRunLine('cat | FileCheck %s', { sourcePath: src, stdinText: 'other\n' });
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain('error: CHECK: expected string not found in input');
    const out = runRunLine('cat %s', { sourcePath: src });
    expect(out.stdout).toBe('// CHECK: {{^}}chunk line\n');
  });
  it('returns a syntax error as exit code 2', () => {
    const r = runRunLine('echo `x`', { sourcePath: join(work, 'none.mlir') });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('unsupported shell syntax');
  });
});

describe('discoverTests', () => {
  it('finds .mlir files with RUN lines', () => {
    const dir = mkdtempSync(join(work, 'disc-'));
    mkdirSync(join(dir, 'sub'));
    testFile('// RUN: true\n', 'a.mlir', dir);
    testFile('// RUN: true\n', 'b.mlir', join(dir, 'sub'));
    testFile('no run\n', 'c.mlir', dir);
    testFile('// RUN: true\n', 'd.txt', dir);
    expect(discoverTests([dir])).toEqual([join(dir, 'a.mlir'), join(dir, 'sub', 'b.mlir')]);
    expect(discoverTests([dir], /sub/)).toEqual([join(dir, 'sub', 'b.mlir')]);
    expect(discoverTests([join(dir, 'c.mlir')])).toEqual([join(dir, 'c.mlir')]);
  });
});

const LIT_BIN = join(repoRoot(), 'dist', 'bin', 'ttg-lit.js');
describe.skipIf(!existsSync(LIT_BIN))('ttg-lit CLI (built)', () => {
  it('prints one line per file and the summary', () => {
    const dir = mkdtempSync(join(work, 'cli-'));
    testFile('// RUN: cat %s | FileCheck %s\n// CHECK: {{^}}ok\nok\n', 'pass.mlir', dir);
    testFile('// RUN: cat %s | FileCheck %s\n// CHECK: {{^}}missing\nok\n', 'fail.mlir', dir);
    testFile('// UNSUPPORTED: system-linux, system-darwin, system-windows\n// RUN: false\n', 'unsup.mlir', dir);
    const r = spawnSync(process.execPath, [LIT_BIN, dir, '-j', '2'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`PASS: ${join(dir, 'pass.mlir')}\n`);
    expect(r.stdout).toContain(`FAIL: ${join(dir, 'fail.mlir')}\n`);
    expect(r.stdout).toContain('error: CHECK: expected string not found in input');
    expect(r.stdout.trimEnd().split('\n').pop()).toBe('1 passed, 1 failed');
    const ok = spawnSync(process.execPath, [LIT_BIN, dir, '--filter', 'pass'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout.trimEnd().split('\n').pop()).toBe('1 passed, 0 failed');
  });
});
