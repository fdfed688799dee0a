/** Registers every pass the tools offer (import for side effects): the transforms, then the lowering to LLVM. */
import '../transforms/index.js';
import '../lowering/index.js';
