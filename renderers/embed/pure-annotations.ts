/**
 * Build plugin of the embed: marks the calls that initialise module-level constants of the
 * renderers (zod schemas in `renderers/contract`, `forwardRef(...)`, `new Set(...)`) as
 * `/* @__PURE__ *\/`, so the bundler drops the ones the storefront never uses. Without it the
 * loader would carry zod (~30 KB gzip) for schemas it never validates with.
 * Only declaration initialisers are marked — a bare top-level call keeps its effect.
 */
import { parseSync } from 'oxc-parser';
import type { Plugin } from 'vite';

type Node = { type?: string; start?: number; [key: string]: unknown };

const FUNCTIONS = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'FunctionDeclaration', 'ClassExpression', 'ClassBody']);

/** Offsets of the call and `new` expressions of `init`, not entering function bodies. */
function callStarts(node: unknown, found: Set<number>): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) callStarts(item, found);
    return;
  }
  const n = node as Node;
  if (n.type && FUNCTIONS.has(n.type)) return;
  if ((n.type === 'CallExpression' || n.type === 'NewExpression') && typeof n.start === 'number') found.add(n.start);
  for (const [key, value] of Object.entries(n)) if (key !== 'type' && typeof value === 'object') callStarts(value, found);
}

/** The code with a pure annotation before every call that initialises a top-level declaration. */
export function annotatePure(fileName: string, code: string): string {
  const { program } = parseSync(fileName, code);
  const starts = new Set<number>();
  for (const statement of program.body as unknown as Node[]) {
    const declaration = (statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement) as Node | null;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) callStarts(declarator.init, starts);
  }
  let out = code;
  for (const start of [...starts].sort((a, b) => b - a)) out = `${out.slice(0, start)}/* @__PURE__ */ ${out.slice(start)}`;
  return out;
}

export function pureModuleConstants(folder: string): Plugin {
  return {
    name: 'loyalty-studio-pure-constants',
    transform(code, id) {
      if (!id.startsWith(folder) || !/\.[jt]sx?$/.test(id.split('?')[0]!)) return null;
      return { code: annotatePure(id.replace(/\.tsx?$/, '.js'), code), map: null };
    },
  };
}
