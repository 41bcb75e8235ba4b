import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useInjectSaga, useInjectSlice, type ExchangePayload } from '@eyewear/event-bus';
import { useLocation, useNavigate } from '@eyewear/router';
import { useProductApi } from '../../../app/api';
import { addToCartSaga, type AddToCartDeps } from './saga';
import { addToCartActions, addToCartSlice, type AddRequest } from './slice';

const alert = (message: string) => window.alert(message);
const reload = () => window.location.reload();

/**
 * Runs the add-to-cart saga while the product page is mounted (the page calls it once, with the
 * open exchange from `useOpenExchange`).
 */
export function useAddToCartSaga(exchange: ExchangePayload | null) {
  useInjectSlice(addToCartSlice);
  const deps: AddToCartDeps = {
    api: useProductApi(),
    navigate: useNavigate(),
    alert,
    reload,
    pathname: useLocation().pathname,
    exchange,
  };
  useInjectSaga('product/add-to-cart', addToCartSaga, deps);
}

/** The page's add to cart: where it is, and how to ask for one or start over. */
export function useAddToCart() {
  const injected = useInjectSlice(addToCartSlice);
  const cart = useSelector(injected.selectors.selectAddToCart);
  const dispatch = useDispatch();
  const add = useCallback((request: AddRequest) => dispatch(addToCartActions.addRequested(request)), [dispatch]);
  const reset = useCallback(() => dispatch(addToCartActions.addReset()), [dispatch]);
  return { cart, adding: cart.status === 'loading', add, reset };
}
