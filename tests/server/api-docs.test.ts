import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import type { OpenApiDocument, OpenApiOperation } from '../../src/server/modules/api-docs/openapi-document';
import { callNames, contract, contractAreas, pathParamNames, type CallSpec } from '../../src/shared/contract';
import { DEMO_PASSWORD } from './support/demo-server';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { get, postForm } from './support/http';
import { createTestDatabase } from './support/test-database';

let database: DatabaseHandle;
let app: FastifyInstance;
let document: OpenApiDocument;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { leads: 5 });
  app = await buildServer({ database, webRoot: '/nonexistent-web-root' });
  const answer = await get(app, '/api/openapi.json');
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toContain('application/json');
  document = answer.json<OpenApiDocument>();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const operationOf = (call: CallSpec): OpenApiOperation | undefined =>
  document.paths[call.path]?.[call.method.toLowerCase()];

const MEDIA_TYPES = {
  form: 'application/x-www-form-urlencoded',
  json: 'application/json',
  multipart: 'multipart/form-data',
} as const;

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('holds schemas that are valid JSON Schema 2020-12, the dialect OpenAPI 3.1 uses', () => {
    // The OpenAPI validator checks the document's structure; each schema in it is checked here.
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    ajv.addSchema(document.components.schemas.ErrorAnswer ?? {}, '#/components/schemas/ErrorAnswer');
    const schemas: [string, unknown][] = [];
    for (const [path, byMethod] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(byMethod)) {
        const where = `${method} ${path}`;
        for (const parameter of operation.parameters ?? [])
          schemas.push([`${where} ${String(parameter.name)}`, parameter.schema]);
        for (const [type, media] of Object.entries(operation.requestBody?.content ?? {}))
          schemas.push([`${where} body ${type}`, media.schema]);
        for (const [status, response] of Object.entries(operation.responses))
          for (const [type, media] of Object.entries(response.content ?? {}))
            if (!(media.schema as { $ref?: string }).$ref)
              schemas.push([`${where} ${status} ${type}`, media.schema]);
      }
    }
    expect(schemas.length).toBeGreaterThan(callNames.length * 2);
    for (const [where, schema] of schemas) {
      expect(() => ajv.compile(schema as object), where).not.toThrow();
    }
  });

  it('holds every contract call, and nothing else, with its method, path and encoding', () => {
    const operations = Object.values(document.paths).flatMap((byMethod) => Object.values(byMethod));
    expect(operations.map((operation) => operation.operationId).sort()).toEqual([...callNames].sort());
    for (const name of callNames) {
      const call: CallSpec = contract[name];
      const operation = operationOf(call);
      expect(operation?.operationId, `${name}: ${call.method} ${call.path}`).toBe(name);
      if (!operation) continue;
      // Grouped by its contract file (a new file needs its entry in contractAreas).
      expect(Object.keys(contractAreas), name).toContain(operation.tags[0]);
      const inPath = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      expect(
        inPath.map((parameter) => parameter.name),
        name,
      ).toEqual(pathParamNames(call.path));
      if (call.encoding === 'none') expect(operation.requestBody, name).toBeUndefined();
      else
        expect(Object.keys(operation.requestBody?.content ?? {}), name).toEqual([MEDIA_TYPES[call.encoding]]);
      const answerTypes = Object.keys(operation.responses['200']?.content ?? {});
      if (call.answer === 'binary')
        expect(answerTypes, name).toEqual(call.binary.types ?? ['application/octet-stream']);
      else expect(answerTypes, name).toEqual(['application/json']);
    }
  });

  it('says who may make each call, as data and in words', () => {
    for (const name of callNames) {
      const call: CallSpec = contract[name];
      const operation = operationOf(call);
      expect(operation?.['x-crm-access'].kind, name).toBe(call.access.kind);
      expect(operation?.description, name).toContain('Who may call it:');
      expect(operation?.security, name).toEqual(call.auth ? [{ bearerToken: [] }] : []);
      if (call.access.kind === 'departments') {
        expect(operation?.['x-crm-access'].departments, name).toEqual(call.access.departments);
        expect(operation?.description, name).toContain(call.access.refusal);
      }
      expect(operation?.['x-crm-lead-input'], name).toBe(call.leadInput);
    }
    const depositOk = operationOf(contract.transactionDepositOk);
    expect(depositOk?.description).toContain('finance (Finans)');
  });

  it('describes the answers the server really gives', async () => {
    // The login form's fields and its answer, as the document states them.
    const login = operationOf(contract.login);
    const form = login?.requestBody?.content?.['application/x-www-form-urlencoded']?.schema as {
      required: string[];
    };
    expect(form.required).toEqual(['email', 'password']);
    const answer = await postForm(app, '/api/auth/login', {
      email: 'admin@demo.crm',
      password: DEMO_PASSWORD,
    });
    const schema = login?.responses['200']?.content?.['application/json']?.schema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    for (const key of schema.required) expect(answer.json()).toHaveProperty(key);
    for (const key of Object.keys(answer.json<Record<string, unknown>>()))
      expect(schema.properties).toHaveProperty(key);
  });
});

describe('GET /api/docs', () => {
  it('serves a readable page of the document from this server alone', async () => {
    const page = await get(app, '/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('data-spec="/api/openapi.json"');
    // Nothing from another host: every script, style and icon is one of this server's paths.
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources.length).toBeGreaterThanOrEqual(4);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/'), source).toBe(true);
      const asset = await get(app, source);
      expect(asset.statusCode, source).toBe(200);
      expect(asset.body.length, source).toBeGreaterThan(100);
    }
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
  });

  it('keeps the data policy on every other API answer', async () => {
    const answer = await get(app, '/api/openapi.json');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
