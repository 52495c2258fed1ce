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
import type { Plugin } from 'graphql-yoga';
import { requirePackages } from '../../optional.ts';
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
    if (isPromise(result)) {
      return result.then((value) => {
        span.end();
        return value;
      }, fail);
    }
    span.end();
    return result;
  } catch (error) {
    return fail(error);
  }
}

let undici: UndiciInstrumentation | undefined;

/**
 * Turns on OpenTelemetry's undici instrumentation (diagnostics channels): every upstream call made
 * inside a traced operation gets a client span, named by its route template, and carries the W3C
 * `traceparent` of that span to the upstream.
 */
export function enableUpstreamTracing(provider: TracerProvider): void {
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof InstrumentationUndici;
  undici ??= new UndiciInstrumentation({
    requireParentforSpans: true,
    requestHook(span, request) {
      const path = request.path.replace(/^.*?\/v1(?=\/|\?|$)/, '');
      const template = routeTemplate(path);
      span.updateName(`${request.method} ${template}`);
      span.setAttribute('url.template', template);
    },
  });
  undici.setTracerProvider(provider);
  undici.enable();
}

/** Spans of one GraphQL operation (with its name and type) and of its parse, validate and execute. */
export function tracingPlugin(provider: TracerProvider): Plugin {
  enableUpstreamTracing(provider);
  const { SpanKind, SpanStatusCode } = api();
  const operationSpans = new WeakMap<object, Span>();
  return {
    instrumentation: {
      operation: ({ context: ctx }, wrapped) =>
        inSpan(provider, 'graphql.operation', wrapped, SpanKind.SERVER, (span) => {
          operationSpans.set(ctx, span);
        }),
      parse: (_payload, wrapped) => inSpan(provider, 'graphql.parse', wrapped),
      validate: (_payload, wrapped) => inSpan(provider, 'graphql.validate', wrapped),
      execute: (_payload, wrapped) => inSpan(provider, 'graphql.execute', wrapped),
    },
    onExecute({ args }) {
      const span = operationSpans.get(args.contextValue as object);
      const operation = getOperationAST(args.document, args.operationName);
      if (span && operation) {
        const name = operation.name?.value;
        span.updateName(`${operation.operation}${name ? ` ${name}` : ''}`);
        span.setAttribute('graphql.operation.type', operation.operation);
        if (name) span.setAttribute('graphql.operation.name', name);
      }
      return {
        onExecuteDone({ result }) {
          const errors = (result as ExecutionResult).errors;
          if (span && errors?.length) {
            span.setStatus({ code: SpanStatusCode.ERROR, message: errors[0]?.message ?? '' });
          }
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
