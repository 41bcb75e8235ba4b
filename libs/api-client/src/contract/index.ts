import { areaEndpoints } from './areas';
import { coreEndpoints } from './core';

/**
 * The whole API contract: every call of shopping §7 and account §7, by area. The server
 * registers routes from these declarations; the client calls them.
 */
export const contract = { core: coreEndpoints, ...areaEndpoints } as const;

export { areaEndpoints, coreEndpoints };
