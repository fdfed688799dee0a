/**
 * Runs a pipeline of passes over a module, the way mlir-opt's PassManager does for module passes:
 * optional IR dumps before/after each pass (`--mlir-print-ir-before-all` / `--mlir-print-ir-after-all`,
 * MLIR's `// -----// IR Dump After <Class> (<flag>) //----- //` headers) and verification after each pass
 * (`--verify-each`, on by default). The first failure (a pass that signalled failure, a pass that threw a
 * DiagnosticError, or a verifier error) stops the pipeline.
 */
import { Diagnostic, exceptionAsOpError, fileLocOf, onOp } from '../dialect/ir/diagnostics.js';
import { currentIrEpoch, currentVerifyGeneration, nextVerifyGeneration, symbolsChangedInGeneration, type Operation } from '../dialect/ir/ir.js';
import { clearCompilationMemos } from '../dialect/ir/memo.js';
import { verifyOperation } from '../dialect/ir/verifier.js';
import { passClassName, type ParsedOptions, type Pass, type PassContext } from './pass.js';

export interface PipelineEntry {
  pass: Pass;
  options: ParsedOptions;
  /** The options as written, for `printAsTextualPipeline`-style output. */
  optionText?: string;
}

export interface PassManagerOptions {
  verifyEach?: boolean;
  printIRBefore?: boolean;
  printIRAfter?: boolean;
  /** Where IR dumps go (stderr in the CLI). */
  dump?: (text: string) => void;
  /** Prints the module for dumps. */
  print?: (module: Operation) => string;
  allowUnregistered?: boolean;
}

export interface PipelineResult {
  ok: boolean;
  diagnostics: Diagnostic[];
}

class Context implements PassContext {
  readonly diagnostics: Diagnostic[] = [];
  failed = false;
  constructor(readonly debugDump?: (text: string) => void) {}
  emitError(op: Operation, message: string): Diagnostic {
    const d = onOp(new Diagnostic('error', message, op.loc), op);
    this.diagnostics.push(d);
    return d;
  }
  emitWarning(op: Operation, message: string): Diagnostic {
    const d = onOp(new Diagnostic('warning', message, op.loc), op);
    this.diagnostics.push(d);
    return d;
  }
  emitRemark(op: Operation, message: string): Diagnostic {
    const d = onOp(new Diagnostic('remark', message, op.loc), op);
    this.diagnostics.push(d);
    return d;
  }
  signalPassFailure(): void {
    this.failed = true;
  }
}

export function runPipeline(module: Operation, pipeline: readonly PipelineEntry[], opts: PassManagerOptions = {}): PipelineResult {
  const diagnostics: Diagnostic[] = [];
  const dump = opts.dump ?? (() => undefined);
  const header = (when: string, e: PipelineEntry, failed = false): string =>
    `// -----// IR Dump ${when} ${passClassName(e.pass)}${failed ? ' Failed' : ''} (${e.pass.name}) //----- //\n`;
  // The IR epoch when the module last verified: a pass after which it is unchanged needs no verification (the
  // verifier would see the same IR), as MLIR skips it after passes that preserve all analyses.
  let verifiedAt: number | undefined;
  // The verification generation our last verification started (dialect/ir/ir.ts markChanged): while it is still
  // the current one, only what the passes since then marked needs checking. The first verification of a run, and
  // any after another run advanced the generation or a symbol was removed or renamed, checks everything.
  let generation: number | undefined;
  // Memo tables of layout queries live for one compilation (see dialect/ir/memo.ts).
  clearCompilationMemos();
  for (const e of pipeline) {
    if (opts.printIRBefore && opts.print) dump(header('Before', e) + opts.print(module) + '\n\n');
    const ctx = new Context(opts.dump);
    try {
      e.pass.run(module, e.options, ctx);
    } catch (err) {
      // Layout errors and engine errors no pattern caught on the way: at the module (or its first located op).
      const d = exceptionAsOpError(errorAnchor(module), err);
      if (!d) throw err;
      ctx.diagnostics.push(d.diagnostic);
      ctx.failed = true;
    }
    diagnostics.push(...ctx.diagnostics);
    const failed = ctx.failed || ctx.diagnostics.some((d) => d.severity === 'error');
    if (opts.printIRAfter && opts.print) dump(header('After', e, failed) + opts.print(module) + '\n\n');
    if (failed) {
      if (!ctx.diagnostics.some((d) => d.severity === 'error')) {
        diagnostics.push(new Diagnostic('error', `pass '${e.pass.name}' failed`, module.loc));
      }
      return { ok: false, diagnostics };
    }
    if (opts.verifyEach !== false && verifiedAt !== currentIrEpoch()) {
      const changedOnly = generation === currentVerifyGeneration() && !symbolsChangedInGeneration();
      const d = verifyOperation(module, { allowUnregistered: opts.allowUnregistered ?? false, changedOnly });
      if (d) {
        diagnostics.push(d);
        return { ok: false, diagnostics };
      }
      verifiedAt = currentIrEpoch();
      generation = nextVerifyGeneration();
    }
  }
  return { ok: true, diagnostics };
}

/**
 * Where a pass-level error without an op goes: the module when it has a file position (an explicit `module`),
 * else its first op that has one (the implicit module sits at line 0, which shows no source line).
 */
function errorAnchor(module: Operation): Operation {
  const at = (op: Operation): boolean => (fileLocOf(op.loc)?.line ?? 0) > 0;
  if (at(module)) return module;
  for (const r of module.regions) for (const b of r.blocks) for (const op of b.ops) if (at(op)) return op;
  return module;
}
