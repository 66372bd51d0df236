import { useEffect, useState } from 'react';
import { getConfig } from '../../../lib/config.ts';

/** Unlayer's own embed script (react-email-editor's default), used when the config names no other. */
const UNLAYER_EMBED = 'https://editor.unlayer.com/embed.js?2';

/** The embed script the visual editor loads: the config's (a test's stand-in) or Unlayer's own. */
export const unlayerScriptSrc = (): string => getConfig().unlayerScriptUrl || UNLAYER_EMBED;

export type UnlayerAvailability = 'loading' | 'ready' | 'unreachable';

const embedReady = () => typeof (window as { unlayer?: unknown }).unlayer !== 'undefined';

/**
 * Loads Unlayer's embed script in the background (the same script tag react-email-editor then
 * finds and reuses) and says whether it came: `ready` once it defined `window.unlayer`,
 * `unreachable` when it failed or was not there within the config's `unlayerTimeoutMs` (and
 * `ready` still if it comes later).
 */
export function useUnlayerScript(): UnlayerAvailability {
  const [state, setState] = useState<UnlayerAvailability>(() => (embedReady() ? 'ready' : 'loading'));
  useEffect(() => {
    if (embedReady()) return undefined;
    const src = unlayerScriptSrc();
    let script = [...document.querySelectorAll('script')].find((tag) => tag.src.includes(src));
    if (!script) {
      script = document.createElement('script');
      script.setAttribute('src', src);
      document.head.appendChild(script);
    }
    const loaded = () => setState(embedReady() ? 'ready' : 'unreachable');
    const failed = () => {
      // a later visit tries again with a new tag
      script.remove();
      setState('unreachable');
    };
    const timer = setTimeout(() => setState((now) => (now === 'loading' && !embedReady() ? 'unreachable' : now)), getConfig().unlayerTimeoutMs);
    script.addEventListener('load', loaded);
    script.addEventListener('error', failed);
    return () => {
      clearTimeout(timer);
      script.removeEventListener('load', loaded);
      script.removeEventListener('error', failed);
    };
  }, []);
  return state;
}
