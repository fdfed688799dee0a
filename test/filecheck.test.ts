// Tests of the TypeScript FileCheck (lit/filecheck).  Every vector is run through the CLI
// entry point (in-process); when FileCheck-22 is on PATH, its exit code and stderr are
// compared with ours too.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertRegex, fileCheck, fileCheckMain, parseFileCheckArgs, RegexError, tokenizeOptions } from '../lit/filecheck/index.js';

interface Vec {
  name: string;
  check: string;
  input: string;
  args?: string[];
  /** Expected exit code: 0 pass, 1 check failure, 2 usage/check-file error. */
  code: 0 | 1 | 2;
  /** Substrings expected in stderr. */
  contains?: string[];
}

const V: Vec[] = [
  // --- CHECK -------------------------------------------------------------------------------
  { name: 'plain match', check: 'CHECK: foo\n', input: 'a foo b\n', code: 0 },
  {
    name: 'plain no match',
    check: 'CHECK: foo\n',
    input: 'bar\n',
    code: 1,
    contains: ['check.txt:1:8: error: CHECK: expected string not found in input', 'input.txt:1:1: note: scanning from here'],
  },
  { name: 'checks in order', check: 'CHECK: a\nCHECK: b\n', input: 'a\nb\n', code: 0 },
  { name: 'checks out of order', check: 'CHECK: b\nCHECK: a\n', input: 'a\nb\n', code: 1 },
  { name: 'fuzzy note', check: 'CHECK: hello world\n', input: 'x\nhello wrld\n', code: 1, contains: ['note: possible intended match here'] },
  // --- CHECK-NEXT --------------------------------------------------------------------------
  { name: 'next ok', check: 'CHECK: a\nCHECK-NEXT: b\n', input: 'a\nb\n', code: 0 },
  {
    name: 'next skipped line',
    check: 'CHECK: a\nCHECK-NEXT: b\n',
    input: 'a\nx\nb\n',
    code: 1,
    contains: ['CHECK-NEXT: is not on the line after the previous match', 'non-matching line after previous match is here'],
  },
  { name: 'next same line', check: 'CHECK: a\nCHECK-NEXT: b\n', input: 'a b\n', code: 1, contains: ['CHECK-NEXT: is on the same line as previous match'] },
  { name: 'next first', check: 'CHECK-NEXT: a\n', input: 'a\n', code: 2, contains: ["found 'CHECK-NEXT' without previous 'CHECK: line"] },
  // --- CHECK-SAME --------------------------------------------------------------------------
  { name: 'same ok', check: 'CHECK: a\nCHECK-SAME: c\n', input: 'a b c\n', code: 0 },
  { name: 'same wrong line', check: 'CHECK: a\nCHECK-SAME: c\n', input: 'a b\nc\n', code: 1, contains: ['CHECK-SAME: is not on the same line as the previous match'] },
  // --- CHECK-NOT ---------------------------------------------------------------------------
  { name: 'not absent', check: 'CHECK: a\nCHECK-NOT: x\nCHECK: b\n', input: 'a\ny\nb\nx\n', code: 0 },
  {
    name: 'not present',
    check: 'CHECK: a\nCHECK-NOT: x\nCHECK: b\n',
    input: 'a\nx\nb\n',
    code: 1,
    contains: ['error: CHECK-NOT: excluded string found in input', 'note: found here', 'error: no match expected'],
  },
  { name: 'not at end', check: 'CHECK: a\nCHECK-NOT: x\n', input: 'a\nb\nx\n', code: 1 },
  { name: 'not at start', check: 'CHECK-NOT: x\nCHECK: a\n', input: 'x\na\n', code: 1 },
  { name: 'not combo', check: 'CHECK-NOT-NEXT: a\n', input: 'a\n', code: 2, contains: ["unsupported -NOT combo on prefix 'CHECK'"] },
  // --- CHECK-DAG ---------------------------------------------------------------------------
  { name: 'dag any order', check: 'CHECK-DAG: b\nCHECK-DAG: a\nCHECK: c\n', input: 'a\nb\nc\n', code: 0 },
  { name: 'dag missing', check: 'CHECK-DAG: b\nCHECK-DAG: z\n', input: 'a\nb\n', code: 1, contains: ['CHECK-DAG: expected string not found in input'] },
  { name: 'dag no overlap', check: 'CHECK-DAG: x\nCHECK-DAG: x\n', input: 'x\n', code: 1 },
  { name: 'dag two occurrences', check: 'CHECK-DAG: x\nCHECK-DAG: x\n', input: 'x\nx\n', code: 0 },
  { name: 'dag overlap allowed', check: 'CHECK-DAG: x\nCHECK-DAG: x\n', input: 'x\n', args: ['--allow-deprecated-dag-overlap'], code: 0 },
  { name: 'dag not between groups ok', check: 'CHECK-DAG: a\nCHECK-NOT: bad\nCHECK-DAG: b\n', input: 'a\nb\n', code: 0 },
  { name: 'dag not between groups bad', check: 'CHECK-DAG: a\nCHECK-NOT: bad\nCHECK-DAG: c\n', input: 'a\nbad\nc\n', code: 1 },
  { name: 'dag before check', check: 'CHECK-DAG: b\nCHECK: c\n', input: 'c\nb\n', code: 1 },
  // --- CHECK-LABEL -------------------------------------------------------------------------
  {
    name: 'label partitions',
    check: 'CHECK-LABEL: f1\nCHECK: x\nCHECK-LABEL: f2\nCHECK: y\n',
    input: 'f1\nx\nf2\ny\n',
    code: 0,
  },
  {
    name: 'label check confined to block',
    check: 'CHECK-LABEL: f1\nCHECK: y\nCHECK-LABEL: f2\nCHECK: x\n',
    input: 'f1\nx\nf2\ny\n',
    code: 1,
    contains: ['check.txt:2:8: error: CHECK: expected string not found in input', 'check.txt:4:8: error'],
  },
  { name: 'label missing', check: 'CHECK-LABEL: f3\n', input: 'f1\n', code: 1, contains: ['CHECK-LABEL: expected string not found'] },
  { name: 'label with var', check: 'CHECK-LABEL: [[X:f]]\n', input: 'f\n', code: 2, contains: ["found 'CHECK-LABEL:' with variable definition or use"] },
  // --- CHECK-EMPTY -------------------------------------------------------------------------
  { name: 'empty ok', check: 'CHECK: a\nCHECK-EMPTY:\nCHECK-NEXT: b\n', input: 'a\n\nb\n', code: 0 },
  { name: 'empty fail', check: 'CHECK: a\nCHECK-EMPTY:\n', input: 'a\nb\n\n', code: 1, contains: ['CHECK-EMPTY: is not on the line after the previous match'] },
  { name: 'empty non-empty pattern', check: 'CHECK: a\nCHECK-EMPTY: x\n', input: 'a\n\n', code: 2, contains: ['found non-empty check string for empty check'] },
  // --- CHECK-COUNT -------------------------------------------------------------------------
  { name: 'count ok', check: 'CHECK-COUNT-3: a\nCHECK-NOT: a\n', input: 'a\na\na\n', code: 0 },
  { name: 'count too few', check: 'CHECK-COUNT-3: a\n', input: 'a\na\n', code: 1, contains: ['CHECK-COUNT: expected string not found in input (3 out of 3)'] },
  { name: 'count too many', check: 'CHECK-COUNT-2: a\nCHECK-NOT: a\n', input: 'a\na\na\n', code: 1 },
  { name: 'count zero', check: 'CHECK-COUNT-0: a\n', input: 'a\n', code: 2, contains: ['invalid count in -COUNT specification'] },
  // --- directives / prefixes ---------------------------------------------------------------
  { name: 'empty check string', check: 'CHECK:\n', input: 'a\n', code: 2, contains: ["found empty check string with prefix 'CHECK:'"] },
  { name: 'misspelled', check: 'CHECK_NEXT: a\n', input: 'a\n', code: 2, contains: ["misspelled directive 'CHECK_NEXT:'"] },
  { name: 'no check strings', check: 'nothing\n', input: 'a\n', code: 2, contains: ["error: no check strings found with prefix 'CHECK:'"] },
  { name: 'prefix inside word ignored', check: 'MYCHECK: zzz\nCHECK: a\n', input: 'a\n', code: 0 },
  { name: 'comment prefixes', check: '// RUN: CHECK: zzz\n// COM: CHECK: zzz\nCHECK: a\n', input: 'a\n', code: 0 },
  { name: 'custom comment prefix', check: 'X: CHECK: zzz\nCHECK: a\n', input: 'a\n', args: ['--comment-prefixes=X'], code: 0 },
  { name: 'check-prefix', check: 'FOO: a\nCHECK: zzz\n', input: 'a\n', args: ['--check-prefix=FOO'], code: 0 },
  { name: 'check-prefix single dash', check: 'FOO: a\n', input: 'a\n', args: ['-check-prefix=FOO'], code: 0 },
  { name: 'check-prefix separate value', check: 'FOO: a\n', input: 'a\n', args: ['--check-prefix', 'FOO'], code: 0 },
  { name: 'check-prefixes list', check: 'A: a\nB: b\n', input: 'a\nb\n', args: ['--check-prefixes=A,B'], code: 0 },
  { name: 'repeated check-prefix', check: 'A: a\nB: b\n', input: 'a\nb\n', args: ['-check-prefix=A', '-check-prefix', 'B'], code: 0 },
  { name: 'unused prefix', check: 'A: a\n', input: 'a\n', args: ['--check-prefixes=A,B'], code: 2, contains: ["no check strings found with prefix 'B:'"] },
  { name: 'unused prefix allowed', check: 'A: a\n', input: 'a\n', args: ['--check-prefixes=A,B', '--allow-unused-prefixes'], code: 0 },
  { name: 'duplicate prefix', check: 'A: a\n', input: 'a\n', args: ['--check-prefixes=A,A'], code: 2, contains: ['must be unique'] },
  { name: 'invalid prefix', check: 'A: a\n', input: 'a\n', args: ['--check-prefix=A.B'], code: 2, contains: ['supplied check prefix must start with a letter'] },
  { name: 'literal modifier', check: 'CHECK{LITERAL}: a{{b}}[[c]]\n', input: 'a{{b}}[[c]]\n', code: 0 },
  // --- regex -------------------------------------------------------------------------------
  { name: 'regex', check: 'CHECK: a{{[0-9]+}}b\n', input: 'a123b\n', code: 0 },
  { name: 'regex no match', check: 'CHECK: a{{[0-9]+}}b\n', input: 'axb\n', code: 1 },
  { name: 'regex alternation', check: 'CHECK: a{{x|y}}b\n', input: 'ayb\n', code: 0 },
  { name: 'regex dot not newline', check: 'CHECK: a{{.*}}b\n', input: 'a\nb\n', code: 1 },
  { name: 'regex negated class not newline', check: 'CHECK: a{{[^x]}}b\n', input: 'a\nb\n', code: 1 },
  { name: 'backslash-d is a literal d', check: 'CHECK: a{{\\d}}b\n', input: 'a5b\n', code: 1 },
  { name: 'backslash-d matches d', check: 'CHECK: a{{\\d}}b\n', input: 'adb\n', code: 0 },
  { name: 'posix class space', check: 'CHECK: a{{[[:space:]]}}b\n', input: 'a b\n', code: 0 },
  { name: 'posix classes', check: 'CHECK: {{[[:alpha:]]+[[:digit:]][[:alnum:]_]*[[:punct:]][[:upper:]][[:lower:]][[:xdigit:]]}}\n', input: 'ab1_x!Aqf\n', code: 0 },
  { name: 'invalid class', check: 'CHECK: {{[[:foo:]]}}\n', input: 'a\n', code: 2, contains: ['invalid regex: invalid character class'] },
  { name: 'lazy quantifier invalid', check: 'CHECK: a{{.*?}}b\n', input: 'ab\n', code: 2, contains: ['invalid regex: repetition-operator operand invalid'] },
  { name: 'empty regex invalid', check: 'CHECK: a{{}}b\n', input: 'ab\n', code: 2, contains: ['invalid regex: empty (sub)expression'] },
  { name: 'unbalanced paren', check: 'CHECK: a{{(b}}\n', input: 'ab\n', code: 2, contains: ['parentheses not balanced'] },
  { name: 'no end of regex', check: 'CHECK: a{{b\n', input: 'ab\n', code: 2, contains: ["found start of regex string with no end '}}'"] },
  { name: 'bounds', check: 'CHECK: {{^a{2,3}b$}}\n', input: 'aaab\n', code: 0 },
  { name: 'anchors', check: 'CHECK: {{^}}foo{{$}}\n', input: 'xfoo\nfoo\n', code: 0 },
  { name: 'anchor fails mid line', check: 'CHECK: {{^}}foo{{$}}\n', input: 'xfoo\n', code: 1 },
  { name: 'backreference in regex', check: 'CHECK: a{{(b)\\1}}c\n', input: 'abbc\n', code: 0 },
  { name: 'literal brackets', check: 'CHECK: x[[[0]]]\n', input: 'x[0]\n', code: 2 },
  // --- variables ---------------------------------------------------------------------------
  { name: 'var def and use', check: 'CHECK: [[V:[a-z]+]] =\nCHECK: use [[V]]\n', input: 'abc =\nuse abc\n', code: 0 },
  {
    name: 'var use mismatch',
    check: 'CHECK: [[V:[a-z]+]] =\nCHECK: use [[V]]\n',
    input: 'abc =\nuse abd\n',
    code: 1,
    contains: ['note: with "V" equal to "abc"'],
  },
  { name: 'var same line backref', check: 'CHECK: [[X:[a-z]+]]-[[X]]\n', input: 'ab-cd ab-ab\n', code: 0 },
  { name: 'undefined var', check: 'CHECK: [[UNDEF]]\n', input: 'a\n', code: 1, contains: ['error: undefined variable: UNDEF'] },
  { name: 'invalid var name', check: 'CHECK: [[9X]]\n', input: 'a\n', code: 2, contains: ['invalid variable name'] },
  { name: 'no ]]', check: 'CHECK: [[X\n', input: 'a\n', code: 2, contains: ['Invalid substitution block, no ]] found'] },
  { name: 'empty def', check: 'CHECK: a[[X:]]b\n', input: 'ab\n', code: 0 },
  { name: 'vars persist across labels', check: 'CHECK-LABEL: f\nCHECK: [[V:[0-9]+]]\nCHECK-LABEL: g\nCHECK: [[V]]\n', input: 'f\n1\ng\n1\n', code: 0 },
  {
    name: 'enable-var-scope clears local vars',
    check: 'CHECK-LABEL: f\nCHECK: [[V:[0-9]+]]\nCHECK-LABEL: g\nCHECK: [[V]]\n',
    input: 'f\n1\ng\n1\n',
    args: ['--enable-var-scope'],
    code: 1,
    contains: ['undefined variable: V'],
  },
  {
    name: 'enable-var-scope keeps $ vars',
    check: 'CHECK-LABEL: f\nCHECK: [[$V:[0-9]+]]\nCHECK-LABEL: g\nCHECK: [[$V]]\n',
    input: 'f\n1\ng\n1\n',
    args: ['--enable-var-scope'],
    code: 0,
  },
  { name: '-D string var', check: 'CHECK: x [[V]]\n', input: 'x hi there\n', args: ['-DV=hi there'], code: 0 },
  { name: '-D needs an attached value', check: 'CHECK: x [[V]]\n', input: 'x hi\n', args: ['-D', 'V=hi'], code: 2, contains: ['for the -D option: requires a value!'] },
  // --- numeric -----------------------------------------------------------------------------
  { name: 'numeric def/use', check: 'CHECK: a [[#N:]]\nCHECK: b [[#N+1]] [[#N-1]] [[#N]]\n', input: 'a 5\nb 6 4 5\n', code: 0 },
  { name: 'numeric mismatch', check: 'CHECK: a [[#N:]]\nCHECK: b [[#N+1]]\n', input: 'a 5\nb 7\n', code: 1, contains: ['with "N+1" equal to "6"'] },
  {
    name: 'numeric formats',
    check: 'CHECK: v [[#%X,A:]] [[#%.4x,B:]] [[#%d,C:]]\nCHECK: [[#%u,A+B]] [[#C-1]] [[#%x,add(A,B)]] [[#mul(C,2)]] [[#max(C,3)]] [[#%#x,A]]\n',
    input: 'v FF 000a -5\n265 -6 109 -10 3 0xff\n',
    code: 0,
  },
  { name: 'numeric format conflict', check: 'CHECK: [[#%X,A:]] [[#%x,B:]]\nCHECK: [[#A+B]]\n', input: 'F f\n1e\n', code: 2, contains: ['implicit format conflict'] },
  { name: 'numeric def with expr', check: 'CHECK: v [[#A:]]\nCHECK: [[#B:A+1]] [[#B+1]]\n', input: 'v 5\n6 7\n', code: 2, contains: ["numeric variable 'B' defined earlier in the same CHECK directive"] },
  { name: 'numeric def with expr ok', check: 'CHECK: v [[#A:]]\nCHECK: [[#B:A+1]]\nCHECK: [[#B+1]]\n', input: 'v 5\n6\n7\n', code: 0 },
  { name: 'numeric constraint', check: 'CHECK: [[#A:]]\nCHECK: [[#==A]]\n', input: '5\n5\n', code: 0 },
  { name: 'numeric wildcard', check: 'CHECK: [[#]] x [[#%x,]]\n', input: '12 x ab\n', code: 0 },
  { name: '-D numeric var', check: 'CHECK: x [[#N+1]]\n', input: 'x 6\n', args: ['-D#N=5'], code: 0 },
  { name: '@LINE', check: 'CHECK: line [[#@LINE]]\nCHECK: next [[#@LINE+1]]\nCHECK: legacy [[@LINE-1]]\n', input: 'line 1\nnext 3\nlegacy 2\n', code: 0 },
  { name: '@LINE mismatch', check: 'CHECK: line [[@LINE]]\n', input: 'line 2\n', code: 1 },
  { name: 'bad numeric operator', check: 'CHECK: [[#A:]]\nCHECK: [[#A*2]]\n', input: '1\n2\n', code: 2, contains: ["unsupported operation '*'"] },
  // --- whitespace --------------------------------------------------------------------------
  { name: 'whitespace canonicalized', check: 'CHECK: a b\n', input: 'a  \t b\n', code: 0 },
  { name: 'leading/trailing pattern space ignored', check: 'CHECK:    a b   \n', input: 'a b\n', code: 0 },
  { name: 'strict whitespace', check: 'CHECK: a b\n', input: 'a  b\n', args: ['--strict-whitespace'], code: 1 },
  { name: 'strict whitespace ok', check: 'CHECK: a  b\n', input: 'a  b\n', args: ['--strict-whitespace'], code: 0 },
  { name: 'tabs strict', check: 'CHECK: a\tb\n', input: 'x\ta\t\tb\n', args: ['--strict-whitespace'], code: 1 },
  { name: 'match-full-lines ok', check: 'CHECK: a b\n', input: '  a   b  \n', args: ['--match-full-lines'], code: 0 },
  { name: 'match-full-lines partial', check: 'CHECK: a b\n', input: 'xa b\n', args: ['--match-full-lines'], code: 1 },
  { name: 'match-full-lines strict', check: 'CHECK:a b\n', input: 'a b\n', args: ['--match-full-lines', '--strict-whitespace'], code: 0 },
  { name: 'match-full-lines strict leading space', check: 'CHECK: a b\n', input: 'a b\n', args: ['--match-full-lines', '--strict-whitespace'], code: 1 },
  { name: 'match-full-lines not for NOT', check: 'CHECK: a\nCHECK-NOT: b\n', input: 'a\nxbx\n', args: ['--match-full-lines'], code: 1 },
  { name: 'crlf input', check: 'CHECK: foo\nCHECK-NEXT: bar\n', input: 'foo\r\nbar\r\n', code: 0 },
  { name: 'ignore case', check: 'CHECK: HELLO {{WORLD}}\n', input: 'hello world\n', args: ['--ignore-case'], code: 0 },
  { name: 'ignore case negated class', check: 'CHECK: a{{[^b]}}c\n', input: 'aBc\n', args: ['--ignore-case'], code: 1 },
  // --- implicit-check-not / empty input ----------------------------------------------------
  { name: 'implicit-check-not ok', check: 'CHECK: a\n', input: 'a\nb\n', args: ['--implicit-check-not=c'], code: 0 },
  {
    name: 'implicit-check-not hit',
    check: 'CHECK: a\n',
    input: 'a\nb\n',
    args: ['--implicit-check-not', 'b'],
    code: 1,
    contains: ["command line:1:22: error: IMPLICIT-CHECK-NOT: excluded string found in input", "-implicit-check-not='b'", 'not:imp1'],
  },
  { name: 'implicit-check-not before first check', check: 'CHECK: a\n', input: 'b\na\n', args: ['--implicit-check-not=b'], code: 1 },
  { name: 'implicit-check-not only', check: 'nothing\n', input: 'a\n', args: ['--implicit-check-not=b'], code: 0 },
  { name: 'empty input', check: 'CHECK-NOT: a\n', input: '', code: 2, contains: ["FileCheck error: 'input.txt' is empty."] },
  { name: 'empty input allowed', check: 'CHECK-NOT: a\n', input: '', args: ['--allow-empty'], code: 0 },
  // --- dump-input --------------------------------------------------------------------------
  { name: 'dump-input fail default', check: 'CHECK: z\n', input: 'a\n', code: 1, contains: ['Input was:\n<<<<<<\n', 'check:1     X~ error: no match found', '>>>>>>'] },
  { name: 'dump-input never', check: 'CHECK: z\n', input: 'a\n', args: ['--dump-input=never'], code: 1 },
  { name: 'dump-input always', check: 'CHECK: a\n', input: 'a\n', args: ['--dump-input=always'], code: 0, contains: ['Input was:'] },
  { name: 'dump-input always -v', check: 'CHECK: a\nCHECK: b\n', input: 'a\nb\n', args: ['--dump-input', 'always', '-v'], code: 0, contains: ['check:2     ^'] },
  { name: 'verbose remarks', check: 'CHECK: a\n', input: 'a\n', args: ['-v', '--dump-input=never'], code: 0, contains: ['remark: CHECK: expected string found in input'] },
  {
    name: 'dump-input context elides',
    check: 'CHECK: start\nCHECK: needle\n',
    input: 'start\n' + Array.from({ length: 30 }, (_, i) => `line ${i}\n`).join('') + 'needl\n',
    args: ['--dump-input-context=2'],
    code: 1,
    contains: ['           .\n           .\n           .\n'],
  },
  { name: 'non-ascii input', check: 'CHECK: héllo wörld\nCHECK: ü\n', input: 'héllo wörld\nä\n', code: 1 },
  { name: 'non-ascii match', check: 'CHECK: wörld{{.}}\n', input: 'wörld!\n', code: 0 },
  // --- usage errors ------------------------------------------------------------------------
  { name: 'unknown option', check: 'CHECK: a\n', input: 'a\n', args: ['--no-such-option'], code: 2, contains: ['Unknown command line argument'] },
  { name: 'bad dump-input value', check: 'CHECK: a\n', input: 'a\n', args: ['--dump-input=sometimes'], code: 2 },
];

const FC22 = spawnSync('FileCheck-22', ['--version'], { encoding: 'utf8' }).status === 0;
const work = mkdtempSync(join(tmpdir(), 'ttg-fc-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function setup(v: Vec, idx: number): { dir: string; argv: string[] } {
  const dir = join(work, String(idx));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'check.txt'), v.check);
  writeFileSync(join(dir, 'input.txt'), v.input);
  return { dir, argv: ['check.txt', '--input-file', 'input.txt', ...(v.args ?? [])] };
}

function ours(v: Vec, idx: number): { code: number; stderr: string } {
  const { dir, argv } = setup(v, idx);
  const r = fileCheckMain({ argv, stdin: Buffer.alloc(0), cwd: dir, env: {}, progName: 'FileCheck' });
  return { code: r.exitCode, stderr: r.stderr.toString('utf8') };
}

const stripCmdLine = (s: string): string => s.replace(/^FileCheck command line:.*$/m, '');

describe('FileCheck vectors', () => {
  V.forEach((v, idx) => {
    it(v.name, () => {
      const r = ours(v, idx);
      expect(r.code, r.stderr).toBe(v.code);
      for (const c of v.contains ?? []) expect(r.stderr).toContain(c);
    });
  });
});

describe.skipIf(!FC22)('agreement with FileCheck-22', () => {
  V.forEach((v, idx) => {
    // LLVM exits 1 (not 2) on command line syntax errors.
    if (['unknown option', 'bad dump-input value', '-D needs an attached value'].includes(v.name)) return;
    it(v.name, () => {
      const r = ours(v, idx);
      const { dir, argv } = setup(v, idx);
      const ref = spawnSync('FileCheck-22', argv, { cwd: dir, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } });
      expect(r.code).toBe(ref.status);
      expect(stripCmdLine(r.stderr)).toBe(stripCmdLine(ref.stderr));
    });
  });
});

describe('fileCheck() library API', () => {
  it('passes and fails', () => {
    expect(fileCheck({ checkText: 'CHECK: a\n', checkFileName: 't.mlir', input: 'a\n' })).toEqual({ ok: true, diagnostics: '', exitCode: 0 });
    const r = fileCheck({ checkText: 'CHECK: b\n', checkFileName: 't.mlir', input: 'a\n' });
    expect(r.ok).toBe(false);
    expect(r.exitCode).toBe(1);
    expect(r.diagnostics).toContain('t.mlir:1:8: error: CHECK: expected string not found in input');
    expect(r.diagnostics).toContain('<stdin>:1:1: note: scanning from here');
  });
  it('supports options', () => {
    const base = { checkFileName: 'c', inputName: 'in' };
    expect(fileCheck({ ...base, checkText: 'P: a\nQ: b\n', input: 'a\nb\n', prefixes: ['P', 'Q'] }).ok).toBe(true);
    expect(fileCheck({ ...base, checkText: 'CHECK: a\n', input: 'a\nz\n', implicitCheckNot: ['z'] }).ok).toBe(false);
    expect(fileCheck({ ...base, checkText: 'CHECK: a\n', input: 'xa\n', matchFullLines: true }).ok).toBe(false);
    expect(fileCheck({ ...base, checkText: 'CHECK: a b\n', input: 'a  b\n', strictWhitespace: true }).ok).toBe(false);
    expect(fileCheck({ ...base, checkText: 'CHECK-NOT: a\n', input: '' }).exitCode).toBe(2);
    expect(fileCheck({ ...base, checkText: 'CHECK-NOT: a\n', input: '', allowEmpty: true }).ok).toBe(true);
    expect(fileCheck({ ...base, checkText: 'CHECK: [[V]]\n', input: 'x\n', defines: ['V=x'] }).ok).toBe(true);
    const r = fileCheck({ ...base, checkText: 'CHECK: z\n', input: 'a\n', dumpInput: 'never' });
    expect(r.diagnostics).not.toContain('Input was');
    expect(r.diagnostics).toContain('in:1:1: note: scanning from here');
  });
  it('reports columns in bytes and round-trips UTF-8', () => {
    const r = fileCheck({ checkText: 'CHECK: ä\nCHECK: q\n', checkFileName: 'c', input: 'ä x\n' });
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toContain('<stdin>:1:3: note: scanning from here\nä x\n');
  });
});

describe('regex translation', () => {
  it('translates LLVM regex to JS', () => {
    const t = (re: string, s: string): boolean => new RegExp(convertRegex(re).source).test(s);
    expect(t('[[:digit:]]+', 'x12')).toBe(true);
    expect(t('^a$', 'b\na\nc')).toBe(true);
    expect(t('a.b', 'a\nb')).toBe(false);
    expect(t('\\n', 'n')).toBe(true);
    expect(t('[]a]', ']')).toBe(true);
    expect(t('[^]a]', 'b')).toBe(true);
    expect(t('x{2}', 'xx')).toBe(true);
    expect(t('a{', 'a{')).toBe(true);
    expect(t('[[:<:]]foo[[:>:]]', 'a foo b')).toBe(true);
    expect(t('[[:<:]]foo[[:>:]]', 'afoob')).toBe(false);
    expect(t('[[.hyphen.]]', '-')).toBe(true);
    expect(convertRegex('(a)(b(c))').groups).toBe(3);
  });
  it('rejects invalid regexes like LLVM', () => {
    const msg = (re: string): string => {
      try {
        convertRegex(re);
        return 'ok';
      } catch (e) {
        return e instanceof RegexError ? e.message : 'other';
      }
    };
    expect(msg('a**')).toBe('repetition-operator operand invalid');
    expect(msg('*a')).toBe('repetition-operator operand invalid');
    expect(msg('a{3,2}')).toBe('invalid repetition count(s)');
    expect(msg('a{256}')).toBe('invalid repetition count(s)');
    expect(msg('[a')).toBe('brackets ([ ]) not balanced');
    expect(msg('[z-a]')).toBe('invalid character range');
    expect(msg('\\1')).toBe('invalid backreference number');
    expect(msg('a\\')).toBe('trailing backslash (\\)');
    expect(msg('a|')).toBe('empty (sub)expression');
    expect(msg('(a|b)')).toBe('ok');
  });
});

describe('argument parsing', () => {
  it('accepts LLVM cl syntax', () => {
    const a = parseFileCheckArgs(['-check-prefixes=A,B', '--check-prefix', 'C', 'f.mlir', '-input-file=x', '-DV=1', '--dump-input', 'never', '--dump-input=always']);
    expect(a.checkFile).toBe('f.mlir');
    expect(a.inputFile).toBe('x');
    expect(a.req.checkPrefixes).toEqual(['A', 'B', 'C']);
    expect(a.req.globalDefines).toEqual(['V=1']);
    expect(a.req.dumpInput).toBe('always');
    expect(parseFileCheckArgs(['f', '--match-full-lines=false']).req.matchFullLines).toBe(false);
  });
  it('tokenizes FILECHECK_OPTS', () => {
    expect(tokenizeOptions(`-v  --dump-input="never"  'a b'`)).toEqual(['-v', '--dump-input=never', 'a b']);
  });
  it('honours FILECHECK_OPTS', () => {
    const r = fileCheckMain({ argv: ['-', '--input-file', '-'], stdin: 'CHECK: a\n', env: { FILECHECK_OPTS: '--dump-input=help' } });
    expect(r.exitCode).toBe(0);
    expect(r.stdout.toString()).toContain('input dump');
  });
  it('reports missing files with exit code 2', () => {
    const r = fileCheckMain({ argv: ['/nonexistent/check.txt'], stdin: 'a\n', env: {} });
    expect(r.exitCode).toBe(2);
    expect(r.stderr.toString()).toContain("Could not open check file '/nonexistent/check.txt': No such file or directory");
    const r2 = fileCheckMain({ argv: [], stdin: '', env: {} });
    expect(r2.exitCode).toBe(2);
  });
  it('reads the input from stdin by default', () => {
    const dir = mkdtempSync(join(work, 'stdin-'));
    writeFileSync(join(dir, 'c'), 'CHECK: hello\n');
    expect(fileCheckMain({ argv: ['c'], stdin: 'hello\n', cwd: dir, env: {} }).exitCode).toBe(0);
    const r = fileCheckMain({ argv: ['c'], stdin: 'bye\n', cwd: dir, env: {} });
    expect(r.exitCode).toBe(1);
    expect(r.stderr.toString()).toContain('<stdin>:1:1: note: scanning from here');
  });
});
