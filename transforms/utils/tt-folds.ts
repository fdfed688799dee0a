/**
 * The Triton (`tt`) folders Triton 3.6's passes rely on now live with the dialect, in
 * dialect/tt/canonicalize.ts (registered by dialect/index.ts, so every greedy rewrite folds them). This
 * module is kept for callers that ask for them explicitly.
 */
import '../../dialect/tt/canonicalize.js';

/** Makes sure the tt folders (and the tt constant materializer) are registered; they are, once imported. */
export function registerTritonFoldsIfMissing(): void {}
