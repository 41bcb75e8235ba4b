import { cartEndpoints } from './cart';
import { faceProfileEndpoints } from './face-profiles';
import { prescriptionEndpoints } from './prescriptions';
import { productEndpoints } from './product';
import { productRoutes } from './product-routes';
import { reviewEndpoints } from './reviews';

const ENDPOINT_OF: Record<keyof typeof productRoutes, { name: string; method: string; path: string; headers: object }> = {
  get: productEndpoints.get,
  buyOptionsGroup: productEndpoints.buyOptionsGroup,
  shippingEstimate: productEndpoints.shippingEstimate,
  lensShippingLocation: productEndpoints.lensShippingLocation,
  powers: productEndpoints.powers,
  validatePowers: productEndpoints.validatePowers,
  packages: productEndpoints.packages,
  packageGroup: productEndpoints.packageGroup,
  subscriptions: productEndpoints.subscriptions,
  subscriptionDiscount: productEndpoints.subscriptionDiscount,
  solutions: productEndpoints.solutions,
  oosSubscription: productEndpoints.oosSubscription,
  threeSixtyStatus: productEndpoints.threeSixtyStatus,
  reviews: reviewEndpoints.list,
  createReview: reviewEndpoints.create,
  frameSize: faceProfileEndpoints.frameSize,
  storeFrameSize: faceProfileEndpoints.storeFrameSize,
  tryOnOverlay: faceProfileEndpoints.overlay,
  savedPrescriptions: prescriptionEndpoints.saved,
  uploadPrescriptionImage: prescriptionEndpoints.uploadImage,
  addToCart: cartEndpoints.add,
  updateCartItem: cartEndpoints.updateItem,
  cart: cartEndpoints.get,
};

describe('product browser routes', () => {
  it.each(Object.entries(productRoutes))('%s goes where its endpoint is declared, with its headers', (key, route) => {
    const endpoint = ENDPOINT_OF[key as keyof typeof productRoutes];
    expect(route).toEqual({ name: endpoint.name, method: endpoint.method, path: endpoint.path, headers: endpoint.headers });
  });
});
