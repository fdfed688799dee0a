#!/usr/bin/env -S -u NODE_EXTRA_CA_CERTS node --max-semi-space-size=128
/**
 * `ttg-opt`: the command-line face of `tools/opt-main.ts` (see there for the options).
 *
 * The launcher line drops NODE_EXTRA_CA_CERTS: when it is set, node parses the whole CA bundle before running any
 * script (about 60 ms, a third of a run here), and this tool never opens a TLS connection. It also gives node the
 * V8 options of tools/node-flags.ts (a young generation large enough for the IR a pass builds).
 *
 * Start-up time matters (lit runs the tool once per RUN line), so when the build produced the one-file bundle
 * `dist/ttg-opt.bundle.cjs` (scripts/bundle-opt.mjs) and it is not older than the compiled modules, the driver
 * is loaded from it through a V8 code cache (`dist/ttg-opt.bundle.cache`, rewritten when V8 rejects it);
 * otherwise, or with TTG_OPT_NO_BUNDLE=1, the modules are imported one by one.
 */
import { readFileSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { isMainModule } from '../tools/is-main.js';

interface OptModule {
  runOpt(args: readonly string[], stdin?: string): Promise<{ exitCode: number; writes: [1 | 2, string][] }>;
  setHelpLoader?(load: () => Promise<unknown>): void;
}

const dist = join(dirname(fileURLToPath(import.meta.url)), '..');

function loadBundle(): { mod: OptModule; saveCache: () => void; cacheState: () => string } | undefined {
  if (process.env.TTG_OPT_NO_BUNDLE) return undefined;
  const file = join(dist, 'ttg-opt.bundle.cjs');
  try {
    // A bundle older than the compiled driver predates the last tsc run: ignore it.
    if (statSync(file).mtimeMs < statSync(join(dist, 'tools', 'opt-main.js')).mtimeMs) return undefined;
  } catch {
    return undefined;
  }
  const cacheFile = join(dist, 'ttg-opt.bundle.cache');
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const wrapper = (Module as unknown as { wrap(s: string): string }).wrap(readFileSync(file, 'utf8'));
  const script = new Script(wrapper, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const fn = script.runInThisContext() as (e: object, r: NodeJS.Require, m: { exports: object }, f: string, d: string) => void;
  const m = { exports: {} as OptModule };
  fn.call(m.exports, m.exports, createRequire(file), m, file, dirname(file));
  const saveCache = (): void => {
    if (cachedData && !script.cachedDataRejected) return;
    try {
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, cacheFile);
    } catch {
      // a read-only install just starts slower
    }
  };
  const cacheState = (): string => (!cachedData ? 'absent (written)' : script.cachedDataRejected ? 'rejected (rewritten)' : 'used');
  return { mod: m.exports, saveCache, cacheState };
}

async function main(): Promise<number> {
  const t0 = performance.now();
  const bundled = loadBundle();
  const mod: OptModule = bundled?.mod ?? ((await import('../tools/opt-main.js')) as OptModule);
  // The bundle cannot import() itself; it gets yargs (for --help) from here.
  mod.setHelpLoader?.(() => import('yargs'));
  const t1 = performance.now();
  const r = await mod.runOpt(process.argv.slice(2));
  for (const [fd, text] of r.writes) writeAll(fd, text);
  const t2 = performance.now();
  bundled?.saveCache();
  if (process.env.TTG_OPT_TRACE) {
    const how = bundled ? `bundle, code cache ${bundled.cacheState()}` : 'modules';
    process.stderr.write(`ttg-opt: load ${(t1 - t0).toFixed(1)} ms (${how}), run ${(t2 - t1).toFixed(1)} ms, since process start ${performance.now().toFixed(1)} ms\n`);
  }
  return r.exitCode;
}

/** Synchronous writes, so large outputs are complete before the process exits (and EPIPE ends quietly). */
function writeAll(fd: number, text: string): void {
  const buf = Buffer.from(text, 'utf8');
  let off = 0;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off, buf.length - off);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') continue;
      if (code === 'EPIPE') return;
      throw e;
    }
  }
}

if (isMainModule(import.meta.url)) main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`ttg-opt: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
  },
);
