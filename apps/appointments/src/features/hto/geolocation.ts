import { messages } from '../../app/flow-messages';

const m = messages.defaults;

export interface Position {
  lat: number;
  lng: number;
}

/** A failed lookup, carrying the GeolocationPositionError code (0 when there is no geolocation). */
export class LocationError extends Error {
  constructor(readonly code: number) {
    super(`geolocation failed with code ${code}`);
  }
}

/** The browser's position, as a promise (used by sagas through `call`). */
export function currentPosition(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new LocationError(0));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      (error) => reject(new LocationError(error.code)),
      { timeout: 10000, maximumAge: 60000 },
    );
  });
}

/** shopping §8: the exact message of each geolocation outcome. */
export function locationMessage(error: unknown): string {
  if (!(error instanceof LocationError)) return m.geoDefault;
  switch (error.code) {
    case 1:
      return m.geoDenied;
    case 2:
      return m.geoUnavailable;
    case 3:
      return m.geoTimeout;
    case 0:
      return m.geoDefault;
    default:
      return m.geoUnknown;
  }
}
