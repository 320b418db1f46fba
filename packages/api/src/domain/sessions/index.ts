/** The sessions area's public face: other areas, the transport and the composition root import it from here. */
export {
  createSession,
  resolveBearerToken,
  revokeUserSessions,
  type SessionRow,
  type SessionUser,
} from './sessions';
export { insertNewUser } from './new-user';
