/**
 * /app/signin/callback: where an OpenID Connect provider's sign-in comes back (the provider's
 * postLoginRedirectUri). The fragment carries `signInCode` (exchanged once for tokens) or
 * `signInError`; the fragment is cleared at once so the code is not left in the history.
 */
import { useEffect, useRef, useState } from 'react';
import { completeProviderSignIn, SignInError } from '../api/authCalls';
import { useRouter } from '../app/router';
import { useSession } from './SessionContext';

export function ProviderCallback() {
  const { store } = useSession();
  const { navigate } = useRouter();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    window.history.replaceState(null, '', window.location.pathname);
    const code = fragment.get('signInCode');
    const refused = fragment.get('signInError');
    if (!code) {
      setError(refused ?? 'The sign-in did not come back with a code. Start it again from the sign-in page.');
      return;
    }
    completeProviderSignIn(code).then(
      (payload) => {
        store.signedIn(payload);
        navigate('/', { replace: true });
      },
      (caught) => setError(caught instanceof SignInError ? caught.message : 'The sign-in could not be completed.'),
    );
  }, [store, navigate]);

  return (
    <main className="signin" id="main">
      <h1>Signing in</h1>
      {error ? (
        <>
          <div className="notice notice-error" role="alert">
            {error}
          </div>
          <button type="button" className="button" onClick={() => navigate('/', { replace: true })}>
            Back to sign-in
          </button>
        </>
      ) : (
        <p role="status">Completing the sign-in…</p>
      )}
    </main>
  );
}
