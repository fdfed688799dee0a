/**
 * Float literals as MLIR prints them (AsmPrinter's printFloatValue over APFloat::toString):
 * first `%e`-style with six decimals (`1.000000e+00`), kept only if it reads back to the same value in the
 * float's own semantics; otherwise APFloat's "natural precision" form (`1.44269502`, `-3.40282347E+38`);
 * and `0x...` bit patterns for infinities, NaNs and values whose natural form has no `.`.
 */
import { FLOAT_KINDS, type FloatKind } from './type.js';

/** Rounds a double to the nearest value representable in `kind` (ties to even), keeping inf/nan. */
export function roundToKind(x: number, kind: FloatKind): number {
  if (kind === 'f64' || !Number.isFinite(x) || x === 0) return x;
  if (kind === 'f32') return Math.fround(x);
  const { mantissa, exponent } = FLOAT_KINDS[kind];
  const bias = (1 << (exponent - 1)) - 1;
  const minExp = 1 - bias;
  const sign = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (e < minExp) e = minExp;
  const ulp = 2 ** (e - (mantissa - 1));
  const q = a / ulp;
  let r = Math.round(q);
  if (Math.abs(q - Math.trunc(q) - 0.5) < 1e-12 && r % 2 !== 0) r -= 1;
  return sign * r * ulp;
}

/** The raw bit pattern of `x` in `kind` (f16, bf16, f32, f64 exactly; other formats by rounding). */
export function floatBits(x: number, kind: FloatKind): bigint {
  const buf = new DataView(new ArrayBuffer(8));
  if (kind === 'f64') {
    buf.setFloat64(0, x);
    return buf.getBigUint64(0);
  }
  buf.setFloat32(0, x);
  const b32 = buf.getUint32(0);
  if (kind === 'f32') return BigInt(b32);
  if (kind === 'bf16') {
    if (Number.isNaN(x)) return 0x7fc0n;
    const lsb = (b32 >>> 16) & 1;
    return BigInt(((b32 + 0x7fff + lsb) >>> 16) & 0xffff);
  }
  const { width, mantissa, exponent } = FLOAT_KINDS[kind];
  const m = mantissa - 1;
  const bias = (1 << (exponent - 1)) - 1;
  const sign = x < 0 || Object.is(x, -0) ? 1n : 0n;
  const top = sign << BigInt(width - 1);
  if (Number.isNaN(x)) return BigInt((1 << (width - 1)) - 1) | 0n;
  const a = Math.abs(x);
  if (!Number.isFinite(a)) return top | (BigInt((1 << exponent) - 1) << BigInt(m));
  if (a === 0) return top;
  const r = Math.abs(roundToKind(a, kind));
  let e = Math.floor(Math.log2(r));
  if (2 ** e > r) e--;
  if (e < 1 - bias) return top | BigInt(Math.round(r / 2 ** (1 - bias - m)));
  const frac = Math.round((r / 2 ** e - 1) * 2 ** m);
  return top | (BigInt(e + bias) << BigInt(m)) | BigInt(frac);
}

/** Decodes the bit pattern of `kind` into a number (the inverse of `floatBits`). */
export function floatFromBits(bits: bigint, kind: FloatKind): number {
  const buf = new DataView(new ArrayBuffer(8));
  if (kind === 'f64') {
    buf.setBigUint64(0, BigInt.asUintN(64, bits));
    return buf.getFloat64(0);
  }
  if (kind === 'f32') {
    buf.setUint32(0, Number(BigInt.asUintN(32, bits)));
    return buf.getFloat32(0);
  }
  if (kind === 'bf16') {
    buf.setUint32(0, Number(BigInt.asUintN(16, bits)) << 16);
    return buf.getFloat32(0);
  }
  const { width, mantissa, exponent } = FLOAT_KINDS[kind];
  const m = mantissa - 1;
  const n = Number(BigInt.asUintN(width, bits));
  const sign = (n >>> (width - 1)) & 1 ? -1 : 1;
  const e = (n >>> m) & ((1 << exponent) - 1);
  const f = n & ((1 << m) - 1);
  const bias = (1 << (exponent - 1)) - 1;
  if (e === (1 << exponent) - 1 && (kind === 'f16')) return f ? NaN : sign * Infinity;
  if (e === 0) return sign * f * 2 ** (1 - bias - m);
  return sign * (1 + f / 2 ** m) * 2 ** (e - bias);
}

/** APFloat's natural precision in decimal digits: 2 + mantissaBits * 59 / 196. */
function naturalPrecision(kind: FloatKind): number {
  return 2 + Math.floor((FLOAT_KINDS[kind].mantissa * 59) / 196);
}

/** Significant digits (no trailing zeros) and exponent with value = digits × 10^exp. */
function decimalDigits(a: number, precision: number): { digits: string; exp: number } {
  const [mant, e] = a.toExponential(precision - 1).split('e') as [string, string];
  let digits = mant.replace('.', '');
  let exp = Number(e) - (digits.length - 1);
  while (digits.length > 1 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    exp++;
  }
  return { digits, exp };
}

/** APFloat::toString(precision = natural, maxPadding = 3, truncateZero = true). */
function naturalForm(x: number, kind: FloatKind): string {
  const neg = x < 0 || Object.is(x, -0);
  const a = Math.abs(x);
  const prec = naturalPrecision(kind);
  if (a === 0) return neg ? '-0.0E+0' : '0.0E+0';
  const { digits, exp } = decimalDigits(a, prec);
  const n = digits.length;
  let scientific: boolean;
  if (exp >= 0) scientific = exp > 3 || n + exp > prec;
  else {
    const msd = exp + n - 1;
    scientific = msd >= 0 ? false : -msd > 3;
  }
  let s: string;
  if (scientific) {
    const e = exp + n - 1;
    s = digits[0] + '.' + (n === 1 ? '0' : digits.slice(1)) + 'E' + (e >= 0 ? '+' : '-') + String(Math.abs(e));
  } else if (exp >= 0) {
    s = digits + '0'.repeat(exp);
  } else if (n + exp > 0) {
    s = digits.slice(0, n + exp) + '.' + digits.slice(n + exp);
  } else {
    s = '0.' + '0'.repeat(-(n + exp)) + digits;
  }
  return (neg ? '-' : '') + s;
}

function hexForm(x: number, kind: FloatKind): string {
  return '0x' + floatBits(x, kind).toString(16).toUpperCase();
}

/** Formats `x` (already a value of `kind`) exactly as MLIR prints a float attribute of that type. */
export function formatFloat(x: number, kind: FloatKind): string {
  if (!Number.isFinite(x)) return hexForm(x, kind);
  const neg = x < 0 || Object.is(x, -0);
  const a = Math.abs(x);
  const [mant, e] = a.toExponential(5).split('e') as [string, string];
  const ee = Number(e);
  const sci = (neg ? '-' : '') + mant + '0e' + (ee < 0 ? '-' : '+') + String(Math.abs(ee)).padStart(2, '0');
  if (roundToKind(Number(sci), kind) === x) return sci;
  const nat = naturalForm(x, kind);
  if (nat.includes('.')) return nat;
  return hexForm(x, kind);
}

/** Parses a float literal as MLIR reads it for a given type: decimal text rounded to the type, or hex bits. */
export function parseFloatLiteral(text: string, kind: FloatKind): number {
  const t = text.trim();
  const neg = t.startsWith('-');
  const body = neg ? t.slice(1) : t;
  if (/^0x/i.test(body)) {
    const v = floatFromBits(BigInt(body), kind);
    return neg ? -v : v;
  }
  return roundToKind(Number(t), kind);
}
