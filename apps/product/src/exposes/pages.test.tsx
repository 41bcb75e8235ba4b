import type { RemotePageProps } from '@eyewear/federation';
import { expectPageRenders } from '@eyewear/ui/testing';
import type { ComponentType } from 'react';
import { messages } from '../app/messages';
import CompareLooksPage from './CompareLooksPage';
import EditPowerPage from './EditPowerPage';
import FrameSizePage from './FrameSizePage';
import ProductPage from './ProductPage';

const m = messages.defaults;
const pages: { name: string; Page: ComponentType<RemotePageProps>; props: RemotePageProps; url: string; title: string; shows: string | null }[] = [
  { name: 'CompareLooksPage', Page: CompareLooksPage, props: { params: {}, props: {} }, url: '/x', title: m.compareLooksPageTitle, shows: null },
  { name: 'EditPowerPage', Page: EditPowerPage, props: { params: {}, props: {} }, url: '/x', title: m.editPowerPageTitle, shows: null },
  { name: 'FrameSizePage', Page: FrameSizePage, props: { params: {}, props: {} }, url: '/x', title: m.frameSizePageTitle, shows: null },
  { name: 'ProductPage', Page: ProductPage, props: { params: { id: 'abc-42' }, props: {} }, url: '/x', title: m.productPageTitle, shows: 'abc-42' },
];

describe('product exposed pages', () => {
  it.each(pages)('$name renders its title and what its route carries', ({ name, ...page }) => {
    expectPageRenders({ ...page, testId: `product-${name}`, siteName: m.siteName });
  });
});
