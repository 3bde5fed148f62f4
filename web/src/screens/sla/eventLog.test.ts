import { describe, expect, it } from 'vitest';
import { EVENT_KINDS, eventAuthor, eventKindLabel, eventLogFilterFromParams, readableData } from './eventLog';

describe('SLA event log filters from the URL', () => {
  it('without parameters filters nothing', () => {
    expect(eventLogFilterFromParams(new URLSearchParams(''))).toEqual({});
  });
  it('reads comma-separated kinds in any case and drops unknown ones', () => {
    expect(eventLogFilterFromParams(new URLSearchParams('kind=alert_raised,NOPE, DEFINITION_CREATED'))).toEqual({
      kinds: ['ALERT_RAISED', 'DEFINITION_CREATED'],
    });
  });
  it('narrows to one definition, service or group', () => {
    expect(eventLogFilterFromParams(new URLSearchParams('definition=d1&service=s1&group=vault'))).toEqual({
      definitionId: 'd1',
      serviceId: 's1',
      slaGroup: 'vault',
    });
  });
  it('ignores empty subjects', () => {
    expect(eventLogFilterFromParams(new URLSearchParams('definition=&group=%20'))).toEqual({});
  });
});

describe('how an entry reads', () => {
  it('every kind has a label of its own', () => {
    const labels = EVENT_KINDS.map(eventKindLabel);
    expect(new Set(labels).size).toBe(EVENT_KINDS.length);
    for (const [i, kind] of EVENT_KINDS.entries()) expect(labels[i]).not.toBe(kind);
  });
  it.each([
    [{ actor: { username: 'ops-anna' }, origin: 'api' }, 'ops-anna'],
    [{ actor: null, origin: 'timer' }, 'the server (on time)'],
    [{ actor: null, origin: 'worker' }, 'the server (evaluation)'],
    [{ actor: null, origin: 'agent' }, 'an agent'],
    [{ actor: null, origin: 'something-new' }, 'something-new'],
  ])('%o is by %s', (entry, author) => {
    expect(eventAuthor(entry)).toBe(author);
  });
  it('data is indented when it is JSON and shown as it came otherwise', () => {
    expect(readableData('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(readableData('not json')).toBe('not json');
  });
});
