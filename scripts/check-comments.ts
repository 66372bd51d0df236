/**
 * Comments say what the code is and why, never which issue, migration, stop or session made it
 * so. `historyInText` is pure (file path + text → findings) so tests can feed it any file; the
 * project scan reads the comments of every source file in the code folders and the prose of the
 * project's own Markdown (docs/spec.md is the product spec's copy and is left alone). Only
 * comments are read in source files: code such as zod's `issue.path` and string literals are not
 * prose about the code.
 */
import { parseSync } from 'oxc-parser';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface HistoryMention {
  file: string;
  line: number;
  text: string;
}

/** The folders whose source comments and Markdown are read, and the Markdown files at the root. */
export const CODE_FOLDERS = ['server', 'console', 'builder', 'renderers', 'presets', 'scripts', 'tests'];
export const PROSE_FILES = ['README.md', 'docs/DESIGN.md'];

/**
 * Provenance in prose: an issue, a stop or a session by its number, a migration by its number (one
 * or a list of them), or a bare four-digit migration number (its possessive, a parenthesis, "since"
 * one). A migration's file name (number, underscore, name) is a path and stays allowed, as do
 * decimals and longer numbers.
 */
const HISTORY = /\bissues? #?\d+|\bstops? \d+|\bsessions? \d+|\bmigrations? 0\d{3}|(?<![\d.,])\b0\d{3}\b(?![\d.,_])/gi;

const SOURCE = /\.(ts|tsx|js|jsx|mjs)$/;

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The stretches of a file that are prose: a source file's comments, a Markdown file whole. */
function proseOf(file: string, text: string): Array<{ start: number; end: number }> {
  if (!SOURCE.test(file)) return [{ start: 0, end: text.length }];
  return parseSync(file, text).comments.map((comment) => ({ start: comment.start, end: comment.end }));
}

export function historyInText(file: string, text: string): HistoryMention[] {
  const found: HistoryMention[] = [];
  for (const { start, end } of proseOf(file, text)) {
    for (const match of text.slice(start, end).matchAll(HISTORY)) {
      found.push({ file, line: lineOf(text, start + match.index), text: match[0] });
    }
  }
  return found;
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else if ((SOURCE.test(entry) && !entry.endsWith('.d.ts')) || entry.endsWith('.md')) yield path;
  }
}

/** Every mention of history in the project's comments and prose, as `file:line`-ready findings. */
export function historyInProject(root: string): HistoryMention[] {
  const paths = [...CODE_FOLDERS.flatMap((folder) => [...filesUnder(join(root, folder))]), ...PROSE_FILES.map((file) => join(root, file))];
  return paths.flatMap((path) => historyInText(relative(root, path).split(sep).join('/'), readFileSync(path, 'utf8')));
}
