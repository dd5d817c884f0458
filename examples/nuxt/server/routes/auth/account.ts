import { createError, defineEventHandler, deleteCookie, getCookie, readBody, setCookie } from 'h3';
import { api } from '../../middleware/api';

/** The example's sign-in: a cookie naming a user of the example API (no password: a demo). */
const COOKIE = 'tessera-user';

/**
 * GET /auth/account: the signed-in user, or 401. POST { userId } signs in as that user, DELETE
 * signs out. What the account page reads, with the cookie the browser sends, or, during a server
 * render, the one its endpoint's `getHeaders` forwards.
 */
export default defineEventHandler(async (event) => {
  if (event.method === 'POST') {
    const { userId } = (await readBody<{ userId?: unknown }>(event)) ?? {};
    const user = typeof userId === 'number' ? api.db.getUser(userId) : undefined;
    if (!user) throw createError({ statusCode: 422, message: 'No such user' });
    setCookie(event, COOKIE, String(user.id), { httpOnly: true, sameSite: 'lax', path: '/' });
    return user;
  }
  if (event.method === 'DELETE') {
    deleteCookie(event, COOKIE, { path: '/' });
    return null;
  }
  const user = api.db.getUser(Number(getCookie(event, COOKIE)));
  if (!user) throw createError({ statusCode: 401, message: 'Not signed in' });
  return user;
});
