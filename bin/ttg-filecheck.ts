#!/usr/bin/env node
// ttg-filecheck CHECKFILE [options] < input — an LLVM FileCheck-compatible checker.

import { readFileSync } from 'node:fs';
import { fileCheckMain } from '../lit/filecheck/cli.js';

const result = fileCheckMain({
  argv: process.argv.slice(2),
  stdin: () => readFileSync(0),
  progName: 'ttg-filecheck',
});
if (result.stdout.length > 0) process.stdout.write(result.stdout);
if (result.stderr.length > 0) process.stderr.write(result.stderr);
process.exitCode = result.exitCode;
