// Small timing helpers shared by the benchmarks.

/** One benchmark result row. */
export interface BenchResult {
  name: string;
  /** The measured value (median), in `unit`. */
  value: number | null;
  unit: 'ms' | 'µs/op';
  /** Issue target in the same unit, when there is one. */
  target?: number;
  /** Extra facts: input file, sample count, min/p90, errors. */
  detail?: string;
  error?: string;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (n === 0) return NaN;
  return n % 2 === 1 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}

export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/**
 * µs per call of `fn`: calls it in batches sized to take ~`batchMs` each, after a warm-up, and returns the median
 * over `batches` batches.
 */
export function microsPerOp(fn: () => unknown, batchMs = 60, batches = 7): number {
  let sink: unknown;
  // Warm up and size the batch.
  let n = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) sink = fn();
    const dt = performance.now() - t0;
    if (dt >= batchMs / 4 || n >= 1 << 22) {
      n = Math.max(1, Math.round((n * batchMs) / Math.max(dt, 1e-3)));
      break;
    }
    n *= 4;
  }
  const per: number[] = [];
  for (let b = 0; b < batches; b++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) sink = fn();
    per.push(((performance.now() - t0) * 1000) / n);
  }
  void sink;
  return median(per);
}

export function fmt(v: number | null, digits = 2): string {
  if (v === null || Number.isNaN(v)) return '-';
  return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(digits);
}
