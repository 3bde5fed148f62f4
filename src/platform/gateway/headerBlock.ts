/**
 * Response headers that many answers share (the production security headers, `Cache-Control`),
 * joined once into the text uWS writes, so an answer writes them with one native call instead of
 * one per header. uWS writes `name: value\r\n` for a header without looking at the value, so the
 * block goes out as the first header's name and, as its value, the first value followed by the
 * other `\r\n`-separated `name: value` lines. Names and values here are the server's own
 * constants, never request text, so no line break can be smuggled in.
 */

/** The part of a uWS response a block is written to (inside `cork`). */
export interface HeaderWriter {
  writeHeader(name: string, value: string): unknown;
}

export class HeaderBlock {
  private readonly firstName: string;
  private readonly text: string;
  readonly names: ReadonlySet<string>;

  constructor(readonly headers: Readonly<Record<string, string>>) {
    const entries = Object.entries(headers);
    for (const [name, value] of entries) {
      if (/[\r\n]/.test(name) || /[\r\n]/.test(value)) throw new Error(`header ${JSON.stringify(name)} has a line break`);
    }
    this.names = new Set(entries.map(([name]) => name));
    this.firstName = entries[0]?.[0] ?? '';
    this.text = entries.map(([name, value], i) => (i === 0 ? value : `${name}: ${value}`)).join('\r\n');
  }

  /** Write every header of the block; call inside `cork`. */
  write(res: HeaderWriter): void {
    if (this.firstName !== '') res.writeHeader(this.firstName, this.text);
  }

  /** True when `headers` names a header of this block (it must then replace the block's value). */
  overlaps(headers: Readonly<Record<string, string>> | undefined): boolean {
    if (headers === undefined) return false;
    for (const name in headers) if (this.names.has(name)) return true;
    return false;
  }

  /** This block with `extra` added, and without the headers `replaced` names (they are written with the reply). */
  with(extra: Readonly<Record<string, string>> | undefined, replaced: Readonly<Record<string, string>> | undefined): HeaderBlock {
    const merged: Record<string, string> = { ...this.headers, ...extra };
    if (replaced) for (const name in replaced) delete merged[name];
    return new HeaderBlock(merged);
  }
}

export const NO_HEADER_BLOCK = new HeaderBlock({});
