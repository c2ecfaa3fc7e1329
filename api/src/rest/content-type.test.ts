import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { isJsonMediaType } from './index.ts';

let server: TTestServer;
let a: TRestCompany;
let operations: { method: string; path: string }[] = [];
beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
  const document = await expectCall(server, 'GET', '/openapi.json', 200);
  operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(
    ([path, methods]) =>
      Object.keys(methods)
        .filter((method) => method !== 'get')
        .map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(async () => {
  await server?.close();
});

function ownPath(path: string): string {
  const id = path.startsWith('/companies')
    ? a.owner.companyId
    : path.startsWith('/boards')
      ? a.boardId
      : path.startsWith('/releases')
        ? a.releaseId
        : a.ideaId;
  return path
    .replace('{id}', String(id))
    .replace('{partId}', String(a.partId))
    .replace('{key}', 'some-key');
}

/** The types a page of another site may send to any address without a CORS preflight. */
const SIMPLE_TYPES = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
];

describe('request bodies are JSON', () => {
  it('answers 415 in the error shape to a body of another type on every route that takes one, and changes nothing', async () => {
    expect(operations.length).toBeGreaterThan(30);
    const before = await server.deps.prisma.idea.count();
    for (const { method, path } of operations) {
      for (const type of SIMPLE_TYPES) {
        const response = await server.call(method, `/api/v1${ownPath(path)}`, {
          token: a.owner.token,
          headers: { 'content-type': type },
          rawBody: JSON.stringify({ title: 'A cross-site idea', boardId: a.boardId }),
        });
        const where = `${method} ${path} ${type}`;
        expect(response.status, where).toBe(415);
        expect(response.body, where).toEqual({
          error: {
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message:
              'Send the request body as JSON, with the header Content-Type: application/json.',
          },
        });
      }
    }
    expect(await server.deps.prisma.idea.count()).toBe(before);
  });

  it('signs nobody in from a text/plain form post (what a cross-site page can send)', async () => {
    const response = await server.call('POST', '/api/v1/login', {
      headers: { 'content-type': 'text/plain' },
      rawBody: JSON.stringify({ email: a.owner.email, password: 'secret-password' }),
    });
    expect(response.status).toBe(415);
    expect(response.body.token).toBeUndefined();
  });

  it('takes JSON with a charset or as a +json type, and requests without a body', async () => {
    for (const type of [
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/vnd.api+json',
    ]) {
      const response = await server.call('POST', `/api/v1/ideas/${a.ideaId}/upvote`, {
        token: a.owner.token,
        headers: { 'content-type': type },
        rawBody: '{}',
      });
      expect(response.status, type).not.toBe(415);
    }
    const bodiless = await server.call('POST', `/api/v1/ideas/${a.ideaId}/upvote`, {
      token: a.owner.token,
    });
    expect(bodiless.status).not.toBe(415);
    expect(isJsonMediaType('application/problem+json')).toBe(true);
    expect(isJsonMediaType('text/json')).toBe(false);
    expect(isJsonMediaType('application/jsonp')).toBe(false);
    expect(isJsonMediaType(undefined)).toBe(false);
  });
});
