#!/usr/bin/env node
// ttg-filecheck CHECKFILE [options] < input — an LLVM FileCheck-compatible checker.

import { readSync } from 'node:fs';
import { fileCheckMain } from '../lit/filecheck/cli.js';
import { isMainModule } from '../tools/is-main.js';

/** Read all of stdin; tolerates a non-blocking stdin (EAGAIN), unlike readFileSync(0). */
function readStdin(): Buffer {
  const chunks: Buffer[] = [];
  const buf = Buffer.alloc(1 << 16);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        continue;
      }
      if (code === 'EOF') break;
      throw e;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buf.subarray(0, n)));
  }
  return Buffer.concat(chunks);
}

if (isMainModule(import.meta.url)) {
  const result = fileCheckMain({
    argv: process.argv.slice(2),
    stdin: readStdin,
    progName: 'ttg-filecheck',
  });
  if (result.stdout.length > 0) process.stdout.write(result.stdout);
  if (result.stderr.length > 0) process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
}
