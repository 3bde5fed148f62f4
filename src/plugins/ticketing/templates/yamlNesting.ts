/**
 * A bound on how deeply a YAML text nests and how much there is of it, found in one pass over its
 * characters, before the `yaml` package sees it. The package parses and composes nesting
 * recursively and, on deep input, slowly: a 1 MiB run of `[` takes seconds and `{a: {a: ...` can
 * exhaust the stack inside V8's regular-expression compiler, which aborts the process. Its time
 * also grows with lines and flow entries, faster than linearly for some shapes (a quoted scalar
 * over many lines), so those are bounded too; a template that needs more is better split
 * (sections left out of a template are left as they are).
 *
 * Sound rather than clever: the pass does not try to tell quotes, comments or block scalars from
 * structure (a scanner that guessed wrong where a quote starts could be steered past a deep
 * document), so it only ever counts too much. Every `[` and `{` opens a level and every `]` and
 * `}` closes one, wherever they are; block nesting is the number of strictly increasing
 * indentations in force plus the `- `, `? ` and `: ` indicators that start a line (`- - - a`
 * nests three deep on one line). Brackets in text are balanced in practice, so they cost nothing.
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
  let flow = 0;
  let entries = 0;
  const indents: number[] = [];
  const at = (offset: number, message: string): YamlProblem => ({ line, column: offset - lineStart + 1, message });
  const tooDeep = (offset: number) =>
    at(offset, `nests deeper than ${maxDepth} levels (counting every bracket and indentation); a template never needs that many`);
  const tooMany = (offset: number) =>
    at(offset, `more than ${maxEntries} lines and flow entries; split the template (sections left out are left as they are)`);

  const first = blockLine(0);
  if (first) return first;
  for (let i = 0; i < text.length; i++) {
    switch (text.charCodeAt(i)) {
      case 10: // \n
        if (++entries > maxEntries) return tooMany(i);
        line += 1;
        lineStart = i + 1;
        {
          const problem = blockLine(i + 1);
          if (problem) return problem;
        }
        break;
      case 91: // [
      case 123: // {
        if (++entries > maxEntries) return tooMany(i);
        flow += 1;
        if (flow + indents.length > maxDepth) return tooDeep(i);
        break;
      case 93: // ]
      case 125: // }
        if (flow > 0) flow -= 1;
        break;
      case 44: // ,
        if (++entries > maxEntries) return tooMany(i);
        break;
      default:
        break;
    }
  }
  return undefined;

  /** The line starting at `start`: its indentation against those in force, and its leading indicators. */
  function blockLine(start: number): YamlProblem | undefined {
    let i = start;
    while (text[i] === ' ') i += 1;
    const indent = i - start;
    const next = text[i];
    if (next === undefined || next === '\n' || next === '\r') return undefined;
    while (indents.length > 0 && indents[indents.length - 1]! >= indent) indents.pop();
    indents.push(indent);
    let compact = 0;
    while ((text[i] === '-' || text[i] === '?' || text[i] === ':') && (text[i + 1] === ' ' || text[i + 1] === '\t')) {
      compact += 1;
      i += 2;
      while (text[i] === ' ') i += 1;
      if (flow + indents.length + compact > maxDepth) return tooDeep(i);
    }
    entries += compact;
    if (entries > maxEntries) return tooMany(i);
    return flow + indents.length + compact > maxDepth ? tooDeep(start + indent) : undefined;
  }
}
