/**
 * The steps of talking to a provider, in order, and the error that names the one that failed:
 * `testAuthProvider` reports them, and sign-in turns a failure into a message a person (or the
 * admin reading the log) can act on. Messages never carry a secret.
 */
export const PROVIDER_STEPS = ['CONNECTION', 'TLS', 'BIND', 'SEARCH', 'DISCOVERY'] as const;
export type ProviderStep = (typeof PROVIDER_STEPS)[number];

export class ProviderStepError extends Error {
  constructor(
    readonly step: ProviderStep,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderStepError';
  }
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

function codeOf(error: unknown): string {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return String(e?.code ?? e?.cause?.code ?? '');
}

export function messageOf(error: unknown): string {
  const e = error as { message?: unknown; cause?: { message?: unknown } } | null;
  const own = String(e?.message ?? error);
  const cause = e?.cause?.message;
  return cause !== undefined && !own.includes(String(cause)) ? `${own} (${String(cause)})` : own;
}

export function isConnectionFailure(error: unknown): boolean {
  const message = messageOf(error);
  return (
    CONNECTION_CODES.has(codeOf(error)) ||
    /Connection timeout|Socket error|Connection closed before|socket hang up|fetch failed|timed out|aborted due to timeout|TimeoutError/i.test(
      message,
    ) ||
    (error as { name?: string } | null)?.name === 'TimeoutError'
  );
}

export function isTlsFailure(error: unknown): boolean {
  const code = codeOf(error);
  return /CERT|TLS|SSL|EPROTO|SELF_SIGNED|UNABLE_TO_VERIFY|DEPTH_ZERO|ALTNAME/.test(code) || /certificate|TLS|SSL/i.test(messageOf(error));
}

/** Runs one step; a connection or TLS failure inside it is named for what it is. */
export async function inStep<T>(step: ProviderStep, describe: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderStepError) throw error;
    const failed: ProviderStep =
      isTlsFailure(error) && !isConnectionFailure(error) ? 'TLS' : isConnectionFailure(error) ? 'CONNECTION' : step;
    throw new ProviderStepError(failed, `${failed === step ? describe : STEP_TEXT[failed]} failed: ${messageOf(error)}`);
  }
}

const STEP_TEXT: Record<ProviderStep, string> = {
  CONNECTION: 'connecting to the provider',
  TLS: 'the TLS handshake',
  BIND: 'the bind',
  SEARCH: 'the search',
  DISCOVERY: 'reading the OpenID Connect discovery document',
};
