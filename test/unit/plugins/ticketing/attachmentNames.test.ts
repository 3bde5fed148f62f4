/** Attachment names, types and Content-Disposition (src/plugins/ticketing/attachments/attachmentNames.ts), as tables. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  contentDisposition,
  FALLBACK_FILE_NAME,
  MAX_FILE_NAME_CHARS,
  recordedContentType,
  sanitizeFileName,
  servedContentType,
} from '../../../../src/plugins/ticketing/attachments/attachmentNames.js';

describe('attachment display names', () => {
  const cases: ReadonlyArray<readonly [string, string | undefined, string]> = [
    ['a plain name is kept', 'report.pdf', 'report.pdf'],
    ['a path up becomes one name', '../../etc/passwd', '.._.._etc_passwd'],
    ['a nested path becomes one name', 'a/b', 'a_b'],
    ['a Windows path becomes one name', 'C:\\Windows\\system32\\cmd.exe', 'C:_Windows_system32_cmd.exe'],
    ['an absolute path becomes one name', '/etc/shadow', '_etc_shadow'],
    ['a NUL byte alone leaves the fallback', '\u0000', FALLBACK_FILE_NAME],
    ['a NUL byte inside is removed', 'a\u0000b.txt', 'ab.txt'],
    ['line breaks are removed', 'a\r\nSet-Cookie: x.txt', 'aSet-Cookie: x.txt'],
    ['a right-to-left override is removed', 'invoice\u202efdp.exe', 'invoicefdp.exe'],
    ['zero-width characters are removed', 'pay\u200bment.pdf', 'payment.pdf'],
    ['dots only leave the fallback', '..', FALLBACK_FILE_NAME],
    ['a single dot leaves the fallback', '.', FALLBACK_FILE_NAME],
    ['spaces only leave the fallback', '   ', FALLBACK_FILE_NAME],
    ['empty leaves the fallback', '', FALLBACK_FILE_NAME],
    ['none leaves the fallback', undefined, FALLBACK_FILE_NAME],
    ['surrounding spaces are trimmed', '  notes.txt  ', 'notes.txt'],
    ['a hidden-file name is kept (it is never a path)', '.env', '.env'],
    ['a lone surrogate becomes U+FFFD', 'a\ud800b.txt', 'a\ufffdb.txt'],
    [
      'unicode is kept, NFC',
      'Re\u0301sume\u0301 \u65e5\u672c\u8a9e \ud83d\udcc4.pdf',
      'R\u00e9sum\u00e9 \u65e5\u672c\u8a9e \ud83d\udcc4.pdf',
    ],
  ];
  for (const [what, raw, expected] of cases) it(what, () => assert.equal(sanitizeFileName(raw), expected));

  it(`a very long name is cut to ${MAX_FILE_NAME_CHARS} characters and keeps its extension`, () => {
    const name = sanitizeFileName(`${'x'.repeat(5000)}.tar.gz`);
    assert.equal([...name].length, MAX_FILE_NAME_CHARS);
    assert.ok(name.endsWith('xx.gz'), name);
  });

  it('a long name of astral characters is cut on character boundaries', () => {
    const name = sanitizeFileName('\ud83d\udcc4'.repeat(300));
    assert.equal([...name].length, MAX_FILE_NAME_CHARS);
    assert.ok(!/[\ud800-\udfff]/.test(name.replace(/\ud83d\udcc4/g, '')));
  });
});

describe('recorded content types', () => {
  const cases: ReadonlyArray<readonly [string | undefined, string]> = [
    ['image/png', 'image/png'],
    ['Image/PNG', 'image/png'],
    ['text/plain; charset=utf-8', 'text/plain'],
    [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [undefined, 'application/octet-stream'],
    ['', 'application/octet-stream'],
    ['png', 'application/octet-stream'],
    ['image/', 'application/octet-stream'],
    ['/png', 'application/octet-stream'],
    ['image/png/x', 'application/octet-stream'],
    ['text/html\r\nx-evil: 1', 'application/octet-stream'],
    ['image/p\u00e9ng', 'application/octet-stream'],
    [`application/${'x'.repeat(200)}`, 'application/octet-stream'],
  ];
  for (const [raw, expected] of cases) it(`${JSON.stringify(raw)} -> ${expected}`, () => assert.equal(recordedContentType(raw), expected));
});

describe('served content types: active content goes out as application/octet-stream', () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ['image/png', 'image/png'],
    ['application/pdf', 'application/pdf'],
    ['text/plain', 'text/plain'],
    ['text/csv', 'text/csv'],
    ['text/html', 'application/octet-stream'],
    ['application/xhtml+xml', 'application/octet-stream'],
    ['image/svg+xml', 'application/octet-stream'],
    ['text/xml', 'application/octet-stream'],
    ['application/xml', 'application/octet-stream'],
    ['application/rss+xml', 'application/octet-stream'],
    ['text/javascript', 'application/octet-stream'],
    ['application/javascript', 'application/octet-stream'],
    ['application/x-javascript', 'application/octet-stream'],
    ['text/ecmascript', 'application/octet-stream'],
    ['not a type', 'application/octet-stream'],
  ];
  for (const [recorded, served] of cases) it(`${recorded} -> ${served}`, () => assert.equal(servedContentType(recorded), served));
});

describe('Content-Disposition of a download', () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ['report.pdf', `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`],
    ['my report (final).pdf', `attachment; filename="my report (final).pdf"; filename*=UTF-8''my%20report%20%28final%29.pdf`],
    ['say "hi".txt', `attachment; filename="say _hi_.txt"; filename*=UTF-8''say%20%22hi%22.txt`],
    ['back\\slash.txt', `attachment; filename="back_slash.txt"; filename*=UTF-8''back_slash.txt`],
    ['100%.txt', `attachment; filename="100_.txt"; filename*=UTF-8''100%25.txt`],
    ['a; filename=evil.exe', `attachment; filename="a; filename=evil.exe"; filename*=UTF-8''a%3B%20filename%3Devil.exe`],
    ['line\r\nbreak.txt', `attachment; filename="linebreak.txt"; filename*=UTF-8''linebreak.txt`],
    ['R\u00e9sum\u00e9.pdf', `attachment; filename="R_sum_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`],
    ['\ud83d\udcc4.txt', `attachment; filename="_.txt"; filename*=UTF-8''%F0%9F%93%84.txt`],
    ["it's.txt", `attachment; filename="it's.txt"; filename*=UTF-8''it%27s.txt`],
    ['', `attachment; filename="attachment"; filename*=UTF-8''attachment`],
  ];
  for (const [name, header] of cases) it(JSON.stringify(name), () => assert.equal(contentDisposition(name), header));

  it('every header is printable ASCII without line breaks, whatever the name', () => {
    for (const name of ['\u0000\u0001\u001f', '\u2028\u2029', 'x'.repeat(1000), '\ud800lone surrogate', '"; x="', '\u00ff\u0100']) {
      assert.match(contentDisposition(name), /^[\x20-\x7e]+$/);
    }
  });
});
