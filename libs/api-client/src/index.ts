export { createApiClient, buildUrl, ApiError, type ApiClient, type ApiClientOptions, type Query } from './client';
