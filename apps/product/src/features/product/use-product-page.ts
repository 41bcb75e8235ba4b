import { useEffect, useMemo, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useInjectSaga, useInjectSlice, useLatestEvent } from '@eyewear/event-bus';
import { useCountry } from '@eyewear/i18n';
import { useLocation, useNavigate } from '@eyewear/router';
import { productApi, setOpenExchange } from '../../app/api';
import { productPageSaga, type ProductEnv } from './saga';
import { productPageSlice } from './state';

/** Injects the product page's slice and sagas, and answers its state and dispatch. */
export function useProductPage(productId: number | null) {
  const injected = useInjectSlice(productPageSlice);
  const country = useCountry();
  const navigate = useNavigate();
  const location = useLocation();
  const exchange = useLatestEvent('exchange/changed');
  const live = useRef({ navigate, pathname: location.pathname, exchange, productId });
  live.current = { navigate, pathname: location.pathname, exchange, productId };

  useEffect(() => {
    setOpenExchange(exchange?.active && exchange.orderId && exchange.itemId ? { orderId: exchange.orderId, itemId: exchange.itemId } : null);
  }, [exchange]);

  const saga = useMemo(() => {
    const env: ProductEnv = {
      api: productApi(country),
      alert: (message) => window.alert(message),
      reload: () => window.location.reload(),
      navigate: (path) => live.current.navigate(path),
      pathname: () => live.current.pathname,
      exchange: () => live.current.exchange ?? null,
    };
    return productPageSaga(env, () => live.current.productId);
  }, [country]);
  useInjectSaga(`product/page/${country}`, saga);

  const dispatch = useDispatch();
  const s = injected.selectors;
  return {
    dispatch,
    product: useSelector(s.selectProduct),
    delivery: useSelector(s.selectDelivery),
    reviews: useSelector(s.selectReviews),
    cart: useSelector(s.selectCart),
    validation: useSelector(s.selectValidation),
  };
}
