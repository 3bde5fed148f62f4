/**
 * What a client says about a file, made safe to keep and to send back: the file name (a display
 * name only, never a path: the blob's key is generated), the content type recorded from the part,
 * the type a download is served as, and the `Content-Disposition` of a download (RFC 6266 with an
 * RFC 5987 `filename*`). Pure functions, tested as tables (test/unit/plugins/ticketing/attachmentNames.test.ts).
 */

/** Longest display name kept, in characters (code points); a longer one keeps its extension. */
export const MAX_FILE_NAME_CHARS = 200;
const MAX_EXTENSION_CHARS = 16;
export const FALLBACK_FILE_NAME = 'attachment';
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * C0 and C1 controls, DEL, and the invisible formatting characters that make a name read other
 * than it is (bidirectional overrides and isolates, zero-width characters, the BOM): `invoice‮fdp.exe`
 * must not show as `invoiceexe.pdf`.
 */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;
const SEPARATORS = /[/\\]/g;
/** Half of a surrogate pair alone is not text (PostgreSQL refuses it): it becomes U+FFFD. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A display name from what the client sent: NFC, invisible and control characters removed, path
 * separators replaced by `_` (so `../../etc/passwd` stays recognisable but is one name), spaces
 * trimmed, at most `MAX_FILE_NAME_CHARS` characters (the extension kept); a name left empty or only
 * dots is `attachment`.
 */
export function sanitizeFileName(raw: string | undefined): string {
  if (raw === undefined) return FALLBACK_FILE_NAME;
  const cleaned = raw.replace(LONE_SURROGATE, '\ufffd').normalize('NFC').replace(INVISIBLE, '').replace(SEPARATORS, '_').trim();
  if (cleaned === '' || /^[.\s]*$/.test(cleaned)) return FALLBACK_FILE_NAME;
  const chars = [...cleaned];
  if (chars.length <= MAX_FILE_NAME_CHARS) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? [...cleaned.slice(dot)] : [];
  const keep = extension.length > 1 && extension.length <= MAX_EXTENSION_CHARS ? extension : [];
  return (
    chars
      .slice(0, MAX_FILE_NAME_CHARS - keep.length)
      .join('')
      .trimEnd() + keep.join('')
  );
}

/** RFC 9110 token characters. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;
const MAX_CONTENT_TYPE_CHARS = 127;

/**
 * The content type recorded for a part: its `type/subtype`, lower-case, when both are RFC 9110
 * tokens (parameters dropped); otherwise `application/octet-stream`.
 */
export function recordedContentType(raw: string | undefined): string {
  if (raw === undefined) return DEFAULT_CONTENT_TYPE;
  const type = raw.split(';', 1)[0]!.trim().toLowerCase();
  if (type.length > MAX_CONTENT_TYPE_CHARS) return DEFAULT_CONTENT_TYPE;
  const slash = type.indexOf('/');
  if (slash <= 0 || slash !== type.lastIndexOf('/')) return DEFAULT_CONTENT_TYPE;
  return TOKEN.test(type.slice(0, slash)) && TOKEN.test(type.slice(slash + 1)) ? type : DEFAULT_CONTENT_TYPE;
}

/** Types a browser would run or render as a document of our origin (script, markup, XML with XSLT). */
const ACTIVE_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
  'text/xsl',
  'application/xslt+xml',
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'text/ecmascript',
  'application/ecmascript',
  'text/jscript',
  'application/json+javascript',
  'application/vnd.wap.xhtml+xml',
  'text/vtt',
  'multipart/x-mixed-replace',
]);

/** The type a download is served as: the recorded one, except active content, which goes out as `application/octet-stream`. */
export function servedContentType(recorded: string): string {
  const type = recordedContentType(recorded);
  if (
    ACTIVE_TYPES.has(type) ||
    type.endsWith('+xml') ||
    type.endsWith('/xml') ||
    type.includes('javascript') ||
    type.includes('ecmascript')
  )
    return DEFAULT_CONTENT_TYPE;
  return type;
}

/** RFC 5987 `attr-char`: everything else is percent-encoded from UTF-8. */
const ATTR_CHAR = /[A-Za-z0-9!#$&+.^_`|~-]/;

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>`. The fallback keeps
 * printable ASCII except `"`, `\` and `%` (some clients decode `%xx` in the quoted form), each other
 * character becoming `_`. Nothing of the name can end the header or add a parameter.
 */
export function contentDisposition(fileName: string): string {
  const name = sanitizeFileName(fileName);
  let fallback = '';
  let encoded = '';
  for (const char of name) {
    const code = char.codePointAt(0)!;
    fallback += code >= 0x20 && code <= 0x7e && char !== '"' && char !== '\\' && char !== '%' ? char : '_';
    if (ATTR_CHAR.test(char)) encoded += char;
    else for (const byte of Buffer.from(char, 'utf8')) encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
