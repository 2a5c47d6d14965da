import { z } from 'zod';
import { ConnectionStatus } from './enums.ts';
import { Location } from './location.ts';
import { Id, IsoDateTime } from './scalars.ts';
import { ProfilePicture } from './uploaded-files.ts';

/** The other person of a connection, as the connection cards show them. */
export const ConnectionUser = z.object({
  _id: Id,
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: ProfilePicture.nullable(),
  bio: z.string(),
  location: Location,
  /**
   * Beyond the spec: where the Message button writes (a mail link, as the product has no messaging of
   * its own). Only on accepted connections: a request, sent or received, must not hand a stranger the
   * other person's address, so pending requests never carry it.
   */
  email: z.string().optional(),
});
export type ConnectionUser = z.infer<typeof ConnectionUser>;

/**
 * A connection or a pending request. `_id` is the id used by respond and remove; `user` is always the
 * other person (for a pending request: who asked).
 */
export const Connection = z.object({
  _id: Id,
  status: ConnectionStatus,
  createdAt: IsoDateTime,
  user: ConnectionUser,
});
export type Connection = z.infer<typeof Connection>;

/** What connect and respond answer. */
export const ConnectionState = z.object({
  _id: Id,
  status: ConnectionStatus,
});
export type ConnectionState = z.infer<typeof ConnectionState>;
