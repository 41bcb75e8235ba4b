import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { delay } from 'redux-saga/effects';
import { ApiError, productRoutes, type ApiClient } from '@eyewear/api-client';
import { cartChanged, cartPopupRequested, toastShow, type ExchangePayload } from '@eyewear/event-bus';
import { addToCart, estimateDelivery, loadProduct, type ProductEnv } from './saga';
import { productPageActions as a, type AddRequest } from './state';

const api = { call: jest.fn() } as unknown as Pick<ApiClient, 'call'>;
const env = (over: Partial<ProductEnv> = {}): ProductEnv => ({
  api,
  alert: jest.fn(),
  reload: jest.fn(),
  navigate: jest.fn(),
  pathname: () => '/product/128001',
  exchange: () => null,
  ...over,
});
const cart = (itemsQty: number) => ({ result: { itemsQty } });
const frameWithPackage: AddRequest = { kind: 'package', body: { productId: 128001, quantity: 1, packageId: 501, coatingId: 901, powerType: 'SINGLE_VISION' } };
const exchange: ExchangePayload = { active: true, orderId: '1200', itemId: '77', returnAction: 'exchange', returnMode: 'new_product' };
const isCall = (route: unknown) => matchers.call.like({ fn: api.call, args: [route] });

describe('add to cart saga', () => {
  it('waits 100 ms before a package submission, then adds', () => {
    testSaga(addToCart, env(), a.addRequested(frameWithPackage))
      .next()
      .delay(100)
      .next()
      .call(api.call, productRoutes.addToCart, { body: frameWithPackage.body });
  });

  it('does not wait for other submissions', () => {
    const plain: AddRequest = { kind: 'plain', body: { productId: 128161, quantity: 1 } };
    testSaga(addToCart, env(), a.addRequested(plain)).next().call(api.call, productRoutes.addToCart, { body: plain.body });
  });

  it('publishes the cart count and asks for the cart popup', () => {
    return expectSaga(addToCart, env(), a.addRequested(frameWithPackage))
      .provide([
        [matchers.call.fn(delay), null],
        [isCall(productRoutes.addToCart), cart(2)],
      ])
      .put(a.addSucceeded({ count: 2 }))
      .put(cartChanged({ count: 2 }))
      .put(cartPopupRequested({}))
      .run();
  });

  it('adds the gold membership (goldPid) when chosen', () => {
    return expectSaga(addToCart, env(), a.addRequested({ ...frameWithPackage, kind: 'plain', gold: true }))
      .provide([[isCall(productRoutes.addToCart), cart(2)]])
      .call(api.call, productRoutes.addToCart, { body: { productId: 128269, quantity: 1 } })
      .put(cartChanged({ count: 2 }))
      .run();
  });

  it('on 422 alerts the out-of-stock text and reloads the page', async () => {
    const e = env();
    await expectSaga(addToCart, e, a.addRequested({ ...frameWithPackage, kind: 'plain' }))
      .provide([
        [
          isCall(productRoutes.addToCart),
          throwError(new ApiError(422, { message: 'Sorry, this product is out of stock' }, 'Sorry, this product is out of stock')),
        ],
      ])
      .put(a.addFailed({ message: 'Sorry, this product is out of stock' }))
      .call(e.alert, 'This product is Out of Stock !')
      .call(e.reload)
      .not.put(cartPopupRequested({}))
      .run();
  });

  it('on 422 with another message alerts it, and does not reload on the cart', async () => {
    const e = env({ pathname: () => '/cart' });
    await expectSaga(addToCart, e, a.addRequested({ ...frameWithPackage, kind: 'plain' }))
      .provide([
        [
          isCall(productRoutes.addToCart),
          throwError(new ApiError(422, { message: 'You can add at most 10 of this item' }, 'You can add at most 10 of this item')),
        ],
      ])
      .call(e.alert, 'You can add at most 10 of this item')
      .not.call(e.reload)
      .run();
  });

  it('other failures are stored without alert', async () => {
    const e = env();
    await expectSaga(addToCart, e, a.addRequested({ ...frameWithPackage, kind: 'plain' }))
      .provide([[isCall(productRoutes.addToCart), throwError(new ApiError(400, { message: 'packageId: bad' }, 'packageId: bad'))]])
      .put(a.addFailed({ message: 'packageId: bad' }))
      .not.call(e.alert, 'packageId: bad')
      .run();
  });

  it('in exchange mode a failure is a 5000 ms error toast, success goes to the return step', async () => {
    await expectSaga(addToCart, env({ exchange: () => exchange }), a.addRequested({ ...frameWithPackage, kind: 'plain' }))
      .provide([[isCall(productRoutes.addToCart), throwError(new Error('network'))]])
      .put(toastShow({ message: 'System error occurred', timeout: 5000, error: true }))
      .run();
    const e = env({ exchange: () => exchange });
    await expectSaga(addToCart, e, a.addRequested({ ...frameWithPackage, kind: 'plain' }))
      .provide([[isCall(productRoutes.addToCart), cart(1)]])
      .call(e.navigate, '/customer/my/order/return/1200/77')
      .not.put(cartPopupRequested({}))
      .run();
  });

  const contactLens = (jit: boolean): AddRequest => ({
    kind: 'contactLens',
    jit,
    body: { productId: 128392, quantity: 1, powerType: 'CONTACT_LENS' },
    validate: { productId: 128392, body: { powerType: 'CONTACT_LENS', left: { sph: '-13.00', boxes: 1 }, right: { boxes: 0 } } },
  });
  const invalid = { result: [{ isSuccess: false, eye: 'both', message: 'Left eye: SPH -13.00 is not available for this lens' }] };

  it('refuses a non-JIT contact lens whose check fails, without adding', () => {
    return expectSaga(addToCart, env(), a.addRequested(contactLens(false)))
      .provide([[isCall(productRoutes.validatePowers), invalid]])
      .put(a.validationLoaded(invalid.result as never))
      .put(a.addFailed({ message: 'Left eye: SPH -13.00 is not available for this lens' }))
      .not.call.like({ fn: api.call, args: [productRoutes.addToCart] })
      .run();
  });

  it('adds a JIT contact lens whatever the check says', () => {
    return expectSaga(addToCart, env(), a.addRequested(contactLens(true)))
      .provide([
        [isCall(productRoutes.validatePowers), invalid],
        [isCall(productRoutes.addToCart), cart(1)],
      ])
      .put(a.addSucceeded({ count: 1 }))
      .run();
  });
});

describe('product page sagas', () => {
  it('loads the product or stores the error', async () => {
    await expectSaga(loadProduct, api, a.productRequested({ id: 5 }))
      .provide([[isCall(productRoutes.get), throwError(new ApiError(404, { message: 'Product not found' }, 'Product not found'))]])
      .put(a.productFailed({ message: 'Product not found' }))
      .run();
  });

  it('asks the estimate twice, express and details', async () => {
    const express = { pincode: '560001', serviceable: true, isExpress: true, expressOptions: [] };
    const details = { pincode: '560001', serviceable: true, isExpress: false, expressOptions: [] };
    await expectSaga(estimateDelivery, api, () => 7, a.deliveryRequested({ pincode: '560001' }))
      .provide({
        call(effect, next) {
          if (effect.fn !== api.call) return next();
          const query = (effect.args[1] as { query: { isExpress?: boolean } }).query;
          return { result: query.isExpress ? express : details };
        },
      })
      .put(a.deliveryLoaded({ express, details }))
      .run();
  });
});
