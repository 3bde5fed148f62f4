import { describe, expect, it } from 'vitest';
import { environmentInput, parsePaths, validateEnvironment } from './environmentForm';

describe('environment form', () => {
  it('reads one path per line, trimmed, without slashes at the ends or repeats', () => {
    expect(parsePaths(' eu-west/prod \n\n/us-east/prod/\neu-west/prod')).toEqual(['eu-west/prod', 'us-east/prod']);
  });

  it('needs a name and at least one path', () => {
    expect(Object.keys(validateEnvironment({ name: '', description: '', paths: '\n' })).sort()).toEqual(['name', 'paths']);
  });

  it('refuses a path with a space', () => {
    expect(validateEnvironment({ name: 'prod', description: '', paths: 'eu west/prod' }).paths).toMatch(/no spaces/);
  });

  it('sends no empty description', () => {
    expect(environmentInput({ name: ' prod ', description: ' ', paths: 'eu-west/prod' })).toEqual({
      name: 'prod',
      description: null,
      paths: ['eu-west/prod'],
    });
  });
});
