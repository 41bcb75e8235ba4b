import { useState } from 'react';
import { accountRoutes, messageOf, subscriptionRoutes } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { sectionMessages } from '../../../app/section-messages';
import { useProfileApi } from '../api';

/** The WhatsApp order updates consent; `onNotice` says it was saved, or why not. */
export function WhatsappConsent({ onNotice }: { onNotice(message: string): void }) {
  const m = useMessages(sectionMessages);
  const api = useProfileApi();
  const status = useQuery(accountRoutes.whatsappConsent);
  const [value, setValue] = useState<boolean | null>(null);
  if (status.status !== 'ready' || !status.data) return null;
  async function change(optin: boolean) {
    try {
      const answer = await api.setWhatsapp(optin);
      if (answer.result.response.status === 'success') {
        setValue(optin);
        onNotice(m.whatsappSaved);
      }
    } catch (error) {
      onNotice(messageOf(error, m.somethingWrong));
    }
  }
  return (
    <label className="acc-radio">
      <input type="checkbox" checked={value ?? status.data.result.optin} onChange={(event) => void change(event.target.checked)} />
      {m.whatsapp}
    </label>
  );
}

/**
 * The marketing subscription toggle (GET/POST /v2/marketing/subscription). account §8: marketing
 * failures are swallowed silently, so a failed change just puts the box back.
 */
export function MarketingConsent({ email, phone, onSaved }: { email?: string; phone?: string; onSaved(): void }) {
  const m = useMessages(sectionMessages);
  const api = useProfileApi();
  const status = useQuery(subscriptionRoutes.subscription);
  const [value, setValue] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  if (status.status !== 'ready' || !status.data || (!email && !phone)) return null;
  const checked = value ?? status.data.result.subscribed;
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
