import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { Store } from '@eyewear/api-client';
import { useApiClient, useInjectSaga, useInjectSlice } from '@eyewear/event-bus';
import { useSearchParams } from '@eyewear/router';
import '../../../app/appointments.css';
import { searchOfLink, useStoreSearch, type StoreSearch } from '../api';
import { storeVisitSaga } from '../state/saga';
import { storeVisitActions as A, storeVisitSlice } from '../state/slice';
import { AppointmentCard } from './AppointmentCard';
import { BookingStep } from './BookingStep';
import { StoreSearchStep } from './StoreSearchStep';

/** Find a store near a pincode, book an eye test there, reschedule or cancel it. */
export default function StoreVisitFlow() {
  const api = useApiClient();
  const slice = useInjectSlice(storeVisitSlice);
  useInjectSaga('appointments/store-visit', storeVisitSaga, { api });
  const { appointment, bookedStatus } = useSelector(slice.selectSlice);
  const dispatch = useDispatch();
  // The search outlives its step: a store reset goes back to the same stores. A link may ask
  // for one (`?area=`: the store locator's "Book an eye test" at a store's area).
  const [params] = useSearchParams();
  const [search, setSearch] = useState<StoreSearch | null>(() => searchOfLink(params));
  const stores = useStoreSearch(search);
  const [store, setStore] = useState<Store | null>(null);
  /** A store chosen, or none (account §4 store reset: store and appointment data cleared). */
  const choose = (next: Store | null) => {
    setStore(next);
    dispatch(A.storeReset());
  };
  const find = (next: StoreSearch) => {
    if (search && next.address === search.address && next.pid === search.pid) stores.reload();
    else setSearch(next);
  };

  if (appointment && bookedStatus !== 'reschedule') return <AppointmentCard onReset={() => choose(null)} />;
  if (store || bookedStatus === 'reschedule') return <BookingStep store={store ?? appointment?.store ?? null} onReset={() => choose(null)} />;
  return <StoreSearchStep stores={stores} initialAddress={search?.address ?? ''} onSearch={find} onSelect={choose} />;
}
