import { render, screen, within } from '@testing-library/react';
import { PowerTable } from './power-table';

describe('PowerTable', () => {
  it('shows a column per parameter either eye has and placeholders or empty values as a hyphen', () => {
    render(
      <PowerTable
        eyes={{ right: { sph: '-1.25', cyl: 'Call Me/Email Me for Power' }, left: { sph: '', cyl: '-0.50', pd: 31 } }}
        labels={{ right: 'Right eye', left: 'Left eye', corner: 'Power' }}
      />,
    );
    const [head, right, left] = screen.getAllByRole('row');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Power', 'SPH', 'CYL', 'PD']);
    expect(within(right!).getByRole('rowheader')).toHaveTextContent('Right eye');
    expect(
      within(right!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['-1.25', '-', '-']);
    expect(
      within(left!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['-', '-0.50', '31']);
  });

  it('limits the columns to the fields asked for', () => {
    render(<PowerTable eyes={{ right: { sph: '-1', boxes: 2 }, left: { sph: '-1', boxes: 2 } }} labels={{ right: 'R', left: 'L' }} fields={['sph', 'cyl']} />);
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['', 'SPH']);
  });
});
