import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../tests/helpers/db.ts';

const consoleDir = mkdtempSync(join(tmpdir(), 'ls-console-'));
writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>Loyalty Studio</title><div id="root"></div>');

describeEachDatabase(
  'app: health, console, OpenAPI, security headers',
  (ctx) => {
    it('answers /healthz', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it('serves the console entry for page routes with a strict Content-Security-Policy', async () => {
      for (const url of ['/home', '/customers/details?id=3', '/auth-check?code=x']) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('<div id="root">');
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toMatch(/script-src 'self'( https:\/\/editor\.unlayer\.com)?;/);
        expect(csp).not.toContain("'unsafe-eval'");
      }
    });

    it('puts security headers on API answers too', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/details' });
      expect(response.statusCode).toBe(401);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    });

    it('publishes an OpenAPI document generated from the route schemas at /api/docs', async () => {
      const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        openapi: string;
        paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>>;
      };
      expect(document.openapi).toMatch(/^3\./);
      const apiRoutes = ctx.app.registeredRoutes.filter((route) => /^\/(api|data)\/v1\//.test(route.url));
      for (const route of apiRoutes) {
        const path = route.url.replace(/:(\w+)/g, '{$1}');
        expect(Object.keys(document.paths[path] ?? {}), route.url).toContain(route.method.toLowerCase());
      }
      const settings = document.paths['/api/v1/store/setting/update']!.post!.requestBody!.content['application/json']!.schema;
      expect(Object.keys(settings.properties ?? {})).toEqual([
        'title',
        'website',
        'email_settings',
        'program_name',
        'points_label',
        'points_label_singular',
        'primary_color',
        'staff_adjustment_cap',
        'time_zone',
        'default_language',
        'languages',
        'holdout_percent',
      ]);
      const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('swagger');
    });
  },
  { config: { consoleDir } },
);
