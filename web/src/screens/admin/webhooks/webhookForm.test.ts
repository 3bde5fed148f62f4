import { describe, expect, it } from 'vitest';
import {
  createWebhookInput,
  emptyWebhook,
  parseHeaders,
  updateWebhookInput,
  validateWebhook,
  webhookValues,
  type WebhookFields,
} from './webhookForm';

const valid = { ...emptyWebhook(), url: 'https://hooks.example.com/svc', events: ['service.status_changed'] };

const stored: WebhookFields = {
  name: 'ops',
  url: 'https://hooks.example.com/svc',
  method: 'POST',
  events: ['service.status_changed'],
  hasSecret: true,
  headers: [{ name: 'X-Team', hasValue: true }],
  filters: null,
  customPayloadTemplate: null,
  timeoutMs: 10000,
  retryMax: 3,
  retryDelayMs: 10000,
  retryBackoff: 'EXPONENTIAL',
  status: 'ACTIVE',
};

describe('webhook form checks', () => {
  it('accepts a URL and one event', () => {
    expect(validateWebhook(valid)).toEqual({});
  });

  it('requires an http(s) address without credentials or fragment', () => {
    expect(validateWebhook({ ...valid, url: '' }).url).toMatch(/receiver address/);
    expect(validateWebhook({ ...valid, url: 'ftp://x.example' }).url).toMatch(/http/);
    expect(validateWebhook({ ...valid, url: 'https://u:p@x.example' }).url).toMatch(/credentials/);
    expect(validateWebhook({ ...valid, url: 'https://x.example/#a' }).url).toMatch(/fragment/);
    expect(validateWebhook({ ...valid, url: 'not a url' }).url).toMatch(/absolute/);
  });

  it('requires at least one event', () => {
    expect(validateWebhook({ ...valid, events: [] }).events).toBeDefined();
  });

  it('refuses a secret shorter than 16 characters or with spaces', () => {
    expect(validateWebhook({ ...valid, secret: 'short' }).secret).toMatch(/16 to 256/);
    expect(validateWebhook({ ...valid, secret: 'sixteen chars with space' }).secret).toMatch(/without spaces/);
  });

  it('bounds timeout, retries and delay', () => {
    const errors = validateWebhook({ ...valid, timeoutMs: '40000', retryMax: '11', retryDelayMs: '50' });
    expect(Object.keys(errors).sort()).toEqual(['retryDelayMs', 'retryMax', 'timeoutMs']);
  });

  it('requires filters to be a JSON object', () => {
    expect(validateWebhook({ ...valid, filters: '[1]' }).filters).toMatch(/JSON object/);
    expect(validateWebhook({ ...valid, filters: '{"status": "DOWN"}' }).filters).toBeUndefined();
  });
});

describe('webhook headers text', () => {
  it('reads one "Name: value" per line, ignoring blank lines', () => {
    expect(parseHeaders('X-A: 1\n\nX-B:two words ').headers).toEqual([
      { name: 'X-A', value: '1' },
      { name: 'X-B', value: 'two words' },
    ]);
  });

  it('names the line that is not a header', () => {
    expect(parseHeaders('X-A: 1\nno colon here').problem).toMatch(/Line 2/);
  });
});

describe('webhook inputs', () => {
  it('creates with the secret and ACTIVE', () => {
    const input = createWebhookInput({ ...valid, secret: 'a-long-enough-secret' });
    expect(input).toMatchObject({ url: valid.url, events: valid.events, secret: 'a-long-enough-secret', status: 'ACTIVE', method: 'POST' });
  });

  it('updates nothing when nothing changed, and never resends the secret', () => {
    const before = webhookValues(stored);
    expect(updateWebhookInput(before, { ...before })).toEqual({});
  });

  it('sends a changed URL and a new secret only', () => {
    const before = webhookValues(stored);
    expect(updateWebhookInput(before, { ...before, url: 'https://other.example/x', secret: 'another-long-secret' })).toEqual({
      url: 'https://other.example/x',
      secret: 'another-long-secret',
    });
  });

  it('shows stored headers by name only, and a header left as "Name:" is sent without a value so the server keeps it', () => {
    const before = webhookValues(stored);
    expect(before.headers).toBe('X-Team:');
    expect(updateWebhookInput(before, { ...before, headers: 'X-Team:\nX-New: fresh' })).toEqual({
      headers: [{ name: 'X-Team' }, { name: 'X-New', value: 'fresh' }],
    });
    expect(updateWebhookInput(before, { ...before, headers: 'X-Team: replaced' })).toEqual({
      headers: [{ name: 'X-Team', value: 'replaced' }],
    });
    expect(updateWebhookInput(before, { ...before, headers: '' })).toEqual({ headers: [] });
  });

  it('sends null to remove the secret and INACTIVE to pause', () => {
    const before = webhookValues(stored);
    expect(updateWebhookInput(before, { ...before, removeSecret: true, enabled: false })).toEqual({ secret: null, status: 'INACTIVE' });
  });
});
