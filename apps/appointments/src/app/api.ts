import { apiClientFor, ApiError, type ApiClient } from '@eyewear/api-client';
import { useCountry } from '@eyewear/i18n';

export function useApiClient(): ApiClient {
  return apiClientFor(useCountry());
}

/** The server's message for a failed call, else the generic one. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  return error instanceof ApiError && error.message && !/^request failed/.test(error.message) ? error.message : fallback;
}

export type Status = 'idle' | 'loading' | 'success' | 'failed';
