import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { codedError } from '../errorCatalog.ts';
import type { RequestPart } from '../plugins/requestPart.ts';

/** Headers that mark a GET or a simple POST as sent on purpose (browsers preflight them). */
export const CSRF_HEADERS = ['x-graphql-yoga-csrf', 'x-docs-graph-csrf'] as const;

/** The plugin's own wording, replaced by one that says what to send. */
const PLUGIN_MESSAGE = 'Required CSRF header(s) not present';

/**
 * What the refusal says: a request a browser may send cross-site without asking first (a GET, or
 * a POST with a form or plain-text content type) must carry one of the headers; the usual fix
 * for a newcomer's `curl -d` is the JSON content type, which browsers always preflight.
 */
export const CSRF_REFUSAL = `CSRF prevention refused a request a browser could send cross-site unasked (a GET, or a POST without a JSON content type): send the query as a POST with "content-type: application/json", or add one of the headers ${CSRF_HEADERS.map((h) => `"${h}: 1"`).join(' or ')}`;

/**
 * Yoga's CSRF prevention with a refusal that teaches: JSON POSTs are preflighted by browsers and
 * pass; a GET or a form or plain-text POST must carry one of `CSRF_HEADERS`.
 */
export function csrfPart(): RequestPart {
  const plugin = useCSRFPrevention({ requestHeaders: [...CSRF_HEADERS] });
  return {
    name: 'csrf',
    onRequestParse(payload) {
      try {
        // The plugin's check is synchronous: it throws or passes, and hands on no hook.
        plugin.onRequestParse?.(payload);
      } catch (error) {
        if ((error as Error).message !== PLUGIN_MESSAGE) throw error;
        throw codedError('CSRF_HEADER_REQUIRED', CSRF_REFUSAL, { http: { status: 403 } });
      }
    },
  };
}
