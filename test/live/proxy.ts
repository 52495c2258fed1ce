import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A pass-through in front of the embedded `/v1` that can refuse a token, and counts calls. */
export interface RefusingProxy {
  url: string;
  /** Answers every later call made with `token` with `status` (401 revoked, 403 withdrawn). */
  refuse(token: string, status: 401 | 403): void;
  /** Calls received with `token`, refused ones included. */
  calls(token: string): number;
  close(): Promise<void>;
}

const FORWARDED = ['authorization', 'if-none-match', 'content-type', 'accept'];
const RETURNED = ['content-type', 'etag', 'cache-control'];

async function bodyOf(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length > 0 ? Buffer.concat(chunks) : undefined;
}

/** Starts a proxy to `upstream` on a free loopback port. */
export async function startRefusingProxy(upstream: string): Promise<RefusingProxy> {
  const refused = new Map<string, number>();
  const counted = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const token = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    counted.set(token, (counted.get(token) ?? 0) + 1);
    const status = refused.get(token);
    if (status) {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: status, message: 'token refused' } }));
      return;
    }
    void (async () => {
      const headers: Record<string, string> = {};
      for (const name of FORWARDED) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const body = await bodyOf(req);
      const answer = await fetch(`${upstream}${req.url}`, {
        method: req.method ?? 'GET',
        headers,
        ...(body ? { body: new Uint8Array(body) } : {}),
      });
      const out: Record<string, string> = {};
      for (const name of RETURNED) {
        const value = answer.headers.get(name);
        if (value) out[name] = value;
      }
      res.writeHead(answer.status, out);
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => {
      res.writeHead(502);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refuse: (token, status) => refused.set(token, status),
    calls: (token) => counted.get(token) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
