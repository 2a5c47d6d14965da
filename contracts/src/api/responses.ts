import { z } from 'zod';
import { User } from '../entities/user.ts';

/** Every error answer: `{ message }`, the text the client shows. */
export const ErrorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** A command that has nothing to show answers with a short confirmation. */
export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const UserResponse = z.object({ user: User });
export type UserResponse = z.infer<typeof UserResponse>;

export function dataResponse<S extends z.ZodType>(data: S) {
  return z.object({ data });
}

export function pageResponse<S extends z.ZodType, P extends z.ZodType>(item: S, pagination: P) {
  return z.object({ data: z.array(item), pagination });
}
