/**
 * `tritongpu-test-pipeline-lower-loop` (Triton 3.6's TestPipelineLowerLoop.cpp): runs only the first step of
 * `tritongpu-pipeline`, LowerLoops (MMAv5 lowering, then loads and TMA descriptors, on every scheduled loop),
 * and leaves the loops scheduled but unexpanded, so that lit tests can check that step alone.
 */
import { registerPass } from '../../pass.js';
import { lowerLoops } from './lower-loops.js';

registerPass({
  name: 'tritongpu-test-pipeline-lower-loop',
  className: 'TritonGPUTestPipelineLowerLoop',
  description: 'test lowering a loop for software pipelining',
  options: {},
  run(module, _options, ctx) {
    lowerLoops(module, ctx);
  },
});
