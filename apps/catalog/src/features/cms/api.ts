import { ApiError, catalogueRoutes, type CmsPage } from '@eyewear/api-client';
import { useQuery, type LoadStatus } from '@eyewear/event-bus';

export interface CmsPageState {
  status: LoadStatus;
  page: CmsPage | undefined;
  /** The page does not exist (a 404), as opposed to a failed load worth retrying. */
  notFound: boolean;
  reload(): void;
}

/** A CMS page by name (shopping §4 generic cycle): a plain load through `useQuery`. */
export function useCmsPage(name: string): CmsPageState {
  const query = useQuery(catalogueRoutes.cms, { params: { pageName: name } });
  return {
    status: query.status,
    page: query.status === 'ready' ? query.data?.result : undefined,
    notFound: query.status === 'failed' && query.error instanceof ApiError && query.error.status === 404,
    reload: query.reload,
  };
}
