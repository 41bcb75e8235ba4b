import { useSelector } from 'react-redux';
import type { HtoPage } from '@eyewear/api-client';
import { useApiClient, useInjectSaga, useInjectSlice } from '@eyewear/event-bus';
import { countryConfig, formatMessage, formatPrice, useCountry, useMessages } from '@eyewear/i18n';
import { useSearchParams } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import '../../../app/appointments.css';
import { messages } from '../../../app/flow-messages';
import { useHtoPage, useHtoSlots, useVisit } from '../api';
import { htoSaga } from '../state/saga';
import { htoSlice } from '../state/slice';
import { BookedVisit } from './BookedVisit';
import { FindBooking } from './FindBooking';
import { HecPanel } from './HecPanel';
import { LocationStep } from './LocationStep';
import { SlotStep } from './SlotStep';

/** Home eye test and try-on (account §7 Appointments): where, when, who; the booked visit; the HEC detail. */
export default function HtoFlow() {
  const m = useMessages(messages);
  const api = useApiClient();
  const slice = useInjectSlice(htoSlice);
  useInjectSaga('appointments/hto', htoSaga, { api });
  const location = useSelector(slice.selectSlice);
  const hecId = useSearchParams()[0].get('appointmentId');
  const page = useHtoPage();
  const visit = useVisit(hecId);
  const slots = useHtoSlots(location);

  if (page.status === 'loading') return <Skeleton />;
  if (page.status === 'failed' || !page.page) {
    return (
      <div className="appt-flow">
        <p role="alert" className="appt-error">
          {page.error}
        </p>
        <button type="button" className="ui-button" onClick={page.retry}>
          {m.retry}
        </button>
      </div>
    );
  }
  return (
    <div className="appt-flow">
      <HtoIntro page={page.page} />
      {hecId ? <HecPanel visit={visit} /> : null}
      {!page.page.config.enabled ? (
        <p role="status">{m.htoUnavailable}</p>
      ) : visit.info ? (
        <BookedVisit visit={visit} reasons={page.reasons} />
      ) : (
        <>
          {visit.cancelled ? (
            <p role="status" className="appt-success">
              {m.visitCancelled}
            </p>
          ) : null}
          <LocationStep />
          {location.serviceable ? <SlotStep pincode={location.pincode} slots={slots} onBooked={visit.show} /> : null}
          <FindBooking onFound={visit.show} />
        </>
      )}
    </div>
  );
}

/** The page JSON's hero: title, subtitle, the visit's price (in the country's currency), the steps. */
function HtoIntro({ page }: { page: HtoPage }) {
  const m = useMessages(messages);
  const country = useCountry();
  const { sections, config } = page;
  const hero = sections.find((s) => s.type === 'hero') as { title?: string; subtitle?: string } | undefined;
  const steps = (sections.find((s) => s.type === 'steps') as { items?: string[] } | undefined)?.items ?? [];
  if (!hero) return null;
  const currency = typeof config.currency === 'string' ? config.currency : countryConfig(country).currencyCode;
  return (
    <section className="appt-hero" aria-labelledby="hto-hero">
      <h2 id="hto-hero">{hero.title}</h2>
      {hero.subtitle ? <p>{hero.subtitle}</p> : null}
      <p className="appt-hero__price">{config.price > 0 ? formatMessage(m.htoPrice, { price: formatPrice(config.price, currency) }) : m.htoFree}</p>
      {steps.length > 0 ? (
        <>
          <h3>{m.htoSteps}</h3>
          <ol className="appt-steps">
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
