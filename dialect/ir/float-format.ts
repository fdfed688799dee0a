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
  // x87's f80 stores the integer bit of normal numbers, infinities and NaNs above the fraction (wideFromBits).
  const intBit = kind === 'f80' ? 1n << BigInt(m) : 0n;
  const expShift = BigInt(kind === 'f80' ? m + 1 : m);
  const sign = x < 0 || Object.is(x, -0) ? 1n : 0n;
  const top = sign << BigInt(width - 1);
  if (Number.isNaN(x)) return kind === 'f80' ? (0x7fffn << expShift) | intBit | (1n << BigInt(m - 1)) : quietNaNBits(kind, width, exponent, m);
  const a = Math.abs(x);
  if (!Number.isFinite(a)) return top | (BigInt((1 << exponent) - 1) << expShift) | intBit;
  if (a === 0) return top;
  const r = Math.abs(roundToKind(a, kind));
  let e = Math.floor(Math.log2(r));
  if (2 ** e > r) e--;
  if (e < 1 - bias) return top | BigInt(Math.round(r / 2 ** (1 - bias - m)));
  const frac = Math.round((r / 2 ** e - 1) * 2 ** m);
  return top | (BigInt(e + bias) << expShift) | intBit | BigInt(frac);
}

/**
 * APFloat::getNaN's pattern: IEEE-like kinds set every exponent bit and the top mantissa bit (f16 0x7E00); the
 * finite-only 8-bit kinds have one NaN each: all ones but the sign (E4M3FN 0x7F), the negative zero (FNUZ 0x80),
 * or all ones (E8M0FNU 0xFF).
 */
function quietNaNBits(kind: FloatKind, width: number, exponent: number, m: number): bigint {
  if (kind.endsWith('FNUZ')) return 1n << BigInt(width - 1);
  if (kind === 'f8E8M0FNU') return 0xffn;
  if (kind.endsWith('FN')) return BigInt((1 << (width - 1)) - 1);
  return (BigInt((1 << exponent) - 1) << BigInt(m)) | (1n << BigInt(m - 1));
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
  if (width > 32) return wideFromBits(BigInt.asUintN(width, bits), kind);
  const n = Number(BigInt.asUintN(width, bits));
  const sign = (n >>> (width - 1)) & 1 ? -1 : 1;
  const e = (n >>> m) & ((1 << exponent) - 1);
  const f = n & ((1 << m) - 1);
  const bias = (1 << (exponent - 1)) - 1;
  if (e === (1 << exponent) - 1 && (kind === 'f16')) return f ? NaN : sign * Infinity;
  if (e === 0) return sign * f * 2 ** (1 - bias - m);
  return sign * (1 + f / 2 ** m) * 2 ** (e - bias);
}

/**
 * f80 / f128 bit patterns (too wide for 32-bit integer arithmetic), as the nearest double: what a JS number
 * can hold of them (f128 values beyond the double range become infinities or zeros).
 */
function wideFromBits(bits: bigint, kind: FloatKind): number {
  const { width, mantissa, exponent } = FLOAT_KINDS[kind];
  // f80 stores its integer bit explicitly: mantissa counts it, the fraction does not.
  const m = mantissa - 1;
  const sign = (bits >> BigInt(width - 1)) & 1n ? -1 : 1;
  const e = Number((bits >> BigInt(m + (kind === 'f80' ? 1 : 0))) & ((1n << BigInt(exponent)) - 1n));
  const f = bits & ((1n << BigInt(m)) - 1n);
  const bias = 2 ** (exponent - 1) - 1;
  if (e === 2 ** exponent - 1) return f ? NaN : sign * Infinity;
  const frac = Number(f) / 2 ** m;
  if (e === 0) return sign * frac * 2 ** (1 - bias);
  return sign * (1 + frac) * 2 ** (e - bias);
}

/** APFloat's natural precision in decimal digits: 2 + mantissaBits * 59 / 196. */
function naturalPrecision(kind: FloatKind): number {
  return 2 + Math.floor((FLOAT_KINDS[kind].mantissa * 59) / 196);
}

/** The exact binary decomposition of a finite nonzero double: |x| = sig × 2^exp2 with sig odd. */
function decompose(a: number): { sig: bigint; exp2: number } {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, a);
  const bits = dv.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const mant = bits & 0xfffffffffffffn;
  let sig = biased === 0 ? mant : mant | (1n << 52n);
  let exp2 = biased === 0 ? -1074 : biased - 1075;
  while (sig !== 0n && (sig & 1n) === 0n) {
    sig >>= 1n;
    exp2++;
  }
  return { sig, exp2 };
}

/**
 * APFloat::toString's digits for |x| at `precision` significant digits: the exact decimal expansion after
 * its coarse binary pre-truncation, then rounded half-up on the digit string. Returns the digits (most
 * significant first, no trailing zeros) and exp with value ≈ digits × 10^exp.
 */
function decimalDigits(a: number, precision: number): { digits: string; exp: number } {
  const { sig, exp2 } = decompose(a);
  let n = exp2 >= 0 ? sig << BigInt(exp2) : sig * 5n ** BigInt(-exp2);
  let exp = Math.min(exp2, 0);
  const bits = n.toString(2).length;
  const bitsRequired = Math.floor((precision * 196 + 58) / 59);
  if (bits > bitsRequired) {
    const tens = Math.floor(((bits - bitsRequired) * 59) / 196);
    if (tens > 0) {
      exp += tens;
      n /= 10n ** BigInt(tens);
    }
  }
  let digits = n.toString();
  const stripped = digits.replace(/0+$/, '');
  exp += digits.length - stripped.length;
  digits = stripped;
  if (digits.length > precision) {
    const drop = digits.length - precision;
    const roundUp = digits.charCodeAt(precision) - 48 >= 5;
    let kept = digits.slice(0, precision);
    exp += drop;
    if (roundUp) {
      // Half-up with carry; carried-through nines vanish.
      let i = kept.length - 1;
      while (i >= 0 && kept[i] === '9') i--;
      if (i < 0) {
        exp += kept.length;
        kept = '1';
      } else {
        exp += kept.length - 1 - i;
        kept = kept.slice(0, i) + String.fromCharCode(kept.charCodeAt(i) + 1);
      }
    }
    const k = kept.replace(/0+$/, '');
    exp += kept.length - k.length;
    digits = k;
  }
  return { digits, exp };
}

/** APFloat::toString(precision, maxPadding = 0, truncateZero = false): `%e`-like with `precision` digits. */
function scientificForm(x: number, precision: number): string {
  const neg = x < 0 || Object.is(x, -0);
  const a = Math.abs(x);
  if (a === 0) return (neg ? '-' : '') + '0.' + '0'.repeat(precision) + 'e+00';
  const { digits, exp } = decimalDigits(a, precision);
  const e = exp + digits.length - 1;
  let s = digits[0]! + '.' + digits.slice(1);
  if (precision + 1 > digits.length) s += '0'.repeat(precision - digits.length + 1);
  return (neg ? '-' : '') + s + 'e' + (e >= 0 ? '+' : '-') + String(Math.abs(e)).padStart(2, '0');
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
  const sci = scientificForm(x, 6);
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
