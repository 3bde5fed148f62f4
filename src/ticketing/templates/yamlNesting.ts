/**
 * A bound on how deeply a YAML text nests, found in one pass over its characters, before the
 * `yaml` package sees it. The package parses and composes nesting recursively and, on deep
 * input, slowly: a 1 MiB run of `[` takes seconds and `{a: {a: ...` can exhaust the stack
 * inside V8's regular-expression compiler, which aborts the process. So the text is refused
 * first when it might nest deeper than a template ever does.
 *
 * It also bounds the lines and flow entries (`,`, `[`, `{`): the parser's time grows with them,
 * faster than linearly for some shapes (a quoted scalar over many lines), and a template that
 * needs more is better split (sections left out of a template are left as they are).
 *
 * Conservative by design (it may count a level the parser would not, never the reverse in
 * practice): a flow collection opens at `[` or `{` where a node may start (at the start of a
 * line or after `:`, `-`, `?`, `,`, `[`, `{`, spaces aside), outside quotes and comments; block
 * nesting is the number of strictly increasing indentations in force plus the `- `, `? ` and
 * `: ` indicators that start a line (`- - - a` nests three deep on one line).
 */
/** A problem with a YAML text, where it is. */
export interface YamlProblem {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export function nestingProblem(text: string, maxDepth: number, maxEntries: number): YamlProblem | undefined {
  let line = 1;
  let lineStart = 0;
  let quote: '"' | "'" | null = null;
  let flow = 0;
  const indents: number[] = [];
  let lastSignificant = '\n';
  const refuse = (at: number, what: string): YamlProblem => ({ line, column: at - lineStart + 1, message: `${what} nests deeper than ${maxDepth} levels; a template never needs that many` });
  /** Lines and flow entries so far: the parser's work grows with them (and faster than linearly for some shapes). */
  let entries = 0;
  const tooMany = (at: number): YamlProblem => ({ line, column: at - lineStart + 1, message: `more than ${maxEntries} lines and flow entries; split the template (sections left out are left as they are)` });

  /** Inside a block scalar (`|`, `>`): its lines are text, more indented than its header's line. */
  let scalarIndent: number | null = null;
  let lineIndent = 0;
  const first = blockLine(0);
  if (first) return first;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') {
      if (++entries > maxEntries) return tooMany(i);
      if (quote === null && flow === 0 && scalarIndent === null && /(^|[\s:-])[|>][0-9+-]*\s*$/.test(text.slice(lineStart, i).replace(/\s#.*$/, ''))) scalarIndent = lineIndent;
      line += 1;
      lineStart = i + 1;
      if (scalarIndent !== null) {
        const after = skipScalarLines(i + 1, scalarIndent);
        scalarIndent = null;
        // Go on at the first line after the scalar, as if its line break were this one.
        i = after - 1;
      }
      if (quote === null && flow === 0) {
        const problem = blockLine(i + 1);
        if (problem) return problem;
      }
      if (quote === null) lastSignificant = '\n';
      continue;
    }
    if (quote !== null) {
      if (quote === '"' && c === '\\') i += 1;
      else if (c === quote) {
        if (quote === "'" && text[i + 1] === "'") i += 1;
        else {
          quote = null;
          lastSignificant = 'x';
        }
      }
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') continue;
    if ((c === ',' || c === '[' || c === '{') && ++entries > maxEntries) return tooMany(i);
    if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      const end = text.indexOf('\n', i);
      if (end === -1) break;
      i = end - 1;
      continue;
    }
    const nodeMayStart = lastSignificant === '\n' || ':-?,[{'.includes(lastSignificant);
    if ((c === '"' || c === "'") && nodeMayStart) quote = c;
    else if ((c === '[' || c === '{') && nodeMayStart) {
      flow += 1;
      if (flow + indents.length > maxDepth) return refuse(i, 'a flow collection');
    } else if ((c === ']' || c === '}') && flow > 0) flow -= 1;
    // A bracket inside a plain scalar (`a[1]`) opens nothing, so it does not let the next one open either.
    lastSignificant = (c === '[' || c === '{') && !nodeMayStart ? 'x' : c;
  }
  return undefined;

  /** The offset of the first line (from `start`) that is not part of a block scalar whose header line is indented `header`; `line` and `lineStart` follow. */
  function skipScalarLines(start: number, header: number): number {
    let at = start;
    while (at < text.length) {
      let j = at;
      while (text[j] === ' ') j += 1;
      const blank = j >= text.length || text[j] === '\n' || text[j] === '\r';
      if (!blank && j - at <= header) break;
      const end = text.indexOf('\n', j);
      if (end === -1) return text.length;
      at = end + 1;
      line += 1;
      entries += 1;
      lineStart = at;
    }
    return at;
  }

  /** The block line starting at `start`: its indentation against those in force, and its leading indicators. */
  function blockLine(start: number): YamlProblem | undefined {
    let i = start;
    while (text[i] === ' ') i += 1;
    const indent = i - start;
    lineIndent = indent;
    const next = text[i];
    if (next === undefined || next === '\n' || next === '\r' || next === '#') return undefined;
    while (indents.length > 0 && indents[indents.length - 1]! >= indent) indents.pop();
    indents.push(indent);
    let compact = 0;
    while ((text[i] === '-' || text[i] === '?' || text[i] === ':') && (text[i + 1] === ' ' || text[i + 1] === '\t')) {
      compact += 1;
      i += 2;
      while (text[i] === ' ') i += 1;
    }
    entries += compact;
    if (entries > maxEntries) return tooMany(i);
    return indents.length + compact > maxDepth ? refuse(i, 'a block collection') : undefined;
  }
}
