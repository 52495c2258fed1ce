/**
 * A part of the gateway's request path: the hook bodies one concern (a guard, the request log, a
 * transport) needs, in Envelop's and Yoga's hook shapes. Parts are not plugins: `requestHooks.ts`
 * calls the enabled ones in order from one hook per phase. Every part of a phase is given the
 * same payload, so a part that replaces what the payload holds (the params, the result, the
 * result processor) does it with the helpers below, which the parts after it then see.
 */
import type { GraphQLParams, Plugin, PromiseOrValue } from 'graphql-yoga';

type Hook<K extends keyof Plugin> = NonNullable<Plugin[K]>;

/** The payload Yoga or Envelop gives a hook of phase `K`. */
type PayloadOf<K extends keyof Plugin> = Parameters<
  Extract<Hook<K>, (payload: never) => unknown>
>[0];

/** What a hook body without `return` gives, as Envelop's hooks may. */
// biome-ignore lint/suspicious/noConfusingVoidType: a body that returns nothing returns void.
export type Nothing = void;

/** Returned (or resolved) by a part to end its phase: the parts after it are not called. */
export const STOP = Symbol('stop');
export type Stop = typeof STOP;

/** What a part's `onExecute` may hand on: the hook called with the operation's result. */
export type ExecuteHooks = Exclude<Awaited<ReturnType<Hook<'onExecute'>>>, void>;

type SubscribeResultHook = NonNullable<
  Exclude<Awaited<ReturnType<Hook<'onSubscribe'>>>, void>['onSubscribeResult']
>;

/** What a part's `onSubscribe` may hand on: the hook called with the subscription's result. */
export interface SubscribeHooks {
  onSubscribeResult: SubscribeResultHook;
}

/** The hooks a part may have; each is optional, and a part has only those it needs. */
export interface RequestPart {
  /** What the part is, as the composed plugin lists its parts. */
  readonly name: string;
  onYogaInit?(payload: PayloadOf<'onYogaInit'>): void;
  /** May end the response (`endResponse`), then returns `STOP`. */
  onRequest?(payload: PayloadOf<'onRequest'>): PromiseOrValue<Nothing | Stop>;
  onRequestParse?(payload: PayloadOf<'onRequestParse'>): void;
  onParams?(payload: PayloadOf<'onParams'>): PromiseOrValue<void>;
  onParse?(payload: PayloadOf<'onParse'>): void;
  onValidate?(payload: PayloadOf<'onValidate'>): void;
  /** `STOP` after `stopWith`: the operation is answered without running. */
  onExecute?(payload: PayloadOf<'onExecute'>): PromiseOrValue<ExecuteHooks | Stop | Nothing>;
  onSubscribe?(payload: PayloadOf<'onSubscribe'>): PromiseOrValue<SubscribeHooks | Stop | Nothing>;
  onResultProcess?(payload: PayloadOf<'onResultProcess'>): PromiseOrValue<void>;
  onResponse?(payload: PayloadOf<'onResponse'>): PromiseOrValue<void>;
  instrumentation?: Plugin['instrumentation'];
}

/** The hooks a part may have, by name. */
export type PartHook = Exclude<keyof RequestPart, 'name'>;

/**
 * A library's plugin kept whole in the request path, at its place among the parts. `adds` names
 * the hooks of the plugins it adds when Envelop starts (`onPluginInit`), which its own object
 * does not show; a plugin that adds some without saying which is taken to hook every phase.
 */
export interface LibraryStep {
  readonly library: Plugin;
  readonly adds?: readonly PartHook[];
}

/** One step of the request path: a part of ours or a library's plugin. */
export type RequestStep = RequestPart | LibraryStep;

/** Answers an operation with `result` without running it; the parts after this one are skipped. */
export function stopWith<R>(
  payload: { setResultAndStopExecution(result: R): void },
  result: R,
): Stop {
  payload.setResultAndStopExecution(result);
  return STOP;
}

/** Replaces the result a hook was given, for Yoga or Envelop and for the parts after this one. */
export function replaceResult<R>(
  payload: { result: unknown; setResult(result: R): void },
  result: R,
) {
  payload.setResult(result);
  payload.result = result;
}

/** Replaces the request's params, for Yoga and for the parts after this one. */
export function replaceParams(payload: PayloadOf<'onParams'>, params: GraphQLParams): void {
  payload.setParams(params);
  payload.params = params;
}

type ResultProcessor = NonNullable<PayloadOf<'onResultProcess'>['resultProcessor']>;

/** Answers the result with `processor` (as `mediaType`), which the parts after this one see. */
export function replaceResultProcessor(
  payload: PayloadOf<'onResultProcess'>,
  mediaType: string,
  processor: ResultProcessor,
): void {
  payload.setResultProcessor(processor, mediaType);
  payload.resultProcessor = processor;
}
