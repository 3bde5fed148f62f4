/**
 * Licence activation over the public REST endpoint (POST /api/v1/license/activate, SPEC.md variant
 * B: an admin's access token is accepted); the GraphQL schema has no mutation for it.
 */
export interface Activation {
  readonly message: string;
  readonly customer: string;
  readonly plugins: readonly string[];
}

export class ActivationError extends Error {}

export async function activateLicense(accessToken: string, licenseKey: string, fetchImpl: typeof fetch = fetch): Promise<Activation> {
  const key = licenseKey.trim();
  if (key === '') throw new ActivationError('Paste the licence key you received from the vendor.');
  let response: Response;
  try {
    response = await fetchImpl('/api/v1/license/activate', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ licenseKey: key }),
    });
  } catch {
    throw new ActivationError('The server could not be reached. Check the connection and try again.');
  }
  const body = (await response.json().catch(() => null)) as {
    success?: boolean;
    message?: string;
    customer?: string;
    plugins?: string[];
    error?: string;
  } | null;
  if (response.ok && body?.success)
    return { message: body.message ?? 'The licence is active.', customer: body.customer ?? '', plugins: body.plugins ?? [] };
  if (response.status === 401) throw new ActivationError('Your session has ended: sign in again, then activate.');
  throw new ActivationError(body?.error ?? `The server refused the licence (HTTP ${response.status}).`);
}
