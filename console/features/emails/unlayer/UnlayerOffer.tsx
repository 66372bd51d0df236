import { Link } from 'react-router';
import { useUnlayerScript } from './script.ts';

/**
 * Above the built-in editor, which opens at once: the visual editor (Unlayer) loading beside it,
 * then offered once its script came, or said unreachable after the timeout (the built-in editor
 * works offline either way).
 */
export function UnlayerOffer({ unlayerPath, formPath, savedInUnlayer }: { unlayerPath: string; formPath: string; savedInUnlayer: boolean }) {
  const state = useUnlayerScript();
  const saved = savedInUnlayer ? ' This email’s saved design was made in the visual editor: saving here replaces it with this one.' : '';
  if (state === 'ready')
    return (
      <p role="status">
        <strong>The visual editor (Unlayer) is ready.</strong> <Link to={unlayerPath}>Open this email in the visual editor</Link>, or keep designing it here.
        {saved}
      </p>
    );
  if (state === 'unreachable')
    return (
      <p role="alert">
        <strong>The visual editor is unreachable.</strong> Unlayer did not load from its servers on this network, so this is the built-in editor: it works
        offline, and saving here makes this design the one sent. You can also <Link to={formPath}>edit this email in the simple editor</Link>.{saved}
      </p>
    );
  return <p role="status">Loading the visual editor (Unlayer) beside this one… The built-in editor is ready now.{saved}</p>;
}
