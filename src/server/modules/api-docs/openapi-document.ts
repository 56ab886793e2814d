import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  contract,
  contractAreas,
  errorAnswer,
  isCallSpec,
  pathParamNames,
  type CallAccess,
  type CallName,
  type CallSpec,
} from '../../../shared/contract';
import { departmentLabels } from '../../../shared/i18n/messages';

/**
 * The API reference as an OpenAPI 3.1 document, built from the contract (src/shared/contract) and nothing
 * else: every call with its method, path, encoding, request and answer schemas and who may make it. The
 * schemas are the contract's zod schemas as JSON Schema 2020-12, OpenAPI 3.1's own dialect. See
 * docs/architecture.md#the-contract and docs/architecture.md#api-reference.
 */

type JsonSchema = Record<string, unknown>;

export interface OpenApiMedia {
  schema: JsonSchema;
  encoding?: Record<string, { contentType: string }>;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  style?: 'deepObject';
  explode?: boolean;
}

export interface OpenApiRequestBody {
  required: boolean;
  description?: string;
  content: Record<string, OpenApiMedia>;
}

export interface OpenApiResponse {
  description: string;
  content?: Record<string, OpenApiMedia>;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: OpenApiParameter[];
  requestBody?: OpenApiRequestBody;
  responses: Record<string, OpenApiResponse>;
  security: Record<string, string[]>[];
  /** Who may make the call, as data (the description says it in words). */
  'x-crm-access': { kind: CallAccess['kind']; departments?: readonly string[]; refusal?: string };
  /** The input naming the lead the call works on: a lead outside the caller's scope answers 404. */
  'x-crm-lead-input'?: string;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    securitySchemes: Record<string, JsonSchema>;
    schemas: Record<string, JsonSchema>;
  };
}

const BEARER = 'bearerToken';

/** A zod schema as an OpenAPI 3.1 schema: the JSON Schema without its `$schema` (the document names it). */
function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // unrepresentable 'any': a zod custom check (the bytes of a binary answer) becomes `{}`, anything.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** Whether a body schema accepts no body at all (`noBody`, `.optional()`). */
function bodyOptional(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}

function describeAccess(access: CallAccess): string {
  switch (access.kind) {
    case 'public':
      return 'Anyone, without a session.';
    case 'signed-in':
      return 'Every signed-in user; the table permissions and row restriction of their group decide per record.';
    case 'departments':
      return `Only the departments ${access.departments
        .map((code) => `${code} (${departmentLabels[code]})`)
        .join(', ')}; every other department gets 403 "${access.refusal}".`;
  }
}

function accessData(access: CallAccess): OpenApiOperation['x-crm-access'] {
  return access.kind === 'departments'
    ? { kind: access.kind, departments: access.departments, refusal: access.refusal }
    : { kind: access.kind };
}

/** Each call's contract file (`transactions` for src/shared/contract/transactions.ts): its group. */
function areaOfCalls(): Map<CallSpec, string> {
  const areas = new Map<CallSpec, string>();
  for (const [area, exports] of Object.entries(contractAreas)) {
    for (const value of Object.values(exports)) {
      if (isCallSpec(value) && !areas.has(value)) areas.set(value, area);
    }
  }
  return areas;
}

/** A call no area lists (a file added without its entry) is grouped by its path's first segment. */
function tagOf(call: CallSpec, areas: Map<CallSpec, string>): string {
  return (
    areas.get(call) ??
    call.path.split('/').find((segment) => segment !== '' && !segment.startsWith('{')) ??
    'api'
  );
}

function parametersOf(call: CallSpec): OpenApiParameter[] {
  const schema = toSchema(call.params, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const inPath = new Set(pathParamNames(call.path));
  const parameters: OpenApiParameter[] = [];
  for (const name of inPath) {
    parameters.push({ name, in: 'path', required: true, schema: properties[name] ?? { type: 'string' } });
  }
  for (const [name, property] of Object.entries(properties)) {
    if (inPath.has(name)) continue;
    parameters.push({
      name,
      in: 'query',
      required: required.has(name),
      schema: property,
      // Objects and lists in the query use the same brackets as form bodies: filters[0][name]=...
      ...(property.type === 'object' || property.type === 'array'
        ? { style: 'deepObject', explode: true }
        : {}),
    });
  }
  return parameters;
}

function requestBodyOf(call: CallSpec): OpenApiRequestBody | undefined {
  if (call.encoding === 'none') return undefined;
  const schema = toSchema(call.body, 'input');
  const required = !bodyOptional(call.body);
  if (call.encoding === 'json') {
    return { required, content: { 'application/json': { schema } } };
  }
  if (call.encoding === 'form') {
    return {
      required,
      description:
        'A form (application/x-www-form-urlencoded) with PHP-style brackets for objects and lists: filters[0][name]=status_id. Numbers and flags travel as text.',
      content: { 'application/x-www-form-urlencoded': { schema } },
    };
  }
  const { files } = call;
  if (!files) return undefined;
  const properties = { ...((schema.properties ?? {}) as Record<string, JsonSchema>) };
  properties[files.field] = {
    type: 'array',
    minItems: 1,
    maxItems: files.maxFiles,
    items: { type: 'string', contentMediaType: files.types.join(', ') },
    description: `Up to ${files.maxFiles} files of at most ${files.maxBytes} bytes each (${files.extensions.join(', ')}); the server checks each file's bytes, not its name, and answers 413 past the size.`,
  };
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { ...schema, type: 'object', properties, required: [files.field] },
        encoding: { [files.field]: { contentType: files.types.join(', ') } },
      },
    },
  };
}

function successAnswerOf(call: CallSpec): OpenApiResponse {
  if (call.answer !== 'binary') {
    return {
      description: 'The answer.',
      content: { 'application/json': { schema: toSchema(call.result, 'output') } },
    };
  }
  const types = call.binary.types ?? ['application/octet-stream'];
  return {
    description: `The file's bytes (Content-Disposition: ${call.binary.disposition}).`,
    content: Object.fromEntries(
      types.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
    ),
  };
}

const ERROR_ANSWER = { $ref: '#/components/schemas/ErrorAnswer' };

function errorAnswers(call: CallSpec): Record<string, OpenApiResponse> {
  const error = (description: string): OpenApiResponse => ({
    description,
    content: { 'application/json': { schema: ERROR_ANSWER } },
  });
  const answers: Record<string, OpenApiResponse> = {
    '400': error('The input does not fit the call (the Turkish reason is in msg).'),
  };
  if (call.auth) answers['401'] = error('No valid session.');
  if (call.access.kind !== 'public')
    answers['403'] = error('The department or the table permissions refuse it.');
  answers['404'] = error("No such record, or one outside the caller's scope (the same answer for both).");
  if (call.encoding === 'multipart') answers['413'] = error('A file over the size limit.');
  return answers;
}

function operationOf(name: CallName, call: CallSpec, tag: string): OpenApiOperation {
  const notes = [
    `Who may call it: ${describeAccess(call.access)}`,
    call.leadInput
      ? `The input \`${call.leadInput}\` names a lead: a lead outside the caller's row restriction answers exactly as a missing one (404).`
      : '',
    call.timeoutMs ? `May run long: clients wait at least ${call.timeoutMs} ms.` : '',
  ].filter((line) => line !== '');
  const parameters = parametersOf(call);
  const requestBody = requestBodyOf(call);
  return {
    operationId: name,
    summary: name,
    description: notes.join('\n\n'),
    tags: [tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { '200': successAnswerOf(call), ...errorAnswers(call) },
    security: call.auth ? [{ [BEARER]: [] }] : [],
    'x-crm-access': accessData(call.access),
    ...(call.leadInput ? { 'x-crm-lead-input': call.leadInput } : {}),
  };
}

const DESCRIPTION = [
  'The API of the Aracı Kurum CRM server, generated from its contract (src/shared/contract): the same',
  'definitions the server registers its routes from and the clients send with.',
  '',
  'Sign in with POST /auth/login (a form with email and password); send the token it answers as',
  '`Authorization: Bearer <token>` on every other call. Every failing call answers',
  '`{ "success": false, "msg": "<Turkish text>" }`. Form bodies use PHP-style brackets',
  '(`filters[0][name]=status_id`). Dates are `YYYY-MM-DD HH:mm:ss`, money is decimal text.',
].join('\n');

/** The OpenAPI 3.1 document of every contract call. `apiPrefix` is where the server mounts the API. */
export function buildOpenApiDocument(apiPrefix: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const areas = areaOfCalls();
  for (const [name, call] of Object.entries(contract) as [CallName, CallSpec][]) {
    const operations = paths[call.path] ?? {};
    operations[call.method.toLowerCase()] = operationOf(name, call, tagOf(call, areas));
    paths[call.path] = operations;
  }
  const tags = [
    ...new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags))),
  ]
    .sort()
    .map((tag) => ({ name: tag, description: `src/shared/contract/${tag}.ts` }));
  // The version names this exact API: it changes whenever a call, a path or a schema does.
  const version = createHash('sha256').update(JSON.stringify(paths)).digest('hex').slice(0, 12);
  return {
    openapi: '3.1.0',
    info: { title: 'Aracı Kurum CRM API', version, description: DESCRIPTION },
    servers: [{ url: apiPrefix, description: 'This server' }],
    tags,
    paths,
    components: {
      securitySchemes: {
        [BEARER]: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token POST /auth/login answers.',
        },
      },
      schemas: { ErrorAnswer: toSchema(errorAnswer, 'output') },
    },
  };
}
