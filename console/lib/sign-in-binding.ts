/**
 * Binds the provider's one-time code to this browser (PKCE, RFC 7636): starting a sign-in keeps a
 * random verifier in this tab's session storage and sends the provider its challenge; auth-check
 * exchanges the code with that verifier. A code made for someone else's sign-in (an attacker's own,
 * opened by a signed-out victim) meets no matching verifier here and signs nobody in.
 */
const KEY = 'ls_sign_in_verifier';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** This tab's verifier, made once per sign-in (a second start reuses it, so two redirects agree). */
function verifier(storage: Storage): string {
  const kept = storage.getItem(KEY);
  if (kept) return kept;
  const made = base64url(crypto.getRandomValues(new Uint8Array(32)));
  storage.setItem(KEY, made);
  return made;
}

/** The provider's sign-in URL carrying this tab's challenge: S256, or plain where WebCrypto is absent (plain HTTP). */
export async function boundSignInUrl(loginUrl: string, storage: Storage = sessionStorage): Promise<string> {
  const secret = verifier(storage);
  const params = new URLSearchParams();
  if (crypto.subtle) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret)));
    params.set('code_challenge', base64url(digest));
    params.set('code_challenge_method', 'S256');
  } else {
    params.set('code_challenge', secret);
    params.set('code_challenge_method', 'plain');
  }
  return `${loginUrl}?${params}`;
}

/** The verifier of the sign-in this tab started, or null when it started none. */
export const signInVerifier = (storage: Storage = sessionStorage): string | null => storage.getItem(KEY);

/** The sign-in is over: its verifier is not used again. */
export const endSignIn = (storage: Storage = sessionStorage) => storage.removeItem(KEY);
