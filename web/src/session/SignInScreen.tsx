/**
 * Signing in: the local account form, one form per LDAP provider (same fields, its own name), and a
 * button per OpenID Connect provider that sends the browser to the provider (it comes back to
 * /app/signin/callback with a one-time code; see ProviderCallback).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { login, loginWithProvider, signInProviders, SignInError, type SignInProvider } from '../api/authCalls';
import { TextField } from '../ui/fields';
import { useSession } from './SessionContext';

const LOCAL: SignInProvider = { id: 'local', type: 'local', name: 'Username and password', loginMethod: 'password' };

export function SignInScreen() {
  const { store } = useSession();
  const [providers, setProviders] = useState<SignInProvider[]>([LOCAL]);
  const [chosen, setChosen] = useState('local');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ended = store.lastEndReason();

  useEffect(() => {
    signInProviders().then(
      (list) => setProviders(list.length > 0 ? list : [LOCAL]),
      () => setProviders([LOCAL]),
    );
  }, []);

  const passwordProviders = providers.filter((p) => p.loginMethod === 'password');
  const redirectProviders = providers.filter((p) => p.loginMethod === 'redirect' && p.startUrl);
  const provider = passwordProviders.find((p) => p.id === chosen) ?? passwordProviders[0] ?? LOCAL;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const payload =
        provider.type === 'local'
          ? await login(username.trim(), password)
          : await loginWithProvider(provider.id, username.trim(), password);
      store.signedIn(payload);
    } catch (caught) {
      setError(caught instanceof SignInError ? caught.message : 'Sign-in failed; try again.');
      setBusy(false);
    }
  }

  return (
    <main className="signin" id="main">
      <h1>Operations console</h1>
      {ended === 'expired' ? (
        <p className="notice" role="status">
          Your session ended. Sign in again to continue.
        </p>
      ) : null}
      <form onSubmit={submit} aria-label="Sign in" className="signin-form">
        {passwordProviders.length > 1 ? (
          <fieldset className="provider-choice">
            <legend>Sign in with</legend>
            {passwordProviders.map((p) => (
              <label key={p.id}>
                <input type="radio" name="provider" value={p.id} checked={provider.id === p.id} onChange={() => setChosen(p.id)} /> {p.name}
              </label>
            ))}
          </fieldset>
        ) : null}
        <TextField
          label="Username or email"
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoFocus
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error ? (
          <div className="notice notice-error" role="alert">
            {error}
          </div>
        ) : null}
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      {redirectProviders.length > 0 ? (
        <div className="signin-redirects">
          <p>Or continue with</p>
          {redirectProviders.map((p) => (
            <a key={p.id} className="button" href={p.startUrl}>
              {p.name}
            </a>
          ))}
        </div>
      ) : null}
    </main>
  );
}
