#!/usr/bin/env -S -u NODE_EXTRA_CA_CERTS node --max-semi-space-size=128
/** `ttg-replay`: the command-line face of `tools/replay/cli.ts` (see there for the options). */
import { runReplayCli } from '../tools/replay/cli.js';
import { writeAll } from '../tools/write-all.js';

const r = await runReplayCli(process.argv.slice(2));
writeAll(1, r.stdout);
writeAll(2, r.stderr);
process.exitCode = r.code;
