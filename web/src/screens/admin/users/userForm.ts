/**
 * The user forms' rules, checked before the call so a person sees every problem at once; they
 * mirror the server's (src/core/people) and the server still decides.
 */
import type { CreateUserInput, Role, UpdateUserInput } from '../../../gql/graphql';

export type { Role };
/** Every role (the generated enum's), in this order. */
export const ROLE_LABEL: Record<Role, string> = { ADMIN: 'Admin', OPERATOR: 'Operator', USER: 'User (read-only)' };
export const ROLES = Object.keys(ROLE_LABEL) as Role[];

export const PASSWORD_MIN = 10;

export interface NewUserValues {
  username: string;
  displayName: string;
  email: string;
  password: string;
  role: Role;
}

export interface UserEditValues {
  displayName: string;
  email: string;
  role: Role;
}

export type FormErrors<T> = Partial<Record<keyof T, string>>;

export function emptyNewUser(): NewUserValues {
  return { username: '', displayName: '', email: '', password: '', role: 'USER' };
}

function emailProblem(email: string): string | undefined {
  const text = email.trim();
  if (text === '') return undefined;
  return /^[^\s@]+@[^\s@]+$/.test(text) ? undefined : 'Enter an e-mail address like name@example.com, or leave it empty.';
}

export function validateNewUser(values: NewUserValues): FormErrors<NewUserValues> {
  const errors: FormErrors<NewUserValues> = {};
  const username = values.username.trim();
  if (username === '') errors.username = 'Enter a username: the name the person signs in with.';
  else if (/[\s@/]/.test(username)) errors.username = 'A username cannot contain spaces, "@" or "/".';
  const email = emailProblem(values.email);
  if (email) errors.email = email;
  if (values.password !== '' && values.password.length < PASSWORD_MIN) {
    errors.password = `Use at least ${PASSWORD_MIN} characters, or leave it empty and send a password reset token.`;
  }
  return errors;
}

export function validateUserEdit(values: UserEditValues): FormErrors<UserEditValues> {
  const email = emailProblem(values.email);
  return email ? { email } : {};
}

/** CreateUserInput: empty optional fields are left out rather than sent as "". */
export function newUserInput(values: NewUserValues): CreateUserInput {
  const input: CreateUserInput = { username: values.username.trim(), role: values.role };
  if (values.displayName.trim() !== '') input.displayName = values.displayName.trim();
  if (values.email.trim() !== '') input.email = values.email.trim();
  if (values.password !== '') input.password = values.password;
  return input;
}

/** UpdateUserInput: only what changed; an emptied field is sent as null (cleared). */
export function userEditInput(before: UserEditValues, after: UserEditValues): UpdateUserInput {
  const input: UpdateUserInput = {};
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  if (text(after.displayName) !== text(before.displayName)) input.displayName = text(after.displayName);
  if (text(after.email) !== text(before.email)) input.email = text(after.email);
  if (after.role !== before.role) input.role = after.role;
  return input;
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}
