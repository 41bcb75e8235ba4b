import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation, useParams, useSearchParams } from './index';

function Product() {
  const { id } = useParams();
  const [search] = useSearchParams();
  return <h1>{`Product ${id} in ${search.get('colour')}`}</h1>;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('@eyewear/router', () => {
  it('routes, links and reads parameters through the one shared module', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<Link to="/product/128001?colour=black">Round frame</Link>} />
          <Route path="/product/:id" element={<Product />} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Round frame' }));
    expect(screen.getByRole('heading', { name: 'Product 128001 in black' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/product/128001');
  });
});
