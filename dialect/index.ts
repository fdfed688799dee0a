/** Registers every dialect (import for side effects). */
import './builtin/ops.js';
import './arith/ops.js';
import './tt/types.js';
import './tt/ops.js';
