const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface LoginPageOptions {
  email?: string;
  error?: string;
  notice?: string;
  /** the S256 challenge of the console's sign-in, posted back with the form */
  challenge?: string;
}

/** The built-in sign-in provider's page: labelled Email and Password fields and a Sign in button. */
export function loginPage({ email = '', error, notice, challenge = '' }: LoginPageOptions = {}): string {
  const alert = error ? `<p class="alert" role="alert">${escapeHtml(error)}</p>` : notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : '';
  return page(
    'Sign in',
    `<h1>Sign in to Loyalty Studio</h1>
  ${alert}
  <form method="post" action="/auth/login">
    <input type="hidden" name="code_challenge" value="${escapeHtml(challenge)}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <button type="submit">Sign in</button>
  </form>`,
  );
}

/** What GET /auth/logout shows: signing out takes a POST, so the page offers the button. */
export function signOutPage(): string {
  return page(
    'Sign out',
    `<h1>Sign out of Loyalty Studio</h1>
  <form method="post" action="/auth/logout">
    <button type="submit">Sign out</button>
  </form>`,
  );
}

function page(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Loyalty Studio</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f6f8; color: #1f2933; margin: 0; display: grid; place-items: center; min-height: 100vh; }
  main { background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgb(0 0 0 / 8%); padding: 32px; width: min(360px, 90vw); }
  h1 { font-size: 1.4rem; margin: 0 0 20px; }
  label { display: block; font-weight: 600; margin: 14px 0 6px; }
  input { box-sizing: border-box; width: 100%; padding: 10px; border: 1px solid #9aa5b1; border-radius: 6px; font: inherit; }
  button { margin-top: 22px; width: 100%; padding: 11px; border: 0; border-radius: 6px; background: #047b5d; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  .alert { background: #fde8e8; color: #9b1c1c; padding: 10px; border-radius: 6px; }
  .notice { background: #e6f4ea; color: #1e4620; padding: 10px; border-radius: 6px; }
</style>
</head>
<body>
<main>
  ${main}
</main>
</body>
</html>`;
}
