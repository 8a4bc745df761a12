import { MESSAGING_ROUTES, type PhoneBody, type PhoneCodeBody, type PhoneSettingsBody, type PhoneView } from '@food-link/contracts';
import { api } from './client';

/** The phone's calls (MESSAGING_ROUTES; docs/MESSAGING.md): apart from `endpoints`, which the landing page carries. */
export const phoneEndpoints = {
  phone: () => api<PhoneView>(MESSAGING_ROUTES.phone, { auth: true }),
  requestPhoneCode: (body: PhoneBody) => api<PhoneView>(MESSAGING_ROUTES.phone, { method: 'POST', body, auth: true }),
  verifyPhone: (body: PhoneCodeBody) => api<PhoneView>(MESSAGING_ROUTES.verifyPhone, { method: 'POST', body, auth: true }),
  savePhoneSettings: (body: PhoneSettingsBody) => api<PhoneView>(MESSAGING_ROUTES.phoneSettings, { method: 'PUT', body, auth: true }),
  removePhone: () => api<PhoneView>(MESSAGING_ROUTES.phone, { method: 'DELETE', auth: true }),
};
