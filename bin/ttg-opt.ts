#!/usr/bin/env node
/** `ttg-opt`: the command-line face of `tools/opt-main.ts` (see there for the options). */
import { writeSync } from 'node:fs';

async function main(): Promise<number> {
  const { runOpt } = await import('../tools/opt-main.js');
  const args = process.argv.slice(2);
  const r = await runOpt(args);
  for (const [fd, text] of r.writes) writeAll(fd, text);
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

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`ttg-opt: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
  },
);
