import { useState, type FormEvent } from 'react';
import { type SavedCard } from '@eyewear/api-client';
import { formatMessage, useCountry, useMessages } from '@eyewear/i18n';
import { isValidEmail, isValidMobile, MOBILE_RULES } from '@eyewear/i18n/rules';
import { SkeletonGrid } from '@eyewear/ui';
import { fieldOf, messageOf } from '../../shared/api';
import { Field, FormError, LoadFailed, SelectField } from '../../shared/form';
import { useAccountApi, useRemote } from '../../shared/hooks';
import { sectionMessages } from '../account/messages';

function Details() {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const country = useCountry();
  const me = useRemote(() => api.me().then((a) => a.result), []);
  const [values, setValues] = useState<Record<string, string> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [whatsapp, setWhatsapp] = useState<boolean | null>(null);
  // A new e-mail or mobile waits for the code sent to it (docs/adr/020).
  const [pending, setPending] = useState<{ email?: string; telephone?: string }>({});
  if (me.status === 'loading' && !me.data) return <SkeletonGrid rows={1} label={m.loading} />;
  if (me.status === 'failed') return <LoadFailed message={messageOf(me.error, m.somethingWrong)} retry={m.retry} onRetry={me.reload} />;
  const user = me.data!;
  const v = values ?? {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    telephone: user.telephone ?? '',
    gender: user.gender ?? '',
  };
  const set = (key: string) => (value: string) => setValues({ ...v, [key]: value });
  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!v.firstName!.trim()) next.firstName = m.required;
    if (v.email && !isValidEmail(v.email.trim())) next.email = m.invalidEmail;
    if (v.telephone && !isValidMobile(country, v.telephone)) next.telephone = m.invalidMobile;
    setErrors(next);
    setNotice(null);
    if (Object.keys(next).length) return;
    try {
      const answer = await api.updateUser({
        firstName: v.firstName!.trim(),
        lastName: v.lastName!.trim(),
        ...(v.email ? { email: v.email.trim() } : {}),
        ...(v.telephone ? { telephone: v.telephone, phoneCode: user.phoneCode ?? MOBILE_RULES[country].phoneCode } : {}),
        ...(v.gender ? { gender: v.gender } : {}),
      });
      const waiting = answer.result.pendingVerification ?? {};
      setPending(waiting);
      setNotice(waiting.email || waiting.telephone ? m.detailsSavedVerify : m.detailsSaved);
      me.reload();
    } catch (error) {
      const field = fieldOf(error);
      if (field) setErrors({ [field]: messageOf(error, m.somethingWrong) });
      else setNotice(messageOf(error, m.somethingWrong));
    }
  }
  // account §5: the WhatsApp consent call runs only when logged in with a telephone on the profile.
  async function toggleWhatsapp(optin: boolean) {
    try {
      const answer = await api.setWhatsapp(optin);
      if (answer.result.response.status === 'success') {
        setWhatsapp(optin);
        setNotice(m.whatsappSaved);
      }
    } catch (error) {
      setNotice(messageOf(error, m.somethingWrong));
    }
  }
  const confirmed = (contact: 'email' | 'telephone', to: string) => {
    setPending((p) => ({ ...p, [contact]: undefined }));
    setValues(null);
    setNotice(formatMessage(m.contactConfirmed, { to }));
    me.reload();
  };
  return (
    <>
      <form onSubmit={submit} noValidate className="acc-card" aria-label={m.save}>
        <Field name="firstName" label={m.firstName} value={v.firstName!} onChange={set('firstName')} error={errors.firstName} />
        <Field name="lastName" label={m.lastName} value={v.lastName!} onChange={set('lastName')} />
        <Field name="email" label={m.email} type="email" value={v.email!} onChange={set('email')} error={errors.email} />
        <Field name="telephone" label={m.phone} type="tel" inputMode="numeric" value={v.telephone!} onChange={set('telephone')} error={errors.telephone} />
        <SelectField
          name="gender"
          label={m.gender}
          value={v.gender!}
          onChange={set('gender')}
          options={[
            { value: '', label: '-' },
            { value: 'female', label: m.female },
            { value: 'male', label: m.male },
            { value: 'other', label: m.other },
          ]}
        />
        {user.telephone ? <WhatsappConsent value={whatsapp} onLoaded={setWhatsapp} onChange={toggleWhatsapp} /> : null}
        <MarketingConsent email={user.email ?? undefined} phone={user.telephone ?? undefined} onSaved={() => setNotice(m.marketingSaved)} />
        {notice ? <p role="status">{notice}</p> : null}
        <button type="submit" className="ui-button">
          {m.save}
        </button>
      </form>
      {(['email', 'telephone'] as const).map((contact) => {
        const to = pending[contact];
        return to ? <ConfirmContact key={contact} contact={contact} to={to} onDone={() => confirmed(contact, to)} /> : null;
      })}
    </>
  );
}

/** The code sent to a new e-mail or mobile; only then is it the account's (POST /v2/customers/info/verify). */
function ConfirmContact({ contact, to, onDone }: { contact: 'email' | 'telephone'; to: string; onDone(): void }) {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const title = contact === 'email' ? m.confirmEmail : m.confirmPhone;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!/^\d{4,6}$/.test(code.trim())) return setError(m.invalidCode);
    setError(undefined);
    try {
      await api.confirmContact(contact, code.trim());
      onDone();
    } catch (failed) {
      if (fieldOf(failed) === 'code') setError(messageOf(failed, m.somethingWrong));
      else setFailure(messageOf(failed, m.somethingWrong));
    }
  }
  return (
    <form onSubmit={submit} noValidate className="acc-card" aria-label={title}>
      <h2 className="acc-card__title">{title}</h2>
      <p>{formatMessage(m.codeSentTo, { to })}</p>
      <Field name={`${contact}Code`} label={m.contactCode} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={setCode} error={error} />
      <FormError message={failure} />
      <button type="submit" className="ui-button">
        {m.confirmContact}
      </button>
    </form>
  );
}

function WhatsappConsent({ value, onLoaded, onChange }: { value: boolean | null; onLoaded(v: boolean): void; onChange(v: boolean): void }) {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const status = useRemote(
    () =>
      api.whatsapp().then((a) => {
        onLoaded(a.result.optin);
        return a.result;
      }),
    [],
  );
  if (status.status !== 'success') return null;
  return (
    <label className="acc-radio">
      <input type="checkbox" checked={value ?? status.data.optin} onChange={(event) => onChange(event.target.checked)} />
      {m.whatsapp}
    </label>
  );
}

/**
 * The marketing subscription toggle (GET/POST /v2/marketing/subscription). account §8: marketing
 * failures are swallowed silently, so a failed change just puts the box back.
 */
function MarketingConsent({ email, phone, onSaved }: { email?: string; phone?: string; onSaved(): void }) {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const status = useRemote(() => api.marketing().then((a) => a.result.subscribed), []);
  const [value, setValue] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  if (status.status !== 'success' || (!email && !phone)) return null;
  const checked = value ?? status.data;
  async function change(next: boolean) {
    setBusy(true);
    setValue(next);
    try {
      const answer = await api.setMarketing(email, phone, next);
      setValue(answer.result.subscribed);
      onSaved();
    } catch {
      setValue(!next);
    } finally {
      setBusy(false);
    }
  }
  return (
    <label className="acc-radio">
      <input type="checkbox" name="marketing" checked={checked} disabled={busy} onChange={(event) => void change(event.target.checked)} />
      {m.marketing}
    </label>
  );
}

function ChangePassword() {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const [values, setValues] = useState({ email: '', oldPassword: '', newPassword: '' });
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [done, setDone] = useState(false);
  const set = (key: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [key]: v }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    if (values.newPassword.length < 6) return setError({ field: 'newPassword', message: m.shortPassword });
    setError(null);
    try {
      await api.changePassword(values.email.trim(), values.oldPassword, values.newPassword);
      setDone(true);
      setValues({ email: '', oldPassword: '', newPassword: '' });
    } catch (failure) {
      setError({ field: fieldOf(failure), message: messageOf(failure, m.somethingWrong) });
    }
  }
  const errorFor = (f: string) => (error?.field === f ? error.message : undefined);
  return (
    <form onSubmit={submit} noValidate className="acc-card" aria-label={m.changePassword}>
      <h2 className="acc-card__title">{m.changePassword}</h2>
      <Field name="email" label={m.email} type="email" value={values.email} onChange={set('email')} error={errorFor('email')} />
      <Field
        name="oldPassword"
        label={m.oldPassword}
        type="password"
        autoComplete="current-password"
        value={values.oldPassword}
        onChange={set('oldPassword')}
        error={errorFor('oldPassword')}
      />
      <Field
        name="newPassword"
        label={m.newPassword}
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={set('newPassword')}
        error={errorFor('newPassword')}
      />
      <FormError message={error && !['email', 'oldPassword', 'newPassword'].includes(error.field ?? '') ? error.message : null} />
      {done ? <p role="status">{m.passwordChanged}</p> : null}
      <button type="submit" className="ui-button">
        {m.changePassword}
      </button>
    </form>
  );
}

/** Saved cards: list and delete (gateway PU, with the card's e-mail). */
function SavedCards() {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const cards = useRemote(() => api.cards().then((a) => a.result.cards as SavedCard[]), []);
  if (cards.status === 'loading' && !cards.data) return <SkeletonGrid rows={1} label={m.loading} />;
  if (cards.status === 'failed') return <LoadFailed message={messageOf(cards.error, m.somethingWrong)} retry={m.retry} onRetry={cards.reload} />;
  return (
    <section className="acc-card" aria-label={m.savedCards}>
      <h2 className="acc-card__title">{m.savedCards}</h2>
      {cards.data!.length === 0 ? <p>{m.noCards}</p> : null}
      <ul>
        {cards.data!.map((card) => (
          <li key={card.token}>
            {card.cardType.toUpperCase()} {card.maskedNumber} · {card.nameOnCard}{' '}
            <button
              type="button"
              className="ui-button ui-button--link"
              aria-label={formatMessage(m.removeCard, { card: card.maskedNumber })}
              onClick={() => api.removeCard(card.token, card.emailId).then(cards.reload, cards.reload)}
            >
              {m.remove}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /customer/account/edit/: details, WhatsApp consent, marketing subscription, password, saved cards. */
export default function EditAccount() {
  return (
    <div>
      <Details />
      <ChangePassword />
      <SavedCards />
    </div>
  );
}
