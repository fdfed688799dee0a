/**
 * The two faces of MLIR's textual form that types, attributes and op formats are written against.
 * `parser/` implements `AsmParser`, `printer/` implements `AsmPrinter`; dialects only see these interfaces,
 * so a dialect never depends on how the text is lexed or how aliases are assigned.
 */
import type { Attribute } from './attribute.js';
import type { Type } from './type.js';

export interface AsmPrinter {
  /** Appends raw text. */
  write(text: string): void;
  /** Prints a type, through its alias when it has one. */
  printType(type: Type): void;
  /** Prints an attribute, through its alias when it has one. */
  printAttribute(attr: Attribute): void;
  /** Prints an attribute without a trailing `: type` where the type is implied by context. */
  printAttributeWithoutType(attr: Attribute): void;
}

/** A position in the source: byte offset (UTF-16 index) into the parsed buffer. */
export type SourcePos = number;

export interface AsmParser {
  /** Offset of the current token, for diagnostics. */
  pos(): SourcePos;
  /** Throws a located parse error. */
  error(message: string, at?: SourcePos): never;
  /** Consumes punctuation `p` (`<`, `>`, `,`, `=`, `(`, `->`, ...) or fails with "expected 'p'". */
  expect(p: string): void;
  /** Consumes punctuation `p` if it is next. */
  consumeIf(p: string): boolean;
  /** Consumes the bare keyword `kw` if it is next. */
  consumeKeywordIf(kw: string): boolean;
  /** Consumes and returns a bare identifier (`blocked`, `f32`, `versionMajor`). */
  parseKeyword(what?: string): string;
  /** Peeks at a bare identifier without consuming it. */
  peekKeyword(): string | undefined;
  /** Parses an optionally negative integer literal. */
  parseInteger(): bigint;
  /** Parses a float or integer literal as a JS number (sign included). */
  parseNumber(): number;
  /** Parses a string literal and returns its decoded value. */
  parseString(): string;
  parseType(): Type;
  parseAttribute(type?: Type): Attribute;
  /** Parses `[a, b, c]` of integers. */
  parseIntegerList(): number[];
  /** Parses a dimension list `64x64x` and the element type after it, as in `tensor<...>`. */
  parseShapeAndElementType(allowDynamic: boolean): { shape: number[]; elementType: Type };
  /** True when the next token is the punctuation `p`. */
  peek(p: string): boolean;
}
