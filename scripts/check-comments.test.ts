import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { historyInProject, historyInText } from './check-comments.ts';

const root = join(import.meta.dirname, '..');

/** Numbers built at run time, so this file's own text names no issue or migration. */
const n = (digits: string) => digits;

describe('comments say what is, not which issue or migration made it so', () => {
  it.each([
    ['server/db/migrations/0100_referrals.ts', `/**\n * Referrals (issue ${n('15')}): the store's settings\n */\nexport {};`, 2, `issue ${n('15')}`],
    ['server/modules/vip/figures.ts', `export const x = 1;\n// kept by migration ${n('0190')}'s triggers`, 2, `migration ${n('0190')}`],
    ['server/domain/customers/search.ts', `/** served by prefix indexes (migrations ${n('0040')} and the name search's) */`, 1, `migrations ${n('0040')}`],
    ['server/db/migrations/0221_x.ts', `const a = 1;\n\n// marks the days (${n('0071')}'s way)\nconst b = 2;`, 3, n('0071')],
    ['server/db/migrations/0180_x.ts', `/**\n * - The holdout group (${n('0161')}) is drawn once per statement\n */`, 2, n('0161')],
    ['tests/bench/scale-store.ts', `/** every scale bench (Issues ${n('14')} and 17) */`, 1, `Issues ${n('14')}`],
    ['console/app/App.tsx', `{/* built at stop ${n('3')} */}\nexport const A = () => null;`, 1, `stop ${n('3')}`],
    ['builder/studio/saver.ts', `const x = 1; /* written in session ${n('2')} */`, 1, `session ${n('2')}`],
    ['README.md', `# Title\n\nThe customer list (issue ${n('14')}) pages by key.`, 3, `issue ${n('14')}`],
  ])('%s: a comment naming its history is found with its line', (file, text, line, mention) => {
    expect(historyInText(file, text)).toEqual([{ file, line, text: mention }]);
  });

  it.each([
    ['server/http/validation.ts', `const issue = { path: [], message: 'x' };\nfor (const issue of error.issues) add(issue.path, issue.message);`],
    ['renderers/contract/errors.ts', `// one message per path (the first issue wins)\nexport const m = (issue: { code: string }) => issue.code;`],
    ['server/db/migrations/0325_media_keys.test.ts', `describe('migration ${n('0325')}: gallery images get unguessable keys', () => {});`],
    ['server/x.ts', `const message = 'see issue ${n('15')}'; // a string is not a comment`],
    ['server/x.ts', `// the job stops after 3 tries; a session lasts 30 days\nexport {};`],
    ['server/db/migrations/0192_x.ts', `// uses maintainFunction of ./${n('0190')}_vip_figures.ts; a rate of 0.0125, 1,0250 or 20000 rows`],
  ])('%s: code, strings and plain prose are left alone', (file, text) => {
    expect(historyInText(file, text)).toEqual([]);
  });

  it('no comment of the code folders, nor README.md or docs/DESIGN.md, names an issue, stop, session or migration number', () => {
    const mentions = historyInProject(root).map((m) => `${m.file}:${m.line}  ${m.text}`);
    expect(mentions).toEqual([]);
  });
});
