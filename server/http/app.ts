import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import type { Config } from '../config.ts';

/** Builds the one HTTP app that serves the console, the API and the storefront embed. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' }, bodyLimit: 1024 * 1024 });

  app.get('/healthz', async () => ({ status: 'ok' }));

  if (existsSync(config.consoleDir)) {
    await app.register(fastifyStatic, { root: config.consoleDir, wildcard: false, index: false });
    // The console is a single-page app: every other GET of a page answers with its entry.
    app.setNotFoundHandler((request, reply) => {
      const isPage = request.method === 'GET' && !/^\/(api|data|auth|storefront|webhooks)\//.test(request.url);
      if (isPage) return reply.type('text/html').sendFile('index.html');
      return reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found.`, code: 'not_found' });
    });
  }
  return app;
}
