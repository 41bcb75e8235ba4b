import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { route } from '../../http/endpoint';
import { countryOf, currentSession, requireSession } from '../../http/session';
import { type AreaHooks } from '../area';
import { consumeOtp, maskEmail, MESSAGES, requireCustomer } from './auth-routes';
import { consumeContactCode, pendingContact, sendContactCode } from './contact-codes';
import { hashPassword, sha256 } from './credentials';
import { checkPassword, countTakenEmail, passwordClient, refuseRegisterProbing } from './throttle';
import { customerById, dittosOf, userInfoOf, type CustomerRow } from './customers';
import { forgetDevices } from './devices';
import { logIn } from './login';
import { deliver, smsRecipient } from './outbox';
import { checkMobile } from './phone';

const accountEndpoints = areaEndpoints.account;

/**
 * Who owns an e-mail or a phone, and how an address comes to decide a login (docs/adr/020):
 * registration, mobile login, the phone/e-mail merge, changing contact details, and the
 * password change and reset that end sessions. A phone number or e-mail is attached to an
 * account as verified only after a code sent to it (or, for an e-mail, a reset link or a
 * provider's verified claim); unverified contact data never decides which account a login
 * lands in.
 */
export const IDENTITY_MESSAGES = {
  badPassword: 'The password is not correct.',
  proofNeeded: 'Enter the code we e-mailed you, or the password of the account with this e-mail.',
  phoneFirst: 'Add and verify a mobile number on your account first.',
  codeSent: 'We sent a code to confirm it.',
  resetDone: 'Your password has been reset. Please log in.',
  phoneUnconfirmed: (maskedEmail?: string) =>
    `This number was given when ${maskedEmail ? `the account ${maskedEmail}` : 'an account'} was created, but it was never confirmed. Sign in with that e-mail to reach its orders and confirm the number there, or create a new account with this number.`,
  resetFirstProof:
    'Your password has been reset. Please log in. This was the first time this e-mail was confirmed, so the mobile number and sign-in providers added before were removed: add your number again from your account.',
} as const;

type Queryable = Pick<Database, 'query'>;

export async function customerByEmail(db: Queryable, email: string) {
  const [row] = await db.query<CustomerRow>('select * from customers where lower(email) = lower($1)', [email.trim()]);
  return row;
}

/** The account a phone number logs into: only one whose number was verified by a code. */
export async function verifiedPhoneOwner(db: Queryable, phoneCode: string, telephone: string) {
  const [row] = await db.query<CustomerRow>('select * from customers where phone_code = $1 and telephone = $2 and phone_verified order by id limit 1', [
    phoneCode,
    telephone,
  ]);
  return row;
}

/** The account a number sits on unconfirmed (given at sign-up, never proved by a code), if any. */
async function unconfirmedPhoneHolder(db: Queryable, phoneCode: string, telephone: string) {
  const [row] = await db.query<CustomerRow>(
    'select * from customers where phone_code = $1 and telephone = $2 and not phone_verified order by id desc limit 1',
    [phoneCode, telephone],
  );
  return row;
}

/** A phone just proved by a code becomes this account's; unverified copies of it elsewhere are dropped. */
async function claimPhone(db: Queryable, customerId: number, phoneCode: string, telephone: string) {
  await db.query('update customers set telephone = $2, phone_code = $3, phone_verified = true where id = $1', [customerId, telephone, phoneCode]);
  await db.query('update customers set telephone = null, phone_code = null where phone_code = $1 and telephone = $2 and not phone_verified and id <> $3', [
    phoneCode,
    telephone,
    customerId,
  ]);
}

/** Ends a customer's sessions (all, or all but `keep`). */
export async function endCustomerSessions(db: Queryable, customerId: number, keep?: string) {
  await db.query('update sessions set ended_at = now() where customer_id = $1 and ended_at is null and ($2::text is null or id <> $2)', [
    customerId,
    keep ?? null,
  ]);
}

/**
 * The owner of an e-mail proved it for the first time (a code sent there, a reset link): whoever
 * set up the account before may not be its owner (pre-hijack, issue 40). Every credential and
 * contact added before that proof goes, since nobody who added it had proved the e-mail: the
 * password, the phone (verified or not: a phone code proves the phone, never the account), the
 * linked provider identities, outstanding reset links, known devices; every session ends; the
 * e-mail is verified. Answers whether anything was removed beyond the password (the owner is told).
 */
export async function takeOverUnverifiedAccount(db: Queryable, customer: CustomerRow): Promise<boolean> {
  if (customer.email_verified) return false;
  const [before] = await db.query<{ telephone: string | null }>('select telephone from customers where id = $1 for update', [customer.id]);
  await db.query(
    'update customers set password_hash = null, telephone = null, phone_code = null, phone_verified = false, email_verified = true where id = $1',
    [customer.id],
  );
  const identities = await db.query('delete from customer_identities where customer_id = $1 returning id', [customer.id]);
  await db.query('update account_password_resets set used_at = now() where customer_id = $1 and used_at is null', [customer.id]);
  await endCustomerSessions(db, customer.id);
  // The browsers that signed in before are nobody's proof either: none stays a known device.
  await forgetDevices(db, customer.id);
  return Boolean(before?.telephone) || identities.length > 0;
}

export function identityRoutes(app: FastifyInstance, rootDb: Database, hooks: AreaHooks) {
  route(app, accountEndpoints.register, async ({ body, request, reply, db }) => {
    let phoneCode: string | null = null;
    if (body.telephone) phoneCode = checkMobile(body.telephone, body.phoneCode ?? '+91');
    // A stranger probing which e-mails have accounts is stopped after a few "taken" answers (throttle.ts).
    const sessionId = (await currentSession(db, request))?.id ?? null;
    await refuseRegisterProbing(db, sessionId, request.ip);
    if (await customerByEmail(db, body.email)) {
      await countTakenEmail(db, sessionId, request.ip);
      throw new HttpError(409, MESSAGES.emailTaken, 'email', 'EXISTS');
    }
    if (phoneCode && body.telephone && (await verifiedPhoneOwner(db, phoneCode, body.telephone)))
      throw new HttpError(409, MESSAGES.phoneTaken, 'telephone', 'EXISTS');
    if (body.code && !body.telephone) throw badRequest('A code confirms a mobile number: enter the number it was sent to.', 'telephone');
    // The number is confirmed in the sign-up form by the code sent to it (issue 40), so a later
    // code sign-in with it lands here. Without a code it is kept as contact data, unverified: no
    // mobile login lands here until a code proves it (and a code sign-in with it says so).
    if (phoneCode && body.telephone && body.code) await consumeOtp(db, phoneCode, body.telephone, body.code);
    const phoneVerified = Boolean(phoneCode && body.code);
    const passwordHash = await hashPassword(body.password);
    // Two registrations of one e-mail at once (a double submit): the database's unique index
    // decides, and the second is told the e-mail is taken (409), never a 500.
    const [created] = await db
      .query<{ id: number }>(
        `insert into customers (first_name, last_name, email, telephone, phone_code, gender, country, password_hash, whatsapp_opt_in, phone_verified, email_verified)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, false) returning id`,
        [
          body.firstName,
          body.lastName ?? '',
          body.email.trim(),
          body.telephone ?? null,
          phoneCode,
          body.gender ?? null,
          countryOf(request),
          passwordHash,
          body.whatsappOptIn ?? null,
          phoneVerified,
        ],
      )
      .catch((error: unknown) => {
        if ((error as { code?: string } | null)?.code === '23505') throw new HttpError(409, MESSAGES.emailTaken, 'email', 'EXISTS');
        throw error;
      });
    // A proved number is this account's: unconfirmed copies of it elsewhere are dropped.
    if (phoneVerified) await claimPhone(db, created!.id, phoneCode!, body.telephone!);
    await deliver(db, { channel: 'email', to: body.email.trim(), subject: 'Welcome to Eyewear', body: `Hi ${body.firstName}, your account is ready.` });
    return logIn(db, hooks, request, reply, created!.id);
  });

  route(app, accountEndpoints.mobileAuthenticate, async ({ body, request, reply, db }) => {
    await requireSession(db, request);
    const phoneCode = checkMobile(body.telephone, body.phoneCode);
    let customer: CustomerRow | undefined = await verifiedPhoneOwner(db, phoneCode, body.telephone);
    // A number typed at sign-up and never confirmed: its owner most likely has that account (with
    // its orders and credit). A new empty account would take the number from it silently (issue
    // 40), so the first answer says so, names the account by its masked e-mail and keeps the code;
    // the shopper signs in there by e-mail (and confirms the number from the account), or asks
    // again with `newAccount` for a new account with this number.
    const holder = customer ? undefined : await unconfirmedPhoneHolder(db, phoneCode, body.telephone);
    const ask = Boolean(holder && !body.newAccount);
    await consumeOtp(db, phoneCode, body.telephone, body.code, ask);
    if (holder && ask) {
      const maskedEmail = holder.email ? maskEmail(holder.email) : undefined;
      throw new HttpError(409, IDENTITY_MESSAGES.phoneUnconfirmed(maskedEmail), 'telephone', 'PHONE_UNCONFIRMED', undefined, { maskedEmail });
    }
    // The code proved the phone: the login lands in the account that verified this number, or a new one.
    if (!customer) {
      const [created] = await db.query<{ id: number }>(`insert into customers (first_name, country) values ('', $1) returning id`, [countryOf(request)]);
      customer = await customerById(db, created!.id);
    }
    await claimPhone(db, customer.id, phoneCode, body.telephone);
    // The account that held the number unconfirmed is told where it went (its owner chose this).
    if (holder?.email)
      await deliver(db, {
        channel: 'email',
        to: holder.email,
        subject: 'Your mobile number was confirmed on another account',
        body: `The number ${smsRecipient(phoneCode, body.telephone)}, given when your account was created but never confirmed, was confirmed with a code for another Eyewear account and removed from yours. Your orders and store credit stay with your account: sign in with this e-mail.`,
      });
    return logIn(db, hooks, request, reply, customer.id);
  });

  route(app, accountEndpoints.resetPassword, async ({ params, body, db }) => {
    const newHash = await hashPassword(body.newPassword);
    const customerId = await db.transaction(async (tx) => {
      const [reset] = await tx.query<{ customer_id: number }>(
        `update account_password_resets set used_at = now() where token_hash = $1 and used_at is null and expires_at > now() returning customer_id`,
        [sha256(params.token)],
      );
      if (!reset) return null;
      // The link proved the e-mail: a first proof removes what was set up before it (pre-hijack).
      const removed = await takeOverUnverifiedAccount(tx, await customerById(tx, reset.customer_id));
      // Every other link of this customer and every session end.
      await tx.query('update customers set password_hash = $2, email_verified = true where id = $1', [reset.customer_id, newHash]);
      await tx.query('update account_password_resets set used_at = now() where customer_id = $1 and used_at is null', [reset.customer_id]);
      await endCustomerSessions(tx, reset.customer_id);
      return { id: reset.customer_id, removed };
    });
    if (customerId === null) throw badRequest(MESSAGES.badResetToken, 'token');
    return { result: { success: true, message: customerId.removed ? IDENTITY_MESSAGES.resetFirstProof : IDENTITY_MESSAGES.resetDone } };
  });

  route(app, accountEndpoints.changePassword, async ({ body, request, db }) => {
    const { customerId, session } = await requireCustomer(db, request);
    const customer = await customerById(db, customerId);
    if (!customer.email || customer.email.toLowerCase() !== body.email.toLowerCase()) throw badRequest('This is not the e-mail of your account.', 'email');
    if (!(await checkPassword(db, { email: customer.email, ...passwordClient(request) }, body.oldPassword, customer.password_hash)))
      throw badRequest('Your current password is not correct.', 'oldPassword');
    const newHash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      await tx.query('update customers set password_hash = $2 where id = $1', [customerId, newHash]);
      // The customer's other sessions and outstanding reset links end; this session stays.
      await tx.query('update account_password_resets set used_at = now() where customer_id = $1 and used_at is null', [customerId]);
      await endCustomerSessions(tx, customerId, session.id);
    });
    return { result: { success: true, message: 'Your password has been changed. You were signed out everywhere else.' } };
  });

  route(app, accountEndpoints.mobileEmailLink, async ({ body, request, db }) => {
    const { customerId, session } = await requireCustomer(db, request);
    const customer = await customerById(db, customerId);
    if (!customer.telephone || !customer.phone_code || !customer.phone_verified) throw badRequest(IDENTITY_MESSAGES.phoneFirst, 'email');
    const email = body.email.trim().toLowerCase();
    // The code is bound to this e-mail address and this session: it proves the e-mail, nothing else.
    await sendContactCode(db, {
      sessionId: session.id,
      customerId,
      purpose: 'merge-email',
      channel: 'email',
      recipient: email,
      value: email,
      subject: 'Link your e-mail',
      text: (code) => `${code} links this e-mail to your Eyewear account. It is valid for 10 minutes.`,
    });
    return { result: { success: true, message: IDENTITY_MESSAGES.codeSent } };
  });

  route(app, accountEndpoints.verifyOtp, async ({ body, request, reply, db }) => {
    const { customerId, session } = await requireCustomer(db, request);
    const phoneCode = checkMobile(body.telephone, body.phoneCode);
    const me = await customerById(db, customerId);
    // The session proves the phone (it logged in with a code to it); the e-mail needs its own proof.
    if (me.telephone !== body.telephone || me.phone_code !== phoneCode || !me.phone_verified) throw notFound('No such mobile on your account');
    const email = body.email.trim().toLowerCase();
    const owner = await customerByEmail(db, email);
    let provedBy: 'code' | 'password';
    if (body.code) {
      await consumeContactCode(db, { sessionId: session.id, purpose: 'merge-email', code: body.code, recipient: email });
      provedBy = 'code';
    } else if (body.password) {
      // Counted with the sign-ins of that e-mail and of this client (throttle.ts checkPassword).
      const stored = owner && owner.id !== customerId ? owner.password_hash : null;
      if (!(await checkPassword(db, { email, ...passwordClient(request) }, body.password, stored))) throw badRequest(IDENTITY_MESSAGES.badPassword, 'password');
      provedBy = 'password';
    } else {
      throw badRequest(IDENTITY_MESSAGES.proofNeeded, 'code');
    }
    if (owner && owner.id !== customerId) {
      // Merge: the e-mail account takes the mobile; the mobile-only account is retired.
      await db.transaction(async (tx) => {
        if (provedBy === 'code') await takeOverUnverifiedAccount(tx, owner);
        await tx.query(`update customers set telephone = null, phone_code = null, phone_verified = false where id = $1`, [customerId]);
        await claimPhone(tx, owner.id, phoneCode, body.telephone);
      });
      return logIn(db, hooks, request, reply, owner.id);
    }
    await db.query('update customers set email = $2, email_verified = true where id = $1', [customerId, email]);
    return logIn(db, hooks, request, reply, customerId);
  });

  route(app, accountEndpoints.updateUserInfo, async ({ body, request, db }) => {
    const { customerId, session } = await requireCustomer(db, request);
    const current = await customerById(db, customerId);
    const pendingVerification: { email?: string; telephone?: string } = {};
    let newPhone: { phoneCode: string; telephone: string } | undefined;
    if (body.telephone) {
      const phoneCode = checkMobile(body.telephone, body.phoneCode ?? current.phone_code ?? '+91');
      // A new number, or the account's own number not yet proved (given at registration): a code confirms it.
      if (body.telephone !== current.telephone || phoneCode !== current.phone_code || !current.phone_verified) {
        const owner = await verifiedPhoneOwner(db, phoneCode, body.telephone);
        if (owner && owner.id !== customerId) throw new HttpError(409, MESSAGES.phoneTaken, 'telephone', 'EXISTS');
        newPhone = { phoneCode, telephone: body.telephone };
      }
    }
    const newEmail = body.email && body.email.trim().toLowerCase() !== (current.email ?? '').toLowerCase() ? body.email.trim().toLowerCase() : undefined;
    if (newEmail) {
      const owner = await customerByEmail(db, newEmail);
      if (owner && owner.id !== customerId) throw new HttpError(409, MESSAGES.emailTaken, 'email', 'EXISTS');
    }
    await db.query(
      `update customers set first_name = coalesce($2, first_name), last_name = coalesce($3, last_name), gender = coalesce($4, gender) where id = $1`,
      [customerId, body.firstName ?? null, body.lastName ?? null, body.gender ?? null],
    );
    // A new e-mail or number is kept pending until the code sent to it comes back (POST /v2/customers/info/verify).
    if (newEmail) {
      await sendContactCode(db, {
        sessionId: session.id,
        customerId,
        purpose: 'change-email',
        channel: 'email',
        recipient: newEmail,
        value: newEmail,
        subject: 'Confirm your new e-mail',
        text: (code) => `${code} confirms this e-mail for your Eyewear account. It is valid for 10 minutes.`,
      });
      pendingVerification.email = newEmail;
    }
    if (newPhone) {
      await sendContactCode(db, {
        sessionId: session.id,
        customerId,
        purpose: 'change-phone',
        channel: 'sms',
        client: request.ip,
        field: 'telephone',
        recipient: smsRecipient(newPhone.phoneCode, newPhone.telephone),
        value: smsRecipient(newPhone.phoneCode, newPhone.telephone),
        subject: 'Confirm your mobile',
        text: (code) => `${code} confirms this mobile for your Eyewear account. It is valid for 10 minutes.`,
      });
      pendingVerification.telephone = newPhone.telephone;
    }
    const result = userInfoOf(await customerById(db, customerId), await dittosOf(db, customerId));
    return { result: Object.keys(pendingVerification).length ? { ...result, pendingVerification } : result };
  });

  route(app, accountEndpoints.confirmContact, async ({ body, request, db }) => {
    const { customerId, session } = await requireCustomer(db, request);
    const purpose = body.contact === 'email' ? 'change-email' : 'change-phone';
    if (!(await pendingContact(db, session.id, purpose))) throw badRequest(MESSAGES.noCode, 'code');
    const proved = await consumeContactCode(db, { sessionId: session.id, purpose, code: body.code });
    if (proved.customerId !== customerId) throw badRequest(MESSAGES.noCode, 'code');
    if (body.contact === 'email') {
      const owner = await customerByEmail(db, proved.value);
      if (owner && owner.id !== customerId) throw new HttpError(409, MESSAGES.emailTaken, 'email', 'EXISTS');
      await db.query('update customers set email = $2, email_verified = true where id = $1', [customerId, proved.value]);
    } else {
      const [phoneCode, telephone] = proved.value.split(' ') as [string, string];
      const owner = await verifiedPhoneOwner(db, phoneCode, telephone);
      if (owner && owner.id !== customerId) throw new HttpError(409, MESSAGES.phoneTaken, 'telephone', 'EXISTS');
      await claimPhone(db, customerId, phoneCode, telephone);
    }
    return { result: userInfoOf(await customerById(db, customerId), await dittosOf(db, customerId)) };
  });
}
