/**
 * Explanations of data movements for `ttg-layout --convert` / `--explain-converts`: what a `ttg.convert_layout`
 * has to move (its conversion layout dst.invertAndCompose(src), less the hardware dims both layouts agree on)
 * and how the lowering moves it, in Triton 3.6's terms. Every number is read from the plans the lowering emits
 * code from (convert-layout-plan.ts for conversions, `planLocalAccess` for local_alloc/local_load/local_store)
 * and from the scratch size allocate-shared-memory reserves (`cvtScratchBytes`): nothing here decides anything.
 */
import type { RankedTensorType, Type } from '../dialect/ir/type.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import type { MemDescType } from '../dialect/ttg/types.js';
import { countMixedTranspositions, cvtNeedsWarpShuffle, cvtScratchBytes } from '../analysis/allocation.js';
import { cvtReordersRegisters, minimalCvtLayout } from '../dialect/ttg/utils/layout-utils.js';
import { bitList, planConvertLayout, type CvtMethod, type CvtPlan, type CvtSmemPlan, type CvtSmemStep } from './convert-layout-plan.js';
import { matrixWavefronts, type MatrixPlan } from './ldmatrix.js';
import { elemBits, planLocalAccess, staticMemDescAddressing, storageType } from './shared-memory.js';
import { columns, idealAccessWavefronts, type SmemAccess, type SmemAccessPlan } from './swizzle.js';
import { convertElementType } from './type-converter.js';

const LABEL: Record<string, string> = { register: 'r', lane: 't', warp: 'w', block: 'b' };

/** One bit of a destination hardware dim: the source position (XOR of source bits) its data comes from. */
export interface BitSource {
  bit: number;
  from: string;
  moves: boolean;
}

export interface ConversionSummary {
  /** Destination dims on which both layouts agree (quotiented out of the conversion). */
  agreed: string[];
  /** The remaining destination dims, bit by bit. */
  dims: { dim: string; bits: BitSource[] }[];
  /** Destination dims with a bit whose data comes from elsewhere. */
  moving: string[];
}

/** The instructions of one side of a data movement (per thread, every round). */
export interface AccessSummary {
  instr: string;
  count: number;
  /** Bits one lane moves per instruction. */
  bits: number;
  /** Bank wavefronts of one warp-wide instruction, and of a conflict-free one (absent when not modelled). */
  wavefronts?: number;
  ideal?: number;
}

export interface CvtExplanation {
  op: 'convert_layout';
  type: string;
  computeCapability: number;
  conversion?: ConversionSummary;
  triton: { path: 'no-op' | 'registers' | 'shuffles' | 'shared memory'; why: string };
  method: CvtMethod | 'error';
  why: string;
  shuffle?: { rounds: number; localRounds: number; shfl: number; mode: 'bfly' | 'idx'; elemsPerShuffle: number; selects: number; smemEstimate?: number };
  shared?: {
    origin: string;
    /** The shared layout's bases per in-dim (tensor coordinates). */
    layout: { dim: string; bases: number[][] }[];
    bufferElems: number;
    rounds: number;
    store: AccessSummary;
    load: AccessSummary;
    barriers: number;
  };
  /** Bytes allocate-shared-memory reserves for the op. */
  scratchBytes: number;
  error?: string;
  cost: string;
}

export interface LocalExplanation {
  op: 'local_alloc' | 'local_load' | 'local_store';
  type: string;
  computeCapability: number;
  access?: AccessSummary;
  /** A view of a larger allocation: the lowering XORs its offsets into the addresses (not modelled here). */
  view: boolean;
  cost: string;
}

// ---------------------------------------------------------------------------------------------------------

function bitsText(dim: string, v: number): string[] {
  return bitList(v).map((b) => `${LABEL[dim] ?? dim}${b}`);
}

/** The conversion layout of a pair, bit by bit (undefined when the algebra cannot relate the layouts). */
export function describeConversion(srcTy: RankedTensorType, dstTy: RankedTensorType): ConversionSummary | undefined {
  const comp = minimalCvtLayout(srcTy, dstTy);
  if (!comp) return undefined;
  const dstDims = toLinearLayout(dstTy.shape, dstTy.encoding!).getInDimNames();
  const outs = comp.getOutDimNames();
  const dims = comp.getInDimNames().map((dim) => {
    const bits: BitSource[] = [];
    for (let i = 0; i < comp.getInDimSizeLog2(dim); i++) {
      const basis = comp.getBasis(dim, i);
      const parts = outs.flatMap((o, k) => bitsText(o, basis[k] ?? 0));
      const self = `${LABEL[dim] ?? dim}${i}`;
      bits.push({ bit: i, from: parts.join('^') || '0', moves: !(parts.length === 1 && parts[0] === self) });
    }
    return { dim, bits };
  });
  return { agreed: dstDims.filter((d) => !comp.hasInDim(d)), dims, moving: dims.filter((d) => d.bits.some((b) => b.moves)).map((d) => d.dim) };
}

/** What Triton 3.6's ConvertLayoutOpToLLVM does with the pair (cvtReordersRegisters / cvtNeedsWarpShuffle). */
function tritonPath(srcTy: RankedTensorType, dstTy: RankedTensorType, conv: ConversionSummary): CvtExplanation['triton'] {
  if (conv.dims.length === 0) return { path: 'no-op', why: 'the layouts agree on every hardware dim' };
  if (cvtReordersRegisters(srcTy, dstTy)) return { path: 'registers', why: 'only registers differ: cvtReordersRegisters' };
  if (cvtNeedsWarpShuffle(srcTy, dstTy)) {
    const n = countMixedTranspositions(srcTy, dstTy);
    return { path: 'shuffles', why: `within warps, ${n} register↔lane transposition${n === 1 ? '' : 's'}: cvtNeedsWarpShuffle` };
  }
  if (conv.moving.includes('warp') || conv.moving.includes('block')) return { path: 'shared memory', why: 'data crosses warps' };
  return { path: 'shared memory', why: `within warps but ${countMixedTranspositions(srcTy, dstTy)} register↔lane transpositions: cvtNeedsWarpShuffle needs fewer than 2` };
}

/** PTX spelling of a shared access of `vec` elements of `bits` bits (LLVM packs sub-word vectors in b32 words). */
function sharedInstr(kind: 'ld' | 'st', vec: number, bits: number): string {
  const total = vec * bits;
  if (bits < 32 && total >= 32) return total === 32 ? `${kind}.shared.b32` : `${kind}.shared.v${total / 32}.b32`;
  return vec === 1 ? `${kind}.shared.b${bits}` : `${kind}.shared.v${vec}.b${bits}`;
}

function matrixInstr(kind: 'ld' | 'st', plan: MatrixPlan): string {
  return `${kind}matrix.x${plan.num}${plan.trans ? '.trans' : ''}`;
}

function accessSummary(kind: 'ld' | 'st', plan: SmemAccessPlan, acc: SmemAccess, bits: number, count = plan.instrs.length): AccessSummary {
  const vec = 2 ** plan.vecBits.length;
  return { instr: sharedInstr(kind, vec, bits), count, bits: vec * bits, wavefronts: plan.wavefronts, ideal: idealAccessWavefronts(acc.laneCols.length, vec, bits / 8) };
}

function matrixSummary(kind: 'ld' | 'st', plan: MatrixPlan, count: number, elemTy: Type): AccessSummary {
  const w = matrixWavefronts(plan, elemTy);
  return { instr: matrixInstr(kind, plan), count, bits: 32 * plan.num, wavefronts: w.wavefronts, ideal: w.ideal };
}

/** The store or load side of a shared memory conversion, summed over its rounds. */
function stepsSummary(kind: 'ld' | 'st', steps: readonly CvtSmemStep[], acc: SmemAccess, smem: CvtSmemPlan, bits: number): AccessSummary {
  const first = steps[0]!;
  if (first.kind === 'matrix') return matrixSummary(kind, first.plan, steps.reduce((n, s) => n + (s.kind === 'matrix' ? s.reps.length : 0), 0), smem.elemTy);
  return accessSummary(kind, first.plan, acc, bits, steps.reduce((n, s) => n + (s.kind === 'access' ? s.plan.instrs.length : 0), 0));
}

function conflictText(s: AccessSummary): string {
  if (s.wavefronts === undefined || s.ideal === undefined) return 'wavefronts not modelled';
  if (s.wavefronts <= s.ideal) return `${s.wavefronts} wavefront${s.wavefronts === 1 ? '' : 's'} each, conflict-free`;
  return `${s.wavefronts} wavefronts each vs ${s.ideal} ideal (${s.wavefronts / s.ideal}-way conflicts)`;
}

function sharedSummary(smem: CvtSmemPlan, shape: readonly number[]): NonNullable<CvtExplanation['shared']> {
  const L = smem.layout;
  const bits = elemBits(smem.elemTy);
  const layout = L.smem.getInDimNames().map((dim) => ({ dim, bases: unflattenBases(columns(L.smem, dim), shape) }));
  const barriers = 2 * L.nReps - 1;
  if (L.threadDependent) {
    const unique = (zero: number, n: number): number => 2 ** (n - bitList(zero).length);
    const nSrc = unique(smem.src.zero, smem.src.acc.regCols.length);
    const nDst = unique(smem.dst.zero, smem.dst.acc.regCols.length);
    return {
      origin: L.origin,
      layout,
      bufferElems: L.bufferElems,
      rounds: L.nReps,
      store: { instr: `st.shared.b${bits} (predicated)`, count: L.nReps * nSrc, bits },
      load: { instr: `ld.shared.b${bits}`, count: L.nReps * nDst, bits },
      barriers,
    };
  }
  return {
    origin: L.origin,
    layout,
    bufferElems: L.bufferElems,
    rounds: L.nReps,
    store: stepsSummary(
      'st',
      smem.rounds.map((r) => r.store),
      smem.src.acc,
      smem,
      bits,
    ),
    load: stepsSummary(
      'ld',
      smem.rounds.map((r) => r.load),
      smem.dst.acc,
      smem,
      bits,
    ),
    barriers,
  };
}

/** Flattened tensor coordinates (dim0 in the lowest bits) back to coordinates of `shape`. */
function unflattenBases(cols: readonly number[], shape: readonly number[]): number[][] {
  const sizes = shape;
  return cols.map((c) => {
    let shift = 0;
    return sizes.map((s) => {
      const v = (c >>> shift) & (s - 1);
      shift += Math.log2(s);
      return v;
    });
  });
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Explains a conversion between distributed tensor types for a target. `hasScratch` (default: what
 * allocate-shared-memory reserves) says whether the op has a scratch buffer, as the lowering reads it.
 */
export function explainConvert(srcTy: RankedTensorType, dstTy: RankedTensorType, computeCapability: number, hasScratch?: boolean): CvtExplanation {
  const type = `${srcTy.key} -> ${dstTy.key}`;
  const conversion = describeConversion(srcTy, dstTy);
  const base = { op: 'convert_layout' as const, type, computeCapability };
  if (!conversion) {
    const error = 'the linear layout algebra cannot relate the layouts (invertAndCompose fails)';
    return { ...base, triton: { path: 'shared memory', why: error }, method: 'error', why: error, scratchBytes: 0, error, cost: `error: ${error}` };
  }
  const triton = tritonPath(srcTy, dstTy, conversion);
  let scratchBytes = 0;
  let plan: CvtPlan;
  try {
    scratchBytes = cvtScratchBytes(srcTy, dstTy, computeCapability);
    plan = planConvertLayout(srcTy, dstTy, computeCapability, hasScratch ?? scratchBytes > 0);
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    return { ...base, conversion, triton, method: 'error', why: error, scratchBytes, error, cost: `error: ${error}` };
  }
  const unused = scratchBytes > 0 ? `, ${scratchBytes} B scratch reserved (unused)` : '';
  switch (plan.method) {
    case 'identity':
      return { ...base, conversion, triton, method: 'identity', why: 'the layouts agree on every hardware dim: the registers are reused', scratchBytes, cost: `no-op: 0 instructions, 0 B shared${unused}` };
    case 'registers': {
      const moved = plan.perm.filter((s, r) => s !== r).length;
      return {
        ...base,
        conversion,
        triton,
        method: 'registers',
        why: `only registers differ: ${moved} of ${plan.perm.length} destination registers renamed`,
        scratchBytes,
        cost: `register permutation: 0 instructions, 0 B shared${unused}`,
      };
    }
    case 'shuffle': {
      const p = plan.shuffle;
      const localRounds = p.rounds.filter((r) => r.local).length;
      const cost = p.shuffles + 0.5 * p.selects;
      const why =
        plan.smemCost === undefined
          ? 'data stays within warps and no scratch buffer is reserved'
          : `data stays within warps; shuffles (${cost} issue slots) beat the shared memory estimate (${plan.smemCost})`;
      return {
        ...base,
        conversion,
        triton,
        method: 'shuffle',
        why,
        shuffle: { rounds: p.rounds.length, localRounds, shfl: p.shuffles, mode: p.kIdentity ? 'bfly' : 'idx', elemsPerShuffle: 2 ** p.packDst.length, selects: p.selects, ...(plan.smemCost !== undefined ? { smemEstimate: plan.smemCost } : {}) },
        scratchBytes,
        cost: `${p.shuffles} shfl.sync + ${plural(p.selects, 'select')}, 0 B shared${unused}`,
      };
    }
    case 'shared': {
      const shared = sharedSummary(plan.smem, srcTy.shape);
      const why =
        plan.why === 'warps'
          ? 'data crosses warps'
          : plan.why === 'no-shuffles'
            ? 'data stays within warps but no shuffle sequence was found'
            : `data stays within warps but Triton 3.6 does not shuffle it (two or more mixed register/lane transpositions); shuffles would take ${plan.shuffle!.shuffles + 0.5 * plan.shuffle!.selects} issue slots, shared memory an estimated ${plan.smemCost}`;
      const conflictFree = [shared.store, shared.load].every((s) => s.wavefronts !== undefined && s.wavefronts <= s.ideal!);
      const cost =
        `${shared.store.count} ${shared.store.instr} + ${shared.load.count} ${shared.load.instr}, ${scratchBytes} B scratch, ` +
        `${plural(shared.barriers, 'barrier')}, ${conflictFree ? 'conflict-free' : 'bank conflicts'}`;
      return { ...base, conversion, triton, method: 'shared', why, shared, scratchBytes, cost };
    }
  }
}

/** Explains the shared memory access of a local_alloc (with a value), local_store or local_load. */
export function explainLocal(op: LocalExplanation['op'], tensorTy: RankedTensorType | undefined, memTy: MemDescType, computeCapability: number): LocalExplanation {
  const type = tensorTy ? (op === 'local_load' ? `${memTy.key} -> ${tensorTy.key}` : `${tensorTy.key} -> ${memTy.key}`) : memTy.key;
  const view = memTy.shape.some((s, i) => s !== memTy.allocShape[memTy.allocShape.length - memTy.shape.length + i]);
  const base = { op, type, computeCapability, view };
  if (!tensorTy) return { ...base, cost: 'allocation only: no access' };
  const kind = op === 'local_load' ? 'load' : 'store';
  const k = op === 'local_load' ? 'ld' : 'st';
  const p = planLocalAccess(kind, computeCapability, tensorTy, staticMemDescAddressing(memTy));
  const bits = elemBits(storageType(convertElementType(tensorTy.elementType)));
  const access = p.matrix ? matrixSummary(k, p.matrix.plan, p.matrix.reps.length, p.elemTy) : accessSummary(k, p.access!, p.acc, bits);
  // Padding moves rows to other banks: the wavefront model (XOR-linear addresses) does not apply.
  if (p.opts.padded) {
    delete access.wavefronts;
    delete access.ideal;
  }
  return { ...base, access, cost: `${access.count} ${access.instr}, ${conflictText(access)}` };
}

// ---------------------------------------------------------------------------------------------------------
// Text

function conversionText(c: ConversionSummary): string[] {
  const agreed = c.agreed.length ? `; equal on ${c.agreed.join(', ')}` : '';
  if (c.dims.length === 0) return [`conversion dst.invertAndCompose(src): identity${agreed}`];
  const lines = [`conversion dst.invertAndCompose(src), dst bit ← src bits${agreed}:`];
  for (const { dim, bits } of c.dims) {
    const moved = bits.filter((b) => b.moves);
    const stay = bits.filter((b) => !b.moves).map((b) => `${LABEL[dim] ?? dim}${b.bit}`);
    const parts = moved.map((b) => `${LABEL[dim] ?? dim}${b.bit}←${b.from}`);
    if (stay.length) parts.push(`(${stay.join(' ')} stay)`);
    lines.push(`  ${dim}: ${parts.join('  ')}`);
  }
  lines.push(`moves data across: ${c.moving.length ? c.moving.join(', ') : 'nothing'}`);
  return lines;
}

function accessText(side: string, s: AccessSummary): string {
  return `${side}: ${s.count} ${s.instr} per thread (${s.bits} bits per lane), ${conflictText(s)}`;
}

export function formatCvtExplanation(e: CvtExplanation): string {
  const lines = [`convert_layout ${e.type} (sm${e.computeCapability})`];
  if (e.conversion) lines.push(...conversionText(e.conversion));
  lines.push(`Triton 3.6: ${e.triton.path} (${e.triton.why})`);
  const name = { identity: 'no-op', registers: 'register permutation', shuffle: 'warp shuffles', shared: 'shared memory', error: 'rejected' }[e.method];
  lines.push(`ours: ${name} (${e.why})`);
  if (e.shuffle) {
    const s = e.shuffle;
    lines.push(
      `  ${plural(s.rounds, 'round')} (${s.localRounds} local), ${s.shfl} shfl.sync.${s.mode} per thread` +
        `${s.elemsPerShuffle > 1 ? ` (${s.elemsPerShuffle} elements packed per 32-bit shuffle)` : ''}, ${plural(s.selects, 'select')}`,
    );
  }
  if (e.shared) {
    const s = e.shared;
    const origin = { triton: "Triton's GenericSwizzling", 'bank-conflict-free': 'bank-conflict-free (fewer wavefronts than GenericSwizzling)', fallback: 'fallback' }[s.origin] ?? s.origin;
    lines.push(`  layout: ${origin}, ${s.bufferElems} elements per round, ${plural(s.rounds, 'round')}`);
    for (const { dim, bases } of s.layout) if (bases.length) lines.push(`    ${dim}: ${bases.map((b) => `[${b.join(', ')}]`).join(' ')}`);
    lines.push(`  ${accessText('store', s.store)}`, `  ${accessText('load', s.load)}`);
    lines.push(`  scratch: ${e.scratchBytes} B (allocate-shared-memory), ${plural(s.barriers, 'barrier')}`);
  }
  lines.push(`cost: ${e.cost}`);
  return lines.join('\n') + '\n';
}

export function formatLocalExplanation(e: LocalExplanation): string {
  const lines = [`${e.op} ${e.type} (sm${e.computeCapability})`];
  if (e.access) lines.push(accessText(e.op === 'local_load' ? 'load' : 'store', e.access));
  if (e.view) lines.push('a view of a larger allocation: its offsets are XORed into the addresses (assumed zero here)');
  lines.push(`cost: ${e.cost}`);
  return lines.join('\n') + '\n';
}
