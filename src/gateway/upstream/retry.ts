import type { IncomingHttpHeaders } from 'node:http';
import { type Dispatcher, RetryHandler } from 'undici';

/**
 * undici's retry interceptor, restricted to the statuses it retries. undici's `RetryHandler`
 * builds a `RequestRetryError` (with its stack) for every answer of status 300 or more before it
 * asks whether to retry, so every 304 of a revalidated read paid for an error nobody throws. This
 * handler hands an answer of a status it does not retry straight on, as undici does after that
 * error; answers it retries, and every connection failure, go through undici's handler as they
 * came.
 */

/** The members of undici's handler (undici 7) the hand-on uses. */
interface RetryInternals {
  handler: Dispatcher.DispatchHandler;
  controllerProxy: Dispatcher.DispatchController;
  headersSent: boolean;
  error: Error | null;
  retryCount: number;
  checkpointResponseEnd(headers: IncomingHttpHeaders): void;
}

type ResponseStart = NonNullable<Dispatcher.DispatchHandler['onResponseStart']>;

class StatusRetryHandler extends RetryHandler {
  constructor(
    options: ConstructorParameters<typeof RetryHandler>[0],
    handlers: RetryHandler.RetryHandlers,
    private readonly retried: readonly number[],
  ) {
    super(options, handlers);
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
    statusMessage?: string,
  ): void {
    const self = this as unknown as RetryInternals;
    if (
      statusCode < 300 ||
      this.retried.includes(statusCode) ||
      self.headersSent ||
      typeof self.checkpointResponseEnd !== 'function'
    ) {
      // Looked up per call: undici's own handling, whatever its version.
      const own = (RetryHandler.prototype as Dispatcher.DispatchHandler).onResponseStart;
      (own as ResponseStart).call(this, controller, statusCode, headers, statusMessage);
      return;
    }
    // What undici does for a status it does not retry, without the error.
    self.error = null;
    self.retryCount += 1;
    self.headersSent = true;
    self.checkpointResponseEnd(headers);
    self.handler.onResponseStart?.(self.controllerProxy, statusCode, headers, statusMessage);
  }
}

/** undici's `interceptors.retry`, with answers of statuses it does not retry handed straight on. */
export function retryStatuses(
  options: RetryHandler.RetryOptions & { statusCodes: readonly number[] },
): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    const own = (opts as { retryOptions?: RetryHandler.RetryOptions }).retryOptions;
    const retryOptions = { ...options, statusCodes: [...options.statusCodes], ...own };
    return dispatch(
      opts,
      new StatusRetryHandler(
        { ...opts, retryOptions },
        { handler, dispatch },
        retryOptions.statusCodes ?? options.statusCodes,
      ),
    );
  };
}
