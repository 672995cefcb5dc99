/**
 * Cancellation helpers of the upload modules: one AbortError shape for a cancelled read, wait
 * or request, so the uploader tells a pause or an abort apart from a failure.
 */

/** The error a cancelled step rejects with. */
export function abortError(): DOMException {
  return new DOMException('The operation was cancelled', 'AbortError');
}

/** True for an AbortError, whoever made it. */
export function isAbortError(error: unknown): boolean {
  return (
    (error instanceof DOMException || error instanceof Error) &&
    (error as { name?: string }).name === 'AbortError'
  );
}

/**
 * Waits `ms`, or rejects with an AbortError as soon as `signal` fires.
 *
 * @example await sleep(500, controller.signal);
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
