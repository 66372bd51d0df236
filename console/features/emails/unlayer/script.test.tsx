// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { UnlayerOffer } from './UnlayerOffer.tsx';

const STAND_IN = '/e2e/unlayer-stand-in.js';
const scriptTag = () => [...document.querySelectorAll('script')].find((tag) => tag.src.includes(STAND_IN));

const CONFIG = '__LS_CONFIG__';
beforeEach(() => {
  Object.assign(window, { [CONFIG]: { unlayerScriptUrl: STAND_IN, unlayerTimeoutMs: 80 } });
});
afterEach(() => {
  cleanup();
  scriptTag()?.remove();
  delete (window as { unlayer?: unknown }).unlayer;
  Reflect.deleteProperty(window, CONFIG);
});

const offer = () =>
  render(
    <MemoryRouter>
      <UnlayerOffer unlayerPath="/emails/email-editor/birthday?editor=unlayer" formPath="/emails/birthday" savedInUnlayer={false} />
    </MemoryRouter>,
  );

describe('the visual editor loads beside the built-in one', () => {
  it('says it is loading, then offers it once its script came', () => {
    offer();
    expect(screen.getByRole('status').textContent).toMatch(/Loading the visual editor \(Unlayer\) beside this one/);
    expect(scriptTag()).toBeTruthy();
    act(() => {
      Object.assign(window, { unlayer: { createEditor: () => ({}) } });
      scriptTag()!.dispatchEvent(new Event('load'));
    });
    expect(screen.getByRole('link', { name: 'Open this email in the visual editor' }).getAttribute('href')).toBe(
      '/emails/email-editor/birthday?editor=unlayer',
    );
  });

  it('says it is unreachable after the timeout, and still offers it if it comes later', async () => {
    offer();
    expect(await screen.findByRole('alert', {}, { timeout: 2000 })).toHaveProperty('textContent', expect.stringMatching(/The visual editor is unreachable/));
    expect(screen.getByRole('link', { name: 'edit this email in the simple editor' }).getAttribute('href')).toBe('/emails/birthday');
    act(() => {
      Object.assign(window, { unlayer: {} });
      scriptTag()!.dispatchEvent(new Event('load'));
    });
    expect(screen.getByRole('link', { name: 'Open this email in the visual editor' })).toBeTruthy();
  });

  it('a script that fails is unreachable at once, and its tag goes so a later visit tries again', () => {
    offer();
    act(() => {
      scriptTag()!.dispatchEvent(new Event('error'));
    });
    expect(screen.getByRole('alert').textContent).toMatch(/unreachable/);
    expect(scriptTag()).toBeUndefined();
  });
});
