/**
 * The part of MLIR's gpu dialect that Triton's TTGIR uses: `gpu.barrier` (a workgroup barrier; the pipeliner
 * leaves loops containing one alone). It declares no memory effects, so passes treat it as having unknown ones.
 */
import { defineOp } from '../ir/op-definition.js';

export const BarrierOp = defineOp({ name: 'gpu.barrier', format: 'attr-dict' });
