import { ChangePasswordRequest } from '../requests/change-password.ts';
import { LoginRequest } from '../requests/login.ts';
import { RegisterRequest } from '../requests/register.ts';
import { defineRoute } from './define-route.ts';
import { MessageResponse, UserResponse } from './responses.ts';

export const authRoutes = {
  getMe: defineRoute({
    method: 'GET',
    path: '/auth/me',
    service: 'query',
    auth: 'required',
    status: 200,
    response: UserResponse,
    summary: 'The signed-in user (checks the session).',
  }),
  login: defineRoute({
    method: 'POST',
    path: '/auth/login',
    hashesPassword: true,
    service: 'command',
    auth: 'public',
    body: LoginRequest,
    status: 200,
    response: UserResponse,
    summary: 'Signs in: sets the session cookie.',
  }),
  register: defineRoute({
    method: 'POST',
    path: '/auth/register',
    hashesPassword: true,
    service: 'command',
    auth: 'public',
    body: RegisterRequest,
    status: 201,
    response: UserResponse,
    summary: 'Creates an account and signs it in.',
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/auth/logout',
    service: 'command',
    // Public so that signing out always succeeds, even with an expired session.
    auth: 'public',
    body: null,
    status: 200,
    response: MessageResponse,
    summary: 'Ends the session and clears the cookie.',
  }),
  changePassword: defineRoute({
    method: 'PUT',
    path: '/auth/change-password',
    hashesPassword: true,
    service: 'command',
    auth: 'required',
    body: ChangePasswordRequest,
    status: 200,
    response: MessageResponse,
    summary: "Changes the password and ends the user's other sessions.",
  }),
} as const;
