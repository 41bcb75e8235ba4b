import { fireEvent, screen, within } from '@testing-library/react';
import type { Filter } from '@eyewear/api-client';
import { fakeApi, fail } from '@eyewear/api-client/testing';
import { GUEST, renderFragment } from '@eyewear/event-bus/testing';
import { FilterPanel } from './FilterPanel';
import { mayHaveMeasured } from './MeasuredSize';

const option = (id: string, title: string) => ({ id, title, count: 3, selected: false });
const FILTERS = [
  { id: 'frame_shape', name: 'Frame Shape', type: 'checkbox', options: [option('round', 'Round')] },
  {
    id: 'frame_size',
    name: 'Frame Size',
    type: 'checkbox',
    options: [option('narrow', 'Narrow'), option('medium', 'Medium'), option('wide', 'Wide'), option('extraWide', 'Extra Wide')],
  },
] as unknown as Filter[];

function render(measured: object | (() => unknown), selected: Record<string, string> = {}) {
  const onChange = jest.fn();
  const { client, callsTo } = fakeApi({ 'faceProfiles.measuredFrameSize': typeof measured === 'function' ? measured : { result: measured } } as never);
  renderFragment(<FilterPanel filters={FILTERS} selected={selected} onChange={onChange} onClear={jest.fn()} />, { api: client, session: GUEST });
  return { onChange, callsTo };
}
const sizeGroup = () => screen.getByRole('group', { name: 'Frame Size' });
const setCookie = (cookie: string) => (document.cookie = cookie);
// A shopper who measured on this browser (the API's marker); the last test has none.
beforeEach(() => setCookie('frameSizeMeasured=1; path=/'));

describe("the listing's frame-size filter and the shopper's measured size (issue 43)", () => {
  it('offers the size measured from the face, and the size it also fits, in one tap', async () => {
    const { onChange } = render({ measured: true, frameSize: 'wide', frameSizeId: 24069, alsoFits: 'medium', faceWidthMm: 133.4 });
    expect(await within(sizeGroup()).findByText('Your frame size, measured from your face: Wide (133 mm across), also fits Medium')).toBeInTheDocument();
    fireEvent.click(within(sizeGroup()).getByRole('button', { name: 'Show frames in my size' }));
    expect(onChange).toHaveBeenCalledWith('frame_size', ['wide', 'medium']);
    expect(within(screen.getByRole('group', { name: 'Frame Shape' })).queryByText(/measured from your face/)).not.toBeInTheDocument();
  });

  it('shows the choice pressed when those sizes are the filter, and a tap clears it', async () => {
    const { onChange } = render({ measured: true, frameSize: 'extraWide', frameSizeId: 24071, faceWidthMm: 150 }, { frame_size: 'extraWide' });
    const button = await within(sizeGroup()).findByRole('button', { name: 'Show frames in my size' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(button);
    expect(onChange).toHaveBeenCalledWith('frame_size', []);
  });

  it('says nothing without a measure', async () => {
    const none = render({ measured: false });
    await screen.findByRole('group', { name: 'Frame Size' });
    expect(none.callsTo('faceProfiles.measuredFrameSize' as never)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Show frames in my size' })).not.toBeInTheDocument();
  });

  it('keeps the filter working when the measure cannot be read', async () => {
    const failing = render(() => fail(503));
    await screen.findByRole('group', { name: 'Frame Size' });
    expect(failing.callsTo('faceProfiles.measuredFrameSize' as never)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Show frames in my size' })).not.toBeInTheDocument();
    expect(within(sizeGroup()).getByRole('checkbox', { name: 'Wide' })).toBeInTheDocument();
  });

  it('asks nothing of a shopper who never measured on this browser and is not signed in', async () => {
    setCookie('frameSizeMeasured=; max-age=0; path=/');
    const stranger = render({ measured: true, frameSize: 'wide', frameSizeId: 24069, faceWidthMm: 133 });
    await screen.findByRole('group', { name: 'Frame Size' });
    expect(stranger.callsTo('faceProfiles.measuredFrameSize' as never)).toEqual([]);
    expect(mayHaveMeasured('a=1; isLogined=1')).toBe(true);
    expect(mayHaveMeasured('frameSizeMeasured=1')).toBe(true);
    expect(mayHaveMeasured('isLogined=0; xframeSizeMeasured=1')).toBe(false);
  });
});
