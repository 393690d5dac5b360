// The pages for people: / links to the API reference, /docs renders the service's own OpenAPI document with
// Swagger UI from files this service serves (no CDN), /docs/quickstart is HTML. Answers are checked over HTTP,
// and the reference is loaded in a real headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core)
// until its list of routes is drawn; screenshots go to test-output/ for a person to look at.
import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ROUTES } from '../../src/routes/table.js';
import { DOCS_CSP } from '../../src/routes/docs.js';
import { projectRoot } from '../../src/version.js';
import { testEnv } from '../helpers/env.js';
import { call } from '../helpers/http.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.join(projectRoot, 'test-output');

/** A GET with the path sent exactly as written (fetch would resolve dot segments first). */
function rawGet(baseUrl: string, rawPath: string): Promise<number> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method: 'GET', path: rawPath }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('documentation pages (/, /docs, /docs/quickstart)', function () {
  this.timeout(120_000);

  it('/ is an HTML page linking the reference, the quickstart and the OpenAPI document', async () => {
    const r = await call('GET', '/');
    expect(r.status).to.equal(200);
    expect(r.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(r.headers.get('content-security-policy')).to.equal(DOCS_CSP);
    for (const href of ['/docs', '/docs/quickstart', '/api/v1/openapi.json']) expect(r.text).to.include(`href="${href}"`);
  });

  it('/docs is HTML that loads Swagger UI from this service only, and its files answer with their content types', async () => {
    const r = await call('GET', '/docs');
    expect(r.status).to.equal(200);
    expect(r.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    const sources = [...r.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(
      sources.filter((s) => /^(https?:)?\/\//.test(s)),
      'no file from another origin',
    ).to.deep.equal([]);
    for (const [file, type] of [
      ['/docs/assets/swagger-ui.css', 'text/css; charset=utf-8'],
      ['/docs/assets/swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
      ['/docs/assets/reference.js', 'text/javascript; charset=utf-8'],
    ] as const) {
      expect(sources).to.include(file);
      const a = await call('GET', file);
      expect(a.status, file).to.equal(200);
      expect(a.headers.get('content-type'), file).to.equal(type);
      expect(a.headers.get('cache-control'), file).to.equal('public, max-age=3600');
      expect(a.text.length, file).to.be.greaterThan(100);
    }
    expect((await call('GET', '/docs/assets/reference.js')).text).to.include('/api/v1/openapi.json');
  });

  it('no other file is reachable under /docs/assets: other names, dot segments and encoded slashes answer 404', async () => {
    const { baseUrl } = await testEnv();
    for (const p of [
      '/docs/assets/index.html',
      '/docs/assets/package.json',
      '/docs/assets/../../package.json',
      '/docs/assets/..%2f..%2fpackage.json',
      '/docs/assets/%2e%2e/%2e%2e/package.json',
      '/docs/assets/swagger-ui.css/..',
      '/docs/assets/swagger-ui.css.map',
      '/docs/assets/',
      '/docs/',
    ])
      expect(await rawGet(baseUrl, p), p).to.equal(404);
  });

  it('/docs/quickstart is the quickstart rendered as HTML, with the curl loop and a link to the reference', async () => {
    const r = await call('GET', '/docs/quickstart');
    expect(r.status).to.equal(200);
    expect(r.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(r.text).to.match(/<h1[^>]*>Quickstart<\/h1>/);
    expect(r.text).to.include('<ol>');
    expect(r.text).to.include('/api/v1/context/items');
    expect(r.text).to.include('<a href="/docs">API reference</a>');
    expect(r.text).to.not.match(/^#/m);
  });

  describe('in headless Chromium', () => {
    let browser: Browser;
    before(async () => {
      if (!existsSync(CHROMIUM))
        throw new Error(`Chromium is not at ${CHROMIUM}: install Debian's (apt-get install -y chromium; .ci/run does) or set CHROMIUM_PATH`);
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
      await mkdir(SCREENSHOTS, { recursive: true });
    });
    after(async () => {
      await browser?.close();
    });

    it('/docs draws every route of the OpenAPI document, with no script error or refused file', async () => {
      const { baseUrl } = await testEnv();
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console: ${m.text()}`);
      });
      page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
      page.on('response', (r) => {
        if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
      });
      const offOrigin: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(baseUrl) && !r.url().startsWith('data:')) offOrigin.push(r.url());
      });
      await page.goto(`${baseUrl}/docs`, { waitUntil: 'load' });
      await page.waitForSelector('.opblock', { timeout: 30_000 });
      const drawn = await page.$$eval('.opblock', (els) =>
        els.map(
          (e) =>
            (e.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '') +
            ' ' +
            (e.querySelector('.opblock-summary-method')?.textContent ?? ''),
        ),
      );
      await page.screenshot({ path: path.join(SCREENSHOTS, 'docs-reference.png') });
      const title = await page.textContent('.info .title');
      await page.close();
      expect(problems).to.deep.equal([]);
      expect(offOrigin).to.deep.equal([]);
      expect(title).to.include('Memory middleware');
      const expected = ROUTES.map((r) => `${r.path} ${r.method.toUpperCase()}`).sort();
      expect(drawn.sort()).to.deep.equal(expected);
      console.log(`      ${drawn.length} operations drawn; screenshot ${path.relative(projectRoot, path.join(SCREENSHOTS, 'docs-reference.png'))}`);
    });

    it('/ leads to /docs and /docs/quickstart in the browser', async () => {
      const { baseUrl } = await testEnv();
      const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
      await page.goto(`${baseUrl}/`);
      await page.click('main a[href="/docs/quickstart"]');
      await page.waitForSelector('main h1');
      expect(await page.textContent('main h1')).to.equal('Quickstart');
      await page.screenshot({ path: path.join(SCREENSHOTS, 'docs-quickstart.png'), fullPage: true });
      await page.click('header a[href="/docs"]');
      await page.waitForSelector('.opblock', { timeout: 30_000 });
      expect(page.url()).to.equal(`${baseUrl}/docs`);
      await page.close();
    });
  });
});
