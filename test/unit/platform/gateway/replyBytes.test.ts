/**
 * A reply whose body is bytes (the console's files, held in memory) reaches uWS as those bytes:
 * the Exchange hands the buffer to `end` unchanged, with the reply's headers, after the shared block.
 * The uWS response is a recording stand-in (uWS is not ours); the Exchange is the real one.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Exchange, type NativeResponse } from '../../../../src/platform/gateway/exchange.js';
import { HeaderBlock } from '../../../../src/platform/gateway/headerBlock.js';
import type { HttpApplication, RequestHead } from '../../../../src/platform/gateway/http.js';
import { DEFAULT_LINGERING_CLOSE } from '../../../../src/platform/gateway/lingeringClose.js';
import { requestContextOf } from '../../../../src/platform/requestContext/requestContext.js';

function recordingResponse() {
  const calls: Array<[string, ...unknown[]]> = [];
  const res: NativeResponse = {
    onAborted: () => undefined,
    onData: () => undefined,
    pause: () => undefined,
    resume: () => undefined,
    cork: (callback) => callback(),
    writeStatus: (status) => calls.push(['status', status]),
    writeHeader: (name, value) => calls.push(['header', name, value]),
    write: (chunk) => (calls.push(['write', chunk]), true),
    end: (body, close) => calls.push(['end', body, close]),
    tryEnd: () => [true, true],
    getWriteOffset: () => 0,
    onWritable: () => undefined,
    close: () => calls.push(['close']),
  };
  return { res, calls };
}

const head: RequestHead = { method: 'GET', path: '/app/assets/a.js', query: '', headers: {}, peerAddress: '127.0.0.1' };
const application: HttpApplication = {
  onRequest: () => assert.fail('not asked'),
  headersFor: () => new HeaderBlock({ 'x-content-type-options': 'nosniff' }),
  onUnexpectedError: () => assert.fail('no error expected'),
  refusal: () => assert.fail('no refusal expected'),
};

describe('a reply with a bytes body', () => {
  it('is ended with the same bytes, after the status, the request id and the headers', () => {
    const { res, calls } = recordingResponse();
    let finished = 0;
    const exchange = new Exchange(
      res,
      head,
      { application, lingering: DEFAULT_LINGERING_CLOSE, finished: () => void finished++ },
      requestContextOf({ 'x-request-id': 'req-1' }),
    );
    const bytes = Buffer.from([0x1f, 0x8b, 0x00, 0xff, 0x0a]);
    exchange.answer({ status: 200, headers: { 'content-encoding': 'gzip' }, body: bytes });
    assert.deepEqual(calls.slice(0, 4), [
      ['status', '200 OK'],
      ['header', 'x-request-id', 'req-1'],
      ['header', 'x-content-type-options', 'nosniff'],
      ['header', 'content-encoding', 'gzip'],
    ]);
    const end = calls[4]!;
    assert.equal(end[0], 'end');
    assert.equal(end[1], bytes, 'the buffer itself, not a string made of it');
    assert.equal(finished, 1);
  });
});
