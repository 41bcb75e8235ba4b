import { screen } from '@testing-library/react';
import { fakeApi } from '@eyewear/api-client/testing';
import { GUEST, renderFragment } from '@eyewear/event-bus/testing';
import { FitsYou, mayHaveMeasured } from './FitsYou';

const NAMES: Record<string, string> = { medium: 'Medium', wide: 'Wide', extraWide: 'Extra Wide' };
const setCookie = (cookie: string) => (document.cookie = cookie);
beforeEach(() => setCookie('frameSizeMeasured=1; path=/'));

function render(frameSize: string, measured: object) {
  const { client, callsTo } = fakeApi({ 'faceProfiles.measuredFrameSize': { result: measured } } as never);
  renderFragment(
    <p>
      Frame size <FitsYou frameSize={frameSize} sizeName={(size) => NAMES[size] ?? size} />
    </p>,
    { api: client, session: GUEST },
  );
  return callsTo;
}

describe('"fits you" by the size measured from the face (issue 43)', () => {
  it('says a frame of the measured size, or of the size it also fits, fits', async () => {
    render('wide', { measured: true, frameSize: 'wide', frameSizeId: 24069, alsoFits: 'medium', faceWidthMm: 133.6 });
    expect(await screen.findByText('Fits you: your face measures 134 mm across')).toBeInTheDocument();
  });

  it('counts the size it also fits', async () => {
    render('medium', { measured: true, frameSize: 'wide', frameSizeId: 24069, alsoFits: 'medium', faceWidthMm: 133.6 });
    expect(await screen.findByText('Fits you: your face measures 134 mm across')).toBeInTheDocument();
  });

  it("names the shopper's size on a frame of another", async () => {
    render('extraWide', { measured: true, frameSize: 'medium', frameSizeId: 11341, faceWidthMm: 128 });
    expect(await screen.findByText('Your size is Medium (128 mm across, measured from your face)')).toBeInTheDocument();
    expect(screen.queryByText(/Fits you/)).not.toBeInTheDocument();
  });

  it('says nothing without a measure, and asks nothing of a shopper who never measured on this browser', async () => {
    const asked = render('wide', { measured: false });
    await screen.findByText(/Frame size/);
    expect(asked('faceProfiles.measuredFrameSize' as never)).toHaveLength(1);
    expect(screen.queryByTestId('product-fits-you')).not.toBeInTheDocument();
    setCookie('frameSizeMeasured=; max-age=0; path=/');
    expect(mayHaveMeasured(document.cookie)).toBe(false);
    const stranger = render('wide', { measured: true, frameSize: 'wide', frameSizeId: 24069, faceWidthMm: 133 });
    await screen.findAllByText(/Frame size/);
    expect(stranger('faceProfiles.measuredFrameSize' as never)).toEqual([]);
    expect(mayHaveMeasured('isLogined=1')).toBe(true);
  });
});
