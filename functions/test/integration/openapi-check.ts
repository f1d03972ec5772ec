/**
 * Every answer the API tests receive is checked against the OpenAPI document (#36): an answer of a
 * documented route must be one the document describes for that status (its schema, with formats),
 * a failure the one error shape. A document that drifts from what the API sends fails the test
 * that saw the answer.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { routeList } from '@studio/shared/routes';
import { isClientRoute, openApiDocument } from '../../src/openapi/document.ts';

// ajv-formats is CommonJS: its default export arrives as the module object under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };

const document = openApiDocument();
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document as object, 'openapi.json');

/**
 * Every route of the table, as the gateway matches a request to one: the literal paths first
 * (`/api/jobs/assigned-jobs`, a staff route, before the client's `/api/jobs/{id}`).
 */
const routes = routeList
  .map((route) => ({
    route,
    path: `/${route.path}`,
    pattern: new RegExp(`^/${route.path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    params: (route.path.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.params - b.params);

const validators = new Map<string, ValidateFunction>();
/** A validator of the schema at `pointer` in the document. */
function validatorAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi.json#${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Throws when the answer (`status`, JSON `body`) of `method url` is not what the document says.
 * Routes the document leaves out (staff routes) are not checked.
 */
export function checkAgainstDocument(method: string, url: string, status: number, body: unknown): void {
  const pathname = new URL(url, 'http://localhost').pathname;
  const found = routes.find((candidate) => candidate.route.method === method && candidate.pattern.test(pathname));
  if (!found || !isClientRoute(found.route)) return;
  const operation = (document.paths?.[found.path] as Record<string, Operation> | undefined)?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${found.path} is a client route the OpenAPI document leaves out`);
  const where = `${method} ${pathname} answered ${status}`;
  const response = operation.responses[String(status)];
  if (!response) {
    if (status < 400) throw new Error(`${where}, which the OpenAPI document does not list for ${found.path}`);
    // An error status the document does not name for this route: still the one error shape.
    const validate = validatorAt('/components/schemas/Error');
    if (!validate(body)) throw new Error(`${where}: not the error shape: ${ajv.errorsText(validate.errors)}`);
    return;
  }
  if (!response.content) return;
  const pointer = `/paths/${escape(found.path)}/${method.toLowerCase()}/responses/${status}/content/${escape('application/json')}/schema`;
  const validate = validatorAt(pointer);
  if (!validate(body)) {
    throw new Error(`${where}, not as the OpenAPI document says: ${ajv.errorsText(validate.errors)}`);
  }
}
