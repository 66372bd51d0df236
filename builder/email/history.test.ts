import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_DOCUMENT } from '../../presets/index.ts';
import { edit, redo, startHistory, undo } from './history.ts';

const withSubject = (subject: string) => ({ ...DEFAULT_EMAIL_DOCUMENT, subject });

describe('email editor history', () => {
  it('merges typing in one field into one step, undoes and redoes it, ignores no-ops', () => {
    let history = startHistory(DEFAULT_EMAIL_DOCUMENT);
    history = edit(history, withSubject('H'), 'subject', 1000);
    history = edit(history, withSubject('Hi'), 'subject', 1500);
    expect(history.past).toHaveLength(1);
    expect(edit(history, withSubject('Hi'), 'subject', 1600)).toBe(history);
    history = edit(history, withSubject('Hi!'), 'subject', 5000);
    expect(history.past).toHaveLength(2);
    history = undo(undo(history));
    expect(history.doc).toEqual(DEFAULT_EMAIL_DOCUMENT);
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.doc.subject).toBe('Hi');
    history = edit(history, withSubject('New'), 'other', 6000);
    expect(history.future).toEqual([]);
  });
});
