import { useReducer } from 'react';
import type { AddToCart, EyePower, PowerType, Product } from '@eyewear/api-client';
import type { LoadStatus } from '@eyewear/event-bus';
import { withPower, type Eye, type PowerErrors } from '../power-rules';
import { powerTypesFor, type LensChoice } from '../rules';

export type LensStep = 'type' | 'package' | 'power';
export type PowerMode = 'now' | 'later' | 'upload';

/** A prescription image sent with the order: `ready` once the API took it (its file name). */
export interface UploadState {
  status: LoadStatus;
  fileName?: string;
  message?: string;
}

/** Everything the shopper chose in the lens flow; it outlives a step, so Back shows the same choices. */
export interface LensFlowState {
  step: LensStep;
  /** The power types offered (sunglasses with power: just SUNGLASSES). */
  types: LensChoice[];
  powerType: LensChoice;
  allPackages: boolean;
  expressOnly: boolean;
  packageId: number | null;
  coatingId: number | null;
  gold: boolean;
  mode: PowerMode;
  powers: Record<Eye, EyePower>;
  errors: PowerErrors;
  upload: UploadState;
}

export type LensFlowAction =
  | { type: 'step'; step: LensStep }
  | { type: 'powerType'; powerType: LensChoice }
  | { type: 'filters'; allPackages?: boolean; expressOnly?: boolean }
  /** The packages arrived: the chosen one stays if it is still offered, else the first. */
  | { type: 'packagesLoaded'; ids: number[] }
  | { type: 'package'; packageId: number }
  | { type: 'coating'; coatingId: number | null }
  | { type: 'gold'; gold: boolean }
  | { type: 'mode'; mode: PowerMode }
  | { type: 'power'; eye: Eye; field: keyof EyePower; value: string | number }
  | { type: 'errors'; errors: PowerErrors }
  | { type: 'upload'; upload: UploadState };

export function lensFlowReducer(state: LensFlowState, action: LensFlowAction): LensFlowState {
  switch (action.type) {
    case 'step':
      return { ...state, step: action.step };
    case 'powerType':
      return { ...state, powerType: action.powerType };
    case 'filters': {
      const { type: _type, ...filters } = action;
      return { ...state, ...filters };
    }
    case 'packagesLoaded':
      return { ...state, packageId: action.ids.some((id) => id === state.packageId) ? state.packageId : (action.ids[0] ?? null) };
    case 'package':
      return { ...state, packageId: action.packageId, coatingId: null };
    case 'coating':
      return { ...state, coatingId: action.coatingId };
    case 'gold':
      return { ...state, gold: action.gold };
    case 'mode':
      return { ...state, mode: action.mode };
    case 'power':
      return { ...state, powers: withPower(state.powers, action.eye, action.field, action.value) };
    case 'errors':
      return { ...state, errors: action.errors };
    case 'upload':
      return { ...state, upload: action.upload };
  }
}

/** The flow's first state: a frame starts at the power type, sunglasses with power at the package. */
export function initialLensFlow(product: Product, sunglasses: boolean): LensFlowState {
  const types: LensChoice[] = sunglasses ? ['SUNGLASSES'] : powerTypesFor(product);
  return {
    step: sunglasses ? 'package' : 'type',
    types,
    powerType: types[0]!,
    allPackages: false,
    expressOnly: false,
    packageId: null,
    coatingId: null,
    gold: false,
    mode: 'now',
    powers: { right: {}, left: {} },
    errors: {},
    upload: { status: 'idle' },
  };
}

export function useLensFlow(product: Product, sunglasses: boolean) {
  return useReducer(lensFlowReducer, undefined, () => initialLensFlow(product, sunglasses));
}

/** The lenses part of the cart body the flow adds (the product, quantity and frame size are added to it). */
export type LensCartExtra = Partial<Pick<AddToCart, 'packageId' | 'coatingId' | 'powerType' | 'prescription' | 'powerLater'>>;

/** The chosen package and coating with the power type, as the cart takes them. */
export function packageChoice(flow: LensFlowState, packageId: number, powerType: PowerType): LensCartExtra {
  return { packageId, ...(flow.coatingId ? { coatingId: flow.coatingId } : {}), powerType };
}

/** What every step is given: the product, the flow's state, and how to add to the cart. */
export interface StepProps {
  product: Product;
  sunglasses: boolean;
  flow: LensFlowState;
  dispatch(action: LensFlowAction): void;
  addLenses(extra: LensCartExtra): void;
  /** The live total (package and coating), formatted. */
  total: string;
}
