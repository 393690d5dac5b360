// Failures of the hosted model providers. Messages name the provider and what went wrong (status, timeout,
// malformed reply), never prompt text or the provider's own error text, which may echo the prompt.

export class ProviderError extends Error {
  constructor(
    /** One short reason per failed attempt, e.g. "openai: HTTP 500", "anthropic: timed out after 300 ms". */
    readonly reasons: string[],
  ) {
    super(`Model provider call failed (${reasons.join('; ') || 'no provider tried'})`);
    this.name = 'ProviderError';
  }
}

/** A status or error type from a provider's reply, safe to log: short, no free text. */
const SAFE_TYPE = /^[a-z][a-z0-9_]{0,40}$/;

/**
 * One reason for a failed call. `deadline` is the signal that bounds the call: when it fired, the reason is
 * the timeout, whatever the SDK reported on the way out.
 */
export function describeFailure(err: unknown, timeoutMs: number, deadline?: AbortSignal, caller?: AbortSignal): string {
  if (caller?.aborted) return 'aborted';
  if (deadline?.aborted) return `timed out after ${timeoutMs} ms`;
  if (err instanceof ProviderError) return err.reasons.join('; ');
  const e = err as { name?: unknown; status?: unknown; type?: unknown; code?: unknown } | undefined;
  if (e && typeof e === 'object') {
    const name = typeof e.name === 'string' ? e.name : '';
    if (/Timeout/.test(name)) return `timed out after ${timeoutMs} ms`;
    if (/UserAbort/.test(name)) return 'aborted';
    if (typeof e.status === 'number') {
      const type = [e.type, e.code].find((t): t is string => typeof t === 'string' && SAFE_TYPE.test(t));
      return type ? `HTTP ${e.status} ${type}` : `HTTP ${e.status}`;
    }
    if (/Connection/.test(name)) return 'connection failed';
    if (err instanceof SyntaxError) return 'reply was not JSON';
    if (name) return `unexpected ${name}`;
  }
  return 'unexpected failure';
}

/**
 * Settles with `work`, or rejects as soon as `signal` aborts. The SDKs honour the signal between attempts
 * too, but sleep through a provider's Retry-After before noticing; this keeps the bound hard.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  let onAbort: () => void = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([work, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}

/** The signal that bounds one provider call: the caller's (if any) and this call's own time limit. */
export function callSignal(timeoutMs: number, caller?: AbortSignal): { deadline: AbortSignal; signal: AbortSignal } {
  const deadline = AbortSignal.timeout(timeoutMs);
  return { deadline, signal: caller ? AbortSignal.any([caller, deadline]) : deadline };
}
