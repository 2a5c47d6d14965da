import { z } from 'zod';
import { connectionResponses } from '../constants.ts';
import { connectionMessages } from '../messages.ts';

/** `PUT /users/connections/:requestId`: accept or decline a pending request. */
export const RespondToConnectionRequest = z.object({
  status: z.enum(connectionResponses, { error: connectionMessages.responseInvalid }),
});
export type RespondToConnectionRequest = z.infer<typeof RespondToConnectionRequest>;
