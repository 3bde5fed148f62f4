import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultBody, parseTemplateText, renderTemplate, type Envelope } from '../../../../src/plugins/webhooks/payloadTemplate.js';

const envelope: Envelope = {
  id: '00000000-0000-4000-8000-000000000001',
  event: 'service.down',
  timestamp: '2026-03-01T12:00:00.000Z',
  data: {
    service: { id: 's1', name: 'payments-db', path: 'eu/prod/payments-db' },
    previousStatus: 'OPERATIONAL',
    status: 'DOWN',
    message: null,
    replicas: 3,
    ok: false,
  },
};

const render = (template: unknown) => {
  const parsed = parseTemplateText(JSON.stringify(template));
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.problem);
  const rendered = renderTemplate(parsed.value, envelope);
  assert.ok(rendered.ok, rendered.ok ? '' : rendered.problem);
  return JSON.parse(rendered.body);
};

describe('webhook payload templates', () => {
  it('a whole-string placeholder keeps the JSON type of its value', () => {
    assert.deepEqual(
      render({ s: '{{data.service}}', n: '{{data.replicas}}', b: '{{data.ok}}', nul: '{{data.message}}', missing: '{{data.nope}}' }),
      {
        s: { id: 's1', name: 'payments-db', path: 'eu/prod/payments-db' },
        n: 3,
        b: false,
        nul: null,
        missing: null,
      },
    );
  });

  it('embedded placeholders become text; null and missing become nothing', () => {
    assert.deepEqual(
      render({
        text: '{{data.service.name}} is {{data.status}} ({{data.replicas}} replicas, ok={{data.ok}}, msg="{{data.message}}", x="{{data.nope}}")',
      }),
      {
        text: 'payments-db is DOWN (3 replicas, ok=false, msg="", x="")',
      },
    );
    assert.deepEqual(render({ svc: 'service: {{data.service}}' }), {
      svc: 'service: {"id":"s1","name":"payments-db","path":"eu/prod/payments-db"}',
    });
  });

  it('spaces inside the braces are allowed; keys, numbers and text without placeholders stay as written', () => {
    assert.deepEqual(render({ '{{event}}': '{{ event }}', n: 1, list: ['a', '{{id}}'], plain: 'no { placeholders } here' }), {
      '{{event}}': 'service.down',
      n: 1,
      list: ['a', envelope.id],
      plain: 'no { placeholders } here',
    });
  });

  it('a top-level string or list template works', () => {
    assert.equal(render('{{data.status}}'), 'DOWN');
    assert.deepEqual(render(['{{event}}', '{{timestamp}}']), ['service.down', '2026-03-01T12:00:00.000Z']);
  });

  it('a "__proto__" key in a template is a plain key, not a prototype', () => {
    const parsed = parseTemplateText('{"__proto__": {"polluted": "{{event}}"}}');
    assert.ok(parsed.ok);
    const rendered = renderTemplate(parsed.value, envelope);
    assert.ok(rendered.ok);
    assert.equal(rendered.body, '{"__proto__":{"polluted":"service.down"}}');
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  });

  it('output over the cap is refused, however it grows', () => {
    const parsed = parseTemplateText(JSON.stringify({ a: Array.from({ length: 100 }, () => '{{data}}') }));
    assert.ok(parsed.ok);
    const rendered = renderTemplate(parsed.value, envelope, 1000);
    assert.deepEqual(rendered, { ok: false, problem: 'customPayloadTemplate: the rendered body is larger than 1000 bytes' });
  });

  it('the default body is the envelope in the order id, event, timestamp, data', () => {
    assert.deepEqual(Object.keys(JSON.parse(defaultBody(envelope))), ['id', 'event', 'timestamp', 'data']);
  });

  const invalid: Array<[string, RegExp]> = [
    ['{not json', /not valid JSON/],
    ['{"a": "{{constructor}}"}', /constructor/],
    ['{"a": "{{data.__proto__.x}}"}', /__proto__/],
    ['{"a": "{{data.service.prototype}}"}', /prototype/],
    ['{"a": "{{process.env}}"}', /must start with id, event, timestamp or data/],
    ['{"a": "{{data[0]}}"}', /segment/],
    ['{"a": "{{data.x + 1}}"}', /segment/],
    ['{"a": "{{}}"}', /empty/],
    [JSON.stringify({ a: 'x'.repeat(17 * 1024) }), /larger than 16384 bytes/],
    ['[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]', /nested deeper/],
  ];
  for (const [template, problem] of invalid) {
    it(`refuses ${template.slice(0, 50)}`, () => {
      const parsed = parseTemplateText(template);
      assert.equal(parsed.ok, false);
      assert.match((parsed as { problem: string }).problem, problem);
    });
  }
});
