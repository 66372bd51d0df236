// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { LauncherSettings } from '../contract/index.ts';
import { launcherDoc, memberCtx, visitorCtx } from '../testing/fixtures.ts';
import { Launcher } from './index.ts';

afterEach(cleanup);

describe('launcher', () => {
  it('is a button named by its title, default "Get Rewarded" (spec §9)', () => {
    render(<Launcher doc={launcherDoc({ launcher_title: '' })} ctx={visitorCtx()} />);
    expect(screen.getByRole('button', { name: 'Get Rewarded' })).toBeTruthy();
  });

  it('keeps its name when only the icon shows', () => {
    render(<Launcher doc={launcherDoc({ launcher_type: 'icon', launcher_title: 'Rewards for {first_name}' })} ctx={memberCtx()} />);
    expect(screen.getByRole('button', { name: 'Rewards for Ada' }).textContent).toBe('');
  });

  it('draws the settings of the context device', () => {
    const doc = launcherDoc({ launcher_title: 'Desktop title' }, { launcher_title: 'Mobile title' });
    expect(renderToStaticMarkup(<Launcher doc={doc} ctx={visitorCtx({ device: 'mobile' })} />)).toContain('Mobile title');
    expect(renderToStaticMarkup(<Launcher doc={doc} ctx={visitorCtx({ device: 'desktop' })} />)).toContain('Desktop title');
  });

  const CHANGES: [keyof LauncherSettings, unknown, unknown][] = [
    ['zoom', 100, 150],
    ['launcher_type', 'icon_text', 'text'],
    ['padding_bottom', 20, 60],
    ['padding_side', 20, 40],
    ['launcher_title', 'A', 'B'],
    ['background_color', '#0060E7', '#222222'],
    ['text_color', '#ffffff', '#fefefe'],
    ['icon', 'gift', 'star'],
    ['icon_type', 'library', 'none'],
    ['placement', 'left', 'right'],
    ['shape', 'circular', 'square'],
    ['z_index', 999, 5000],
  ];
  it.each(CHANGES)('setting %s changes the output', (field, a, b) => {
    const draw = (value: unknown) => renderToStaticMarkup(<Launcher doc={launcherDoc({ [field]: value })} ctx={visitorCtx()} />);
    expect(draw(a)).not.toBe(draw(b));
  });

  it('refuses a colour that is not a colour', () => {
    const markup = renderToStaticMarkup(<Launcher doc={launcherDoc({ background_color: 'red;position:static' })} ctx={visitorCtx()} />);
    expect(markup).not.toContain('position:static');
  });

  it('is never smaller than 44×44 px, whatever the zoom (stylesheet floor)', async () => {
    const { STYLESHEET } = await import('../theme/index.ts');
    expect(STYLESHEET).toMatch(/\.ls-launcher\{[^}]*min-width:max\(44px,/);
    expect(STYLESHEET).toMatch(/\.ls-launcher\{[^}]*min-height:max\(44px,/);
  });
});
