/**
 * The launcher's and the sticky bar's texts with their placeholders filled for one shopper, for
 * the storefront bootstrap: the loader draws these texts as they come, so the placeholder code
 * (points wording, number and currency formats) stays out of its size budget.
 */
import type { RenderContext } from '../context.ts';
import { fillPlaceholders } from '../format/placeholders.ts';
import type { DrawerTexts, Launcher, LauncherSettings, StickyBar } from '../contract/index.ts';

export function launcherWithFilledTexts(doc: Launcher, ctx: RenderContext): Launcher {
  const filled = (settings: LauncherSettings): LauncherSettings => ({ ...settings, launcher_title: fillPlaceholders(settings.launcher_title, ctx) });
  return { ...doc, desktop: filled(doc.desktop), mobile: filled(doc.mobile) };
}

export function stickyBarWithFilledTexts(doc: StickyBar, ctx: RenderContext): StickyBar {
  const filled = (texts: DrawerTexts): DrawerTexts => ({
    ...texts,
    primary_text: fillPlaceholders(texts.primary_text, ctx),
    secondary_text: fillPlaceholders(texts.secondary_text, ctx),
  });
  return {
    ...doc,
    bar: { ...doc.bar, text: fillPlaceholders(doc.bar.text, ctx) },
    drawer: { ...doc.drawer, logged_out: filled(doc.drawer.logged_out), logged_in: filled(doc.drawer.logged_in) },
  };
}
