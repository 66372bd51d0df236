/**
 * Import-boundary check (DESIGN.md §2): imports go one way only.
 * `checkSource` is pure (file path + text → violations) so tests can feed it violating files;
 * the CLI walks the project and exits non-zero on any violation.
 */
import { parseSync } from 'oxc-parser';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Violation {
  file: string;
  line: number;
  message: string;
}

interface Rule {
  /** folder the rule applies to, relative to the root, posix style */
  folder: string;
  /** project folders (posix prefixes) this folder must not import */
  forbiddenFolders?: string[];
  /** project folders that stay allowed although a forbidden prefix covers them */
  allowedFolders?: string[];
  /** when set, the only project folders that may be imported */
  onlyFolders?: string[];
  /** package names (or prefixes ending in '/') never imported here */
  forbiddenPackages?: string[];
  /** when set, the only packages that may be imported */
  onlyPackages?: string[];
  /** no window/document at module scope */
  noBrowserGlobalsAtModuleScope?: boolean;
  /** no Kysely query (selectFrom, insertInto, updateTable, deleteFrom, sql``): the layer calls the domain */
  noSql?: boolean;
  /** project folders that test files (only) may also import */
  testAllowedFolders?: string[];
}

const LAYERS = ['renderers', 'presets', 'builder', 'console', 'server'];

const RENDERERS = {
  forbiddenFolders: ['builder', 'console', 'server', 'presets'],
  forbiddenPackages: ['zustand', 'jotai', '@craftjs/', 'react-frame-component', '@dnd-kit/', '@floating-ui/'],
};

/** Most specific folder first: the first matching rule is the one applied. */
const SERVER = { forbiddenFolders: ['builder', 'console'] };
const DOMAIN = [...SERVER.forbiddenFolders, 'server/contract', 'server/http'];
const MODULE = [...SERVER.forbiddenFolders, 'server/http/routes'];
/**
 * The areas that follow an order (the earning rules, referrals, tiers, emails) and the catalogue an
 * order line is read against (products): the orders call them and hand them the order in its
 * neutral shape (server/domain/schemas), so they never import the orders back. The program as
 * shoppers see it (server/modules/program) is read from the rules, referrals and tiers: they and
 * the emails never import it back either. Their tests may apply orders and read the program.
 */
const PROGRAM = 'server/modules/program';
const FOLLOWS_ORDERS = { testAllowedFolders: ['server/modules/orders', PROGRAM] };
const STOREFRONT = 'server/modules/storefront';
const ABOVE_PLATFORMS = [
  'server/modules/customers',
  'server/modules/rules',
  'server/modules/referrals',
  'server/modules/orders',
  'server/modules/apps',
  PROGRAM,
  STOREFRONT,
];

export const RULES: Rule[] = [
  // the saved-document contract (zod only); its tests may check the presets against the schemas they are validated by
  { folder: 'renderers/contract', onlyFolders: ['renderers/contract'], onlyPackages: ['zod'], testAllowedFolders: ['presets'] },
  // The storefront embed is browser-only by definition: its entry scripts run on load.
  { folder: 'renderers/embed', ...RENDERERS },
  { folder: 'renderers', ...RENDERERS, noBrowserGlobalsAtModuleScope: true },
  {
    folder: 'presets',
    forbiddenFolders: ['builder', 'console', 'server', 'renderers'],
    allowedFolders: ['renderers/contract'],
    forbiddenPackages: ['react', 'react-dom'],
  },
  { folder: 'builder', forbiddenFolders: ['console', 'server'] },
  // the shell hands features the API client and session through console/lib (or context)
  { folder: 'console/features', forbiddenFolders: ['server', 'console/app'], allowedFolders: ['server/contract'] },
  { folder: 'console', forbiddenFolders: ['server'], allowedFolders: ['server/contract'] },
  // routes parse with the contract, call the domain and present
  { folder: 'server/http/routes', ...SERVER, noSql: true },
  // the domain's own zod schemas and the shapes every area shares (the neutral order): the contract re-exports them, so the console may bundle them
  { folder: 'server/domain/schemas', onlyFolders: ['server/domain/schemas'], onlyPackages: ['zod'] },
  // the ledger is the bottom of the program: the areas that follow it subscribe to its events (ledger/events.ts)
  {
    folder: 'server/domain/ledger',
    onlyFolders: ['server/domain/ledger', 'server/domain/schemas', 'server/db'],
    testAllowedFolders: ['server/domain', 'server/modules', 'tests/helpers'],
  },
  { folder: 'server/domain', forbiddenFolders: DOMAIN },
  { folder: 'server/auth', forbiddenFolders: [...SERVER.forbiddenFolders, 'server/http'] },
  // a module holds its area's schemas, tables, queries, routes and jobs; other modules use its index.ts
  // the stores are the tenant every area hangs from: they import no other module nor area, only the shared schemas
  { folder: 'server/modules/stores', forbiddenFolders: [...MODULE, 'server/modules', 'server/domain'], allowedFolders: ['server/domain/schemas'] },
  { folder: 'server/modules/emails', forbiddenFolders: [...MODULE, 'server/modules/orders', PROGRAM], ...FOLLOWS_ORDERS },
  { folder: 'server/modules/products', forbiddenFolders: [...MODULE, 'server/modules/orders'], ...FOLLOWS_ORDERS },
  { folder: 'server/modules/referrals', forbiddenFolders: [...MODULE, 'server/modules/orders', PROGRAM], ...FOLLOWS_ORDERS },
  { folder: 'server/modules/rules', forbiddenFolders: [...MODULE, 'server/modules/orders', PROGRAM], ...FOLLOWS_ORDERS },
  { folder: 'server/modules/vip', forbiddenFolders: [...MODULE, 'server/modules/orders', PROGRAM], ...FOLLOWS_ORDERS },
  // the platforms sit below every area that calls them — the rules and referrals issue codes through them, the orders, customers and apps read
  // their webhooks and orders, the program and the storefront their connection: those register what the platforms ask of them (platforms/hooks.ts)
  {
    folder: 'server/modules/platforms',
    forbiddenFolders: [...MODULE, ...ABOVE_PLATFORMS],
    testAllowedFolders: ['server/modules/customers', 'server/modules/rules', 'server/modules/orders', PROGRAM],
  },
  // the program as shoppers see it is read by the storefront, never the other way round
  { folder: PROGRAM, forbiddenFolders: [...MODULE, STOREFRONT] },
  // where the platforms' webhook routes persist what they acknowledge: the database only, never the runner that processes it (and the modules it calls)
  { folder: 'server/jobs/webhook-inbox.ts', onlyFolders: ['server/db'], testAllowedFolders: ['tests/helpers'] },
  { folder: 'server/modules', forbiddenFolders: MODULE },
  { folder: 'server/db', forbiddenFolders: [...SERVER.forbiddenFolders, 'server/domain', 'server/http', 'server/auth'] },
  { folder: 'server', ...SERVER },
];

/** Heavy libraries confined to one place each (DESIGN.md §2). */
export const CONFINED: Record<string, string> = {
  '@craftjs/core': 'builder/craft',
  'react-frame-component': 'builder/canvas',
  'react-email-editor': 'console/features/emails',
  // a dev dependency, only for the bench's Puck comparison: never in the product
  '@puckeditor/core': 'tests/bench',
};

/** Test files may also use the test tools (and node built-ins) wherever they live. */
const TEST_PACKAGES = ['vitest', 'fast-check'];

/** A server module's folder (`server/modules/<area>`) when `path` lies in one: its index.ts is its public face. */
const moduleOf = (path: string) => /^server\/modules\/[^/]+/.exec(path)?.[0];

/** A console feature's folder (`console/features/<area>`) when `path` lies in one: it registers through its index.ts. */
const featureOf = (path: string) => /^console\/features\/[^/]+(?=\/)/.exec(path)?.[0];

/** A module's contract.ts (or contract/ folder): its zod schemas, safe for the console to bundle (server/contract re-exports it); it imports zod, server/domain/schemas and renderers/contract only. */
const isContract = (module: string, target: string) => /^contract(\.ts$|\/)/.test(target.slice(module.length + 1));
const MODULE_CONTRACT = /^server\/modules\/[^/]+\/contract(?=\.ts$|\/)/;

/** A module's route files (`routes.ts`, `coupon-routes.ts`, …) parse, call the module's service and present, as server/http/routes files do: no SQL. */
const MODULE_ROUTES = /^server\/modules\/.+routes[^/]*\.ts$/;

const isIndex = (folder: string, target: string) => /^index(\.tsx?)?$/.test(target.slice(folder.length + 1));

const under = (path: string, folder: string) => path === folder || path.startsWith(folder + '/');
const packageName = (spec: string) => {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
};
const matchesPackage = (name: string, pattern: string) => (pattern.endsWith('/') ? name.startsWith(pattern) : name === pattern);

/** Line number (1-based) of a character offset. */
function lineOf(code: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < code.length; i++) if (code.charCodeAt(i) === 10) line++;
  return line;
}

/** Identifiers `window`/`document` used outside any function body. */
function browserGlobalsAtModuleScope(program: unknown): number[] {
  const found: number[] = [];
  const functionTypes = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'MethodDefinition', 'PropertyDefinition']);
  const visit = (node: unknown, parentKey: string): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((n) => visit(n, parentKey));
      return;
    }
    const n = node as Record<string, unknown> & { type?: string; start?: number };
    if (n.type && functionTypes.has(n.type)) return;
    // `typeof window` is the safe way to probe for a browser.
    if (n.type === 'UnaryExpression' && n.operator === 'typeof') return;
    if (n.type === 'Identifier' && (n.name === 'window' || n.name === 'document') && parentKey !== 'property' && parentKey !== 'key') {
      found.push(n.start ?? 0);
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'type') visit(value, key);
  };
  visit(program, '');
  return found;
}

const QUERY_METHODS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom']);

/** Offsets of Kysely queries: a call of selectFrom/insertInto/updateTable/deleteFrom, or a sql`` template. */
function sqlQueries(program: unknown): number[] {
  const found: number[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    const n = node as Record<string, unknown> & { type?: string; start?: number };
    const callee = n.callee as { type?: string; property?: { name?: string } } | undefined;
    const tag = n.tag as { type?: string; name?: string } | undefined;
    if (n.type === 'CallExpression' && callee?.type === 'MemberExpression' && QUERY_METHODS.has(callee.property?.name ?? '')) found.push(n.start ?? 0);
    if (n.type === 'TaggedTemplateExpression' && tag?.type === 'Identifier' && tag.name === 'sql') found.push(n.start ?? 0);
    for (const [key, value] of Object.entries(n)) if (key !== 'type') visit(value);
  };
  visit(program);
  return found;
}

/** The project paths a file imports or re-exports (relative specifiers only, type-only imports included), each with its line. */
function importedPaths(rel: string, code: string): { target: string; line: number }[] {
  const parsed = parseSync(rel, code);
  const requests = [
    ...parsed.module.staticImports.map((i) => i.moduleRequest),
    ...parsed.module.staticExports.flatMap((e) => e.entries.map((x) => x.moduleRequest).filter((m): m is NonNullable<typeof m> => m != null)),
  ];
  return requests
    .filter(({ value }) => value.startsWith('.'))
    .map(({ value, start }) => ({ target: posix.normalize(posix.join(posix.dirname(rel), value)), line: lineOf(code, start) }));
}

/**
 * Server modules that import each other in a cycle, read from the files' text (path relative to
 * the root → code): one violation per cycle, at an import that closes it. A module's tests and its
 * zod-only contract do not count (the console bundles contracts; they import no module).
 */
export function moduleCycles(sources: ReadonlyMap<string, string>): Violation[] {
  const edges = new Map<string, Map<string, { file: string; line: number }>>();
  for (const [file, code] of sources) {
    const rel = file.split(sep).join('/');
    const from = moduleOf(rel);
    if (!from || /\.test\.tsx?$/.test(rel) || MODULE_CONTRACT.test(rel)) continue;
    for (const { target, line } of importedPaths(rel, code)) {
      const to = moduleOf(target);
      if (!to || to === from || isContract(to, target)) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, { file: rel, line });
    }
  }
  // strongly connected components (Tarjan): each one of two or more modules is a cycle
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (module: string) => {
    index.set(module, index.size);
    low.set(module, index.get(module)!);
    stack.push(module);
    for (const next of edges.get(module)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(module, Math.min(low.get(module)!, index.get(next)!));
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== module);
    if (component.length > 1) components.push(component.sort());
  };
  for (const module of [...edges.keys()].sort()) if (!index.has(module)) visit(module);
  return components.map((component) => {
    const [first] = component;
    const to = component.find((other) => edges.get(first!)?.has(other))!;
    const at = edges.get(first!)!.get(to)!;
    return {
      file: at.file,
      line: at.line,
      message: `${component.join(', ')} import each other in a cycle: one of them must sit below the others (a hook it exposes, registered by the app, instead of an import)`,
    };
  });
}

/** Checks one file's text. `file` is relative to the project root (either separator). */
export function checkSource(file: string, code: string): Violation[] {
  const rel = file.split(sep).join('/');
  const isTest = /\.test\.tsx?$/.test(rel);
  const layer = rel.split('/')[0]!;
  const contract = MODULE_CONTRACT.exec(rel)?.[0];
  const rule = contract
    ? { folder: rel, onlyFolders: ['server/domain/schemas', 'renderers/contract', contract], onlyPackages: ['zod'], testAllowedFolders: [] }
    : RULES.find((r) => under(rel, r.folder));
  const violations: Violation[] = [];
  const parsed = parseSync(rel, code);
  const requests: { value: string; start: number }[] = [
    ...parsed.module.staticImports.map((i) => i.moduleRequest),
    ...parsed.module.staticExports.flatMap((e) => e.entries.map((x) => x.moduleRequest).filter((m): m is NonNullable<typeof m> => m != null)),
    ...parsed.module.dynamicImports
      .map((d) => {
        const text = code.slice(d.moduleRequest.start, d.moduleRequest.end);
        return { value: /^['"`]/.test(text) ? text.slice(1, -1) : '', start: d.start };
      })
      .filter((r) => r.value),
  ];
  for (const { value: spec, start } of requests) {
    const line = lineOf(code, start);
    const report = (message: string) => violations.push({ file: rel, line, message });
    if (spec.startsWith('.') || spec.startsWith('/')) {
      const target = posix.normalize(posix.join(posix.dirname(rel), spec));
      const targetLayer = target.split('/')[0]!;
      const module = moduleOf(target);
      if (module && !under(rel, module) && !isTest && !isIndex(module, target) && !isContract(module, target)) {
        report(`${module}/ is imported through its index.ts only (or its zod-only contract.ts), not '${spec}'`);
        continue;
      }
      const feature = featureOf(target);
      const ownFeature = featureOf(rel);
      if (feature && ownFeature && feature !== ownFeature) {
        report(`${ownFeature}/ must not import another feature (${feature}/): share it through console/components or console/lib ('${spec}')`);
        continue;
      }
      if (feature && !ownFeature && !isTest && !isIndex(feature, target)) {
        report(`${feature}/ is registered through its index.ts only, not '${spec}'`);
        continue;
      }
      if (!rule || !LAYERS.includes(targetLayer) || under(target, rule.folder)) continue;
      if (isTest && rule.testAllowedFolders?.some((f) => under(target, f))) continue;
      if (rule.onlyFolders && !rule.onlyFolders.some((f) => under(target, f))) {
        report(`${rule.folder}/ may import only ${rule.onlyFolders.join(', ')} of ours, not '${spec}'`);
      } else if (rule.forbiddenFolders?.some((f) => under(target, f)) && !rule.allowedFolders?.some((f) => under(target, f))) {
        report(`${layer}/ must not import ${targetLayer}/ ('${spec}')`);
      } else if (layer === 'console' && targetLayer === 'builder' && target !== 'builder' && target !== 'builder/index' && target !== 'builder/index.ts') {
        report(`console/ imports builder only through its public index, not '${spec}'`);
      }
      continue;
    }
    const name = spec.startsWith('node:') ? spec : packageName(spec);
    const allowedPackages = rule?.onlyPackages && (isTest ? [...rule.onlyPackages, ...TEST_PACKAGES] : rule.onlyPackages);
    if (allowedPackages && !allowedPackages.includes(name) && !(isTest && name.startsWith('node:'))) {
      report(`${rule!.folder}/ may import only ${rule!.onlyPackages!.join(', ')}, not '${spec}'`);
    } else if (rule?.forbiddenPackages?.some((p) => matchesPackage(name, p))) {
      report(`${rule.folder}/ must not import '${name}'`);
    }
    const home = CONFINED[name];
    if (home && !under(rel, home) && !isTest) report(`'${name}' is confined to ${home}/`);
  }
  if ((rule?.noSql || MODULE_ROUTES.test(rel)) && !isTest) {
    const place = rule?.noSql ? `${rule.folder}/` : rel;
    for (const at of sqlQueries(parsed.program)) {
      violations.push({
        file: rel,
        line: lineOf(code, at),
        message: `${place} runs no SQL: move the query into the domain or the module's service and call it`,
      });
    }
  }
  if (rule?.noBrowserGlobalsAtModuleScope && !isTest) {
    for (const at of browserGlobalsAtModuleScope(parsed.program)) {
      violations.push({
        file: rel,
        line: lineOf(code, at),
        message: `${rule.folder}/ must not touch window/document at module scope (it renders on the server)`,
      });
    }
  }
  return violations;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|js|jsx|mjs)$/.test(entry) && !entry.endsWith('.d.ts')) yield path;
  }
}

export function checkProject(root: string): Violation[] {
  const violations: Violation[] = [];
  const sources = new Map<string, string>();
  for (const layer of LAYERS) {
    const dir = join(root, layer);
    try {
      statSync(dir);
    } catch {
      continue;
    }
    for (const path of sourceFiles(dir)) {
      const rel = relative(root, path);
      const code = readFileSync(path, 'utf8');
      sources.set(rel, code);
      violations.push(...checkSource(rel, code));
    }
  }
  return [...violations, ...moduleCycles(sources)];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const violations = checkProject(root);
  for (const v of violations) console.error(`${v.file}:${v.line}  ${v.message}`);
  if (violations.length) {
    console.error(`\n${violations.length} import-boundary violation(s) (see DESIGN.md §2)`);
    process.exit(1);
  }
  console.log('import boundaries: ok');
}
