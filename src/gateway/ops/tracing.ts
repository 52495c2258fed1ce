import { createRequire } from 'node:module';
import type * as Api from '@opentelemetry/api';
import type { Context, Span, TracerProvider } from '@opentelemetry/api';
import type * as ContextAsyncHooks from '@opentelemetry/context-async-hooks';
import type * as Core from '@opentelemetry/core';
import type * as InstrumentationUndici from '@opentelemetry/instrumentation-undici';
import type { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import type * as Resources from '@opentelemetry/resources';
import type * as SdkTraceBase from '@opentelemetry/sdk-trace-base';
import type { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { type ExecutionResult, getOperationAST } from 'graphql';
import { requirePackages } from '../../optional.ts';
import type { RequestPart } from '../plugins/requestPart.ts';
import { RequestStates } from '../requestState.ts';
import { routeTemplate } from '../upstream/routes.ts';

// OpenTelemetry (about 200 modules) is loaded when tracing is used, not when this module is: a
// process without a tracer provider never loads it. Its packages are CommonJS, so `require` loads
// them synchronously, as `createGateway` needs.
const require = createRequire(import.meta.url);
const api = () => require('@opentelemetry/api') as typeof Api;

/** OpenTelemetry's packages: optional peer dependencies, installed by those who export traces. */
export const TRACING_PACKAGES = [
  '@opentelemetry/api',
  '@opentelemetry/context-async-hooks',
  '@opentelemetry/core',
  '@opentelemetry/exporter-trace-otlp-http',
  '@opentelemetry/instrumentation-undici',
  '@opentelemetry/resources',
  '@opentelemetry/sdk-trace-base',
] as const;

type MaybePromise<T> = T | Promise<T>;

function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as Promise<T> | undefined)?.then === 'function';
}

/** Runs `wrapped` inside a child span of the active one named `name`, ending it after. */
function inSpan<T>(
  provider: TracerProvider,
  name: string,
  wrapped: () => MaybePromise<T>,
  kind: Api.SpanKind = api().SpanKind.INTERNAL,
  onSpan?: (span: Span, ctx: Context) => void,
  holdUntil?: () => Promise<void> | undefined,
): MaybePromise<T> {
  const { context, SpanStatusCode, trace } = api();
  const tracer = provider.getTracer('docs-graph');
  const span = tracer.startSpan(name, { kind });
  const ctx = trace.setSpan(context.active(), span);
  onSpan?.(span, ctx);
  const fail = (error: unknown) => {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    span.end();
    throw error;
  };
  try {
    const result = context.with(ctx, wrapped);
    // A span whose work goes on after `wrapped` (an incremental answer) ends with that work.
    const end = () => {
      const held = holdUntil?.();
      if (held) void held.then(() => span.end());
      else span.end();
    };
    if (isPromise(result)) {
      return result.then((value) => {
        end();
        return value;
      }, fail);
    }
    end();
    return result;
  } catch (error) {
    return fail(error);
  }
}

let undici: UndiciInstrumentation | undefined;

/** One part of an incremental answer: the initial payload or a later one. */
interface IncrementalPart {
  hasNext?: boolean;
  errors?: ReadonlyArray<{ message: string }>;
  incremental?: ReadonlyArray<{ errors?: ReadonlyArray<{ message: string }> }>;
}

/** The `/v1` prefix of a request path (as the client's base URL puts it), and its route template. */
function routeOf(requestPath: string): { prefix: string; template: string } {
  const prefix = /^.*?\/v1(?=\/|\?|$)/.exec(requestPath)?.[0] ?? '';
  return { prefix, template: routeTemplate(requestPath.slice(prefix.length)) };
}

/**
 * Turns on OpenTelemetry's undici instrumentation (diagnostics channels): every upstream call made
 * inside a traced operation gets a client span, named by its route template, and carries the W3C
 * `traceparent` of that span to the upstream. Its URL attributes carry the route template, never
 * the raw path (ids) or query string (filters, page tokens): `url.full` and `url.path` are the
 * template's, `url.query` is empty.
 */
export function enableUpstreamTracing(provider: TracerProvider): void {
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof InstrumentationUndici;
  undici ??= new UndiciInstrumentation({
    requireParentforSpans: true,
    startSpanHook(request) {
      const { prefix, template } = routeOf(request.path);
      return {
        'url.full': `${request.origin}${prefix}${template}`,
        'url.path': `${prefix}${template}`,
        'url.query': '',
        'url.template': template,
      };
    },
    requestHook(span, request) {
      span.updateName(`${request.method} ${routeOf(request.path).template}`);
    },
  });
  undici.setTracerProvider(provider);
  undici.enable();
}

/** An incremental answer being sent: its parts so far and the end of its last one. */
interface Incremental {
  parts: number;
  /** When the previous part was sent (or execution began). */
  since: number;
  ended: Promise<void>;
  end: () => void;
}

/**
 * Spans of one GraphQL operation (with its name and type) and of its parse, validate and execute.
 * An incremental answer (`@defer`, `@stream`) is still one trace: the operation and execute spans
 * last until its last part, and each part is a `graphql.part` span under the operation, from the
 * part before it to its own (`graphql.part.index`, `graphql.part.has_next`).
 */
export function tracingPart(provider: TracerProvider): RequestPart {
  enableUpstreamTracing(provider);
  const { SpanKind, SpanStatusCode, context, trace } = api();
  const operationSpans = new RequestStates<object, Span>();
  const incremental = new WeakMap<object, Incremental>();
  const held = (ctx: object) => () => incremental.get(ctx)?.ended;
  return {
    name: 'tracing',
    instrumentation: {
      operation: ({ context: ctx }, wrapped) =>
        inSpan(
          provider,
          'graphql.operation',
          wrapped,
          SpanKind.SERVER,
          (span) => {
            operationSpans.set(ctx, span);
          },
          held(ctx),
        ),
      parse: (_payload, wrapped) => inSpan(provider, 'graphql.parse', wrapped),
      validate: (_payload, wrapped) => inSpan(provider, 'graphql.validate', wrapped),
      execute: ({ context: ctx }, wrapped) =>
        inSpan(provider, 'graphql.execute', wrapped, undefined, undefined, held(ctx)),
    },
    onExecute({ args }) {
      const span = operationSpans.take(args.contextValue as object);
      const operation = getOperationAST(args.document, args.operationName);
      if (span && operation) {
        const name = operation.name?.value;
        span.updateName(`${operation.operation}${name ? ` ${name}` : ''}`);
        span.setAttribute('graphql.operation.type', operation.operation);
        if (name) span.setAttribute('graphql.operation.name', name);
      }
      const failed = (errors: ReadonlyArray<{ message: string }> | undefined) => {
        if (span && errors?.length) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: errors[0]?.message ?? '' });
        }
      };
      const ctx = args.contextValue as object;
      const began = Date.now();
      return {
        onExecuteDone({ result }) {
          if (!(Symbol.asyncIterator in result)) {
            failed((result as ExecutionResult).errors);
            return;
          }
          let end = () => {};
          const ended = new Promise<void>((resolve) => {
            end = resolve;
          });
          const state: Incremental = { parts: 0, since: began, ended, end };
          incremental.set(ctx, state);
          const tracer = provider.getTracer('docs-graph');
          return {
            onNext({ result: part }) {
              const payload = part as IncrementalPart;
              const parent = span ? trace.setSpan(context.active(), span) : context.active();
              const partSpan = tracer.startSpan(
                'graphql.part',
                { startTime: state.since, attributes: { 'graphql.part.index': state.parts } },
                parent,
              );
              partSpan.setAttribute('graphql.part.has_next', payload.hasNext !== false);
              const errors = [
                ...(payload.errors ?? []),
                ...(payload.incremental ?? []).flatMap((entry) => entry.errors ?? []),
              ];
              if (errors.length) {
                partSpan.setStatus({ code: SpanStatusCode.ERROR, message: errors[0]?.message });
                failed(errors);
              }
              state.parts += 1;
              state.since = Date.now();
              partSpan.end(state.since);
            },
            onEnd() {
              span?.setAttribute('graphql.parts', state.parts);
              state.end();
            },
          };
        },
      };
    },
  };
}

/**
 * Makes `provider` the process's tracer provider, with async context propagation and the W3C
 * trace-context propagator (which the undici instrumentation injects upstream).
 */
export function registerTracing(provider: TracerProvider): void {
  const { context, propagation, trace } = api();
  const { AsyncLocalStorageContextManager } =
    require('@opentelemetry/context-async-hooks') as typeof ContextAsyncHooks;
  const { W3CTraceContextPropagator } = require('@opentelemetry/core') as typeof Core;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
}

/**
 * Tracing as configured by the standard environment: spans exported over OTLP/HTTP when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` (or `..._TRACES_ENDPOINT`) is set; otherwise nothing at all.
 */
export async function tracingFromEnv(
  env: NodeJS.ProcessEnv,
): Promise<{ provider: BasicTracerProvider; shutdown(): Promise<void> } | undefined> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return;
  requirePackages('tracing (an OTLP endpoint is configured)', TRACING_PACKAGES);
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof Resources;
  const { BasicTracerProvider, BatchSpanProcessor } =
    require('@opentelemetry/sdk-trace-base') as typeof SdkTraceBase;
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? 'docs-graph' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  registerTracing(provider);
  return { provider, shutdown: () => provider.shutdown() };
}
