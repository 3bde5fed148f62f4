import { describe, expect, it } from 'vitest';
import { ActivationError, activateLicense } from './activateLicense';

/** A fetch that records the request and answers as the server would. */
function answering(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

describe('licence activation', () => {
  it('posts the trimmed key with the admin token', async () => {
    const { calls, fetchImpl } = answering(200, {
      success: true,
      message: 'licence lic-1 for ACME is active',
      customer: 'ACME',
      plugins: ['sla'],
    });
    const result = await activateLicense('tok', '  abc.def  ', fetchImpl);
    expect(result).toEqual({ message: 'licence lic-1 for ACME is active', customer: 'ACME', plugins: ['sla'] });
    expect(calls[0]!.url).toBe('/api/v1/license/activate');
    expect((calls[0]!.init.headers as Record<string, string>)['authorization']).toBe('Bearer tok');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ licenseKey: 'abc.def' });
  });

  it("shows the server's reason for a refused key", async () => {
    const { fetchImpl } = answering(400, { error: 'the licence signature does not verify' });
    await expect(activateLicense('tok', 'bad', fetchImpl)).rejects.toThrow('the licence signature does not verify');
  });

  it('asks for a key before calling the server', async () => {
    const { calls, fetchImpl } = answering(200, {});
    await expect(activateLicense('tok', '   ', fetchImpl)).rejects.toBeInstanceOf(ActivationError);
    expect(calls).toHaveLength(0);
  });
});
