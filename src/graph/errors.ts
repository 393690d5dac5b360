/** Neo4j could not be reached (down, restarting, no connection within the timeout). */
export class GraphUnavailableError extends Error {
  constructor(cause: unknown) {
    super('Neo4j is unavailable', { cause });
    this.name = 'GraphUnavailableError';
  }
}

/** A uniqueness constraint refused a write: the caller decides what that means (usually 409). */
export class GraphConstraintError extends Error {
  constructor(cause: unknown) {
    super('A uniqueness constraint refused the write', { cause });
    this.name = 'GraphConstraintError';
  }
}
