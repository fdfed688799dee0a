/** `--strip-debuginfo` (MLIR's StripDebugInfo): every op and block argument location becomes `loc(unknown)`. */
import { UnknownLoc } from '../dialect/ir/location.js';
import { registerPass } from './pass.js';

registerPass({
  name: 'strip-debuginfo',
  className: 'StripDebugInfo',
  description: 'Strip debug info from all operations',
  run(module) {
    const unknown = UnknownLoc.get();
    module.walk((op) => {
      op.loc = unknown;
      for (const r of op.regions) for (const b of r.blocks) for (const a of b.args) a.loc = unknown;
    });
  },
});
