import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RouteModule } from '../context.ts';

/**
 * Every route module, read from where routes live rather than listed by hand: each file of this
 * folder and each server module's public index (`server/modules/<area>/index.ts`) exports its
 * `RouteModule`s, and each one exported is registered once. Routes under /api and /data require
 * the three tokens unless they declare `config: { auth: 'none' }`; the tenancy and fuzz suites
 * walk them all.
 */
const routesFolder = dirname(fileURLToPath(import.meta.url));
const modulesFolder = join(routesFolder, '..', '..', 'modules');

const routeFiles = [
  ...readdirSync(routesFolder)
    .filter((file) => /^[a-z0-9-]+\.ts$/.test(file) && file !== 'index.ts')
    .sort()
    .map((file) => join(routesFolder, file)),
  ...readdirSync(modulesFolder)
    .sort()
    .map((area) => join(modulesFolder, area, 'index.ts'))
    .filter((file) => existsSync(file)),
];

const isRouteModule = (value: unknown): value is RouteModule =>
  typeof value === 'object' && value !== null && typeof (value as RouteModule).prefix === 'string' && typeof (value as RouteModule).register === 'function';

const exported = await Promise.all(routeFiles.map((file) => import(pathToFileURL(file).href) as Promise<Record<string, unknown>>));

export const ROUTE_MODULES: RouteModule[] = [...new Set(exported.flatMap((exports) => Object.values(exports).filter(isRouteModule)))];
