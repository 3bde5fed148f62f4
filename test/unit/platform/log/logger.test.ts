import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLogger, createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { requestContextOf, runInRequest } from '../../../../src/platform/requestContext/requestContext.js';

describe('logger', () => {
  it('writes one JSON object per line: level as a word, ISO time, message and fields', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', write: (line) => void lines.push(line) });
    logger.info('listening', { port: 8080 });
    assert.equal(lines.length, 1);
    assert.ok(lines[0]!.endsWith('\n'));
    assert.equal(lines[0]!.trimEnd().includes('\n'), false);
    const record = JSON.parse(lines[0]!);
    assert.equal(record.level, 'info');
    assert.match(record.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal(record.msg, 'listening');
    assert.equal(record.port, 8080);
  });

  it('drops lines below its level', () => {
    const logger = createMemoryLogger('warn');
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    assert.deepEqual(
      logger.records.map((r) => r['msg']),
      ['w', 'e'],
    );
  });

  it('changes the level of the whole tree at run time, children included', () => {
    const logger = createMemoryLogger('info');
    const child = logger.child({ component: 'c' });
    child.debug('before');
    logger.setLevel('debug');
    child.debug('after');
    assert.equal(logger.level, 'debug');
    assert.equal(child.enabled('debug'), true);
    assert.deepEqual(
      logger.records.map((r) => [r['msg'], r['component']]),
      [['after', 'c']],
    );
  });

  it("names the running request's id and trace on every line", async () => {
    const logger = createMemoryLogger();
    const request = requestContextOf({ 'x-request-id': 'req-42' });
    await runInRequest(request, async () => {
      logger.info('first');
      await new Promise((resolve) => setImmediate(resolve));
      logger.child({ component: 'deep' }).warn('after an await');
    });
    logger.info('outside');
    assert.deepEqual(
      logger.records.map((r) => [r['msg'], r['requestId'], r['traceId']]),
      [
        ['first', 'req-42', request.trace.traceId],
        ['after an await', 'req-42', request.trace.traceId],
        ['outside', undefined, undefined],
      ],
    );
  });

  it('writes an error with its type, message and stack', () => {
    const logger = createMemoryLogger();
    logger.error('failed', { error: new TypeError('bad thing') });
    const error = logger.records[0]!['error'] as Record<string, unknown>;
    assert.equal(error['type'], 'TypeError');
    assert.equal(error['message'], 'bad thing');
    assert.match(String(error['stack']), /TypeError: bad thing/);
  });

  it('writes secret-named fields as [REDACTED], at the top and one level down', () => {
    const logger = createMemoryLogger();
    logger.info('call', {
      authorization: 'Bearer abc',
      headers: { 'x-api-key': 'k', Authorization: 'Bearer def', accept: 'json' },
      provider: { name: 'ldap', bindPassword: 'pw', clientSecret: 'cs' },
      clientSecret: 'top',
    });
    const line = logger.lines[0]!;
    for (const secret of ['Bearer abc', '"k"', 'Bearer def', '"pw"', '"cs"', '"top"']) assert.equal(line.includes(secret), false, secret);
    const record = logger.records[0]!;
    assert.deepEqual(record['headers'], { 'x-api-key': '[REDACTED]', Authorization: '[REDACTED]', accept: 'json' });
    assert.deepEqual(record['provider'], { name: 'ldap', bindPassword: '[REDACTED]', clientSecret: '[REDACTED]' });
  });

  it("prints a top-level password (the first admin's, once, on purpose) but redacts one level down", () => {
    const logger = createMemoryLogger();
    logger.warn('created the bootstrap admin', { username: 'admin', password: 'shown-once-on-purpose' });
    logger.info('user', { user: { name: 'x', password: 'never-shown' } });
    assert.equal(logger.records[0]!['password'], 'shown-once-on-purpose');
    assert.deepEqual(logger.records[1]!['user'], { name: 'x', password: '[REDACTED]' });
  });

  it('replaces a registered secret value wherever it appears, in the message, fields and error text', () => {
    const logger = createMemoryLogger();
    const secret = 'operator-key-0123456789';
    logger.child({ component: 'x' }).redact([secret]);
    logger.error(`refused key ${secret}`, { detail: `url=postgres://u:${secret}@h/db`, error: new Error(`auth ${secret} failed`) });
    const line = logger.lines[0]!;
    assert.equal(line.includes(secret), false);
    assert.match(line, /refused key \[REDACTED\]/);
  });

  it('replaces a registered secret that JSON writes escaped', () => {
    const logger = createMemoryLogger();
    const secret = 'quote"and\\backslash';
    logger.redact([secret]);
    logger.info('x', { value: `before ${secret} after` });
    assert.equal(logger.records[0]!['value'], 'before [REDACTED] after');
  });

  it('does not register values too short to replace without mangling lines', () => {
    const logger = createMemoryLogger();
    logger.redact(['abc', '', undefined, null]);
    logger.info('abc is fine');
    assert.equal(logger.records[0]!['msg'], 'abc is fine');
  });
});
