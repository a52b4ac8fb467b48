// Customers for tests: unique addresses and client IPs, sign-up and sign-in through the real endpoints.
import { randomBytes, randomUUID } from 'node:crypto';
import { api, type RequestOptions } from './api.ts';
import { testApp } from './test-app.ts';
import { expectMail } from './smtp-sink.ts';

export const P = '/api/rest/portal';
export const LINK_BASE = 'https://portal.example.org/sign-in';

export const uniqueEmail = (prefix = 'customer') => `${prefix}-${randomUUID().slice(0, 8)}@example.org`;

/** A client address of its own (sent as X-Forwarded-For), so per-IP limits of one test do not touch another. */
export function clientIp(): string {
  return `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
}

export const fromIp = (ip: string, extra: RequestOptions = {}): RequestOptions => ({
  ...extra,
  headers: { ...(extra.headers ?? {}), 'X-Forwarded-For': ip },
});

export const bearer = (token: string, extra: RequestOptions = {}): RequestOptions => ({
  ...extra,
  headers: { ...(extra.headers ?? {}), Authorization: `Bearer ${token}` },
});

export interface SignedIn {
  id: number;
  email: string;
  password: string | null;
  accessToken: string;
  refreshToken: string;
}

/** password-register then password-login. */
export async function passwordCustomer(fields: Record<string, unknown> = {}, password = 'correct horse'): Promise<SignedIn> {
  const email = (fields.email as string | undefined) ?? uniqueEmail('pw');
  const ip = clientIp();
  const reg = await api.post(`${P}/password-register`, { ...fields, email, password }, fromIp(ip));
  if (reg.status !== 201) throw new Error(`password-register: ${reg.status} ${reg.text}`);
  const login = await api.post(`${P}/password-login`, { email, password }, fromIp(ip));
  if (login.status !== 200) throw new Error(`password-login: ${login.status} ${login.text}`);
  return { id: reg.body.id, email, password, accessToken: login.body.access_token, refreshToken: login.body.refresh_token };
}

/** The last two path segments of a magic link: the customer id and the token. */
export function linkParts(link: string): { id: string; token: string } {
  const segments = new URL(link).pathname.split('/');
  return { id: segments.at(-2)!, token: segments.at(-1)! };
}

/** passwordless-access, the link read from the e-mail, then auth-token. */
export async function passwordlessCustomer(email = uniqueEmail('pl')): Promise<SignedIn> {
  const { link } = await expectMail(email, () => api.post(`${P}/passwordless-access`, { url: LINK_BASE, email }, fromIp(clientIp())));
  const { id, token } = linkParts(link);
  const res = await api.get(`${P}/auth-token/${id}/${token}`);
  if (res.status !== 200) throw new Error(`auth-token: ${res.status} ${res.text}`);
  return { id: Number(id), email, password: null, accessToken: res.body.accessToken, refreshToken: res.body.refreshToken };
}

export async function disableCustomer(id: number): Promise<void> {
  await testApp().runtime.prisma.customer.update({ where: { id }, data: { disabledAt: new Date() } });
}

/** Every field of the specification's customer table, as the profile answers it. */
export const CUSTOMER_FIELDS = [
  'id',
  'email',
  'firstName',
  'lastName',
  'fullName',
  'phone',
  'dateOfBirth',
  'livingCircumstance',
  'homeLocalAuthority',
  'homeAddress',
  'homePostcode',
  'workingCircumstance',
  'workLocalAuthority',
  'workAddress',
  'workPostcode',
  'occupation',
  'employerName',
  'annualHouseholdIncome',
  'deposit',
  'dependants',
  'eligibleCitizen',
  'homeOwnershipStatus',
  'armedForcesMember',
  'hasDisability',
  'keyworker',
  'housingWaitingList',
  'remarks',
  'buyingInterestPeriod',
  'bestTimeToContactYou',
  'privacyPolicyAccepted',
  'newsletterConsent',
  'newsSurveysConsent',
  'partnersOffersConsent',
  'smsConsent',
  'whatsappConsent',
  'updatedAt',
  'createdAt',
];
