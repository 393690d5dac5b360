/** Neo4j could not be reached (down, restarting, no connection within the timeout) or did not answer in time. */
export class GraphUnavailableError extends Error {
  constructor(
    cause: unknown,
    /** Why, safe to log: a driver error's code, or our own deadline's description (never a server message). */
    readonly reason: string = reasonOf(cause),
  ) {
    super(`Neo4j is unavailable (${reason})`, { cause });
    this.name = 'GraphUnavailableError';
  }
}

/** The failure is Neo4j's being unreachable, which every write waiting on it would meet too. */
export const isUnavailable = (err: unknown): err is GraphUnavailableError => err instanceof GraphUnavailableError;

/** What a failure is called, safe to log: a driver error's code, else its class name ("TypeError"). */
export function reasonOf(cause: unknown): string {
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && /^[\w.]{1,120}$/.test(code)) return code;
  return cause instanceof Error && /^\w{1,60}$/.test(cause.name) ? cause.name : 'no code';
}

/** A uniqueness constraint refused a write: the caller decides what that means (usually 409). */
export class GraphConstraintError extends Error {
  constructor(cause: unknown) {
    super('A uniqueness constraint refused the write', { cause });
    this.name = 'GraphConstraintError';
  }
}
