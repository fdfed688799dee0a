// isMainModule (tools/is-main.ts): a bin runs however node was pointed at it.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isMainModule } from '../tools/is-main.js';

describe('isMainModule', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ttg-is-main-'));
  mkdirSync(join(dir, 'dist', 'bin'), { recursive: true });
  mkdirSync(join(dir, '.bin'));
  const file = join(dir, 'dist', 'bin', 'tool.js');
  writeFileSync(file, '');
  writeFileSync(join(dir, 'dist', 'bin', 'other.js'), '');
  symlinkSync('../dist/bin/tool.js', join(dir, '.bin', 'tool'));
  const url = pathToFileURL(file).href;
  it('by its path', () => expect(isMainModule(url, file)).toBe(true));
  it('through a symlink, as npx and node_modules/.bin run it', () => expect(isMainModule(url, join(dir, '.bin', 'tool'))).toBe(true));
  it('without the .js node adds', () => expect(isMainModule(url, join(dir, 'dist', 'bin', 'tool'))).toBe(true));
  it('not for another script, nor when there is none', () => {
    expect(isMainModule(url, join(dir, 'dist', 'bin', 'other.js'))).toBe(false);
    expect(isMainModule(url, undefined)).toBe(false);
  });
});
