import { pageAfterLogin } from './api';

describe('the page a social sign-in comes back to', () => {
  it.each([
    ['/eyeglasses', '?type=login', '/eyeglasses'],
    ['/eyeglasses', '?type=login&sort=price', '/eyeglasses?sort=price'],
    ['/cart', '', '/cart'],
    ['/search', '?q=round&type=sunglasses', '/search?q=round&type=sunglasses'],
  ])('%s%s comes back to %s', (pathname, search, expected) => {
    expect(pageAfterLogin(pathname, search)).toBe(expected);
  });
});
