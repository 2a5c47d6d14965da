import { z } from 'zod';
import { EmployerApplicationStatus } from '../entities/enums.ts';
import { hiringMessages } from '../messages.ts';

/** The poster's move of an application: to interview, accepted or rejected. */
export const MoveApplicationRequest = z.object(
  { status: EmployerApplicationStatus },
  { error: hiringMessages.statusInvalid },
);
export type MoveApplicationRequest = z.infer<typeof MoveApplicationRequest>;
