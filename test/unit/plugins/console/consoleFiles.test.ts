/**
 * The console's files as the server holds them (src/plugins/console/consoleFiles.ts): what a build directory
 * becomes in memory, and which encoding a client's Accept-Encoding gets.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { chooseEncoding, contentTypeOf, loadConsoleBuild, type ConsoleFile } from '../../../../src/plugins/console/consoleFiles.js';

const both: ConsoleFile = { contentType: 'text/javascript', identity: Buffer.from('x'), br: Buffer.from('b'), gzip: Buffer.from('g') };
const gzipOnly: ConsoleFile = { contentType: 'text/javascript', identity: Buffer.from('x'), gzip: Buffer.from('g') };
const neither: ConsoleFile = { contentType: 'image/png', identity: Buffer.from('x') };

describe('the encoding of an answer', () => {
  const cases: ReadonlyArray<readonly [header: string | undefined, file: ConsoleFile, expected: string | undefined]> = [
    ['gzip, deflate, br, zstd', both, 'br'],
    ['br', both, 'br'],
    ['gzip', both, 'gzip'],
    ['GZIP', both, 'gzip'],
    ['br;q=0, gzip', both, 'gzip'],
    ['br;q=0.0, gzip;q=0', both, undefined],
    ['gzip;q=0.5, br;q=0.1', both, 'br'],
    ['*', both, 'br'],
    ['*, br;q=0', both, 'gzip'],
    ['*;q=0', both, undefined],
    ['identity', both, undefined],
    [undefined, both, undefined],
    ['', both, undefined],
    ['gzip, br', gzipOnly, 'gzip'],
    ['br', gzipOnly, undefined],
    ['gzip, br', neither, undefined],
  ];
  for (const [header, file, expected] of cases) {
    it(`Accept-Encoding ${JSON.stringify(header)} for a file with ${[file.br ? 'br' : '', file.gzip ? 'gzip' : ''].filter(Boolean).join('+') || 'no compressed form'}: ${expected ?? 'as it is'}`, () => {
      assert.equal(chooseEncoding(header, file), expected);
    });
  }
});

describe('content types', () => {
  it('by extension, case-insensitively, bytes for anything unknown', () => {
    assert.equal(contentTypeOf('index.html'), 'text/html; charset=utf-8');
    assert.equal(contentTypeOf('assets/App-x1.JS'), 'text/javascript; charset=utf-8');
    assert.equal(contentTypeOf('assets/font.woff2'), 'font/woff2');
    assert.equal(contentTypeOf('assets/blob'), 'application/octet-stream');
  });
});

describe('loading a build directory', () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-console-load-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  it('holds every file under its relative path, with the compressed forms beside it, not as files', () => {
    const dir = join(root, 'built');
    mkdirSync(join(dir, 'assets', 'nested'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<html></html>');
    writeFileSync(join(dir, 'index.html.gz'), 'gz-form');
    writeFileSync(join(dir, 'assets', 'a.js'), 'a');
    writeFileSync(join(dir, 'assets', 'a.js.br'), 'br-form');
    writeFileSync(join(dir, 'assets', 'nested', 'b.css'), 'b');
    const build = loadConsoleBuild(dir)!;
    assert.deepEqual([...build.files.keys()].sort(), ['assets/a.js', 'assets/nested/b.css', 'index.html']);
    assert.equal(build.index.identity.toString(), '<html></html>');
    assert.equal(build.index.gzip?.toString(), 'gz-form');
    assert.equal(build.index.br, undefined);
    assert.equal(build.files.get('assets/a.js')?.br?.toString(), 'br-form');
    assert.equal(build.bytes, 13 + 7 + 1 + 7 + 1);
  });

  it('is no build when there is no index.html, or no directory', () => {
    const dir = join(root, 'empty');
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'assets', 'a.js'), 'a');
    assert.equal(loadConsoleBuild(dir), undefined);
    assert.equal(loadConsoleBuild(join(root, 'missing')), undefined);
  });
});
