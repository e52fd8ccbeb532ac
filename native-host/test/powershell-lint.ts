/**
 * A small PowerShell tokenizer and structural lint, for the IMAPI2 script the Windows burner runs (pwsh is not on
 * our machines). It reads what the script's meaning depends on: comments, single- and double-quoted strings (with
 * their $variables and $(...) subexpressions), here-strings, variables, words and brackets. The lint then finds
 * what would break the script on Windows: an unterminated string, here-string or comment, unbalanced or crossed
 * brackets, and a variable read before anything assigns it (a typo, say).
 */

export type Token =
  | { kind: 'string'; quote: "'" | '"'; value: string; line: number; here: boolean }
  | { kind: 'variable'; name: string; line: number }
  | { kind: 'word'; value: string; line: number }
  | { kind: 'punct'; value: string; line: number };

export interface Tokenized {
  tokens: Token[];
  problems: string[];
}

/** Variables PowerShell itself defines. */
const AUTOMATIC = new Set(['_', 'true', 'false', 'null', 'args', 'input', 'error', 'psitem', 'lastexitcode']);

export function tokenize(source: string, firstLine = 1): Tokenized {
  const tokens: Token[] = [];
  const problems: string[] = [];
  let i = 0;
  let line = firstLine;
  const at = (offset = 0) => source[i + offset] ?? '';
  const advance = (n: number) => {
    for (let k = 0; k < n; k += 1) if (source[i + k] === '\n') line += 1;
    i += n;
  };
  while (i < source.length) {
    const c = at();
    const start = line;
    if (c === '\n' || c === ' ' || c === '\t' || c === '\r') advance(1);
    else if (c === '<' && at(1) === '#') {
      const end = source.indexOf('#>', i + 2);
      if (end < 0) return { tokens, problems: [...problems, `line ${start}: unterminated <# comment`] };
      advance(end + 2 - i);
    } else if (c === '#') {
      while (i < source.length && at() !== '\n') advance(1);
    } else if (c === '@' && (at(1) === "'" || at(1) === '"') && /^\r?\n/.test(source.slice(i + 2))) {
      // A here-string: @' or @" ending its line, closed by '@ or "@ at the start of a line.
      const quote = at(1) as "'" | '"';
      const close = new RegExp(`\\n${quote}@`, 'g');
      close.lastIndex = i + 2;
      const found = close.exec(source);
      if (!found) return { tokens, problems: [...problems, `line ${start}: unterminated here-string`] };
      const value = source.slice(source.indexOf('\n', i) + 1, found.index);
      tokens.push({ kind: 'string', quote, value, line: start, here: true });
      if (quote === '"') tokens.push(...interpolated(value, start, problems));
      advance(found.index + 3 - i);
    } else if (c === "'") {
      let value = '';
      advance(1);
      for (;;) {
        if (i >= source.length) return { tokens, problems: [...problems, `line ${start}: unterminated '...' string`] };
        if (at() === "'" && at(1) !== "'") break;
        // '' is a quote inside the string.
        const take = at() === "'" ? 2 : 1;
        value += at();
        advance(take);
      }
      advance(1);
      tokens.push({ kind: 'string', quote: "'", value, line: start, here: false });
    } else if (c === '"') {
      let value = '';
      let depth = 0;
      advance(1);
      for (;;) {
        if (i >= source.length) return { tokens, problems: [...problems, `line ${start}: unterminated "..." string`] };
        if (at() === '"' && depth === 0) break;
        // A backtick escapes the next character; $( opens a subexpression, whose ) is not the string's.
        const take = at() === '`' || (at() === '$' && at(1) === '(') ? 2 : 1;
        if (take === 2 && at() === '$') depth += 1;
        else if (at() === ')' && depth > 0) depth -= 1;
        value += source.slice(i, i + take);
        advance(take);
      }
      advance(1);
      tokens.push({ kind: 'string', quote: '"', value, line: start, here: false });
      tokens.push(...interpolated(value, start, problems));
    } else if (c === '$') {
      const name = /^\$(?:\{([^}]+)\}|((?:script:|global:|env:)?[A-Za-z_][\w]*|_))/.exec(source.slice(i));
      if (!name) {
        problems.push(`line ${start}: a lone $`);
        advance(1);
      } else {
        tokens.push({ kind: 'variable', name: (name[1] ?? name[2]).toLowerCase(), line: start });
        advance(name[0].length);
      }
    } else if (/[\w\-.]/.test(c)) {
      const word = /^[\w\-.:]+/.exec(source.slice(i))![0].replace(/[.:]+$/, '') || c;
      tokens.push({ kind: 'word', value: word, line: start });
      advance(word.length);
    } else {
      tokens.push({ kind: 'punct', value: c, line: start });
      advance(1);
    }
  }
  return { tokens, problems };
}

/** The variables a double-quoted string reads: $name, and everything inside $(...). */
function interpolated(value: string, line: number, problems: string[]): Token[] {
  const tokens: Token[] = [];
  const text = value.replace(/`./g, '  ');
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] !== '$') continue;
    if (text[i + 1] === '(') {
      let depth = 1;
      let j = i + 2;
      for (; j < text.length && depth > 0; j += 1) depth += text[j] === '(' ? 1 : text[j] === ')' ? -1 : 0;
      const inner = tokenize(text.slice(i + 2, j - 1), line);
      tokens.push(...inner.tokens.filter((token) => token.kind === 'variable'));
      problems.push(...inner.problems);
      i = j - 1;
    } else {
      const name = /^\$((?:script:|env:)?[A-Za-z_]\w*|_)/.exec(text.slice(i));
      if (name) tokens.push({ kind: 'variable', name: name[1].toLowerCase(), line });
    }
  }
  return tokens;
}

/** Brackets outside strings and comments: balanced and properly nested. */
export function bracketProblems(tokens: readonly Token[]): string[] {
  const pairs: Record<string, string> = { ')': '(', '}': '{', ']': '[' };
  const stack: { value: string; line: number }[] = [];
  const problems: string[] = [];
  for (const token of tokens) {
    if (token.kind !== 'punct') continue;
    if ('({['.includes(token.value)) stack.push(token);
    else if (token.value in pairs) {
      const open = stack.pop();
      if (open?.value !== pairs[token.value]) problems.push(`line ${token.line}: ${token.value} closes ${open ? `${open.value} of line ${open.line}` : 'nothing'}`);
    }
  }
  for (const open of stack) problems.push(`line ${open.line}: ${open.value} is never closed`);
  return problems;
}

/**
 * Variables read before any assignment: params, `$x =` (also `$x +=`), function parameters `function F($a)`
 * and foreach variables count as assignments; an assignment counts from its statement on.
 */
export function unassignedVariables(tokens: readonly Token[]): string[] {
  const assigned = new Set(AUTOMATIC);
  const problems: string[] = [];
  const isPunct = (token: Token | undefined, value: string) => token?.kind === 'punct' && token.value === value;
  /** The index of the ) matching the ( at open. */
  const closing = (open: number) => {
    let depth = 0;
    for (let k = open; k < tokens.length; k += 1) {
      if (isPunct(tokens[k], '(')) depth += 1;
      if (isPunct(tokens[k], ')') && (depth -= 1) === 0) return k;
    }
    return tokens.length;
  };
  // Declarations first: param(...), function Name(...) and foreach ($x in ...) name their variables.
  const declaredAt = new Map<number, string>();
  tokens.forEach((token, index) => {
    if (token.kind !== 'word') return;
    const word = token.value.toLowerCase();
    const open = word === 'function' ? index + 2 : word === 'param' || word === 'foreach' ? index + 1 : -1;
    if (open < 0 || !isPunct(tokens[open], '(')) return;
    const end = word === 'foreach' ? open + 2 : closing(open);
    for (let k = open + 1; k < end; k += 1) {
      const inner = tokens[k];
      // A parameter is the variable before its =, a comma or the closing parenthesis (not a default's value).
      if (inner.kind === 'variable' && (word === 'foreach' || isPunct(tokens[k + 1], '=') || isPunct(tokens[k + 1], ',') || k + 1 === end)) declaredAt.set(k, inner.name);
    }
  });
  tokens.forEach((token, index) => {
    if (token.kind !== 'variable') return;
    const next = tokens[index + 1];
    const next2 = tokens[index + 2];
    const assignment = (isPunct(next, '=') && !isPunct(next2, '=')) || ((isPunct(next, '+') || isPunct(next, '-')) && isPunct(next2, '='));
    if (assignment || declaredAt.has(index) || token.name.startsWith('env:')) assigned.add(token.name);
    else if (!assigned.has(token.name)) problems.push(`line ${token.line}: $${token.name} is read before it is assigned`);
  });
  return problems;
}

export function lintPowerShell(source: string): string[] {
  const { tokens, problems } = tokenize(source);
  return [...problems, ...bracketProblems(tokens), ...unassignedVariables(tokens)];
}
