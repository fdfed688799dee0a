/** Token kinds of MLIR's textual form (the classes of mlir/lib/AsmParser/Lexer). */
export const enum Tok {
  EOF = 0,
  Bare = 1, // foo, f32, tt.load, x64xf32
  At = 2, // @name, @"quoted"
  Hash = 3, // #blocked, #loc3, #0 (result index)
  Percent = 4, // %0, %arg3
  Caret = 5, // ^bb0
  Bang = 6, // !tt.ptr
  Int = 7, // 42, 0x1F
  Float = 8, // 1.5, 1.0e+00
  String = 9, // "text"
  Punct = 10, // ( ) [ ] { } < > , : = -> ? * + - | .  :: {-# #-}
  FileMeta = 11, // {-# ... #-}
}

export const TOKEN_KIND_NAMES: Record<number, string> = {
  0: 'end of file',
  1: 'identifier',
  2: 'symbol',
  3: 'hash identifier',
  4: 'SSA value',
  5: 'block label',
  6: 'type alias or dialect type',
  7: 'integer',
  8: 'float',
  9: 'string',
  10: 'punctuation',
  11: 'file metadata',
};
