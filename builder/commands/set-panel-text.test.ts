import { describe, expect, it } from 'vitest';
import { setPanelText } from './set-panel-text.ts';
import { freshDocs, runOn } from './testing.ts';

describe('set-panel-text', () => {
  it('sets the text of a panel for one audience', () => {
    const docs = runOn(freshDocs(), setPanelText, { panel: 'header', audience: 'member', key: 'title', value: 'Hey {first_name}' });
    expect(docs.widget!.panels.header.member.title).toBe('Hey {first_name}');
    expect(docs.widget!.panels.header.visitor.title).toBe(freshDocs().widget!.panels.header.visitor.title);
  });
  it('an empty optional text is removed; a required one stays empty', () => {
    let docs = runOn(freshDocs(), setPanelText, { panel: 'signup', audience: 'visitor', key: 'secondary_button_label', value: '' });
    expect('secondary_button_label' in docs.widget!.panels.signup.visitor).toBe(false);
    docs = runOn(docs, setPanelText, { panel: 'signup', audience: 'visitor', key: 'body', value: '' });
    expect(docs.widget!.panels.signup.visitor.body).toBe('');
  });
  it('refuses an audience the panel does not have', () => {
    expect(() => runOn(freshDocs(), setPanelText, { panel: 'signup', audience: 'member', key: 'title', value: 'x' })).toThrow(/no member/);
  });
});
