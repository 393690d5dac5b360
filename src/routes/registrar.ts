// Feature modules hand their handlers to a Routes registrar by method and path; src/routes/index.ts binds each
// one to its definition in the route table, which decides who may call it. A registrar is not a router: nothing
// registered here answers a request until it has been bound, guard first.
import type { RouterMiddleware } from '@koa/router';
import type { Method } from '../contract/routes/spec.js';

export interface Registered {
  method: Method;
  /** Koa form, e.g. /api/v1/nodes/:node_id. */
  path: string;
  handler: RouterMiddleware;
}

export class Routes {
  constructor(
    private readonly prefix = '',
    readonly registered: Registered[] = [],
  ) {}

  /** A registrar whose paths start with prefix, filling the same list. */
  under(prefix: string): Routes {
    return new Routes(this.prefix + prefix, this.registered);
  }

  get(path: string, handler: RouterMiddleware): void {
    this.add('get', path, handler);
  }
  post(path: string, handler: RouterMiddleware): void {
    this.add('post', path, handler);
  }
  put(path: string, handler: RouterMiddleware): void {
    this.add('put', path, handler);
  }
  patch(path: string, handler: RouterMiddleware): void {
    this.add('patch', path, handler);
  }
  delete(path: string, handler: RouterMiddleware): void {
    this.add('delete', path, handler);
  }

  private add(method: Method, path: string, handler: RouterMiddleware): void {
    const full = this.prefix + path;
    if (this.registered.some((r) => r.method === method && r.path === full)) throw new Error(`${method.toUpperCase()} ${full} is registered twice`);
    this.registered.push({ method, path: full, handler });
  }
}
