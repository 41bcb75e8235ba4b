import { useEffect, useState } from 'react';
import { ApiError, catalogueRoutes, type CmsPage } from '@eyewear/api-client';
import { useApi } from '../../app/api';

export type CmsState = { status: 'loading' } | { status: 'success'; page: CmsPage } | { status: 'failure'; notFound: boolean };

/** A CMS page by name: load, then success or failure (shopping §4 generic cycle). */
export function useCmsPage(name: string, attempt = 0): CmsState {
  const api = useApi();
  const [state, setState] = useState<CmsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    api.call(catalogueRoutes.cms, { params: { pageName: name }, signal: controller.signal }).then(
      (answer) => setState({ status: 'success', page: answer.result }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failure', notFound: error instanceof ApiError && error.status === 404 });
      },
    );
    return () => controller.abort();
  }, [api, name, attempt]);
  return state;
}
