import { ChangePasswordRequest } from '../requests/change-password.ts';
import { DeleteAccountRequest } from '../requests/delete-account.ts';
import { LoginRequest } from '../requests/login.ts';
import { RegisterRequest } from '../requests/register.ts';
import { AccountExport } from './account-export.ts';
import { defineRoute } from './define-route.ts';
import { MessageResponse, UserResponse } from './responses.ts';

export const authRoutes = {
  getMe: defineRoute({
    method: 'GET',
    path: '/auth/me',
    service: 'query',
    auth: 'required',
    waitsForReadSide: true,
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
  exportMyData: defineRoute({
    method: 'POST',
    path: '/auth/export',
    service: 'command',
    auth: 'required',
    body: null,
    status: 200,
    response: AccountExport,
    summary: 'Everything the product holds about the signed-in person, as JSON (from their events).',
  }),
  deleteAccount: defineRoute({
    method: 'DELETE',
    path: '/auth/account',
    hashesPassword: true,
    service: 'command',
    auth: 'required',
    body: DeleteAccountRequest,
    status: 200,
    response: MessageResponse,
    summary:
      "Deletes the account for good (password asked again): sessions end, files go, posts, comments, likes and connections are removed, open applications withdrawn, open jobs closed, and the person's key is destroyed.",
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
