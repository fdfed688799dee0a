/** Registers every dialect (import for side effects). */
import './builtin/ops.js';
import './arith/ops.js';
import './tt/types.js';
import './tt/ops.js';
import './ttg/attrs/index.js';
import './ttg/types.js';
import './math/ops.js';
import './scf/ops.js';
import './cf/ops.js';
import './llvm/types.js';
import './llvm/attrs.js';
import './llvm/ops.js';
import './nvvm/attrs.js';
import './nvvm/ops.js';
import './builtin/cast.js';
import './ub/ops.js';
