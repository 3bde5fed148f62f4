import { describe, expect, it } from 'vitest';
import { createInputOf, NEW_DEFINITION, updateInputOf, validateDefinition, type DefinitionFields } from './definitionForm';

const valid: DefinitionFields = { ...NEW_DEFINITION, name: 'Payments gold', targetPercent: '99.95' };
const errorsOf = (fields: DefinitionFields) => {
  const result = validateDefinition(fields);
  return 'errors' in result ? result.errors : {};
};

describe('definition form validation', () => {
  it('a complete form becomes the mutation input', () => {
    const result = validateDefinition({ ...valid, timeZone: 'Europe/Berlin', description: ' card payments ' });
    expect('input' in result && result.input).toMatchObject({
      name: 'Payments gold',
      targetPercent: 99.95,
      period: 'MONTH',
      timeZone: 'Europe/Berlin',
      description: 'card payments',
      burnRates: { fast: { threshold: 14.4, longWindowMinutes: 60, shortWindowMinutes: 5 }, slow: { threshold: 6 } },
    });
  });
  it('needs a name of at most 200 characters', () => {
    expect(errorsOf({ ...valid, name: '  ' })['name']).toMatch(/name/);
    expect(errorsOf({ ...valid, name: 'x'.repeat(201) })['name']).toMatch(/200/);
  });
  it('takes a target above 0 and at most 100', () => {
    expect(errorsOf({ ...valid, targetPercent: '0' })['targetPercent']).toMatch(/above 0/);
    expect(errorsOf({ ...valid, targetPercent: '100.1' })['targetPercent']).toMatch(/at most 100/);
    expect(errorsOf({ ...valid, targetPercent: 'abc' })['targetPercent']).toMatch(/percentage/);
    expect(errorsOf({ ...valid, targetPercent: '100' })).toEqual({});
  });
  it('refuses a time zone that is not an IANA name', () => {
    expect(errorsOf({ ...valid, timeZone: 'Mars/Olympus' })['timeZone']).toMatch(/IANA/);
  });
  it('burn windows are whole 5-minute steps, the long one longer than the short one', () => {
    expect(errorsOf({ ...valid, fast: { ...valid.fast, shortWindowMinutes: '7' } })['fast.shortWindowMinutes']).toMatch(/5-minute/);
    expect(errorsOf({ ...valid, slow: { ...valid.slow, longWindowMinutes: '30' } })['slow.longWindowMinutes']).toMatch(/longer/);
  });
  it('the fast threshold must be above the slow one', () => {
    expect(errorsOf({ ...valid, fast: { ...valid.fast, threshold: '5' } })['fast.threshold']).toMatch(/above the slow/);
  });
  it('creating leaves empty optional text out; updating sends it so it clears', () => {
    const result = validateDefinition(valid);
    if (!('input' in result)) throw new Error('expected valid');
    expect(createInputOf(result.input)).not.toHaveProperty('timeZone');
    expect(updateInputOf(result.input)).toHaveProperty('timeZone', '');
  });
});
