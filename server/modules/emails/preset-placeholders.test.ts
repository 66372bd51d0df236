import { describe, expect, it } from 'vitest';
import { STARTER_EMAIL_TEMPLATES } from '../../../presets/email-templates.ts';
import { EMAIL_KEYS, tagsFor, type EmailKey } from './contract/kinds.ts';
import { fillPlaceholders, placeholdersIn } from './placeholders.ts';

// Every placeholder a starter template (presets/email-templates.ts) writes is a merge tag its email
// fills: `{{name}}` with a name from tagsFor(kind), never the storefront's single-brace `{name}`.
const texts = (starter: (typeof STARTER_EMAIL_TEMPLATES)[number]) => [starter.subject, starter.template.content, JSON.stringify(starter.template.json_content)];

describe('starter email templates', () => {
  it('cover the nine emails', () => {
    expect(STARTER_EMAIL_TEMPLATES.map((starter) => starter.type).sort()).toEqual([...EMAIL_KEYS].sort());
  });

  for (const starter of STARTER_EMAIL_TEMPLATES) {
    it(`${starter.type} uses only its own merge tags`, () => {
      const known = new Set(tagsFor(starter.type as EmailKey));
      const used = texts(starter).flatMap(placeholdersIn);
      expect(used.length).toBeGreaterThan(0);
      expect(used.filter((name) => !known.has(name))).toEqual([]);
      // no token in any other brace style survives: filling every merge tag leaves no brace
      const values = Object.fromEntries([...known].map((name) => [name, 'x']));
      for (const text of texts(starter)) {
        const filled = fillPlaceholders(text, values);
        expect(filled).not.toMatch(/\{[a-z_]+\}/);
      }
    });
  }
});
