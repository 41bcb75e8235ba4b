import { type Store } from '@eyewear/api-client';
import { isPincodeOf } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { notFound } from '../../http/errors';
import { type Country } from '../../http/session';
import { type SeedStore } from '../../seed/types';

/** shopping §8: a geocode without a match. */
export const NO_RESULT = 'No Result Found..';

export interface Place {
  country: string;
  pincode: string;
  city: string;
  area: string;
  lat: number;
  lng: number;
}

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export async function storesOf(db: Database, country: Country): Promise<SeedStore[]> {
  const rows = await db.query<{ data: SeedStore }>('select data from stores where country = $1 order by code', [country]);
  return rows.map((r) => r.data);
}

export async function storeByCode(db: Pick<Database, 'query'>, code: string): Promise<SeedStore> {
  const [row] = await db.query<{ data: SeedStore }>('select data from stores where code = $1', [code]);
  if (!row) throw notFound('Store not found');
  return row.data;
}

export function toStore(store: SeedStore, distance?: number): Store {
  return {
    code: store.code,
    name: store.name,
    country: store.country,
    city: store.city,
    area: store.area,
    pincode: store.pincode,
    address: store.address,
    lat: store.lat,
    lng: store.lng,
    phone: store.phone,
    opensAt: store.opensAt,
    closesAt: store.closesAt,
    studio: store.studio,
    timeZone: store.timeZone,
    ...(distance === undefined ? {} : { distanceKm: Math.round(distance * 10) / 10 }),
  };
}

/** A pincode of the shopper's country, or 404 'No Result Found..'. */
export async function geocodePincode(db: Database, country: Country, pincode: string): Promise<Place> {
  const [place] = await db.query<Place>('select * from appointment_places where country = $1 and pincode = $2 order by area limit 1', [country, pincode]);
  if (!place) throw notFound(NO_RESULT);
  return place;
}

/** A pincode, or an area or city name, of the shopper's country; 404 'No Result Found..' when none. */
export async function geocodeAddress(db: Database, country: Country, address: string): Promise<Place> {
  const text = address.trim();
  if (isPincodeOf(country, text)) return geocodePincode(db, country, text);
  const [place] = await db.query<Place>(
    `select * from appointment_places where country = $1 and (lower(area) = lower($2) or lower(city) = lower($2))
     order by (lower(area) = lower($2)) desc, area limit 1`,
    [country, text],
  );
  if (!place) throw notFound(NO_RESULT);
  return place;
}

/** The stores within a radius of a point, nearest first. */
export function storesNear(stores: SeedStore[], point: { lat: number; lng: number }, radiusKm: number) {
  return stores
    .map((store) => ({ store, distance: distanceKm(point, store) }))
    .filter(({ distance }) => distance <= radiusKm)
    .sort((a, b) => a.distance - b.distance);
}

export async function nearestPlace(db: Database, country: Country, point: { lat: number; lng: number }): Promise<{ place: Place; distance: number } | null> {
  const places = await db.query<Place>('select * from appointment_places where country = $1', [country]);
  let best: { place: Place; distance: number } | null = null;
  for (const place of places) {
    const distance = distanceKm(point, place);
    if (!best || distance < best.distance) best = { place, distance };
  }
  return best;
}
