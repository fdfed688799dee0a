// Check directive kinds (llvm::Check::FileCheckType).

export enum Kind {
  None,
  Plain,
  Next,
  Same,
  Not,
  DAG,
  Label,
  Empty,
  Comment,
  EOF,
  Misspelled,
  BadNot,
  BadCount,
}

export interface CheckType {
  kind: Kind;
  /** CHECK-COUNT-n repetition count (1 for everything else). */
  count: number;
  /** {LITERAL} modifier. */
  literal: boolean;
}

export function checkType(kind: Kind, count = 1, literal = false): CheckType {
  return { kind, count, literal };
}

/** FileCheckType::getDescription. */
export function describeCheck(ty: CheckType, prefix: string): string {
  const mods = ty.literal ? '{LITERAL}' : '';
  switch (ty.kind) {
    case Kind.None: return 'invalid';
    case Kind.Misspelled: return 'misspelled';
    case Kind.Plain: return ty.count > 1 ? `${prefix}-COUNT${mods}` : `${prefix}${mods}`;
    case Kind.Next: return `${prefix}-NEXT${mods}`;
    case Kind.Same: return `${prefix}-SAME${mods}`;
    case Kind.Not: return `${prefix}-NOT${mods}`;
    case Kind.DAG: return `${prefix}-DAG${mods}`;
    case Kind.Label: return `${prefix}-LABEL${mods}`;
    case Kind.Empty: return `${prefix}-EMPTY${mods}`;
    case Kind.Comment: return `${prefix}-COM${mods}`;
    case Kind.EOF: return 'implicit EOF';
    case Kind.BadNot: return 'bad NOT';
    case Kind.BadCount: return 'bad COUNT';
  }
}

/** GetCheckTypeAbbreviation (labels in the input dump). */
export function checkAbbreviation(ty: CheckType): string {
  switch (ty.kind) {
    case Kind.Plain: return ty.count > 1 ? 'count' : 'check';
    case Kind.Next: return 'next';
    case Kind.Same: return 'same';
    case Kind.Not: return 'not';
    case Kind.DAG: return 'dag';
    case Kind.Label: return 'label';
    case Kind.Empty: return 'empty';
    case Kind.Comment: return 'com';
    case Kind.EOF: return 'eof';
    case Kind.BadNot: return 'bad-not';
    case Kind.BadCount: return 'bad-count';
    case Kind.Misspelled: return 'misspelled';
    case Kind.None: return 'invalid';
  }
}
