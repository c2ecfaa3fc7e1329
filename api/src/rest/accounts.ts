import { Hono } from 'hono';
import type { TDeps } from '../deps.ts';
import { getProfile } from '../services/account/get-profile.ts';
import { logIn } from '../services/account/log-in.ts';
import { logOut } from '../services/account/log-out.ts';
import {
  checkResetToken,
  sendResetLink,
  setNewPassword,
} from '../services/account/password-recovery.ts';
import { registerAccount } from '../services/account/register-account.ts';
import { setLanguage } from '../services/account/set-language.ts';
import { getCompany } from '../services/company/get-company.ts';
import type { TRestEnv } from './http.ts';
import { readJson, requireSignedIn } from './http.ts';

/** Sign-up, sign-in, password recovery (public) and the signed-in user's own records. */
export function accountRoutes(deps: TDeps): Hono<TRestEnv> {
  const routes = new Hono<TRestEnv>();

  routes.post('/registrations', async (c) => {
    const { token } = await registerAccount(deps, await readJson(c));
    return c.json({ token }, 201);
  });
  routes.post('/login', async (c) => c.json(await logIn(deps, await readJson(c))));
  routes.post('/password-recovery/send-link', async (c) => {
    await sendResetLink(deps, await readJson(c));
    return c.json({
      message: 'If an account uses this email, a link to choose a new password is on its way.',
    });
  });
  routes.post('/password-recovery/check-token', async (c) =>
    c.json(await checkResetToken(deps, await readJson(c))),
  );
  routes.post('/password-recovery/new-password', async (c) => {
    await setNewPassword(deps, await readJson(c));
    return c.json({ message: 'Your password has been changed. Sign in with the new one.' });
  });

  // Signed-in routes carry requireSignedIn themselves, so unknown paths still answer 404.
  routes.post('/logout', requireSignedIn, async (c) => {
    await logOut(deps, c.get('viewer'));
    return c.body(null, 204);
  });
  routes.get('/me', requireSignedIn, async (c) => c.json(await getProfile(deps, c.get('viewer'))));
  routes.get('/profile', requireSignedIn, async (c) => {
    const { id, login, email, language } = await getProfile(deps, c.get('viewer'));
    return c.json({ id, login, email, language });
  });
  routes.put('/profile/language', requireSignedIn, async (c) =>
    c.json(await setLanguage(deps, c.get('viewer'), await readJson(c))),
  );
  routes.get('/company', requireSignedIn, async (c) =>
    c.json(await getCompany(deps, c.get('viewer'))),
  );

  return routes;
}
