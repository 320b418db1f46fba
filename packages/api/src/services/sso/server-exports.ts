/** What the server's plain routes (apps/server/src/routes/sso.ts) use from single sign-on. */
export { handleOidcCallback, startSsoForEmail } from './sign-in';
