/**
 * POST /api/v1/license/activate `{licenseKey}`: the operator API key or an admin's access token
 * (SPEC.md variant B; required since 4.1.2, so an empty API key setting does not open it: then only
 * an admin token works). 401 without credentials, 403 for a signed-in non-admin.
 */
import type { AuthService } from '../../core/auth/authService.js';
import { can } from '../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import { jsonReply } from '../../platform/gateway/http.js';
import type { MachineAuth } from '../../platform/gateway/machineAuth.js';
import { KiB, type Route } from '../../platform/gateway/routes.js';
import { BodyFields, readBody } from '../../core/protocol/bodyFields.js';
import { badRequest, parseJsonObject } from '../../core/protocol/fields.js';
import type { AuditTrail } from '../audit/auditTrail.js';
import type { LicenseManager } from './licenseManager.js';
import { MAX_LICENSE_TOKEN_LENGTH } from './licenseToken.js';

export interface ActivationDeps {
  readonly license: LicenseManager;
  readonly machineAuth: MachineAuth;
  readonly auth: AuthService;
  readonly audit: AuditTrail;
}

const ACTIVATION_FIELDS = new BodyFields(['licenseKey']);

export function activationRoute(deps: ActivationDeps): Route {
  return {
    method: 'POST',
    path: '/api/v1/license/activate',
    auth: 'none',
    rateLimited: true,
    bodyLimit: 16 * KiB,
    async handle(request) {
      const actor = await whoActivates(request.head.headers, deps);
      const { value: licenseKey, warnings } = readBody(parseJsonObject(request.body), ACTIVATION_FIELDS, (body) => {
        const key = body['licenseKey'];
        if (typeof key !== 'string' || key.trim() === '') throw badRequest('field "licenseKey" is required: the licence token');
        if (key.length > MAX_LICENSE_TOKEN_LENGTH)
          throw badRequest(`field "licenseKey" is longer than ${MAX_LICENSE_TOKEN_LENGTH} characters`);
        return key;
      });
      const license = await deps.license.activate(licenseKey, actor);
      return jsonReply(200, {
        success: true,
        message: `licence ${license.licenseId} for ${license.customer} is active${license.expiresAt === null ? '' : ` until ${new Date(license.expiresAt).toISOString()}`}`,
        customer: license.customer,
        plugins: license.plugins,
        // Its answer had no `warnings` before unknown fields were named: it carries them only when there are some.
        ...(warnings.length > 0 ? { warnings } : {}),
      });
    },
  };
}

async function whoActivates(headers: Readonly<Record<string, string>>, deps: ActivationDeps): Promise<string> {
  const head = { headers } as Parameters<MachineAuth['check']>[0];
  if (!deps.machineAuth.open && deps.machineAuth.check(head).ok) {
    deps.audit.identify(null, 'api-key');
    return 'api-key';
  }
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers['authorization'] ?? '')?.[1];
  if (bearer !== undefined) {
    const result = await deps.auth.authenticate(bearer);
    if (result.ok) {
      deps.audit.identify(result.viewer.userId, result.viewer.username);
      if (!can(result.viewer, 'license:manage'))
        throw new AppError(
          ErrorCode.Forbidden,
          `role ${result.viewer.role} may not activate licences; an admin or the operator API key may`,
        );
      return `user:${result.viewer.username}`;
    }
  }
  throw new AppError(ErrorCode.Unauthenticated, 'send the operator API key (X-API-Key) or an admin access token (Authorization: Bearer)', {
    'www-authenticate': 'Bearer',
  });
}
