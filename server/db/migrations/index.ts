import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Migration } from 'kysely';

/**
 * Every migration of this folder, by name: a file `NNNN_name.ts` exporting `up` is a migration
 * (names sort lexically, so keep the four-digit prefix). Never edit a migration that has shipped.
 */
export const MIGRATION_FILE = /^(\d{4}_[a-z0-9_]+)\.ts$/;

const folder = dirname(fileURLToPath(import.meta.url));

export async function loadMigrations(): Promise<Record<string, Migration>> {
  const names = readdirSync(folder)
    .map((file) => MIGRATION_FILE.exec(file)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
  const modules = await Promise.all(names.map((name) => import(pathToFileURL(`${folder}/${name}.ts`).href) as Promise<Migration>));
  return Object.fromEntries(names.map((name, index) => [name, modules[index]!]));
}
