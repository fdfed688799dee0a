/**
 * The lattice of a sparse dataflow analysis (MLIR's AbstractSparseLattice): one value per SSA value, starting at
 * `uninitialized` (nothing known yet, the bottom), growing only through `join`, compared with `equals` to decide
 * whether a change has to be propagated.
 */
export interface LatticeSpec<T> {
  /** The state of a value nothing has reached yet. */
  readonly uninitialized: T;
  /** The least upper bound of two states. */
  join(a: T, b: T): T;
  equals(a: T, b: T): boolean;
}
