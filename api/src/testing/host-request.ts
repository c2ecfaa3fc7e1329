import { request } from 'node:http';
import type { TTestServer } from './test-server.ts';

/** A GET to the test server with its own Host header (fetch may not set one). */
export function getOnHost(
  server: Pick<TTestServer, 'url'>,
  host: string,
  path: string,
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
