#!/usr/bin/env -S -u NODE_EXTRA_CA_CERTS node
/** `ttg-replay`: the command-line face of `tools/replay/cli.ts` (see there for the options). */
import { writeSync } from 'node:fs';
import { runReplayCli } from '../tools/replay/cli.js';

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

const r = await runReplayCli(process.argv.slice(2));
writeAll(1, r.stdout);
writeAll(2, r.stderr);
process.exitCode = r.code;
