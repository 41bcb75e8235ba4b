import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { accountRoutes } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { checkoutActions } from './checkout-slice';

/**
 * shopping §3: on the presales checkout the lead source is what the presales session info says
 * (a presales user is logged in; a failure means no lead); on the standard checkout there is none.
 */
export function useLeadSource(mode: string) {
  const presales = mode === 'presales';
  const dispatch = useDispatch();
  const info = useQuery(accountRoutes.presalesSession, {}, { enabled: presales });
  useEffect(() => {
    if (!presales) dispatch(checkoutActions.leadSourceSet(false));
    else if (info.status === 'ready' && info.data) dispatch(checkoutActions.presalesInfoLoaded(info.data.result));
    else if (info.status === 'failed') dispatch(checkoutActions.presalesInfoFailed());
  }, [presales, info.status, info.data, dispatch]);
}
