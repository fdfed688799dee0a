/**
 * `ttg-opt/linear-layout`: the linear-layout algebra as a library.
 *
 * A `LinearLayout` is a linear map over GF(2) from named input dims (`register`, `lane`, `warp`, `block`, or
 * `offset` for shared memory) to named output dims (`dim0`, `dim1`, ...), stored as one basis vector per input
 * bit. It supports Triton's operations: `compose`, `invert`, `invertAndCompose`, products (`mul`), `apply`,
 * `reshapeIns`/`reshapeOuts`, `transposeIns`/`transposeOuts`, `sublayout`, `getFreeVariableMasks`, ...
 *
 * ```ts
 * import { LinearLayout } from 'ttg-opt/linear-layout';
 * const l = LinearLayout.identity1D(32, 'lane', 'dim0').mul(LinearLayout.identity1D(4, 'register', 'dim1'));
 * l.apply([['lane', 5], ['register', 2]]); // [['dim0', 5], ['dim1', 2]]
 * ```
 *
 * TIRx TileLayouts (`S[(8,4):(4@laneid,1)] + R[2:1@warpid]`): `parseTileLayout`, `tileLayoutToLinear`,
 * `linearToTileLayout`, `formatTileLayout`, `evaluateTileLayout` (TIRx's own semantics, for checking).
 *
 * `F2` holds the GF(2) helpers the algebra is built on (rank, row reduction, solving).
 */
export {
  LinearLayout,
  LinearLayoutError,
  ColumnAction,
  divideLeft,
  divideRight,
  quotient,
  supremum,
  MAX_TOTAL_BITS,
  type BasisList,
  type NamedBases,
  type DimSizes,
} from '../dialect/linear-layout/linear-layout.js';
export {
  parseTileLayout,
  formatTileLayout,
  evaluateTileLayout,
  tileLayoutToLinear,
  linearToTileLayout,
  TileLayoutError,
  type TileLayout,
  type TileIter,
} from '../dialect/linear-layout/tirx.js';
export * as F2 from '../dialect/linear-layout/f2.js';
