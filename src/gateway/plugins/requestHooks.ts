/**
 * The gateway's request path as few Envelop plugins as the order of its steps allows. Envelop and
 * Yoga call every plugin's hook of a phase for every request, each with a payload and a turn of
 * their promise helpers; here each phase of the gateway's own parts is one hook, which calls the
 * parts in order. A library's plugin (the response cache, `@defer`) keeps its place: the parts'
 * hooks of a phase it also hooks are split around it, and only those.
 */
import { composeInstrumentation, isPromise, type Plugin, type PromiseOrValue } from 'graphql-yoga';
import {
  type ExecuteHooks,
  type LibraryStep,
  type Nothing,
  type PartHook,
  type RequestPart,
  type RequestStep,
  STOP,
  type Stop,
  type SubscribeHooks,
} from './requestPart.ts';

/** The hooks a part may have, in no particular order (their order is the parts'). */
const PART_HOOKS: readonly PartHook[] = [
  'onYogaInit',
  'onRequest',
  'onRequestParse',
  'onParams',
  'onParse',
  'onValidate',
  'onExecute',
  'onSubscribe',
  'onResultProcess',
  'onResponse',
  'instrumentation',
];

/** A composed plugin: its hooks, and the names of the parts they call. */
export type ComposedPlugin = Plugin & { readonly parts: readonly string[] };

function isLibrary(step: RequestStep): step is LibraryStep {
  return 'library' in step;
}

/** The phases a library's plugin hooks, those of the plugins it adds included. */
function libraryHooks(step: LibraryStep): ReadonlySet<PartHook> {
  const plugin = step.library as Partial<Record<PartHook | 'onPluginInit', unknown>>;
  if (plugin.onPluginInit && !step.adds) return new Set(PART_HOOKS);
  return new Set([...PART_HOOKS.filter((hook) => plugin[hook]), ...(step.adds ?? [])]);
}

/** Calls `hooks` in order, each after the promise of the one before; ends at `STOP`. */
function runFrom<P>(
  hooks: readonly ((payload: P) => unknown)[],
  payload: P,
  from: number,
): PromiseOrValue<undefined | Stop> {
  for (let i = from; i < hooks.length; i++) {
    const out = (hooks[i] as (payload: P) => unknown)(payload);
    if (out === STOP) return STOP;
    if (isPromise(out)) {
      return out.then((value) => (value === STOP ? STOP : runFrom(hooks, payload, i + 1)));
    }
  }
}

/** One hook that calls `hooks` in order (undefined to Yoga, whatever a part returned). */
function sequence<P>(hooks: readonly ((payload: P) => unknown)[]) {
  return (payload: P): PromiseOrValue<void> => {
    const out = runFrom(hooks, payload, 0);
    if (isPromise(out)) return out.then(() => undefined);
  };
}

/** `list` with `value` added when there is one (a list made for the first). */
function gathered<T>(list: T[] | undefined, value: T | Nothing): T[] | undefined {
  if (!value) return list;
  if (!list) return [value];
  list.push(value);
  return list;
}

/** The hooks a part hands on for the parts of a stream. */
interface Stream<P> {
  onNext?: (payload: P) => PromiseOrValue<void>;
  onEnd?: () => void;
}

/** What the hooks handed on by several parts become: one of them, or one that calls each. */
function streamHooks<P>(handed: readonly Stream<P>[]): Stream<P> | undefined {
  if (handed.length <= 1) return handed[0];
  const onNext = handed.flatMap((h) => (h.onNext ? [h.onNext] : []));
  const onEnd = handed.flatMap((h) => (h.onEnd ? [h.onEnd] : []));
  return {
    ...(onNext.length ? { onNext: sequence(onNext) } : {}),
    ...(onEnd.length
      ? {
          onEnd: () => {
            for (const end of onEnd) end();
          },
        }
      : {}),
  };
}

type DonePayload = Parameters<NonNullable<ExecuteHooks['onExecuteDone']>>[0];
type StreamHooks = Exclude<Awaited<ReturnType<NonNullable<ExecuteHooks['onExecuteDone']>>>, void>;

/** Calls the parts' `onExecuteDone` in order; what they hand on for a stream, as one. */
function executeDone(
  handed: readonly ExecuteHooks[],
  payload: DonePayload,
  from: number,
  streams: StreamHooks[] | undefined,
): PromiseOrValue<StreamHooks | undefined> {
  for (let i = from; i < handed.length; i++) {
    const out = handed[i]?.onExecuteDone?.(payload);
    if (isPromise(out)) {
      return out.then((value) =>
        executeDone(handed, payload, i + 1, gathered<StreamHooks>(streams, value)),
      );
    }
    streams = gathered<StreamHooks>(streams, out);
  }
  return streams && streamHooks(streams);
}

/** The hooks handed on by the parts of one operation, as one. */
function executeHooks(handed: ExecuteHooks[] | undefined): ExecuteHooks | undefined {
  if (!handed || handed.length <= 1) return handed?.[0];
  return { onExecuteDone: (payload) => executeDone(handed, payload, 0, undefined) };
}

/** The hooks handed on by the parts that subscribed, as one. */
function subscribeHooks(handed: SubscribeHooks[] | undefined): SubscribeHooks | undefined {
  if (!handed || handed.length <= 1) return handed?.[0];
  return {
    onSubscribeResult: (payload) =>
      streamHooks(handed.flatMap((h) => h.onSubscribeResult(payload) ?? [])),
  };
}

/**
 * Calls `hooks` (each an `onExecute` or `onSubscribe`) in order, gathering what they hand on,
 * until one stops the operation.
 */
function gather<P, H>(
  hooks: readonly ((payload: P) => PromiseOrValue<H | Stop | Nothing>)[],
  payload: P,
  from: number,
  handed: H[] | undefined,
  merge: (handed: H[] | undefined) => H | undefined,
): PromiseOrValue<H | undefined> {
  for (let i = from; i < hooks.length; i++) {
    const out = (hooks[i] as (payload: P) => PromiseOrValue<H | Stop | Nothing>)(payload);
    if (isPromise(out)) {
      return out.then((value) => {
        if (value === STOP) return merge(handed);
        return gather(hooks, payload, i + 1, gathered(handed, value), merge);
      });
    }
    if (out === STOP) return merge(handed);
    handed = gathered(handed, out);
  }
  return merge(handed);
}

/** The hooks of `parts` that have `hook`, bound to their part, in order. */
function hooksOf<K extends PartHook>(parts: readonly RequestPart[], hook: K) {
  return parts.flatMap((part) => {
    const fn = part[hook];
    return typeof fn === 'function' ? [fn.bind(part) as NonNullable<RequestPart[K]>] : [];
  });
}

/** One plugin whose hook of each phase calls the hooks of that phase of its parts, in order. */
function composed(
  byHook: ReadonlyMap<PartHook, RequestPart[]>,
  parts: readonly RequestPart[],
): ComposedPlugin {
  const plugin: Record<string, unknown> = {};
  for (const [hook, hooking] of byHook) {
    if (hook === 'instrumentation') {
      plugin.instrumentation = composeInstrumentation(
        hooking.flatMap((part) => (part.instrumentation ? [part.instrumentation] : [])),
      );
    } else if (hook === 'onExecute') {
      const hooks = hooksOf(hooking, 'onExecute');
      plugin.onExecute = (payload: never) => gather(hooks, payload, 0, undefined, executeHooks);
    } else if (hook === 'onSubscribe') {
      const hooks = hooksOf(hooking, 'onSubscribe');
      plugin.onSubscribe = (payload: never) => gather(hooks, payload, 0, undefined, subscribeHooks);
    } else {
      plugin[hook] = sequence(hooksOf(hooking, hook) as ((payload: unknown) => unknown)[]);
    }
  }
  const named = parts.filter((part) => [...byHook.values()].some((list) => list.includes(part)));
  return Object.assign(plugin as Plugin, { parts: named.map((part) => part.name) });
}

/**
 * The plugins of the request path `steps`, in order: the parts' hooks of each phase in as few
 * plugins as the libraries' plugins allow. A part's hook of a phase joins the last plugin before
 * the first library after it that hooks the same phase, so every phase sees the parts and the
 * libraries in the order of `steps`; a phase no library between them hooks is one hook.
 */
export function requestPlugins(steps: readonly RequestStep[]): Plugin[] {
  const libraries = steps.filter(isLibrary);
  const hooked = libraries.map(libraryHooks);
  // slots[i]: the parts' hooks that run before libraries[i] (the last slot: after them all).
  const slots = [...libraries, undefined].map(() => new Map<PartHook, RequestPart[]>());
  let before = 0;
  for (const step of steps) {
    if (isLibrary(step)) {
      before += 1;
      continue;
    }
    for (const hook of PART_HOOKS) {
      if (!step[hook]) continue;
      let slot = before;
      while (slot < libraries.length && !hooked[slot]?.has(hook)) slot += 1;
      const byHook = slots[slot] as Map<PartHook, RequestPart[]>;
      byHook.set(hook, [...(byHook.get(hook) ?? []), step]);
    }
  }
  const parts = steps.filter((step): step is RequestPart => !isLibrary(step));
  return slots.flatMap((byHook, i) => {
    const library = libraries[i]?.library;
    return [...(byHook.size ? [composed(byHook, parts)] : []), ...(library ? [library] : [])];
  });
}
