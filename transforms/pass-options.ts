/**
 * Typed pass options. Each pass declares a schema next to its registration (option name as Triton/MLIR spells it,
 * type, default, description from the Passes.td that declares it); the option text of a pipeline is parsed once,
 * against that schema, into a typed object the pass receives (`OptionsOf<typeof schema>`), and `--help` prints
 * the same schema. Values are read the way MLIR's pass options read them (`llvm::cl` parsers): an int is a C
 * integer of the declared width in any base `getAsInteger(0, ...)` accepts, a bool is true/false/1/0 (bare
 * means true), an enum names one of its values, a list is comma-separated. Errors carry the text triton-opt
 * prints for the same mistake.
 */

/** The C type behind an integer option; it fixes the range and the word in MLIR's error ("integer", "long", "uint"). */
export type IntWidth = 'int32' | 'int64' | 'uint32';

interface OptionBase {
  description: string;
}
export interface IntOption extends OptionBase {
  type: 'int';
  default: number;
  /** int32 (`int32_t`) unless the declaration says otherwise. */
  width?: IntWidth;
}
export interface BoolOption extends OptionBase {
  type: 'bool';
  default: boolean;
}
export interface StringOption extends OptionBase {
  type: 'string';
  default: string;
}
export interface EnumOption<V extends string = string> extends OptionBase {
  type: 'enum';
  /** Each accepted value with its one-line description (MLIR's `clEnumValN`). */
  values: Readonly<Record<V, string>>;
  default: NoInfer<V>;
}
export interface ListOption<E extends 'string' | 'int' = 'string' | 'int'> extends OptionBase {
  type: 'list';
  element: E;
  default: readonly ListElement<E>[];
}
type ListElement<E> = E extends 'int' ? number : string;
export type OptionSpec = IntOption | BoolOption | StringOption | EnumOption | ListOption;
export type OptionType = OptionSpec['type'];
export type OptionSchema = Readonly<Record<string, OptionSpec>>;

/** The value a declared option parses to. */
export type OptionValue<O extends OptionSpec> = O extends IntOption
  ? number
  : O extends BoolOption
    ? boolean
    : O extends StringOption
      ? string
      : O extends EnumOption<infer V>
        ? V
        : O extends ListOption<infer E>
          ? readonly ListElement<E>[]
          : never;

/** The typed options object a pass with schema `S` receives: every option present, defaults filled in. */
export type OptionsOf<S extends OptionSchema> = { readonly [K in keyof S]: OptionValue<S[K]> };

/** Options of any pass, type-erased (the registry and the pass manager hold passes of every schema). */
export type ParsedOptions = OptionsOf<OptionSchema>;
export type AnyOptionValue = ParsedOptions[string];

/**
 * A bad option string. `lines` is what triton-opt writes to stderr for it (the tool name is filled in by
 * the driver, which owns it); `message` is the same as one line, for library callers.
 */
export class PassOptionError extends Error {
  constructor(
    readonly kind: 'unknown-option' | 'bad-value',
    /** For `bad-value`: MLIR's `for the --<key> option: ...` line, without the leading `<tool>: `. */
    readonly detail: string,
  ) {
    super(detail);
  }

  /** stderr text as triton-opt prints it (`tool` is the program name). */
  render(tool: string): string {
    if (this.kind === 'unknown-option') return `<unknown>:0: error: <Pass-Options-Parser>: ${this.detail}\n\n`;
    return `${tool}: ${this.detail}\n<unknown>:0: error: \n`;
  }
}

/** The defaults of a schema, as its options object. */
export function defaultOptions<S extends OptionSchema>(schema: S): OptionsOf<S> {
  const out: Record<string, AnyOptionValue> = {};
  for (const [k, s] of Object.entries(schema)) out[k] = s.type === 'list' ? [...s.default] : s.default;
  return out as OptionsOf<S>;
}

/**
 * Parses MLIR's pass option syntax against `schema`: `key=value key2=value2` (spaces or commas between entries,
 * `{...}` and quotes group values with spaces), `key` alone for a bool; later entries win. Throws
 * `PassOptionError` on an unknown key or a value of the wrong type.
 */
export function parseOptions<S extends OptionSchema>(schema: S, text: string): OptionsOf<S> {
  const out: Record<string, AnyOptionValue> = defaultOptions(schema);
  for (const [key, raw] of splitOptionEntries(text)) {
    const spec = Object.hasOwn(schema, key) ? schema[key] : undefined;
    if (!spec) throw new PassOptionError('unknown-option', `no such option ${key}`);
    out[key] = convertOption(key, spec, raw);
  }
  return out as OptionsOf<S>;
}

function convertOption(key: string, spec: OptionSpec, raw: string | undefined): AnyOptionValue {
  const fail = (what: string): never => {
    throw new PassOptionError('bad-value', `for the --${key} option: ${what}`);
  };
  if (spec.type === 'bool') return parseBool(raw ?? '') ?? fail(`'${raw}' is invalid value for boolean argument! Try 0 or 1`);
  if (raw === undefined) return fail('requires a value!');
  switch (spec.type) {
    case 'int':
      return parseInteger(raw, spec.width ?? 'int32') ?? fail(`'${raw}' value invalid for ${INT_WORD[spec.width ?? 'int32']} argument!`);
    case 'string':
      return raw;
    case 'enum':
      return Object.hasOwn(spec.values, raw) ? raw : fail(`Cannot find option named '${raw}'!`);
    case 'list': {
      // MLIR splits a list option at top-level commas; an empty value is an empty list.
      const items = raw === '' ? [] : splitTopLevel(raw, ',');
      if (spec.element === 'string') return items;
      return items.map((s) => parseInteger(s, 'int32') ?? fail(`'${s}' value invalid for integer argument!`));
    }
  }
}

/** The word `llvm::cl` uses for each integer type in "value invalid for <word> argument!". */
const INT_WORD: Record<IntWidth, string> = { int32: 'integer', int64: 'long', uint32: 'uint' };

/** `llvm::cl::parser<bool>`: true/TRUE/True/1, false/FALSE/False/0; empty (a bare flag) is true. */
function parseBool(raw: string): boolean | undefined {
  if (raw === '' || raw === 'true' || raw === 'TRUE' || raw === 'True' || raw === '1') return true;
  if (raw === 'false' || raw === 'FALSE' || raw === 'False' || raw === '0') return false;
  return undefined;
}

/**
 * `StringRef::getAsInteger(0, v)`: an optional '-' (signed types only), then decimal, `0x` hex, `0b` binary,
 * `0o` or leading-`0` octal; the whole string must be consumed and the value must fit the type.
 */
export function parseInteger(raw: string, width: IntWidth): number | undefined {
  const m = /^(-?)(0[xX][0-9a-fA-F]+|0[bB][01]+|0[oO][0-7]+|0[0-7]*|[1-9][0-9]*)$/.exec(raw);
  if (!m) return undefined;
  const [, sign, digits] = m as unknown as [string, string, string];
  if (sign && width === 'uint32') return undefined;
  const lower = digits.toLowerCase();
  // A leading 0 alone means octal to LLVM; BigInt spells that 0o.
  const body = /^0[0-7]/.test(lower) ? `0o${lower.slice(1)}` : lower;
  const v = BigInt(body) * (sign ? -1n : 1n);
  const [lo, hi] = RANGE[width];
  if (v < lo || v > hi) return undefined;
  return Number(v);
}

const RANGE: Record<IntWidth, [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
};

/** `a=1 b={x y} c="q r",d` → [[a,1],[b,x y],[c,q r],[d,undefined]]. */
export function splitOptionEntries(text: string): [string, string | undefined][] {
  const out: [string, string | undefined][] = [];
  let i = 0;
  const n = text.length;
  const skipSep = (): void => {
    while (i < n && (text[i] === ' ' || text[i] === ',' || text[i] === '\t')) i++;
  };
  skipSep();
  while (i < n) {
    let key = '';
    while (i < n && text[i] !== '=' && text[i] !== ' ' && text[i] !== ',') key += text[i++];
    let value: string | undefined;
    if (text[i] === '=') {
      i++;
      value = '';
      let depth = 0;
      while (i < n) {
        const c = text[i]!;
        if (depth === 0 && (c === ' ' || c === '\t')) break;
        if (c === '"' || c === "'") {
          const end = text.indexOf(c, i + 1);
          const stop = end < 0 ? n : end;
          value += text.slice(i + 1, stop);
          i = stop + 1;
          continue;
        }
        if (c === '{' || c === '[' || c === '(') {
          if (depth === 0 && c === '{') {
            depth++;
            i++;
            continue;
          }
          depth++;
        } else if (c === '}' || c === ']' || c === ')') {
          depth--;
          if (depth === 0 && c === '}') {
            i++;
            continue;
          }
        }
        value += c;
        i++;
      }
    }
    if (key) out.push([key, value]);
    skipSep();
  }
  return out;
}

/** Splits on `sep` outside brackets and quotes. */
function splitTopLevel(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of s) {
    if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') depth--;
    if (c === sep && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map((x) => x.trim());
}

/** One line per option for `--help`: `name=<type>`, the description, the default, and an enum's values. */
export function describeOptions(schema: OptionSchema): { flag: string; text: string }[] {
  const rows: { flag: string; text: string }[] = [];
  for (const [k, o] of Object.entries(schema)) {
    rows.push({ flag: `${k}=<${typeName(o)}>`, text: `${o.description} (default: ${formatDefault(o)})` });
    if (o.type === 'enum') for (const [v, d] of Object.entries<string>(o.values)) rows.push({ flag: `  =${v}`, text: d });
  }
  return rows;
}

function typeName(o: OptionSpec): string {
  switch (o.type) {
    case 'int':
      return o.width ?? 'int32';
    case 'list':
      return `list<${o.element === 'int' ? 'int32' : 'string'}>`;
    default:
      return o.type;
  }
}

function formatDefault(o: OptionSpec): string {
  if (o.type === 'list') return o.default.length ? o.default.join(',') : '[]';
  if (o.type === 'string') return JSON.stringify(o.default);
  return String(o.default);
}
