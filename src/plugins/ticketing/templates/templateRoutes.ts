/**
 * GET /api/v1/templates/export and POST /api/v1/templates/import (SPEC.md, API key; the body is
 * capped at 1 MiB by the gateway, 413 past it, before the YAML is read). The licence gate is the
 * composer's (503 `{error}` while the ticketing plugin is inactive).
 */
import { errorReply, jsonReply } from '../../../platform/gateway/http.js';
import { MiB, type Route } from '../../../platform/gateway/routes.js';
import { TemplateRefused, type TemplateService } from './templateService.js';

export const EXPORT_PATH = '/api/v1/templates/export';
export const IMPORT_PATH = '/api/v1/templates/import';
/** SPEC.md "Limits": template import body. */
export const TEMPLATE_BODY_LIMIT = 1 * MiB;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function templateRoutes(templates: TemplateService): Route[] {
  return [
    {
      method: 'GET',
      path: EXPORT_PATH,
      auth: 'machine',
      rateLimited: true,
      bodyLimit: 0,
      async handle() {
        return {
          status: 200,
          headers: {
            'content-type': 'application/yaml; charset=utf-8',
            'content-disposition': 'attachment; filename="ticketing-template.yaml"',
          },
          body: templates.export(),
        };
      },
    },
    {
      method: 'POST',
      path: IMPORT_PATH,
      auth: 'machine',
      rateLimited: true,
      bodyLimit: TEMPLATE_BODY_LIMIT,
      async handle({ body }) {
        let text: string;
        try {
          text = utf8.decode(body);
        } catch {
          return errorReply(400, 'the template is not UTF-8 text; send the YAML document as the body (Content-Type: application/yaml)');
        }
        try {
          const result = await templates.import(text, null);
          return jsonReply(200, { success: true, ...result });
        } catch (error) {
          if (error instanceof TemplateRefused) return jsonReply(400, { error: error.message, problems: error.problems });
          throw error;
        }
      },
    },
  ];
}
