// The Vue example's endpoints: todos (paginated, optimistic), users and the live counter.
import { RestEndpoint } from '@tessera/core';
import { useRequestHeaders } from 'nuxt/app';
import { User } from '../../vue/src/api';

export * from '../../vue/src/api';

/**
 * The signed-in user (server/routes/auth/account.ts), read with the session cookie. The browser
 * sends its cookie by itself; a server render's request carries none, so `getHeaders` adds the
 * page request's: `useRequestHeaders` works there because @tessera/nuxt runs an endpoint's hooks
 * in the request's Nuxt context (in the browser it returns {}).
 */
export const AccountResource = {
  get: new RestEndpoint({
    path: '/auth/account',
    schema: User,
    getHeaders: (headers) => ({ ...headers, ...useRequestHeaders(['cookie']) }),
  }),
  signIn: new RestEndpoint({
    path: '/auth/account',
    method: 'POST',
    body: {} as { userId: number },
    schema: User,
  }),
  signOut: new RestEndpoint({ path: '/auth/account', method: 'DELETE' }),
};
