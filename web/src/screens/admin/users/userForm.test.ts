import { describe, expect, it } from 'vitest';
import { emptyNewUser, newUserInput, userEditInput, validateNewUser, validateUserEdit } from './userForm';

describe('new user form', () => {
  it('requires a username', () => {
    expect(validateNewUser(emptyNewUser()).username).toMatch(/Enter a username/);
  });

  it('refuses a username with a space, "@" or "/"', () => {
    for (const username of ['a b', 'a@b', 'a/b']) expect(validateNewUser({ ...emptyNewUser(), username }).username).toBeDefined();
  });

  it('refuses a password shorter than 10 characters but accepts none', () => {
    expect(validateNewUser({ ...emptyNewUser(), username: 'carol', password: 'short' }).password).toMatch(/10 characters/);
    expect(validateNewUser({ ...emptyNewUser(), username: 'carol', password: '' })).toEqual({});
  });

  it('refuses an e-mail without "@"', () => {
    expect(validateNewUser({ ...emptyNewUser(), username: 'carol', email: 'carol.example.com' }).email).toBeDefined();
  });

  it('leaves empty optional fields out of the input', () => {
    expect(newUserInput({ ...emptyNewUser(), username: ' carol ', role: 'OPERATOR' })).toEqual({ username: 'carol', role: 'OPERATOR' });
  });
});

describe('user edit form', () => {
  const before = { displayName: 'Carol', email: 'carol@example.com', role: 'USER' as const };

  it('sends only the fields that changed', () => {
    expect(userEditInput(before, { ...before, role: 'ADMIN' })).toEqual({ role: 'ADMIN' });
  });

  it('clears a field emptied by the person', () => {
    expect(userEditInput(before, { ...before, email: '' })).toEqual({ email: null });
  });

  it('checks the e-mail address', () => {
    expect(validateUserEdit({ ...before, email: 'nope' }).email).toBeDefined();
  });
});
