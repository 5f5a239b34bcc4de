/*
 * Finds the statements in a source file that write a table: Kysely's insertInto / replaceInto / mergeInto /
 * updateTable / deleteFrom, and INSERT / UPDATE / DELETE inside sql`…` templates. A table named by a variable
 * is resolved when the file lists its values (`for (const table of ["a", "b"] as const)`, or of a const array);
 * otherwise the write is reported with `table: null`. Used by suites/table-ownership.test.ts.
 */

export interface TableWrite {
  /** The table written, or null when the source names it only at run time. */
  table: string | null;
  /** 1-based line of the statement. */
  line: number;
  /** The Kysely method or SQL verb that writes. */
  verb: string;
}

const kyselyWrite = /\.\s*(insertInto|replaceInto|mergeInto|updateTable|deleteFrom)\(\s*("([^"]*)"|'([^']*)'|(\w+))/g;
const sqlWrite =
  /\b(insert\s+(?:or\s+\w+\s+)?into|replace\s+into|delete\s+from|update)\s+(?:"(\w+)"|(\w+)|(\uE000+))(?:\s+(?:as\s+)?(?!set\b)"?\w+"?)?(\s+set\b)?/gi;
const sqlTemplateStart = /\bsql(?:<[^`]*?>)?`/g;

export function findTableWrites(source: string): TableWrite[] {
  const lineOf = lineIndex(source);
  const writes: TableWrite[] = [];
  const code = blankComments(source);
  for (const match of code.matchAll(kyselyWrite)) {
    const literal = match[3] ?? match[4];
    const tables = literal !== undefined ? [literal] : resolveVariable(code, match[5]!, match.index);
    for (const table of tables)
      writes.push({ table: table && firstWord(table), line: lineOf(match.index), verb: match[1]! });
  }
  for (const start of code.matchAll(sqlTemplateStart)) {
    const bodyStart = start.index + start[0].length;
    const body = templateBody(code, bodyStart);
    for (const match of body.matchAll(sqlWrite)) {
      const verb = match[1]!.toLowerCase().replace(/\s+/g, " ");
      // UPDATE names its table only before SET: not `for update skip locked`, `on conflict … do update set`.
      if (verb === "update" && (match[5] === undefined || match[3]?.toLowerCase() === "set")) continue;
      const at = bodyStart + match.index;
      const literal = match[2] ?? match[3];
      const tables = literal !== undefined ? [literal] : resolveInterpolation(code, at + match[0].indexOf("\uE000"));
      for (const table of tables) writes.push({ table, line: lineOf(at), verb });
    }
  }
  return writes.sort((a, b) => a.line - b.line);
}

function firstWord(table: string): string {
  return table.trim().split(/\s+/)[0]!;
}

/** Offsets → 1-based line numbers. */
function lineIndex(source: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === "\n") starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

/** The source with `//` and `/* *\/` comments blanked (same length, newlines kept), strings and templates intact. */
function blankComments(source: string): string {
  const out = source.split("");
  let i = 0;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== "\n") out[k] = " ";
  };
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === "/" && source[i + 1] === "/") {
      const end = source.indexOf("\n", i);
      const stop = end === -1 ? source.length : end;
      blank(i, stop);
      i = stop;
    } else if (ch === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (ch === '"' || ch === "'" || ch === "`") {
      i = skipString(source, i);
    } else i++;
  }
  return out.join("");
}

/** Index just past the string or template literal that starts at `start`. */
function skipString(source: string, start: number): number {
  const quote = source[start]!;
  let i = start + 1;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === "\\") i += 2;
    else if (ch === quote) return i + 1;
    else if (quote === "`" && ch === "$" && source[i + 1] === "{") i = skipExpression(source, i + 2);
    else i++;
  }
  return i;
}

/** Index just past the `}` closing a `${` expression whose content starts at `start`. */
function skipExpression(source: string, start: number): number {
  let depth = 1;
  let i = start;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '"' || ch === "'" || ch === "`") i = skipString(source, i);
    else {
      if (ch === "{") depth++;
      else if (ch === "}" && --depth === 0) return i + 1;
      i++;
    }
  }
  return i;
}

/**
 * The text of the template whose content starts at `start` up to its closing backtick, with each `${…}`
 * replaced by private-use characters (U+E000) of the same length (the offsets stay the source's).
 */
function templateBody(source: string, start: number): string {
  let body = "";
  let i = start;
  while (i < source.length && source[i] !== "`") {
    if (source[i] === "\\") {
      body += source.slice(i, i + 2);
      i += 2;
    } else if (source[i] === "$" && source[i + 1] === "{") {
      const end = skipExpression(source, i + 2);
      body += "\uE000".repeat(end - i);
      i = end;
    } else body += source[i++];
  }
  return body;
}

/** `${sql.table("x")}` or `${sql.table(name)}` at `offset` (the first U+E000 of the interpolation). */
function resolveInterpolation(source: string, offset: number): Array<string | null> {
  const expression = /^\$\{\s*sql\.table\(\s*(?:"(\w+)"|(\w+))\s*\)\s*\}/.exec(source.slice(offset));
  if (!expression) return [null];
  return expression[1] !== undefined ? [expression[1]] : resolveVariable(source, expression[2]!, offset);
}

/** The values a variable takes, when the file spells them out before `offset` (else [null]). */
function resolveVariable(source: string, name: string, offset: number, depth = 0): Array<string | null> {
  const before = source.slice(0, offset);
  const binding = [
    ...before.matchAll(new RegExp(`\\b(?:const|let)\\s+${name}\\s+(?:of|=)\\s*(\\[[^\\]]*\\]|\\w+)`, "g")),
  ].at(-1);
  if (!binding) return [null];
  const value = binding[1]!;
  if (value.startsWith("[")) {
    const names = [...value.matchAll(/"(\w+)"|'(\w+)'/g)].map((m) => m[1] ?? m[2]!);
    return names.length ? names : [null];
  }
  return depth < 2 ? resolveVariable(source, value, binding.index, depth + 1) : [null];
}
