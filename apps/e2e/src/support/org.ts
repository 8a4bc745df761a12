import { API_ROUTES, ORG_ROUTES, type AcceptedInvitation, type InvitationBody, type LoginResponse } from '@food-link/contracts';
import type { ApiSession } from './api';
import { baseUrl } from './browser';
import { waitForMail } from './mail';
import type { E2eUser } from './users';

/** Organisation members for a scene (docs/ORGANISATIONS.md): invited over HTTP, joined with the e-mail's token. */

async function call<T>(path: string, { method = 'GET', body, token }: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const response = await fetch(new URL(path, baseUrl()), {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** The invitation link in the newest e-mail to `email` (`/join?token=...`). */
export async function invitationLink(email: string, count = 1): Promise<URL> {
  const mail = await waitForMail(email, count);
  const text = `${mail.text ?? ''} ${typeof mail.html === 'string' ? mail.html : ''}`;
  const found = /https?:\/\/[^\s"'<>]+\/join\?token=[^\s"'<>&]+/.exec(text);
  if (!found) throw new Error(`The invitation e-mail to ${email} has no /join?token= link: ${text.slice(0, 500)}`);
  return new URL(found[0]);
}

/** Invites `user` over HTTP and joins with the e-mail's token, as the invitation page would; a session for the new member. */
export async function joinByInvitation(admin: ApiSession, user: E2eUser, body: Omit<InvitationBody, 'email'>): Promise<ApiSession> {
  await call(ORG_ROUTES.invitations, { method: 'POST', body: { ...body, email: user.email }, token: admin.token });
  const token = (await invitationLink(user.email)).searchParams.get('token') ?? '';
  const joined = await call<AcceptedInvitation>(ORG_ROUTES.acceptInvitation, { method: 'POST', body: { token, name: user.name, password: user.password } });
  const login = await call<LoginResponse>(API_ROUTES.login, { method: 'POST', body: { email: user.email, password: user.password } });
  expect(login.data[0].user_type).toBe(joined.user_type);
  return {
    token: login.token,
    storage: { token: login.token, userId: String(joined.user_id), userType: joined.user_type, charityName: joined.name },
  };
}

/** A signed-in JSON call for a scene's setting (a volunteer's profile). */
export function apiJson<T>(path: string, options: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  return call<T>(path, options);
}
