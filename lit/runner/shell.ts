// A small parser for the shell subset used in lit RUN lines (like lit's internal shell):
//   cmd args... [redirections]  |  cmd ...   && / || / ;  ...
// Words may use '...' and "..." quoting and backslash escapes.  Redirections: `< f`, `> f`,
// `>> f`, `2> f`, `2>> f`, `&> f`, `2>&1`, `>&2`, `N>&M`.  Anything fancier (subshells,
// command substitution, variable expansion, background jobs, here-docs) is rejected with a
// ShellSyntaxError explaining what is unsupported.

export class ShellSyntaxError extends Error {}

export interface Redirect {
  fd: number;
  op: '<' | '>' | '>>' | '>&';
  /** A file name, or for '>&' the target fd number. */
  target: string;
}

export interface SimpleCommand {
  args: string[];
  redirects: Redirect[];
}

export interface Pipeline {
  commands: SimpleCommand[];
}

export interface AndOrList {
  first: Pipeline;
  rest: Array<{ op: '&&' | '||'; pipeline: Pipeline }>;
}

/** A command line: and-or lists separated by ';'. */
export type Script = AndOrList[];

type Token =
  | { t: 'word'; v: string }
  | { t: 'op'; v: '|' | '||' | '&&' | ';' }
  | { t: 'redir'; fd: number; op: Redirect['op']; target?: string };

function unsupported(what: string, cmd: string): never {
  throw new ShellSyntaxError(`unsupported shell syntax (${what}) in: ${cmd}`);
}

export function tokenize(cmd: string): Token[] {
  const toks: Token[] = [];
  let i = 0;
  const n = cmd.length;
  const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';
  const checkDollar = (j: number): void => {
    const next = cmd[j + 1];
    if (next !== undefined && /[A-Za-z_{(@*#?$!0-9-]/.test(next)) unsupported('$ expansion', cmd);
  };
  while (i < n) {
    const c = cmd[i]!;
    if (isSpace(c)) {
      i++;
      continue;
    }
    // Operators.
    if (c === '|') {
      if (cmd[i + 1] === '|') {
        toks.push({ t: 'op', v: '||' });
        i += 2;
      } else if (cmd[i + 1] === '&') unsupported('|&', cmd);
      else {
        toks.push({ t: 'op', v: '|' });
        i++;
      }
      continue;
    }
    if (c === '&') {
      if (cmd[i + 1] === '&') {
        toks.push({ t: 'op', v: '&&' });
        i += 2;
      } else if (cmd[i + 1] === '>') {
        // &> file  /  &>> file
        if (cmd[i + 2] === '>') unsupported('&>>', cmd);
        toks.push({ t: 'redir', fd: -1, op: '>' });
        i += 2;
      } else unsupported('background job &', cmd);
      continue;
    }
    if (c === ';') {
      toks.push({ t: 'op', v: ';' });
      i++;
      continue;
    }
    if (c === '(' || c === ')') unsupported('subshell', cmd);
    if (c === '`') unsupported('command substitution', cmd);
    // fd-prefixed redirection: digits immediately followed by < or >.
    let fd: number | undefined;
    let j = i;
    while (j < n && cmd[j]! >= '0' && cmd[j]! <= '9') j++;
    if (j > i && (cmd[j] === '>' || cmd[j] === '<')) {
      fd = Number(cmd.slice(i, j));
      i = j;
    }
    const r = cmd[i];
    if (r === '<' || r === '>') {
      if (r === '<') {
        if (cmd[i + 1] === '<') unsupported('here-document', cmd);
        if (cmd[i + 1] === '&' || cmd[i + 1] === '(') unsupported('<&', cmd);
        toks.push({ t: 'redir', fd: fd ?? 0, op: '<' });
        i++;
      } else if (cmd[i + 1] === '>') {
        toks.push({ t: 'redir', fd: fd ?? 1, op: '>>' });
        i += 2;
      } else if (cmd[i + 1] === '&') {
        let k = i + 2;
        while (k < n && cmd[k]! >= '0' && cmd[k]! <= '9') k++;
        if (k === i + 2) unsupported('>& without a file descriptor', cmd);
        toks.push({ t: 'redir', fd: fd ?? 1, op: '>&', target: cmd.slice(i + 2, k) });
        i = k;
      } else if (cmd[i + 1] === '(') {
        unsupported('process substitution', cmd);
      } else {
        toks.push({ t: 'redir', fd: fd ?? 1, op: '>' });
        i++;
      }
      continue;
    }
    // A word.
    let word = '';
    while (i < n) {
      const ch = cmd[i]!;
      if (isSpace(ch) || '|&;<>()'.includes(ch)) break;
      if (ch === '`') unsupported('command substitution', cmd);
      if (ch === "'") {
        const end = cmd.indexOf("'", i + 1);
        if (end === -1) throw new ShellSyntaxError(`unterminated single quote in: ${cmd}`);
        word += cmd.slice(i + 1, end);
        i = end + 1;
        continue;
      }
      if (ch === '"') {
        i++;
        for (;;) {
          if (i >= n) throw new ShellSyntaxError(`unterminated double quote in: ${cmd}`);
          const d = cmd[i]!;
          if (d === '"') {
            i++;
            break;
          }
          if (d === '`') unsupported('command substitution', cmd);
          if (d === '$') checkDollar(i);
          if (d === '\\' && i + 1 < n && '"\\$`'.includes(cmd[i + 1]!)) {
            word += cmd[i + 1];
            i += 2;
            continue;
          }
          word += d;
          i++;
        }
        continue;
      }
      if (ch === '\\') {
        if (i + 1 < n) {
          word += cmd[i + 1];
          i += 2;
        } else i++;
        continue;
      }
      if (ch === '$') checkDollar(i);
      word += ch;
      i++;
    }
    toks.push({ t: 'word', v: word });
  }
  return toks;
}

/** Parse a (substituted) RUN command into a Script. */
export function parseCommand(cmd: string): Script {
  const toks = tokenize(cmd);
  let p = 0;
  const script: Script = [];
  const parsePipeline = (): Pipeline => {
    const commands: SimpleCommand[] = [];
    for (;;) {
      const sc: SimpleCommand = { args: [], redirects: [] };
      while (p < toks.length) {
        const t = toks[p]!;
        if (t.t === 'op') break;
        p++;
        if (t.t === 'word') {
          sc.args.push(t.v);
          continue;
        }
        let target = t.target;
        if (target === undefined) {
          const w = toks[p];
          if (w === undefined || w.t !== 'word') throw new ShellSyntaxError(`missing file name after redirection in: ${cmd}`);
          target = w.v;
          p++;
        }
        if (t.fd === -1) {
          sc.redirects.push({ fd: 1, op: '>', target });
          sc.redirects.push({ fd: 2, op: '>&', target: '1' });
        } else sc.redirects.push({ fd: t.fd, op: t.op, target });
      }
      if (sc.args.length === 0) throw new ShellSyntaxError(`empty command in: ${cmd}`);
      commands.push(sc);
      const t = toks[p];
      if (t !== undefined && t.t === 'op' && t.v === '|') {
        p++;
        continue;
      }
      return { commands };
    }
  };
  while (p < toks.length) {
    const first = parsePipeline();
    const list: AndOrList = { first, rest: [] };
    while (p < toks.length) {
      const t = toks[p]!;
      if (t.t === 'op' && (t.v === '&&' || t.v === '||')) {
        p++;
        list.rest.push({ op: t.v, pipeline: parsePipeline() });
        continue;
      }
      break;
    }
    script.push(list);
    const t = toks[p];
    if (t !== undefined) {
      if (t.t === 'op' && t.v === ';') p++;
      else throw new ShellSyntaxError(`unexpected token in: ${cmd}`);
    }
  }
  if (script.length === 0) throw new ShellSyntaxError('empty command');
  return script;
}

/** Quote a word for display. */
export function quoteWord(w: string): string {
  if (w !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(w)) return w;
  return `'${w.replace(/'/g, `'\\''`)}'`;
}
