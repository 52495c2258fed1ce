import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from './db.ts';
import { unauthorized } from './errors.ts';

/** The authenticated user behind a bearer token. */
export interface Caller {
  id: string;
  displayName: string;
  email: string;
  photoURL: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

/** Tokens are stored only as their SHA-256 hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Resolves the caller from `Authorization: Bearer <token>`; 401 when missing or unknown. */
export function authenticate(db: Db, request: FastifyRequest): Caller {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) throw unauthorized('missing bearer token');
  const row = db
    .prepare(
      `SELECT u.id, u.display_name AS displayName, u.email, u.photo_url AS photoURL
       FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?`,
    )
    .get(hashToken(match[1])) as Caller | undefined;
  if (!row) throw unauthorized('unknown bearer token');
  return row;
}
