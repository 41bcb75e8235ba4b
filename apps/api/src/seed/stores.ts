import type { CountryCode, SeedStore } from './types';

/**
 * Physical stores. Hand-written rather than generated: store lookup is by pincode and
 * distance, so postcodes and coordinates must be real places, not random numbers.
 */
type StoreRow = [city: string, area: string, pincode: string, lat: number, lng: number, studio: boolean];

interface CountryStores {
  country: CountryCode;
  timeZone: string;
  phonePrefix: string;
  stores: StoreRow[];
}

const COUNTRIES: readonly CountryStores[] = [
  {
    country: 'in',
    timeZone: 'Asia/Kolkata',
    phonePrefix: '+91 80 4719',
    stores: [
      ['New Delhi', 'Connaught Place', '110001', 28.6315, 77.2167, true],
      ['New Delhi', 'Lajpat Nagar', '110024', 28.5677, 77.2433, false],
      ['Gurugram', 'DLF Phase 1', '122002', 28.4733, 77.0963, false],
      ['Noida', 'Sector 18', '201301', 28.5706, 77.3261, false],
      ['Mumbai', 'Bandra West', '400050', 19.0596, 72.8295, true],
      ['Mumbai', 'Andheri West', '400053', 19.1364, 72.8296, false],
      ['Mumbai', 'Powai', '400076', 19.1176, 72.906, false],
      ['Bengaluru', 'Indiranagar', '560038', 12.9784, 77.6408, true],
      ['Bengaluru', 'Koramangala', '560034', 12.9352, 77.6245, false],
      ['Bengaluru', 'Whitefield', '560066', 12.9698, 77.75, false],
      ['Chennai', 'T. Nagar', '600017', 13.0418, 80.2341, false],
      ['Chennai', 'Anna Nagar', '600040', 13.085, 80.2101, false],
      ['Hyderabad', 'Banjara Hills', '500034', 17.4156, 78.4347, true],
      ['Hyderabad', 'Gachibowli', '500032', 17.4401, 78.3489, false],
      ['Kolkata', 'Park Street', '700016', 22.5526, 88.3525, false],
      ['Kolkata', 'Salt Lake', '700091', 22.5867, 88.4171, false],
      ['Pune', 'Koregaon Park', '411001', 18.5362, 73.8937, false],
      ['Pune', 'Aundh', '411007', 18.5602, 73.8077, false],
      ['Ahmedabad', 'Navrangpura', '380009', 23.0365, 72.5611, false],
      ['Jaipur', 'C-Scheme', '302001', 26.9124, 75.7873, false],
      ['Lucknow', 'Hazratganj', '226001', 26.8504, 80.9462, false],
      ['Kochi', 'Edappally', '682024', 10.0261, 76.3125, false],
      ['Chandigarh', 'Sector 17', '160017', 30.7412, 76.7797, false],
    ],
  },
  {
    country: 'ae',
    timeZone: 'Asia/Dubai',
    phonePrefix: '+971 4 321',
    // The UAE has no postal codes; 00000 is the placeholder local forms accept.
    stores: [
      ['Dubai', 'Downtown Dubai', '00000', 25.1972, 55.2744, true],
      ['Dubai', 'Dubai Marina', '00000', 25.0805, 55.1403, false],
      ['Dubai', 'Deira', '00000', 25.2697, 55.3095, false],
      ['Abu Dhabi', 'Al Wahda', '00000', 24.47, 54.3725, false],
      ['Sharjah', 'Al Majaz', '00000', 25.3237, 55.3856, false],
    ],
  },
  {
    country: 'sg',
    timeZone: 'Asia/Singapore',
    phonePrefix: '+65 6812',
    stores: [
      ['Singapore', 'Orchard Road', '238859', 1.3048, 103.8318, true],
      ['Singapore', 'Tampines', '529510', 1.3526, 103.9447, false],
      ['Singapore', 'Jurong East', '609731', 1.3331, 103.7422, false],
    ],
  },
  {
    country: 'sa',
    timeZone: 'Asia/Riyadh',
    phonePrefix: '+966 11 468',
    stores: [
      ['Riyadh', 'Olaya', '12611', 24.6951, 46.6853, true],
      ['Riyadh', 'Al Malqa', '13521', 24.8121, 46.6113, false],
      ['Jeddah', 'Al Rawdah', '23434', 21.5629, 39.1533, false],
      ['Al Khobar', 'Al Olaya', '34447', 26.2886, 50.1977, false],
    ],
  },
  {
    country: 'us',
    timeZone: 'America/New_York',
    phonePrefix: '+1 212 555',
    stores: [
      ['New York', 'Herald Square', '10001', 40.7499, -73.9877, true],
      ['Jersey City', 'Newport', '07310', 40.7272, -74.0334, false],
      ['Edison', 'Oak Tree Road', '08820', 40.5737, -74.3583, false],
    ],
  },
];

const BRAND = 'Clearview';

export function generateStores(): SeedStore[] {
  const stores: SeedStore[] = [];
  for (const { country, timeZone, phonePrefix, stores: rows } of COUNTRIES) {
    rows.forEach(([city, area, pincode, lat, lng, studio], index) => {
      const serial = String(index + 1).padStart(3, '0');
      stores.push({
        code: `${country.toUpperCase()}-${city
          .replace(/[^A-Za-z]/g, '')
          .slice(0, 3)
          .toUpperCase()}-${serial}`,
        name: `${BRAND} ${studio ? 'Studio' : 'Store'}, ${area}`,
        country,
        city,
        area,
        pincode,
        address: `Ground Floor, ${10 + index * 7} ${area} Main Road, ${area}, ${city}`,
        lat,
        lng,
        timeZone,
        phone: `${phonePrefix} ${String(4100 + index * 37).padStart(4, '0')}`,
        opensAt: 10,
        closesAt: 21,
        studio,
      });
    });
  }
  return stores;
}
