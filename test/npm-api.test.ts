// The library entries as a user gets them: `npm pack` of the built tree, installed from the tarball into an empty
// project, then `ttg-opt/linear-layout`, `ttg-opt/layouts` and `ttg-opt/ir` imported by a plain .mjs run with node,
// and a .ts consumer type-checked by tsc against the installed package's .d.ts files (package.json `exports`).
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..');
const built = existsSync(join(root, 'dist', 'api', 'layouts.d.ts'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let app = '';
let work = '';
let installError: string | undefined;

function run(cmd: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 240_000, env: { ...process.env, npm_config_update_notifier: 'false' } });
}

const BLOCKED = '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>';
const COLUMN = '#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>';

const CONSUMER_MJS = `
import { LinearLayout, F2 } from 'ttg-opt/linear-layout';
import { layoutOf, layoutToJSON, explainConversion, formatConversion, EncodingTextError } from 'ttg-opt/layouts';
import { optimize, parse, print, listPasses } from 'ttg-opt/ir';
const out = {};
const l = LinearLayout.identity1D(32, 'lane', 'dim0').mul(LinearLayout.identity1D(4, 'register', 'dim1'));
out.apply = l.apply([['lane', 5], ['register', 2]]);
out.rank = F2.rank([1, 2, 3]);
out.json = layoutToJSON(layoutOf(${JSON.stringify(BLOCKED)}, [8, 8]));
const e = explainConversion(${JSON.stringify(BLOCKED)}, ${JSON.stringify(COLUMN)}, [64, 64], { dtype: 'f16', computeCapability: 80 });
out.scratch = e.scratchBytes;
out.text = formatConversion(e).split('\\n')[0];
try { layoutOf('#ttg.blocked<{', [8]); } catch (err) { out.badEncoding = err instanceof EncodingTextError; }
const src = 'module {\\n  tt.func @f(%a: i32) -> i32 {\\n    %0 = arith.addi %a, %a : i32\\n    %1 = arith.addi %a, %a : i32\\n    %2 = arith.addi %0, %1 : i32\\n    tt.return %2 : i32\\n  }\\n}\\n';
const r = optimize(src, 'cse');
out.ok = r.ok;
out.output = r.output;
out.roundTrip = print(parse(src));
out.bad = optimize('module {\\n  %0 = bogus\\n}\\n', 'cse').diagnostics;
out.hasCse = listPasses().some((p) => p.name === 'cse');
console.log(JSON.stringify(out));
`;

const CONSUMER_TS = `
import { LinearLayout, type BasisList } from 'ttg-opt/linear-layout';
import { layoutOf, explainConversion, type CvtExplanation } from 'ttg-opt/layouts';
import { optimize, type DiagnosticInfo, type OptimizeResult } from 'ttg-opt/ir';
const ll: LinearLayout = layoutOf('#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>', [128]);
const lanes: BasisList | undefined = ll.getBases().get('lane');
const e: CvtExplanation = explainConversion('#a', '#b', [16], { aliases: [] });
const r: OptimizeResult = optimize('module {}', 'cse');
const first: DiagnosticInfo | undefined = r.diagnostics[0];
const line: number | undefined = first?.line;
export const used = [lanes, e.scratchBytes, line];
`;

beforeAll(() => {
  if (!built) return;
  work = mkdtempSync(join(tmpdir(), 'ttg-api-'));
  const pack = run(npm, ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], root);
  if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
  const tgz = join(work, pack.stdout.trim().split('\n').pop()!);
  app = join(work, 'app');
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'package.json'), '{ "name": "app", "version": "1.0.0", "private": true, "type": "module" }\n');
  const inst = run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', tgz], app);
  if (inst.status !== 0) installError = (inst.stderr || inst.stdout).trim().split('\n').slice(-3).join(' | ');
  writeFileSync(join(app, 'consumer.mjs'), CONSUMER_MJS);
  writeFileSync(join(app, 'consumer.ts'), CONSUMER_TS);
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, types: [] }, files: ['consumer.ts'] }),
  );
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!built)('the library entries of the installed package (needs `npm run build`)', () => {
  it('installs from the tarball with the three entries in exports', () => {
    expect(installError).toBeUndefined();
    const pkg = JSON.parse(readFileSync(join(app, 'node_modules', 'ttg-opt', 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    expect(Object.keys(pkg.exports)).toEqual(expect.arrayContaining(['./linear-layout', './layouts', './ir']));
  });

  it('imports each entry from a .mjs consumer run with node', () => {
    const r = run(process.execPath, ['consumer.mjs'], app);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(out.apply).toEqual([['dim0', 5], ['dim1', 2]]);
    expect(out.rank).toBe(2);
    expect(out.json).toEqual({ register: [[0, 1], [0, 2]], lane: [[0, 4], [0, 0], [0, 0], [0, 0], [1, 0]], warp: [[2, 0], [4, 0]], block: [] });
    expect(out.scratch).toBe(8192);
    expect(out.text).toMatch(/^convert_layout tensor<64x64xf16, #ttg\.blocked<.*\(sm80\)$/);
    expect(out.badEncoding).toBe(true);
    expect(out.ok).toBe(true);
    expect(out.output).toContain('%0 = arith.addi %arg0, %arg0 : i32\n    %1 = arith.addi %0, %0 : i32');
    expect(out.roundTrip).toContain('tt.func @f(%arg0: i32) -> i32');
    expect(out.bad).toEqual([{ severity: 'error', message: "custom op 'bogus' is unknown", file: '<input>', line: 2, column: 8, notes: [] }]);
    expect(out.hasCse).toBe(true);
  });

  it('type-checks a .ts consumer with tsc against the installed .d.ts files', () => {
    const r = run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], app);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
    // And a wrong use is rejected: the types are real, not `any`.
    writeFileSync(join(app, 'consumer.ts'), CONSUMER_TS.replace("optimize('module {}', 'cse')", 'optimize(42, "cse")'));
    const bad = run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], app);
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toMatch(/consumer\.ts.*error TS2345/);
  });
});
