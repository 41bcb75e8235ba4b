import { lazy } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from '../app/messages';
import { PageShell } from '../app/page-shell';

// A page printed now and then: its body is a lazy chunk, so the order page's first load does not carry it.
const InvoiceBody = lazy(() => import('../features/orders/components/InvoiceBody'));

/** /sales/order/invoice/{id}: an order's printable tax invoice (issue 42). */
export default function OrderInvoicePage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const id = params['id'] ?? '';
  return (
    <PageShell testId="account-OrderInvoicePage" title={m.invoicePageTitle} subtitle={formatMessage(m.invoicePageDetail, { value: id })}>
      <InvoiceBody orderId={Number(id)} />
    </PageShell>
  );
}
