/** Registers every pass (import for side effects). One import per pass module. */
import './symbol-dce.js';
import './strip-debuginfo.js';
import './convert-triton-to-tritongpu.js';
import './canonicalize.js';
import './cse.js';
import './test-print-alignment.js';
import './remove-layout-conversions.js';
import './coalesce.js';
import './sccp.js';
import '../lowering/index.js';
import './allocate-shared-memory.js';
import './convert-scf-to-cf.js';
import './reorder-instructions.js';
import './accelerate-matmul.js';
import './reduce-data-duplication.js';
import './optimize-dot-operands.js';
import './optimize-thread-locality.js';
