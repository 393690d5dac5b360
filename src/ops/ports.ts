// A port in use is said at once, naming the setting that moves it: Node's and Neo4j's own errors come late (after
// the embedded Neo4j started, or after its 100 s of retries) and name neither the port's purpose nor the setting.
import net from 'node:net';

/** Null when the port can be bound on host now, else the reason (EADDRINUSE, EACCES, …). */
export function portBusy(port: number, host: string): Promise<string | null> {
  if (port === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

/** Throws a sentence naming the port, what wanted it and the variable that moves it (and any other way out). */
export async function requireFreePort(port: number, host: string, what: string, variable: string, orElse = ''): Promise<void> {
  const busy = await portBusy(port, host);
  if (busy) throw portError(port, host, what, busy, variable, orElse);
}

/** The one sentence for a port that cannot be bound, from the check above or from listen() itself. */
export function portError(port: number, host: string, what: string, code: string, variable: string, orElse = ''): Error {
  const reason =
    code === 'EADDRINUSE' ? 'is in use by another process' : code === 'EACCES' ? 'needs privileges this process lacks' : `cannot be bound (${code})`;
  return new Error(`Port ${port} on ${host} (${what}) ${reason}: stop what holds it, or set ${variable} to another port${orElse}.`);
}
