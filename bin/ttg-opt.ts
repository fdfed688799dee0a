#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import '../dialect/index.js';
import { Parser, ParseError, lineCol } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';

const file = process.argv[2]!;
const src = readFileSync(file, 'utf8');
const debug = process.argv.includes('--mlir-print-debuginfo');
try {
  const m = new Parser(src).parseModule();
  process.stdout.write(printOperation(m, { debugInfo: debug }));
} catch (e) {
  if (e instanceof ParseError) {
    const { line, col } = lineCol(src, e.pos);
    process.stderr.write(`${file}:${line}:${col}: error: ${e.message}\n`);
    process.exit(1);
  }
  throw e;
}
