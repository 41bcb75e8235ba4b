import { COUNTRY_CODES, CURRENCY_OF, type CountryCode } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { insertRows } from '../../db/rows';
import { type SeedCatalogue } from '../../seed/types';

/**
 * Places a shopper can type or be located at, beyond the stores' own pincodes: some near a
 * store (home visits reach them), some far from any (not serviceable).
 */
const EXTRA_PLACES: [country: string, pincode: string, city: string, area: string, lat: number, lng: number][] = [
  ['in', '110016', 'New Delhi', 'Hauz Khas', 28.5494, 77.2001],
  ['in', '400001', 'Mumbai', 'Fort', 18.934, 72.8356],
  ['in', '560001', 'Bengaluru', 'MG Road', 12.9756, 77.605],
  ['in', '600028', 'Chennai', 'Mylapore', 13.0368, 80.2676],
  ['in', '744101', 'Port Blair', 'Aberdeen Bazaar', 11.6234, 92.7265],
  ['in', '190001', 'Srinagar', 'Lal Chowk', 34.0837, 74.7973],
  ['in', '845401', 'Motihari', 'Motihari', 26.647, 84.9089],
  ['sg', '018956', 'Singapore', 'Marina Bay', 1.2834, 103.8607],
  ['sa', '11564', 'Riyadh', 'Al Murabba', 24.6877, 46.7219],
  ['us', '10013', 'New York', 'Tribeca', 40.7195, -74.0089],
  ['us', '94103', 'San Francisco', 'SoMa', 37.7725, -122.4091],
];

const AGENT_NAMES = ['Asha', 'Ravi', 'Meera', 'Karan', 'Farah', 'Omar', 'Li Wei', 'Daniel', 'Nadia', 'Vikram', 'Sara', 'Arjun'];
/** Home-visit agents per store. */
export const AGENTS_PER_STORE = 2;

export const HTO_CANCEL_REASONS = [
  'I am not available at the booked time',
  'I want to visit a store instead',
  'I booked by mistake',
  'I found a better option elsewhere',
  'Other',
];

/** Home visit price (0 is free, in the country's currency) and whether the country offers it (config storeHomeTrial). */
const HTO_OFFER: Record<CountryCode, { price: number; enabled: boolean }> = {
  in: { price: 0, enabled: true },
  ae: { price: 50, enabled: true },
  sg: { price: 20, enabled: true },
  sa: { price: 50, enabled: true },
  us: { price: 0, enabled: false },
};

function htoPage(country: CountryCode) {
  const offer = HTO_OFFER[country];
  return {
    sections: [
      {
        type: 'hero',
        title: 'Eye test and frame try-on at home',
        subtitle: 'An optometrist visits you with up to 150 frames and a full eye-test kit.',
      },
      {
        type: 'steps',
        items: ['Check that we visit your pincode', 'Pick a day and a time window', 'Meet your optometrist at home'],
      },
      {
        type: 'faq',
        items: [
          { q: 'How long does a visit take?', a: 'About 45 minutes for the eye test and the try-on.' },
          { q: 'Can I change my booking?', a: 'Yes: cancel it here and book another time.' },
        ],
      },
    ],
    config: { price: offer.price, currency: CURRENCY_OF[country], enabled: offer.enabled, radiusKm: 25 },
  };
}

export async function seedAppointments(db: Database, catalogue: SeedCatalogue) {
  await db.transaction(async (tx) => {
    const places = [...catalogue.stores.map((s) => [s.country, s.pincode, s.city, s.area, s.lat, s.lng]), ...EXTRA_PLACES];
    await insertRows(
      tx,
      'appointment_places',
      ['country', 'pincode', 'city', 'area', 'lat', 'lng'],
      places,
      'on conflict (country, pincode, area) do update set city = excluded.city, lat = excluded.lat, lng = excluded.lng',
    );
    const agents = catalogue.stores.flatMap((store, s) =>
      Array.from({ length: AGENTS_PER_STORE }, (_, a) => {
        const id = s * AGENTS_PER_STORE + a + 1;
        return [id, store.code, AGENT_NAMES[(s + a * 5) % AGENT_NAMES.length]!, `${store.phone.slice(0, -2)}${String(10 + id).slice(-2)}`];
      }),
    );
    await insertRows(
      tx,
      'hto_agents',
      ['id', 'store_code', 'name', 'phone'],
      agents,
      'on conflict (id) do update set store_code = excluded.store_code, name = excluded.name, phone = excluded.phone',
    );
    await insertRows(
      tx,
      'hto_cancel_reasons',
      ['id', 'reason', 'position'],
      HTO_CANCEL_REASONS.map((r, i) => [i + 1, r, i]),
      'on conflict (id) do update set reason = excluded.reason, position = excluded.position',
    );
    await insertRows(
      tx,
      'hto_pages',
      ['country', 'data'],
      COUNTRY_CODES.map((c) => [c, JSON.stringify(htoPage(c))]),
      'on conflict (country) do update set data = excluded.data',
    );
  });
}
