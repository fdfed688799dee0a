/**
 * `--test-print-alignment`: Triton's TestAxisInfoPass. Runs the module-level AxisInfo analysis and, for every
 * result of every op inside each `tt.func` (in MLIR's post-order walk), emits a remark at the op's location:
 * `<the value's defining op> => contiguity = [..], divisibility = [..], constancy = [..], constant_value = ..`.
 * The IR itself is left unchanged (upstream tests run it with `-o /dev/null` and `expected-remark`s).
 */
import type { Operation } from '../dialect/ir/ir.js';
import { printOpForDiagnostic } from '../printer/printer.js';
import { ModuleAxisInfoAnalysis } from '../analysis/axis-info.js';
import { registerPass } from './pass.js';
import { FuncOp } from '../dialect/tt/ops.js';

registerPass({
  name: 'test-print-alignment',
  className: 'TestAxisInfoPass',
  description: 'print the result of the alignment analysis pass',
  run(module, _options, ctx) {
    const analysis = new ModuleAxisInfoAnalysis(module);
    const funcs: Operation[] = [];
    module.walkPostOrder((op) => {
      if (FuncOp.is(op)) funcs.push(op);
    });
    for (const func of funcs) {
      func.walkPostOrder((op) => {
        if (op.results.length < 1) return;
        for (const r of op.results) {
          const info = analysis.getAxisInfo(r);
          // Diagnostic << Value prints the defining op (local scope).
          ctx.emitRemark(op, printOpForDiagnostic(op) + ' => ' + (info ? info.toString() : ''));
        }
      });
    }
  },
});
