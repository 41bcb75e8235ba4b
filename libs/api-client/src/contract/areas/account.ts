import { z } from 'zod';
import {
  accountInfoSchema,
  emailSchema,
  loginResultSchema,
  passwordSchema,
  phoneCodeSchema,
  phoneSchema,
  registerCustomerSchema,
  updateUserInfoSchema,
  userInfoSchema,
  whatsappConsentSchema,
  whatsappConsentUpdateSchema,
} from '../../schemas';
import { endpoint, q, result } from '../define';
import { ackResponse, params } from '../helpers';
import { accountRoutes } from './account-routes';

const SPEC = 'account §7 Auth/account';

const login = result(loginResultSchema);
const socialAccountType = z.enum(['google', 'facebook', 'apple']);
/** A browser navigation answered by a 302 redirect (no JSON body). */
const redirectResponse = z.unknown().meta({ contentType: 'redirect' });
const otpCode = z.string().regex(/^\d{4,6}$/, 'Please enter the code you received');
/** A captcha answer: the built-in `id:characters`, or a provider widget's token (docs/adr/042). */
const captchaAnswer = z.string().min(1).max(4096);

export const accountEndpoints = {
  register: endpoint({
    ...accountRoutes.register,
    body: registerCustomerSchema,
    response: login,
    summary: `Register a customer; answers like a login (${SPEC})`,
  }),
  authenticate: endpoint({
    ...accountRoutes.authenticate,
    // `captcha`: asked for (429/400 CAPTCHA_REQUIRED) past the account's free failures, from a device that never signed in to it (docs/adr/042).
    body: z.object({ email: emailSchema, password: z.string().min(1).max(64), captcha: captchaAnswer.optional() }).strict(),
    response: login,
    summary: `Log in by email and password; user info follows from GET /me (${SPEC}; issue 40)`,
  }),
  accountInfo: endpoint({
    ...accountRoutes.accountInfo,
    query: z
      .object({
        email: emailSchema.optional(),
        telephone: phoneSchema.optional(),
        phoneCode: phoneCodeSchema.optional(),
        isMobileUserOnly: q.bool().optional(),
      })
      .strict()
      .refine((v) => v.email !== undefined || v.telephone !== undefined, { message: 'Email or telephone is required', path: ['email'] }),
    response: result(accountInfoSchema),
    summary: `Look an account up by email, or by mobile with its phone code (${SPEC}; account §5)`,
  }),
  sendOtp: endpoint({
    ...accountRoutes.sendOtp,
    body: z.object({ telephone: phoneSchema, phoneCode: phoneCodeSchema, captcha: captchaAnswer.optional() }).strict(),
    response: result(z.object({ sent: z.boolean(), captchaRequired: z.boolean() })),
    summary: `Send a one-time login code to a mobile (${SPEC})`,
  }),
  mobileAuthenticate: endpoint({
    ...accountRoutes.mobileAuthenticate,
    body: z
      .object({
        telephone: phoneSchema,
        phoneCode: phoneCodeSchema,
        code: otpCode,
        /**
         * The number sits unconfirmed on an account (given at its sign-up): the first answer is
         * 409 PHONE_UNCONFIRMED with that account's masked e-mail, and the code stays valid; sent
         * again with `newAccount: true`, the shopper chose a new account with this number.
         */
        newAccount: z.boolean().optional(),
      })
      .strict(),
    response: login,
    summary: `Log in with the mobile one-time code; 409 PHONE_UNCONFIRMED when the number sits unconfirmed on an account (${SPEC}; issue 40)`,
  }),
  forgotPassword: endpoint({
    ...accountRoutes.forgotPassword,
    body: z.object({ emailAddress: emailSchema }).strict(),
    response: ackResponse,
    summary: `E-mail a password-reset token (${SPEC})`,
  }),
  socialStart: endpoint({
    ...accountRoutes.socialStart,
    params: params({ accountType: socialAccountType }),
    query: z.object({ returnTo: z.string().max(512).optional(), country: z.enum(['in', 'ae', 'sg', 'sa', 'us']).optional() }).strict(),
    response: redirectResponse,
    summary: `Social login, step 1 (a browser navigation): keeps state, nonce and a PKCE verifier for the session and redirects to the OpenID Connect provider (${SPEC}; docs/adr/020)`,
  }),
  socialCallback: endpoint({
    ...accountRoutes.socialCallback,
    // Providers may add their own parameters (iss, scope, session_state...): those are ignored.
    query: z.object({
      code: z.string().min(1).max(2048).optional(),
      state: z.string().min(1).max(512).optional(),
      error: z.string().max(200).optional(),
      error_description: z.string().max(1000).optional(),
    }),
    response: redirectResponse,
    summary: `Social login, step 2: the provider's redirect; exchanges the code, verifies the ID token, then logs in or asks for proof (${SPEC}; docs/adr/020)`,
  }),
  socialLink: endpoint({
    ...accountRoutes.socialLink,
    response: result(
      z.object({
        provider: socialAccountType,
        email: z.string(),
        existingAccount: z.boolean(),
        passwordAllowed: z.boolean(),
        returnTo: z.string(),
      }),
    ),
    summary: `The verified provider identity waiting for proof before it is linked to an account (docs/adr/020)`,
  }),
  socialLinkCode: endpoint({
    ...accountRoutes.socialLinkCode,
    response: ackResponse,
    summary: `E-mails a code to the waiting identity's address, bound to it and this session (docs/adr/020)`,
  }),
  socialLinkConfirm: endpoint({
    ...accountRoutes.socialLinkConfirm,
    body: z
      .object({ password: z.string().min(1).max(64).optional(), code: otpCode.optional(), captcha: captchaAnswer.optional() })
      .strict()
      .refine((v) => v.password !== undefined || v.code !== undefined, { message: 'Enter your password or the code we e-mailed you', path: ['code'] }),
    response: result(loginResultSchema.extend({ returnTo: z.string() })),
    summary: `Proves the account (password) or the e-mail (code), links the identity and logs in (docs/adr/020)`,
  }),
  mobileEmail: endpoint({
    ...accountRoutes.mobileEmail,
    query: z.object({ telephone: phoneSchema, phoneCode: phoneCodeSchema.optional() }).strict(),
    response: result(z.object({ exists: z.boolean(), maskedEmail: z.string().optional() })),
    summary: `The (masked) e-mail of the account behind a mobile number (${SPEC})`,
  }),
  mobileEmailLink: endpoint({
    ...accountRoutes.mobileEmailLink,
    body: z.object({ email: emailSchema }).strict(),
    response: ackResponse,
    summary: `Link an e-mail to the mobile account; sends a code (${SPEC})`,
  }),
  verifyOtp: endpoint({
    ...accountRoutes.verifyOtp,
    body: z
      .object({
        telephone: phoneSchema,
        phoneCode: phoneCodeSchema,
        email: emailSchema,
        code: otpCode.optional(),
        password: z.string().min(1).max(64).optional(),
      })
      .strict()
      .refine((v) => v.code !== undefined || v.password !== undefined, {
        message: 'Enter the code we e-mailed you, or the password of that account',
        path: ['code'],
      }),
    response: login,
    summary: `Merge the mobile and e-mail accounts: the session proves the mobile; the e-mail is proved by the code from mobile/email-link (bound to the e-mail and this session) or by that account's password (${SPEC}; docs/adr/020)`,
  }),
  updateUserInfo: endpoint({
    ...accountRoutes.updateUserInfo,
    body: updateUserInfoSchema,
    response: result(userInfoSchema.extend({ pendingVerification: z.object({ email: z.string().optional(), telephone: z.string().optional() }).optional() })),
    summary: `Edit account details; a new e-mail or mobile waits for the code sent to it (pendingVerification) (${SPEC}; docs/adr/020)`,
  }),
  confirmContact: endpoint({
    ...accountRoutes.confirmContact,
    body: z.object({ contact: z.enum(['email', 'telephone']), code: otpCode }).strict(),
    response: result(userInfoSchema),
    summary: `Applies the pending e-mail or mobile with the code sent to it (docs/adr/020)`,
  }),
  changePassword: endpoint({
    ...accountRoutes.changePassword,
    body: z.object({ email: emailSchema, oldPassword: z.string().min(1).max(64), newPassword: passwordSchema }).strict(),
    response: ackResponse,
    summary: `Change password without a token: oldPassword, newPassword, email (${SPEC}; account §5)`,
  }),
  resetPassword: endpoint({
    ...accountRoutes.resetPassword,
    params: params({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'Invalid reset token') }),
    body: z
      .object({ newPassword: passwordSchema, confirmNewPassword: z.string() })
      .strict()
      .refine((v) => v.newPassword === v.confirmNewPassword, { message: 'Passwords do not match', path: ['confirmNewPassword'] }),
    response: ackResponse,
    summary: `Reset password with the e-mailed token: newPassword and confirmNewPassword (${SPEC}; account §5)`,
  }),
  whatsappConsent: endpoint({
    ...accountRoutes.whatsappConsent,
    response: result(whatsappConsentSchema),
    summary: `WhatsApp opt-in status; only for a logged-in customer with a telephone (${SPEC})`,
  }),
  updateWhatsappConsent: endpoint({
    ...accountRoutes.updateWhatsappConsent,
    query: z.object({ optingValue: q.bool() }).strict(),
    response: result(whatsappConsentUpdateSchema),
    summary: `Opt in or out of WhatsApp; read as result.response.status 'success' (${SPEC})`,
  }),
  presalesSession: endpoint({
    ...accountRoutes.presalesSession,
    response: result(z.object({ loggedIn: z.boolean(), salesmanId: z.string().optional(), storeCode: z.string().optional(), name: z.string().optional() })),
    summary: `Pre-sales (sales-staff) session info; sets leadSource (shopping §7 Session and user)`,
  }),
  presalesDualLogin: endpoint({
    ...accountRoutes.presalesDualLogin,
    body: z
      .object({
        salesmanId: z.string().regex(/^[A-Za-z0-9-]{2,32}$/, 'Invalid salesman id'),
        password: z.string().min(1).max(64),
        customerEmail: emailSchema.optional(),
        customerTelephone: phoneSchema.optional(),
      })
      .strict(),
    response: result(z.object({ loggedIn: z.boolean(), leadSource: z.boolean(), customer: userInfoSchema.optional() })),
    summary: `Sales staff and customer log in together for checkout (shopping §7 Checkout; account §7 Other)`,
  }),
} as const;
